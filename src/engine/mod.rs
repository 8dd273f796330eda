//! Game-tree search shared by every variant.
//!
//! A variant plugs in by implementing [`Game`](crate::game::Game): legal moves,
//! make/unmake, a hash key, its terminal outcomes and an evaluation. The search (iterative deepening negamax with
//! alpha-beta, a transposition table, move ordering and a time manager) knows nothing else
//! about the game. Baseline players (random, greedy) use the same trait.

#![warn(missing_docs)]

pub mod arena;
pub mod baseline;
pub mod clock;
pub mod eval;
pub mod finder;
pub mod perft;
pub mod rng;
pub mod score;
pub mod search;
pub mod tt;
pub mod uci_client;

pub use clock::Clock;
pub use rng::Rng;
pub use score::Score;
pub use search::{Engine, Limits, SearchResult};
