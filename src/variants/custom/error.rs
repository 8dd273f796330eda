//! Errors of a variant file, each with the line and column it points at.

use std::fmt;
use std::ops::Range;

/// A variant file that cannot be used: where (1-based line and column, counted in characters)
/// and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFileError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong, without the position.
    pub message: String,
}

impl From<VariantFileError> for crate::game::Diagnostic {
    fn from(e: VariantFileError) -> Self {
        crate::game::Diagnostic {
            line: Some(e.line),
            message: e.to_string(),
            detail: None,
            square: None,
            exit_code: 1,
        }
    }
}

impl fmt::Display for VariantFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for VariantFileError {}

impl VariantFileError {
    /// An error at byte offset `at` of `text`.
    pub fn at(text: &str, at: usize, message: impl Into<String>) -> VariantFileError {
        let (line, column) = line_column(text, at);
        VariantFileError {
            line,
            column,
            message: message.into(),
        }
    }

    /// An error at the start of a span.
    pub fn span(text: &str, span: Range<usize>, message: impl Into<String>) -> VariantFileError {
        Self::at(text, span.start, message)
    }
}

/// 1-based line and column of a byte offset (clamped to the text, rounded down to a character).
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let t = "ab\ncé d\n";
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 3), (2, 1));
        assert_eq!(line_column(t, 7), (2, 4));
        assert_eq!(line_column(t, 6), (2, 3));
        assert_eq!(line_column(t, 999), (3, 1));
    }
}
