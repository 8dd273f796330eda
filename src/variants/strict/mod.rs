//! `--strict` board validation: positions reachable in a real game only.
//!
//! The course rules accept some positions no game can reach (two knights giving check, nine
//! pawns' worth of promoted queens, a castling right without its rook). These checks run only
//! when `--strict` is given, after the variant's own validation has passed, so the default
//! behaviour is untouched. They are generic: they work on a core [`Position`] plus a small
//! [`StartMaterial`] description of what each side starts with; each variant adds a thin hook
//! in its own folder (`fairy::strict`, `obstacle::strict`, `standard::strict`) for what only it
//! knows.
//!
//! Every check is a lower bound on what a history needs, never a guess: a position reached by
//! legal play never fails (the property tests play random games to hold us to that).

pub mod checks;
pub mod material;
pub mod rights;

use std::fmt;

use crate::core::{Color, KindId, Position, Sq};

/// One reason a position cannot be reached, with the square that shows it (if one does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrictIssue {
    /// A short fixed name of the rule (`adjacent-kings`, `en-passant`, …).
    pub code: &'static str,
    /// The square in chess notation (`e4`).
    pub square: Option<String>,
    /// What is wrong, in words, without the square.
    pub message: String,
}

impl StrictIssue {
    /// An issue shown at `square`.
    pub fn at(code: &'static str, square: String, message: impl Into<String>) -> StrictIssue {
        StrictIssue {
            code,
            square: Some(square),
            message: message.into(),
        }
    }

    /// An issue no single square shows (a count of walls, say).
    pub fn unplaced(code: &'static str, message: impl Into<String>) -> StrictIssue {
        StrictIssue {
            code,
            square: None,
            message: message.into(),
        }
    }
}

/// `ERROR: strict: <message> at <square>` (or without ` at …` when no square shows it).
impl fmt::Display for StrictIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ERROR: strict: {}", self.message)?;
        if let Some(s) = &self.square {
            write!(f, " at {s}")?;
        }
        Ok(())
    }
}

/// A colour-bound kind (it never leaves squares of one colour) and how many of it each side
/// can have on each square colour at the start: `per_parity[color][parity]`.
#[derive(Clone, Debug)]
pub struct ColourBound {
    /// The colour-bound kind (a bishop).
    pub kind: KindId,
    /// The most each side can have on each square colour at the start: `[colour index][parity]`.
    pub per_parity: [[u32; 2]; 2],
}

/// What a variant's game starts with, as far as the strict checks need to know.
#[derive(Clone, Debug)]
pub struct StartMaterial {
    /// Pieces of each kind (indexed by kind id) each side starts with.
    pub counts: Vec<u32>,
    /// Pawn-like kinds: they promote, and never stand on their own first or last rank.
    pub pawn_kinds: Vec<KindId>,
    /// Pawn-like kinds that change file only by capturing (the FIDE pawn; not the Drunken
    /// Soldier, which steps sideways).
    pub file_bound_pawns: Vec<KindId>,
    /// The files those pawns can start on, one pawn per file at most.
    pub pawn_files: Vec<u8>,
    /// The colour-bound kinds, with where each side's start puts them.
    pub colour_bound: Vec<ColourBound>,
    /// Pieces may have left the board without being captured (obstacle mines and trapdoors):
    /// the checker analysis, which assumes one move changes one line at a time, is skipped,
    /// and an en passant square may have lost its pawn.
    pub pieces_can_vanish: bool,
}

/// All generic strict checks, in a fixed order: checks and kings, then castling and en
/// passant, then material. The first issue found is reported.
pub fn check(pos: &Position, start: &StartMaterial) -> Result<(), StrictIssue> {
    checks::check(pos, start)?;
    rights::check(pos, start)?;
    material::check(pos, start)?;
    Ok(())
}

/// The squares of `color`'s pieces in board order: the top rank first, a→ on each rank (the
/// order board files and FEN list them), so "first" means the same thing in every message.
pub fn board_order(pos: &Position, color: Option<Color>) -> Vec<Sq> {
    let shape = &pos.rules().shape;
    let mut squares: Vec<Sq> = shape
        .squares()
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| color.is_none_or(|c| p.color == c))
        })
        .collect();
    squares.sort_by_key(|&sq| (std::cmp::Reverse(shape.rank_of(sq)), shape.file_of(sq)));
    squares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::standard as fide;

    #[test]
    fn display_names_the_square_when_there_is_one() {
        let at = StrictIssue::at("adjacent-kings", "e4".into(), "kings on adjacent squares");
        assert_eq!(
            at.to_string(),
            "ERROR: strict: kings on adjacent squares at e4"
        );
        let none = StrictIssue::unplaced("wall-count", "too few walls");
        assert_eq!(none.to_string(), "ERROR: strict: too few walls");
    }

    #[test]
    fn the_standard_start_passes_and_board_order_starts_at_a8() {
        let pos = fide::start();
        assert_eq!(crate::variants::standard::strict::check(&pos), Ok(()));
        let order = board_order(&pos, None);
        assert_eq!(pos.rules().shape.name(order[0]), "a8");
        assert_eq!(pos.rules().shape.name(order[31]), "h1");
    }

    #[test]
    fn doubled_pawns_need_one_capture() {
        let pos = fide::from_fen("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1").unwrap();
        let need = material::pawn_captures(
            &pos,
            &crate::variants::standard::strict::start_material(),
            Color::White,
        );
        assert_eq!(need.count, 1);
        assert_eq!(
            need.first_moved
                .map(|s| pos.rules().shape.name(s))
                .as_deref(),
            Some("a2")
        );
    }
}
