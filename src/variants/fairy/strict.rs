//! Fairy chess: start material from the board file's allocations.
//!
//! Officers start on the back rank beside the King (f) and Rooks (a, j), Pawns and Drunken
//! Soldiers on the rank in front, one per file. Soldiers step sideways, so only Pawns need
//! captures to change file. Bishops and Flying Dragons keep their square colour; at the start
//! a side has at most as many on a colour as its back rank has free squares of that colour.
//! Elephants never leave their half and no pawn promotes to one: the board file validation
//! already rejects the first, the promotion count catches an Elephant too many.

use crate::core::Color;
use crate::variants::fairy::rules::{BISHOP, DRAGON, FILES, PAWN, RANKS, SOLDIER};
use crate::variants::fairy::FairyBoard;

use crate::variants::strict::{ColourBound, StartMaterial, StrictIssue};

/// Back-rank files that the King and Rooks do not take.
const FREE_FILES: [u8; 7] = [1, 2, 3, 4, 6, 7, 8];

/// What each side starts with under these allocations (indexed by kind id): every Pawn on its
/// own file, Bishops and Flying Dragons at most as many per square colour as the back rank
/// has free squares of it.
pub fn start_material(allocated: &[u32; 11]) -> StartMaterial {
    // free[color][parity]: free back-rank squares of that colour (a1 is dark, parity 0).
    let mut free = [[0u32; 2]; 2];
    for color in Color::BOTH {
        let rank = if color == Color::White {
            0
        } else {
            RANKS as u8 - 1
        };
        for f in FREE_FILES {
            free[color.index()][((f + rank) & 1) as usize] += 1;
        }
    }
    let bound = |kind: u8| {
        let n = allocated[kind as usize];
        ColourBound {
            kind,
            per_parity: free.map(|p| p.map(|squares| squares.min(n))),
        }
    };
    StartMaterial {
        counts: allocated.to_vec(),
        pawn_kinds: vec![PAWN, SOLDIER],
        file_bound_pawns: vec![PAWN],
        pawn_files: (0..FILES as u8).collect(),
        colour_bound: vec![bound(BISHOP), bound(DRAGON)],
        pieces_can_vanish: false,
    }
}

/// The strict checks for a validated fairy board file.
pub fn check(board: &FairyBoard) -> Result<(), StrictIssue> {
    crate::variants::strict::check(&board.position, &start_material(&board.allocated))
}
