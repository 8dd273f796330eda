//! Standard chess (FEN input): FIDE start material.

use crate::core::Position;
use crate::variants::standard::{BISHOP, PAWN};

use crate::variants::strict::{ColourBound, StartMaterial, StrictIssue};

/// King, queen, two rooks, two bishops (one per square colour), two knights, eight pawns.
pub fn start_material() -> StartMaterial {
    StartMaterial {
        counts: vec![1, 1, 2, 2, 2, 8],
        pawn_kinds: vec![PAWN],
        file_bound_pawns: vec![PAWN],
        pawn_files: (0..8).collect(),
        colour_bound: vec![ColourBound {
            kind: BISHOP,
            per_parity: [[1, 1], [1, 1]],
        }],
        pieces_can_vanish: false,
    }
}

/// The strict checks for a standard position.
pub fn check(pos: &Position) -> Result<(), StrictIssue> {
    crate::variants::strict::check(pos, &start_material())
}
