//! Extinction: a side that has (almost) run out of pieces of a kind has lost, or won.
//!
//! Fairy-Stockfish's `extinction…` keys in one rule: the kinds counted (each on its own, or
//! all pieces together), how few count as extinct, how many the other side must still have,
//! whether the side left bare gets one move to bare the other back (shatranj's bare king),
//! and the extinct side's result (a loss, or a win where losing pieces is the goal). Pieces in
//! hand count, as Fairy-Stockfish counts them.

use crate::core::{Color, KindId, Position};
use crate::game::Terminal;

/// Which pieces an extinction rule counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Each of these kinds on its own: running out of any one of them is extinction.
    Kinds(Vec<KindId>),
    /// All of a side's pieces together.
    All,
}

/// One extinction rule (see the module's notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// What is counted.
    pub counted: Counted,
    /// A side with at most this many is extinct (0: none left).
    pub at_most: u8,
    /// ...provided the other side has at least this many of the same (0: always).
    pub opponent_at_least: u8,
    /// The side to move that is left bare may still answer: the other side needs one piece
    /// more than `opponent_at_least` for the bare side to have lost before its move.
    pub reply: bool,
    /// The extinct side's result.
    pub result: Terminal,
}

impl Extinction {
    /// A side without any piece of one of `kinds` loses (the plain rule).
    pub fn of_kinds(kinds: Vec<KindId>) -> Extinction {
        Extinction {
            counted: Counted::Kinds(kinds),
            at_most: 0,
            opponent_at_least: 0,
            reply: false,
            result: Terminal::Loss,
        }
    }

    /// `color`'s count of `kind` (`None`: all its pieces), on the board and in hand.
    pub(crate) fn count(pos: &Position, color: Color, kind: Option<KindId>) -> usize {
        match kind {
            Some(k) if pos.rules().options.hands() => {
                pos.count(color, k) + usize::from(pos.hand_count(color, k))
            }
            Some(k) => pos.count(color, k),
            None if pos.rules().options.hands() => {
                let in_hand: usize = (0..pos.rules().pieces.len())
                    .map(|k| usize::from(pos.hand_count(color, k as KindId)))
                    .sum();
                pos.piece_count(color) + in_hand
            }
            None => pos.piece_count(color),
        }
    }

    /// Is `side` extinct, `to_move` being whether it is its turn?
    fn extinct(&self, pos: &Position, side: Color, to_move: bool) -> bool {
        let needed = usize::from(self.opponent_at_least) + usize::from(self.reply && to_move);
        let test = |kind: Option<KindId>| {
            Self::count(pos, side, kind) <= usize::from(self.at_most)
                && Self::count(pos, side.other(), kind) >= needed
        };
        match &self.counted {
            Counted::All => test(None),
            Counted::Kinds(kinds) => kinds.iter().any(|&k| test(Some(k))),
        }
    }

    /// The result for the side to move, if a side is extinct: the side that just moved is
    /// judged first, as Fairy-Stockfish does (an explosion that takes both kings loses for
    /// the side that set it off).
    pub fn decided(&self, pos: &Position) -> Option<Terminal> {
        let us = pos.side_to_move();
        if self.extinct(pos, us.other(), false) {
            Some(self.result.flipped())
        } else if self.extinct(pos, us, true) {
            Some(self.result)
        } else {
            None
        }
    }

    /// Does losing pieces win here, all of them counted together (antichess's goal)?
    pub fn losing_pieces_wins(&self) -> bool {
        self.result == Terminal::Win && self.counted == Counted::All
    }

    /// The kinds counted one by one (none when all pieces count together).
    pub fn kinds(&self) -> &[KindId] {
        match &self.counted {
            Counted::Kinds(k) => k,
            Counted::All => &[],
        }
    }
}
