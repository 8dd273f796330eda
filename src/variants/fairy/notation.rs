//! The move file's notation (Rev2 §4.2): `a2-a3`, `c4xd5`, `h9-h10=Q`, `0-0`, `0-0-0` (also
//! with the letter O), each optionally followed by `+` (check) or `++` (checkmate).

use crate::core::{Color, Move, Position, Square};
use crate::notation::coordinate;
use crate::variants::fairy::rules::{FILES, LETTERS, RANKS};

/// The suffix a move was written with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Suffix {
    /// No suffix: the move claims no check.
    None,
    /// `+`: the move claims check.
    Check,
    /// `++`: the move claims checkmate.
    Mate,
}

/// A move as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `0-0` (kingside) or `0-0-0` (queenside), with `0` or `O`.
    Castle {
        /// `0-0`: the king moves towards the j-file.
        king_side: bool,
        /// The suffix written.
        suffix: Suffix,
    },
    /// A piece moving from one square to another (`a2-a3`, `c4xd5`, `h9-h10=Q`).
    Step {
        /// The square moved from.
        from: Square,
        /// The square moved to.
        to: Square,
        /// Written with `x` rather than `-`.
        capture: bool,
        /// The letter after `=`, exactly as written (its case and kind are judged later).
        promotion: Option<char>,
        /// The suffix written.
        suffix: Suffix,
    },
}

/// Parses one move; `None` if the text is not in the notation at all.
pub fn parse(text: &str) -> Option<MoveText> {
    let (body, suffix) = if let Some(b) = text.strip_suffix("++") {
        (b, Suffix::Mate)
    } else if let Some(b) = text.strip_suffix('+') {
        (b, Suffix::Check)
    } else {
        (text, Suffix::None)
    };
    match body {
        "0-0" | "O-O" => {
            return Some(MoveText::Castle {
                king_side: true,
                suffix,
            })
        }
        "0-0-0" | "O-O-O" => {
            return Some(MoveText::Castle {
                king_side: false,
                suffix,
            })
        }
        _ => {}
    }
    let (body, promotion) = match body.split_once('=') {
        Some((b, p)) => {
            let mut chars = p.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            (b, Some(c))
        }
        None => (body, None),
    };
    let sep = body.find(['-', 'x'])?;
    let capture = body.as_bytes().get(sep) == Some(&b'x');
    let from = square(body.get(..sep)?)?;
    let to = square(body.get(sep + 1..)?)?;
    Some(MoveText::Step {
        from,
        to,
        capture,
        promotion,
        suffix,
    })
}

/// The move-file text of a move of `position`'s side to move, without a suffix: `0-0`,
/// `0-0-0`, `a2-a3`, `c4xd5`, `h9-h10=Q`.
pub fn write(position: &Position, m: Move) -> String {
    let shape = &position.rules().shape;
    if let Some(zeros) = coordinate::castle_zeros(position, m) {
        return zeros.to_string();
    }
    let sep = if position.piece_at(m.to).is_some() {
        'x'
    } else {
        '-'
    };
    let mut text = format!("{}{sep}{}", shape.name(m.from), shape.name(m.to));
    if let Some(kind) = m.promotion {
        let letter = LETTERS.get(kind as usize).copied().unwrap_or('?');
        text.push('=');
        text.push(match position.side_to_move() {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        });
    }
    text
}

/// A square of the 10×10 board (`a1` … `j10`).
fn square(text: &str) -> Option<Square> {
    let s = Square::parse(text)?;
    (usize::from(s.file) < FILES && usize::from(s.rank) < RANKS).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_notation() {
        let sq = |t| Square::parse(t).unwrap();
        assert_eq!(
            parse("h9-h10=Q+"),
            Some(MoveText::Step {
                from: sq("h9"),
                to: sq("h10"),
                capture: false,
                promotion: Some('Q'),
                suffix: Suffix::Check
            })
        );
        assert_eq!(
            parse("c4xd5++"),
            Some(MoveText::Step {
                from: sq("c4"),
                to: sq("d5"),
                capture: true,
                promotion: None,
                suffix: Suffix::Mate
            })
        );
        assert_eq!(
            parse("O-O-O"),
            Some(MoveText::Castle {
                king_side: false,
                suffix: Suffix::None
            })
        );
        assert_eq!(
            parse("0-0+"),
            Some(MoveText::Castle {
                king_side: true,
                suffix: Suffix::Check
            })
        );
        for bad in [
            "", "a2", "a2-", "a2-k3", "a2-a11", "a0-a1", "a2--a3", "a2-a3=", "a2-a3=QQ", "+++",
            "a2xa3x", "é2-a3",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
