//! FIDE chess on 8×8: the piece table, castling geometry and the initial position; the
//! game layer (claims, endings, PGN), position checks and PGN replay live in submodules.

pub mod bounded;
pub mod game;
pub mod replay;
pub mod seat_view;
pub mod setup;
pub mod strict;
pub mod table;
pub mod variant;

use std::sync::{Arc, OnceLock};

use crate::core::Position;
use crate::core::{CastlingRule, Color, Rules, RulesConfig, Square};
use crate::notation::fen::{self, FenError};
use crate::variants::pieces::{self, PawnRules};

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Kind indices of the standard piece table.
pub const KING: u8 = 0;
/// Kind index of the queen.
pub const QUEEN: u8 = 1;
/// Kind index of the rook.
pub const ROOK: u8 = 2;
/// Kind index of the bishop.
pub const BISHOP: u8 = 3;
/// Kind index of the knight.
pub const KNIGHT: u8 = 4;
/// Kind index of the pawn.
pub const PAWN: u8 = 5;

/// FIDE castling on an 8-file board: king e→g / e→c, rook h→f / a→d.
pub fn fide_castling(rook: u8, ranks: u8) -> Vec<CastlingRule> {
    let mut rules = Vec::new();
    for (color, rank) in [(Color::White, 0), (Color::Black, ranks - 1)] {
        for (king_side, kt, rf, rt) in [(true, 6, 7, 5), (false, 2, 0, 3)] {
            rules.push(CastlingRule {
                color,
                king_from: Square::new(4, rank),
                king_to: Square::new(kt, rank),
                rook_from: Square::new(rf, rank),
                rook_to: Square::new(rt, rank),
                rook_kind: rook,
                king_kind: None,
                king_side,
            });
        }
    }
    rules
}

/// The FIDE rules on 8×8 with these castling rules (FIDE chess's own, or a Chess960 start
/// position's).
pub fn fide_config(castling: Vec<CastlingRule>) -> RulesConfig {
    RulesConfig {
        files: 8,
        ranks: 8,
        pieces: pieces::fide_set(PawnRules {
            double_step_from: Some(1),
            en_passant: true,
        }),
        castling,
        promotion_kinds: vec![QUEEN, ROOK, BISHOP, KNIGHT],
        king_safety: true,
        options: crate::core::rules::RuleOptions::default(),
        drop_start: Vec::new(),
        walling_region: Vec::new(),
    }
}

fn build() -> Rules {
    // The table is fixed; failing to compile it is a programming error caught by tests.
    Rules::new(fide_config(fide_castling(ROOK, 8))).expect("the FIDE rules are well-formed")
}

/// The shared FIDE rules.
pub fn rules() -> Arc<Rules> {
    static RULES: OnceLock<Arc<Rules>> = OnceLock::new();
    RULES.get_or_init(|| Arc::new(build())).clone()
}

/// The initial position.
pub fn start() -> Position {
    from_fen(START_FEN).expect("the start FEN is valid")
}

/// The FIDE rules compiled for this thread alone. A position clones its rules' `Arc` and
/// drops it again (a replayed game does, at its start and end); threads replaying games side
/// by side on one `Arc` sent its count's cache line, and the rules' first fields beside it,
/// from core to core at every game (`--jobs 2` cost 5% more CPU time for it).
pub(crate) fn thread_rules() -> Arc<Rules> {
    thread_local! {
        static RULES: Arc<Rules> = Arc::new(build());
    }
    RULES.with(Arc::clone)
}

/// A standard position from FEN, with one king per side.
pub fn from_fen(text: &str) -> Result<Position, FenError> {
    fen::parse(rules(), text)
}
