//! Computer players: the search, and the random and greedy baselines.

use crate::core::Move;
use crate::engine::baseline::{greedy_move, random_move};
use crate::engine::{Engine, Limits, Rng, SearchResult};
use crate::variants::core_game::CoreGame;
use crate::variants::pawnrace::game;

/// Longest time a computer may think about one move (the tournament wants answers in
/// "reasonably less than 5 seconds").
pub const MAX_MOVETIME_MS: u64 = 4500;
/// Transposition table size of one player (2^19 entries, about 16 MB).
const TT_BITS: u32 = 19;

/// How a computer player chooses its move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The search.
    Ai,
    /// A uniformly random legal move.
    Random,
    /// Win now if possible, else capture, else random.
    Greedy,
}

/// A computer player with its own tables and random stream.
pub struct ComputerPlayer {
    strategy: Strategy,
    engine: Option<Engine<Move>>,
    rng: Rng,
    movetime_ms: u64,
}

impl ComputerPlayer {
    /// A player thinking `movetime_ms` per move (clamped to 1..=`MAX_MOVETIME_MS`).
    pub fn new(strategy: Strategy, movetime_ms: u64, seed: u64) -> ComputerPlayer {
        ComputerPlayer {
            strategy,
            engine: (strategy == Strategy::Ai).then(|| Engine::new(TT_BITS)),
            rng: Rng::new(seed),
            movetime_ms: movetime_ms.clamp(1, MAX_MOVETIME_MS),
        }
    }

    /// Forgets what was learnt in the previous game.
    pub fn new_game(&mut self) {
        if let Some(e) = &mut self.engine {
            e.reset();
        }
    }

    /// The move to play in `game` (`None` if there is none), with the search's findings when
    /// the search chose it.
    pub fn choose(&mut self, now: &CoreGame) -> (Option<Move>, Option<SearchResult<Move>>) {
        let mut search = game(now.position().clone());
        match (&mut self.engine, self.strategy) {
            (Some(engine), _) => {
                let result = engine.search(&mut search, &Limits::movetime(self.movetime_ms));
                (result.best, Some(result))
            }
            (None, Strategy::Greedy) => (greedy_move(&mut search, &mut self.rng), None),
            (None, _) => (random_move(&mut search, &mut self.rng), None),
        }
    }
}
