//! Game-file move notation (spec §2.3.1): `e2-e4`, `e7-e8=Q`, `0-0`, `0-0-0`, walls `|e4` and
//! `_e4`, placements `De4` / `Me4`, and `...` for a skipped placement.

use crate::core::Square;

use super::board_file::parse_square;
use super::walls::WallSide;

/// A trapdoor or a mine, as placed before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    /// `D`: a hidden trapdoor, ranks 3 to 6.
    Trapdoor,
    /// `M`: a mine, ranks 4 and 5.
    Mine,
}

/// One game-file line, parsed but not yet checked against a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A piece move; `promotion` is the letter after `=` as written.
    Piece {
        /// The square moved from.
        from: Square,
        /// The square moved to.
        to: Square,
        /// The byte after `=`, if any.
        promotion: Option<u8>,
    },
    /// `0-0` or `0-0-0`.
    Castle {
        /// `0-0`: towards the h-file.
        king_side: bool,
    },
    /// `|e4` (west of e4) or `_e4` (south of e4): a wall placed instead of a move.
    Wall {
        /// The square the wall is on an edge of.
        square: Square,
        /// Which edge.
        side: WallSide,
    },
    /// `De4` or `Me4`: a trapdoor or mine placed before the first move.
    Place {
        /// Where.
        square: Square,
        /// Trapdoor or mine.
        what: Placed,
    },
    /// `...`: a placement skipped, so that both players have as many placement lines.
    SkipPlacement,
}

/// Parses one move text (already trimmed); `None` if it is not in the notation.
pub fn parse_action(text: &[u8]) -> Option<Action> {
    match text {
        b"0-0" => return Some(Action::Castle { king_side: true }),
        b"0-0-0" => return Some(Action::Castle { king_side: false }),
        b"..." => return Some(Action::SkipPlacement),
        _ => {}
    }
    match *text {
        [b'|', ref rest @ ..] => Some(Action::Wall {
            square: parse_square(rest)?,
            side: WallSide::West,
        }),
        [b'_', ref rest @ ..] => Some(Action::Wall {
            square: parse_square(rest)?,
            side: WallSide::South,
        }),
        [b'D', ref rest @ ..] => Some(Action::Place {
            square: parse_square(rest)?,
            what: Placed::Trapdoor,
        }),
        [b'M', ref rest @ ..] => Some(Action::Place {
            square: parse_square(rest)?,
            what: Placed::Mine,
        }),
        [f1, r1, b'-', f2, r2, ref rest @ ..] => {
            let from = parse_square(&[f1, r1])?;
            let to = parse_square(&[f2, r2])?;
            let promotion = match *rest {
                [] => None,
                [b'=', p] => Some(p),
                _ => return None,
            };
            Some(Action::Piece {
                from,
                to,
                promotion,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let sq = |n: &str| Square::parse(n).unwrap();
        assert_eq!(
            parse_action(b"e2-e4"),
            Some(Action::Piece {
                from: sq("e2"),
                to: sq("e4"),
                promotion: None
            })
        );
        assert_eq!(
            parse_action(b"e7-e8=Q"),
            Some(Action::Piece {
                from: sq("e7"),
                to: sq("e8"),
                promotion: Some(b'Q')
            })
        );
        assert_eq!(
            parse_action(b"_e4"),
            Some(Action::Wall {
                square: sq("e4"),
                side: WallSide::South
            })
        );
        assert_eq!(
            parse_action(b"Mc4"),
            Some(Action::Place {
                square: sq("c4"),
                what: Placed::Mine
            })
        );
        for bad in [
            &b"e2e4"[..],
            b"e2-e9",
            b"e2-e4=",
            b"e7-e8Q",
            b"O-O",
            b"0-0-0-0",
            b"D c3",
            b"|i4",
            b"..",
            b"",
            b"E2-E4",
        ] {
            assert_eq!(
                parse_action(bad),
                None,
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}
