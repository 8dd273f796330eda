//! Baseline players to measure the search against.

use crate::engine::Rng;
use crate::game::{Searchable, Terminal};

/// A uniformly random legal move.
pub fn random_move<G: Searchable>(game: &mut G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.search_moves(&mut moves);
    moves.get(rng.below(moves.len())).copied()
}

/// A move that wins on the spot if there is one, else a capture, else any move (random
/// among equals): the greedy player without look-ahead.
pub fn greedy_move<G: Searchable>(game: &mut G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.search_moves(&mut moves);
    let mut winning = Vec::new();
    for &m in &moves {
        game.make(m);
        if game.terminal() == Some(Terminal::Loss) {
            winning.push(m);
        }
        game.unmake();
    }
    let captures: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|&m| game.is_noisy(m))
        .collect();
    let pool = [winning, captures, moves]
        .into_iter()
        .find(|p| !p.is_empty())?;
    pool.get(rng.below(pool.len())).copied()
}
