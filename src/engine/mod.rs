//! Game-tree search shared by every variant.
//!
//! A variant plugs in by implementing [`SearchGame`]: legal moves, make/unmake, a hash key,
//! its terminal outcomes and an evaluation. The search (iterative deepening negamax with
//! alpha-beta, a transposition table, move ordering and a time manager) knows nothing else
//! about the game. Baseline players (random, greedy) use the same trait.

pub mod arena;
pub mod baseline;
pub mod clock;
pub mod eval;
pub mod finder;
pub mod games;
pub mod rng;
pub mod score;
pub mod search;
pub mod tt;
pub mod uci_client;

pub use clock::Clock;
pub use rng::Rng;
pub use score::Score;
pub use search::{Engine, Limits, SearchResult};

/// The end of a game as seen by the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Terminal {
    Win,
    Loss,
    Draw,
}

impl Terminal {
    /// Match points for the side this result is seen from: 1, ½ or 0.
    pub fn points(self) -> f64 {
        match self {
            Terminal::Win => 1.0,
            Terminal::Loss => 0.0,
            Terminal::Draw => 0.5,
        }
    }
}

/// What the search needs from a game.
pub trait SearchGame {
    type Move: Copy + PartialEq + std::fmt::Debug;

    /// Appends the legal moves of the side to move (the game is not decided yet).
    fn legal_moves(&mut self, out: &mut Vec<Self::Move>);
    /// Plays a legal move; the game keeps what `unmake` needs.
    fn make(&mut self, m: Self::Move);
    /// Takes back the last move made.
    fn unmake(&mut self);
    /// A hash of the position (Zobrist), equal for equal positions.
    fn key(&self) -> u64;
    /// The result if the game is already over here, before any move is generated (a pawn on
    /// its last rank, a side without pieces, …), from the side to move's view.
    fn terminal(&self) -> Option<Terminal>;
    /// The result when the side to move has no legal move (stalemate draw, checkmate loss).
    fn no_moves(&self) -> Terminal;
    /// Static evaluation for the side to move, in centipawns. It may return
    /// `score::win_in(n)` / `score::loss_in(n)` for results it has proved `n` plies ahead.
    fn evaluate(&mut self) -> i32;
    /// Captures and other moves the quiescence search must look at.
    fn is_noisy(&self, m: Self::Move) -> bool;
    /// Size of the history table (`history_slot` is below it).
    fn history_slots(&self) -> usize;
    /// A slot for `m` in the history table, e.g. from × cells + to.
    fn history_slot(&self, m: Self::Move) -> usize;

    /// The result if the game is over here (decided, or no legal move); otherwise `None`
    /// with the legal moves in `moves`.
    fn outcome_or_moves(&mut self, moves: &mut Vec<Self::Move>) -> Option<Terminal> {
        if let Some(t) = self.terminal() {
            return Some(t);
        }
        moves.clear();
        self.legal_moves(moves);
        moves.is_empty().then(|| self.no_moves())
    }
}
