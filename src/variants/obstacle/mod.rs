//! Obstacle chess (RW144 project 2023): FIDE chess on 8×8 plus walls between squares,
//! trapdoors and mines.
//!
//! The core plays the FIDE pieces and respects walls through its per-square blocked-step
//! masks; this module adds what the core does not know: the board file format
//! (`board_file`, `board_write`), the wall geometry that turns walls into those masks (`walls`), trapdoors
//! and mines and what they do after a move (`effects`), the game file notation (`notation`)
//! and the game itself (`game`: legality with effects, placements, walls, INFO messages).

pub mod board;
pub mod board_file;
pub mod board_write;
pub mod effects;
pub mod error;
pub mod game;
pub mod notation;
pub mod walls;

use std::sync::{Arc, OnceLock};

use crate::core::{Rules, RulesConfig};
use crate::variants::pieces::{self, PawnRules};
use crate::variants::standard::{fide_castling, BISHOP, KNIGHT, QUEEN, ROOK};

pub use board::{Obstacle, ObstacleBoard};
pub use board_file::parse_board;
pub use board_write::write_board;
pub use error::{BoardError, BoardFault, MoveError, MoveFault};
pub use game::{Info, ObstacleGame};

/// The FIDE piece table in the standard kind order (king, queen, rook, bishop, knight, pawn).
fn build() -> Result<Rules, crate::core::RulesError> {
    Rules::new(RulesConfig {
        files: 8,
        ranks: 8,
        pieces: vec![
            pieces::king(),
            pieces::queen(),
            pieces::rook(),
            pieces::bishop(),
            pieces::knight(),
            pieces::pawn(PawnRules {
                double_step_from: Some(1),
                en_passant: true,
            }),
        ],
        castling: fide_castling(ROOK, 8),
        promotion_kinds: vec![QUEEN, ROOK, BISHOP, KNIGHT],
        king_safety: true,
    })
}

/// The shared obstacle-chess rules (FIDE pieces and castling on 8×8).
pub fn rules() -> Arc<Rules> {
    static RULES: OnceLock<Arc<Rules>> = OnceLock::new();
    RULES
        .get_or_init(|| Arc::new(build().expect("the FIDE table is well-formed")))
        .clone()
}
