//! The computer's move in standard chess: the shared search over FIDE's rules.

use crate::core::{Move, Position};
use crate::engine::{Engine, Limits, SearchResult};

/// The engine's move in `pos` within `movetime_ms` (`None` when the side to move has no legal
/// move). `history` holds the keys of earlier positions of the game (for repetitions).
pub fn best_move_for(pos: &Position, history: &[u64], movetime_ms: u64) -> SearchResult<Move> {
    let mut game = super::variant::game(pos.clone());
    game.set_history(history);
    let mut engine = Engine::new(18);
    engine.search(&mut game, &Limits::movetime(movetime_ms))
}
