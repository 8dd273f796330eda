//! The board as the spec draws it, and a diagram reader for tests and analysis.
//!
//! ```text
//!       A B C D E F G H
//! 8     . . . . . . . . 8
//! 7     . B B B B B B B 7
//! ...
//! 1     . . . . . . . . 1
//!
//!       A B C D E F G H
//! ```

use crate::core::{Color, Piece, Position, Square};
use crate::variants::pawnrace::{rules, PAWN};

const FILES_LINE: &str = "      A B C D E F G H";

/// The spec's board drawing: `W` and `B` pawns, `.` empty, files and ranks labelled; every
/// line ends with a newline.
pub fn display(pos: &Position) -> String {
    let shape = &pos.rules().shape;
    let mut out = String::with_capacity(256);
    out.push_str(FILES_LINE);
    out.push('\n');
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{}    ", rank + 1));
        for file in 0..8u8 {
            out.push(' ');
            out.push(match pos.piece_at(shape.sq(Square::new(file, rank))) {
                Some(p) if p.color == Color::White => 'W',
                Some(_) => 'B',
                None => '.',
            });
        }
        out.push_str(&format!(" {}\n", rank + 1));
    }
    out.push('\n');
    out.push_str(FILES_LINE);
    out.push('\n');
    out
}

/// Why a diagram cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// Not eight non-blank rows; the number found.
    #[error("expected 8 ranks, found {0}")]
    RankCount(usize),
    /// A row without eight squares.
    #[error("rank {rank}: expected 8 squares, found {found}")]
    RankWidth {
        /// The row's rank, 1 to 8.
        rank: usize,
        /// Squares in it.
        found: usize,
    },
    /// A character other than `W`, `B`, `.` (either case) or a blank.
    #[error("rank {rank}: unexpected character {ch:?} (use W, B or .)")]
    BadChar {
        /// The row's rank, 1 to 8.
        rank: usize,
        /// The character.
        ch: char,
    },
    /// The en passant square is not a square of rank 3 or 6, as given.
    #[error("en passant square {0:?} is not a square on rank 3 or 6")]
    BadEnPassant(String),
}

/// Reads a position from 8 rows of `W`, `B` and `.` (rank 8 first; spaces ignored), the side
/// to move, and an optional en passant square (the square a double-stepped pawn passed).
pub fn from_diagram(text: &str, side: Color, ep: Option<&str>) -> Result<Position, DiagramError> {
    let rules = rules();
    let mut pos = Position::empty(rules.clone());
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if rows.len() != 8 {
        return Err(DiagramError::RankCount(rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i;
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != 8 {
            return Err(DiagramError::RankWidth {
                rank: rank + 1,
                found: cells.len(),
            });
        }
        for (file, &ch) in cells.iter().enumerate() {
            let color = match ch {
                'W' | 'w' => Color::White,
                'B' | 'b' => Color::Black,
                '.' => continue,
                _ => return Err(DiagramError::BadChar { rank: rank + 1, ch }),
            };
            let sq = rules.shape.sq(Square::new(file as u8, rank as u8));
            pos.put(sq, Piece::new(color, PAWN));
        }
    }
    pos.set_side_to_move(side);
    if let Some(name) = ep {
        let sq = rules
            .shape
            .parse_square(name)
            .filter(|&s| matches!(rules.shape.rank_of(s), 2 | 5))
            .ok_or_else(|| DiagramError::BadEnPassant(name.to_string()))?;
        pos.set_en_passant(Some(sq));
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::pawnrace::{start, Gap};

    #[test]
    fn start_matches_the_spec_figure() {
        let pos = start(Gap::parse("H").expect("gap"), Gap::parse("A").expect("gap"));
        let expected = "      A B C D E F G H
8     . . . . . . . . 8
7     . B B B B B B B 7
6     . . . . . . . . 6
5     . . . . . . . . 5
4     . . . . . . . . 4
3     . . . . . . . . 3
2     W W W W W W W . 2
1     . . . . . . . . 1

      A B C D E F G H
";
        assert_eq!(display(&pos), expected);
    }

    #[test]
    fn diagram_round_trips_through_display() {
        let pos = start(Gap::parse("c").expect("gap"), Gap::parse("f").expect("gap"));
        let rows: String = display(&pos)
            .lines()
            .skip(1)
            .take(8)
            .map(|l| format!("{}\n", &l[6..21]))
            .collect();
        let back = from_diagram(&rows, Color::White, None).expect("diagram");
        assert_eq!(back.diagram(), pos.diagram());
        assert_eq!(back.key(), pos.key());
    }

    #[test]
    fn diagram_errors() {
        assert_eq!(
            from_diagram("........", Color::White, None).err(),
            Some(DiagramError::RankCount(1))
        );
        let bad = "........\n".repeat(7) + "...x....\n";
        assert_eq!(
            from_diagram(&bad, Color::White, None).err(),
            Some(DiagramError::BadChar { rank: 1, ch: 'x' })
        );
    }
}
