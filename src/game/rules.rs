//! The one trait every variant implements, and the small family around it.
//!
//! [`Game`] is a game of one variant in play: its legal moves (into the caller's buffer,
//! no allocation per node), make/unmake, a hash key, how the game ends, an evaluation, and
//! its move text in and out. Everything above the variants — the search, the finder, perft,
//! the terminal play loop, the web page's computer — is written once over it.
//! [`Reachable`] adds what the move-sequence finder needs to prune.

use std::fmt::Debug;

use crate::core::{Color, Position};
use crate::game::VariantId;

/// The end of a game as seen by the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Terminal {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Nobody wins.
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

    /// The same end seen from the other side.
    pub fn flipped(self) -> Terminal {
        match self {
            Terminal::Win => Terminal::Loss,
            Terminal::Loss => Terminal::Win,
            Terminal::Draw => Terminal::Draw,
        }
    }
}

/// Why a move text was not played: the complete sentence the variant writes for it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveRefused {
    /// The sentence, as the variant's command prints it.
    pub message: String,
}

impl MoveRefused {
    /// A refusal with this sentence.
    pub fn new(message: impl Into<String>) -> MoveRefused {
        MoveRefused {
            message: message.into(),
        }
    }
}

/// Why a board file was refused: the variant's own message (as its command prints it after
/// `ERROR: `), the rule in words where the variant explains it, where it points, and the exit
/// code its command uses. A front end shows `message` (and `detail`) and marks `square`; it
/// never takes the text apart.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.full())]
pub struct Diagnostic {
    /// The variant's message (as its command prints it after `ERROR: `).
    pub message: String,
    /// The rule broken, in words, when the variant says more than its spec's message.
    pub detail: Option<String>,
    /// The 1-based line of the file the error is on, when it names one.
    pub line: Option<usize>,
    /// The square the error is about (`e7`), when it names one.
    pub square: Option<String>,
    /// The exit code the variant's command uses for this error.
    pub exit_code: u8,
}

impl Diagnostic {
    /// The message, then the detail after a colon when there is one.
    pub fn full(&self) -> String {
        match &self.detail {
            Some(d) => format!("{}: {d}", self.message),
            None => self.message.clone(),
        }
    }

    /// A message that points nowhere, with exit code 1.
    pub fn plain(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            detail: None,
            line: None,
            square: None,
            exit_code: 1,
        }
    }
}

/// A game of one variant.
pub trait Game: Clone {
    /// The variant's own move (a core move, an obstacle chess wall, …).
    type Move: Copy + PartialEq + Debug;

    /// Which variant this is.
    fn id(&self) -> VariantId;
    /// The side to move.
    fn side_to_move(&self) -> Color;
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
    /// Has one of the variant's own rules already ended the game here (a royal piece lost, a
    /// side extinct, a piece on its goal rank, a pawn race won)? Draws a player claims or the
    /// search assumes (fifty moves, repetition) do not count. Perft expands no such position.
    fn is_decided(&self) -> bool {
        false
    }
    /// The result when the side to move has no legal move (stalemate draw, checkmate loss).
    fn no_moves(&self) -> Terminal;
    /// A legal move as the variant's notation writes it (the text a move file, game file or
    /// PGN holds).
    fn move_text(&mut self, m: Self::Move) -> String;
    /// The legal move a text in the variant's notation names.
    fn parse_move(&mut self, text: &str) -> Result<Self::Move, MoveRefused>;
    /// The current position as the variant's board file (FEN where the variant has no other).
    fn board_file(&self) -> String;

    /// A legal move in coordinates (`e2e4`, `e7e8q`), as UCI and perft's divide write it;
    /// a move coordinates cannot express keeps the variant's notation.
    fn coordinate_text(&mut self, m: Self::Move) -> String {
        self.move_text(m)
    }

    /// How many legal moves the side to move has (`scratch` is room to work in).
    fn count_legal_moves(&mut self, scratch: &mut Vec<Self::Move>) -> usize {
        scratch.clear();
        self.legal_moves(scratch);
        scratch.len()
    }
}

/// What search and perft need beyond the rules ([`Game`]): the moves worth trying, how a
/// position scores, how moves are ordered, and when perft may walk the core alone. Every game
/// is searched, so every game implements it; a front end that only plays asks [`Game`].
pub trait Searchable: Game {
    /// Appends the moves the search tries: the legal moves, unless the variant leaves some
    /// out as never worth a look (none is left out when that would leave none).
    fn search_moves(&mut self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }
    /// Static evaluation for the side to move, in centipawns. It may return
    /// `score::win_in(n)` / `score::loss_in(n)` for results it has proved `n` plies ahead.
    fn evaluate(&mut self) -> i32;
    /// Captures and other moves the quiescence search must look at.
    fn is_noisy(&self, m: Self::Move) -> bool;
    /// Is the side to move in a check that may decide the game by itself (a check limit,
    /// three-check's)? The search looks one ply deeper there, so check sequences that win are
    /// seen through. False by default: where only mate counts, a check is searched as usual.
    fn check_decides(&self) -> bool {
        false
    }
    /// Among noisy moves, which the search tries first (higher first, at most
    /// `engine::score::CAPTURE_ORDER_MAX`): the most valuable victim, then the least valuable
    /// attacker (see `engine::score::mvv_lva`). Without it the search takes them in
    /// generation order.
    fn capture_order(&self, _m: Self::Move) -> i32 {
        0
    }
    /// Size of the history table (`history_slot` is below it).
    fn history_slots(&self) -> usize;
    /// A slot for `m` in the history table, e.g. from × cells + to.
    fn history_slot(&self, m: Self::Move) -> usize;
    /// The core position whose own legal-move tree is this game's for the next `depth`
    /// plies, when no rule of the game acts there (no move filtered, no end rule able to
    /// fire): perft then walks the core directly, at the core's speed. `None` (the default):
    /// the game's own moves and ends are walked.
    fn core_walk(&self, _depth: u32) -> Option<&Position> {
        None
    }
    /// Where arriving ends the game, for the core's walk that `core_walk` allows (goal
    /// squares; `None`, the default: nowhere).
    fn core_arrivals(&self) -> Option<crate::core::perft::Arrivals> {
        None
    }
    /// The result if the game is over here (decided, or no legal move); otherwise `None`
    /// with the legal moves in `moves`.
    fn outcome_or_moves(&mut self, moves: &mut Vec<Self::Move>) -> Option<Terminal> {
        if let Some(t) = self.terminal() {
            return Some(t);
        }
        moves.clear();
        self.search_moves(moves);
        moves.is_empty().then(|| self.no_moves())
    }
}

/// What the move-sequence finder needs beyond [`Game`]: when a position is the target,
/// an admissible bound on the plies to it, and facts no move can undo.
pub trait Reachable: Game {
    /// Is this the target (placement, side to move and what else the variant compares)?
    fn matches(&self, target: &Self) -> bool;
    /// Admissible: no sequence to `target` is shorter.
    fn lower_bound(&self, target: &Self) -> u32;
    /// Why `target` can never be reached from here, if a quick fact proves it.
    fn refute(&self, target: &Self) -> Option<String>;
    /// The moves worth trying towards `target` (default: every legal move).
    fn moves_towards(&mut self, _target: &Self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }
}
