//! The syntax of Fairy-Stockfish's `variants.ini`: `[name]` or `[name:parent]` section headers,
//! `key = value` lines, whole-line `#` and `;` comments, blank lines. Nothing here knows what a
//! key means; every malformed line is an [`IniError`] with its line and column.

use std::fmt;

/// A line of the file that is not the format: where (1-based line and column, in characters)
/// and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IniError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong, without the position.
    pub message: String,
}

impl fmt::Display for IniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for IniError {}

/// One `key = value` line, value trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key as written.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// 1-based line of the key.
    pub line: usize,
}

/// One variant: its header and its lines in file order (a key given twice counts as its last
/// value, as Fairy-Stockfish reads it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The variant it inherits from, if any.
    pub parent: Option<String>,
    /// 1-based line of the header.
    pub line: usize,
    /// The key lines in file order.
    pub entries: Vec<Entry>,
}

impl Section {
    /// The value a key has in this section (its last line), if any.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }

    /// Each key once, at its last line, in the order of those lines (one pass from the end:
    /// a section of 150,000 keys took 30 s when each key looked at every later one).
    pub fn last_entries(&self) -> Vec<&Entry> {
        let mut seen = std::collections::HashSet::new();
        let mut out: Vec<&Entry> = self
            .entries
            .iter()
            .rev()
            .filter(|e| seen.insert(e.key.as_str()))
            .collect();
        out.reverse();
        out
    }
}

/// A variant name is written as a file name (`DIR/NAME.toml`): letters, digits, `-`, `_`, `.`,
/// not starting with a dot, so no name reaches outside the output folder.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
}

/// Sections a file may hold: Fairy-Stockfish's own has 143; a file of tens of thousands asks
/// for more files than anyone reads, and is refused whole before anything is written.
pub const MAX_SECTIONS: usize = 10_000;

/// Reads the whole file; the first malformed line is the error, and so is a section past
/// [`MAX_SECTIONS`].
pub fn parse(text: &str) -> Result<Vec<Section>, IniError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut sections: Vec<Section> = Vec::new();
    // Each name's section, for a name given twice (a search through every section before was
    // quadratic in the number of sections).
    let mut names: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (index, raw) in text.split('\n').enumerate() {
        let line_no = index + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let content = line.trim_start();
        let indent = line.chars().count() - content.chars().count();
        let content = content.trim_end();
        if content.is_empty() || content.starts_with('#') || content.starts_with(';') {
            continue;
        }
        let err = |offset_chars: usize, message: String| IniError {
            line: line_no,
            column: indent + offset_chars + 1,
            message,
        };
        if let Some(inner) = content.strip_prefix('[') {
            let Some(inner) = inner.strip_suffix(']') else {
                return Err(err(0, "a section header ends with `]`".into()));
            };
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim())),
                None => (inner.trim(), None),
            };
            if !valid_name(name) {
                return Err(err(
                    1,
                    format!("`{name}` is not a variant name (letters, digits, `-`, `_`, `.`)"),
                ));
            }
            if let Some(p) = parent {
                if !valid_name(p) {
                    let at = inner.chars().position(|c| c == ':').unwrap_or(0) + 2;
                    return Err(err(at, format!("`{p}` is not a variant name")));
                }
            }
            if let Some(&first) = names.get(name) {
                return Err(err(
                    1,
                    format!(
                        "variant `{name}` is defined twice (first at line {})",
                        sections[first].line
                    ),
                ));
            }
            if sections.len() == MAX_SECTIONS {
                return Err(err(
                    0,
                    format!("more than {MAX_SECTIONS} sections: import reads at most {MAX_SECTIONS} variants a file"),
                ));
            }
            names.insert(name.to_string(), sections.len());
            sections.push(Section {
                name: name.to_string(),
                parent: parent.map(str::to_string),
                line: line_no,
                entries: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = content.split_once('=') else {
            return Err(err(
                0,
                "expected `key = value`, a `[section]` or a comment".into(),
            ));
        };
        let key = key.trim();
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(err(0, format!("`{key}` is not a key (letters and digits)")));
        }
        let Some(section) = sections.last_mut() else {
            return Err(err(0, "a key before the first `[section]`".into()));
        };
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line: line_no,
        });
    }
    Ok(sections)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_comments() {
        let s = parse("# c\n; c\n[a:chess]\nx = 1\n  y=p:mW \n[b]\nx = 2\nx = 3\n").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].parent.as_deref(), Some("chess"));
        assert_eq!(s[0].get("y").map(|e| e.value.as_str()), Some("p:mW"));
        assert_eq!(s[1].parent, None);
        assert_eq!(s[1].get("x").map(|e| e.value.as_str()), Some("3"));
        assert_eq!(s[1].last_entries().len(), 1);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("[a]\n  oops\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = parse("x = 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse("[a\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse("[../x]\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 2));
        let e = parse("[a]\n[a:b]\n").unwrap_err();
        assert!(e.message.contains("twice"), "{e}");
        let e = parse("[a:]\n").unwrap_err();
        assert_eq!(e.column, 4);
    }
}
