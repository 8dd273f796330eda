//! Reading text one line at a time with a bound on the line length, so that a huge or
//! endless line costs bounded memory and ends in an error instead of a hang.

use std::io::{self, BufRead, Read};

/// What one call to [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// End of input: nothing more was read.
    End,
    /// A line, without its `\n` and without one `\r` before it, is in the buffer.
    Text,
    /// The line is longer than the limit (the buffer holds its first bytes).
    TooLong,
}

/// Reads the next line into `buf` (cleared first), reading at most `limit + 2` bytes of it.
pub fn read_line<R: BufRead + ?Sized>(
    reader: &mut R,
    limit: usize,
    buf: &mut Vec<u8>,
) -> io::Result<Line> {
    buf.clear();
    let cap = limit as u64 + 2;
    let n = reader.take(cap).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    let ended = buf.last() == Some(&b'\n');
    if ended {
        buf.pop();
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if buf.len() > limit || (!ended && n as u64 == cap) {
        return Ok(Line::TooLong);
    }
    Ok(Line::Text)
}

/// Is the line empty or made of spaces and tabs only?
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b' ' || b == b'\t')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], limit: usize) -> Vec<(Line, Vec<u8>)> {
        let mut r = text;
        let mut out = Vec::new();
        let mut buf = Vec::new();
        loop {
            let l = read_line(&mut r, limit, &mut buf).unwrap();
            if l == Line::End {
                return out;
            }
            let stop = l == Line::TooLong;
            out.push((l, buf.clone()));
            if stop {
                return out;
            }
        }
    }

    #[test]
    fn splits_lf_crlf_and_last_line_without_newline() {
        let got = lines(b"ab\r\ncd\n\nef", 8);
        let texts: Vec<&[u8]> = got.iter().map(|(_, b)| b.as_slice()).collect();
        assert_eq!(texts, [&b"ab"[..], b"cd", b"", b"ef"]);
        assert!(got.iter().all(|(l, _)| *l == Line::Text));
    }

    #[test]
    fn long_line_is_reported_not_read_whole() {
        let long = vec![b'x'; 10_000];
        let got = lines(&long, 26);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, Line::TooLong);
        assert!(got[0].1.len() <= 28);
        // Exactly at the limit is fine, with or without a line end.
        assert_eq!(lines(&[b'x'; 26], 26)[0].0, Line::Text);
        assert_eq!(lines(b"xxxx\r\n", 4)[0].0, Line::Text);
        assert_eq!(lines(b"xxxxx\n", 4)[0].0, Line::TooLong);
    }

    #[test]
    fn blank_lines() {
        assert!(is_blank(b""));
        assert!(is_blank(b" \t "));
        assert!(!is_blank(b" . "));
    }
}
