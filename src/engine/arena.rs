//! Engine-against-engine games for the benchmarks: any [`Game`](crate::game::Game), players that search
//! for a fixed time or move at random, a ply cap counted as a draw.

use crate::engine::baseline::random_move;
use crate::engine::{Engine, Limits, Rng};
use crate::game::Searchable;

/// A side in a benchmark game.
#[derive(Copy, Clone, Debug)]
pub enum Player {
    /// Our search with this many milliseconds per move.
    Search(u64),
    /// A uniformly random legal move.
    Random,
}

/// Plays one game from `start`; returns the first player's score (1, ½ as 0.5, 0). `first`
/// moves first; a game still going after `max_plies` plies is a draw.
pub fn play_game<G: Searchable>(
    start: &G,
    first: Player,
    second: Player,
    max_plies: u32,
    rng: &mut Rng,
) -> f64 {
    let mut game = start.clone();
    let mut engines: [Engine<G::Move>; 2] = [Engine::new(16), Engine::new(16)];
    let players = [first, second];
    let mut moves = Vec::new();
    for ply in 0..max_plies {
        let mover = (ply % 2) as usize;
        let result = game.outcome_or_moves(&mut moves);
        if let Some(t) = result {
            // `t` is from the mover's view.
            let mover_score = t.points();
            return if mover == 0 {
                mover_score
            } else {
                1.0 - mover_score
            };
        }
        let m = match players[mover] {
            Player::Random => random_move(&mut game, rng),
            Player::Search(ms) => engines[mover].search(&mut game, &Limits::movetime(ms)).best,
        };
        match m {
            Some(m) => game.make(m),
            None => return 0.5,
        }
    }
    0.5
}
