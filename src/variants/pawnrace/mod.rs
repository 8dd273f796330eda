//! Pawn race (`pawn-race.txt`): 8×8, seven pawns a side with one gap file each, White first.
//!
//! The rules are data: `variants/pawnrace.toml` (a pawn without promotion kinds; the first
//! pawn on its last rank wins, so does capturing every enemy pawn, no legal move draws), played
//! by the core game. This module adds the course's gaps and start, and (in `variant.rs`) its
//! notation, diagram, end sentences and evaluation as the core game's hooks.

pub mod board;
pub mod eval;
pub mod notation;
pub mod player;
pub mod seat_view;
pub mod tournament;
pub mod variant;

use std::sync::{Arc, OnceLock};

use crate::core::{Color, Piece, Position, Rules, Square};
use crate::variants::core_game::CoreGame;
use crate::variants::custom::{builtin, CustomVariant};

pub use variant::{course_end, game};

/// Kind index of the pawn, the only row of the piece table.
pub const PAWN: u8 = 0;

/// The shipped file the rules come from, compiled once.
fn variant_file() -> &'static CustomVariant {
    static VARIANT: OnceLock<CustomVariant> = OnceLock::new();
    VARIANT.get_or_init(|| match builtin::load("pawnrace") {
        Some(Ok(variant)) => variant,
        // The file ships inside the binary; every test that opens a pawn race reads it.
        _ => panic!("variants/pawnrace.toml ships and compiles"),
    })
}

/// The shared pawn race rules.
pub fn rules() -> Arc<Rules> {
    variant_file().rules.clone()
}

/// A gap file `a`..`h` (either case), as given on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gap(u8);

impl Gap {
    /// The gap named by one letter `a`..`h` or `A`..`H`.
    pub fn parse(text: &str) -> Option<Gap> {
        match text.as_bytes() {
            [c] if c.to_ascii_lowercase().is_ascii_lowercase() => {
                let f = c.to_ascii_lowercase() - b'a';
                (f < 8).then_some(Gap(f))
            }
            _ => None,
        }
    }
    /// The gap on file index `file` (0 = a); `None` beyond h.
    pub fn from_file(file: u8) -> Option<Gap> {
        (file < 8).then_some(Gap(file))
    }
    /// The gap on file `file mod 8`.
    pub fn wrapping(file: u8) -> Gap {
        Gap(file % 8)
    }
    /// The gap's file index, 0-based (0 = a).
    pub fn file(self) -> u8 {
        self.0
    }
    /// The gap's letter, upper case as the spec writes it (`PawnRace P C H A`).
    pub fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

/// The start position: White's pawns on rank 2 but for `white_gap`, Black's on rank 7 but for
/// `black_gap`, White to move.
pub fn start(white_gap: Gap, black_gap: Gap) -> Position {
    let rules = rules();
    let mut pos = Position::empty(rules.clone());
    for file in 0..8 {
        if file != white_gap.0 {
            pos.put(
                rules.shape.sq(Square::new(file, 1)),
                Piece::new(Color::White, PAWN),
            );
        }
        if file != black_gap.0 {
            pos.put(
                rules.shape.sq(Square::new(file, 6)),
                Piece::new(Color::Black, PAWN),
            );
        }
    }
    pos
}

/// A new game from the start position with these gaps.
pub fn new_game(white_gap: Gap, black_gap: Gap) -> CoreGame {
    game(start(white_gap, black_gap))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_parse_in_either_case() {
        assert_eq!(Gap::parse("a"), Some(Gap(0)));
        assert_eq!(Gap::parse("H"), Some(Gap(7)));
        for bad in ["", "i", "I", "ab", "1", "é"] {
            assert_eq!(Gap::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn start_has_fourteen_moves() {
        let mut pos = start(Gap(7), Gap(0));
        assert_eq!(pos.legal_move_list().len(), 14);
        assert_eq!(pos.piece_count(Color::White), 7);
        assert_eq!(pos.piece_count(Color::Black), 7);
        assert_eq!(course_end(&mut game(pos)), None);
    }
}
