//! The FollowChess square and move notation: a square is a column letter and a row number
//! separated by blanks (`c 3`, `a 10`); a move is two squares (`c 3 c 4`).
//!
//! Fields are separated by runs of spaces or tabs; blanks before the first and after the last
//! field are ignored (the spec promises "at least one space" between column and row). A
//! column is one lower-case letter, a row a number from 1 to 99 without leading zeros.

use std::fmt;

use crate::core::{BoardShape, Sq, Square};

/// A square as written, before it is checked against a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The column, 0-based (`a` is 0).
    pub column: u8,
    /// The row number as written, 1-based (row 1 is White's side).
    pub row: u8,
}

impl Written {
    /// The mailbox cell on `shape`, or `None` off the board.
    pub fn on(self, shape: &BoardShape) -> Option<Sq> {
        let s = Square::new(self.column, self.row.checked_sub(1)?);
        shape.contains(s).then(|| shape.sq(s))
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", (b'a' + self.column) as char, self.row)
    }
}

/// Formats a board cell in this notation (`c 3`).
pub fn square_name(shape: &BoardShape, sq: Sq) -> String {
    let s = shape.square(sq);
    Written {
        column: s.file,
        row: s.rank + 1,
    }
    .to_string()
}

fn column(field: &[u8]) -> Option<u8> {
    match field {
        [c @ b'a'..=b'z'] => Some(c - b'a'),
        _ => None,
    }
}

fn row(field: &[u8]) -> Option<u8> {
    match field {
        [d @ b'1'..=b'9'] => Some(d - b'0'),
        [t @ b'1'..=b'9', u @ b'0'..=b'9'] => Some((t - b'0') * 10 + (u - b'0')),
        _ => None,
    }
}

fn fields(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| b == b' ' || b == b'\t')
        .filter(|f| !f.is_empty())
}

/// Parses `N` squares written one after the other.
fn squares<const N: usize>(text: &[u8]) -> Option<[Written; N]> {
    let mut it = fields(text);
    let mut out = [Written { column: 0, row: 0 }; N];
    for slot in &mut out {
        let column = column(it.next()?)?;
        let row = row(it.next()?)?;
        *slot = Written { column, row };
    }
    it.next().is_none().then_some(out)
}

/// Parses one square (`c 3`).
pub fn parse_square(text: &[u8]) -> Option<Written> {
    squares::<1>(text).map(|[s]| s)
}

/// Parses a move line (`c 3 c 4`) into its start and end squares.
pub fn parse_move(text: &[u8]) -> Option<(Written, Written)> {
    squares::<2>(text).map(|[a, b]| (a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(column: char, row: u8) -> Written {
        Written {
            column: column as u8 - b'a',
            row,
        }
    }

    #[test]
    fn squares_and_moves() {
        assert_eq!(parse_square(b"c 3"), Some(w('c', 3)));
        assert_eq!(parse_square(b"t 17"), Some(w('t', 17)));
        assert_eq!(parse_square(b" b  1 "), Some(w('b', 1)));
        assert_eq!(parse_move(b"a 10 a 11"), Some((w('a', 10), w('a', 11))));
        assert_eq!(parse_move(b"b\t1\tb\t2"), Some((w('b', 1), w('b', 2))));
        for bad in [
            "", "b1", "B 1", "b 0", "b 01", "b 100", "b -1", "b 1 c", "1 b", "bb 1", "b 1x",
        ] {
            assert_eq!(parse_square(bad.as_bytes()), None, "{bad:?}");
        }
        for bad in ["c 3 c4", "c 3 c 4 d", "c 3", "", "c 3 c 4 d 5", "c 3 C 4"] {
            assert_eq!(parse_move(bad.as_bytes()), None, "{bad:?}");
        }
    }

    #[test]
    fn written_squares_on_a_board() {
        let shape = BoardShape::new(3, 17, 2).unwrap();
        assert!(w('c', 17).on(&shape).is_some());
        assert_eq!(w('d', 1).on(&shape), None);
        assert_eq!(w('a', 18).on(&shape), None);
        let sq = w('b', 10).on(&shape).unwrap();
        assert_eq!(square_name(&shape, sq), "b 10");
    }
}
