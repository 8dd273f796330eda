//! Splitting an input file into numbered lines, the way both fairy file formats read them.

/// The file's lines with their physical 1-based numbers. A leading byte order mark is dropped;
/// each line loses its terminator (`\n` or `\r\n`) and any trailing whitespace, so CRLF files and
/// our own output (every board square is followed by a space) read back the same.
pub fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let body = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        return Vec::new();
    }
    body.split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .collect()
}

/// Comment lines start with `%` and are ignored (their line numbers still count).
pub fn is_comment(line: &str) -> bool {
    line.starts_with('%')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_physical_lines_and_trims_terminators() {
        let lines = numbered_lines("\u{feff}a\r\n% c\n\nb  \n");
        assert_eq!(lines, vec![(1, "a"), (2, "% c"), (3, ""), (4, "b")]);
        assert_eq!(numbered_lines(""), vec![]);
        assert_eq!(numbered_lines("x"), vec![(1, "x")]);
        assert_eq!(numbered_lines("\n"), vec![(1, "")]);
    }
}
