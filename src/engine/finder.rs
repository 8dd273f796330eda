//! The move-sequence finder: a shortest legal sequence of moves from one position to another,
//! by iterative deepening depth-first search with a transposition table (positions already
//! shown unreachable within a remaining depth are not searched again) and the variant's
//! admissible lower bound ([`Reachable`]). Moves are made and taken back on one game: no copy
//! per node. Quick refutations (`impossible`) come from facts no move can undo.
//!
//! The search holds its line on a stack of its own, not the thread's, and within a budget
//! ([`Budget`]) of memory and of positions: the table stops growing at its share of the
//! memory (the search stays exact, only slower), and a line whose move lists outgrow the rest,
//! or a search that has entered as many positions as it may, ends with [`Found::GaveUp`]. An
//! unreachable target with a limit of a million plies ends so, in the memory it was given,
//! instead of growing until the process is killed.

use std::collections::HashMap;

use crate::game::Reachable;

/// What the finder concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A shortest sequence, in the variant's notation.
    Sequence(Vec<String>),
    /// No sequence of at most this many plies.
    NoneWithin(u32),
    /// Proven unreachable, with the reason.
    Impossible(String),
    /// The search reached a limit of its budget before it could answer: no sequence of at
    /// most `searched` plies exists (every shorter limit was searched to its end).
    GaveUp {
        /// Which limit.
        limit: Spent,
        /// The longest limit searched to its end without a sequence.
        searched: u32,
    },
}

/// The part of its [`Budget`] a search used up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spent {
    /// The memory, in bytes.
    Memory(usize),
    /// The positions it may enter.
    Positions(u64),
}

/// What the finder may use: memory for its table of positions found unreachable and for the
/// moves of the line it is searching, and positions entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes in all.
    pub bytes: usize,
    /// Positions entered, at most.
    pub positions: u64,
}

impl Budget {
    /// 64 MiB (millions of table entries, and lines of tens of thousands of plies) and a
    /// billion positions (minutes).
    pub const DEFAULT: Budget = Budget {
        bytes: 64 << 20,
        positions: 1_000_000_000,
    };

    /// Table entries kept at most: half the budget, at a generous 32 bytes an entry (a hash
    /// map's key, value, control byte and spare capacity).
    fn table_entries(self) -> usize {
        self.bytes / 2 / 32
    }

    /// Bytes the line's move lists may take: the other half.
    fn line_bytes(self) -> usize {
        self.bytes / 2
    }
}

/// Searches for a shortest sequence of at most `max_plies` plies from `from` to `to`, within
/// the default memory budget.
pub fn find<S: Reachable>(from: &S, to: &S, max_plies: u32) -> Found {
    find_within(from, to, max_plies, Budget::DEFAULT)
}

/// [`find`] within `budget`.
pub fn find_within<S: Reachable>(from: &S, to: &S, max_plies: u32, budget: Budget) -> Found {
    if let Some(why) = from.refute(to) {
        return Found::Impossible(why);
    }
    let mut search = Search {
        failed: HashMap::new(),
        budget,
        held: 0,
        entered: 0,
    };
    let mut line = Vec::new();
    let first = from.lower_bound(to);
    for limit in first..=max_plies {
        let mut walker = from.clone();
        match search.within(&mut walker, to, limit, &mut line) {
            Ok(true) => {
                let mut texts = Vec::with_capacity(line.len());
                let mut replay = from.clone();
                for &m in &line {
                    texts.push(replay.move_text(m));
                    replay.make(m);
                }
                return Found::Sequence(texts);
            }
            Ok(false) => {}
            Err(limit_reached) => {
                return Found::GaveUp {
                    limit: limit_reached,
                    searched: limit.saturating_sub(1),
                }
            }
        }
    }
    Found::NoneWithin(max_plies)
}

/// One position of the line being searched: its moves, the next one to try, its key and the
/// plies left below it.
struct Frame<M> {
    moves: Vec<M>,
    next: usize,
    key: u64,
    left: u32,
}

/// What entering a position found.
enum Entered<M> {
    /// It is the target.
    Target,
    /// Nothing to search below it (no plies left, too far by the bound, known unreachable).
    Pruned,
    /// Its moves, to search.
    Expand(Frame<M>),
}

struct Search {
    /// key -> the largest remaining depth already searched without success.
    failed: HashMap<u64, u32>,
    budget: Budget,
    /// Bytes the line's move lists hold now.
    held: usize,
    /// Positions entered so far.
    entered: u64,
}

impl Search {
    /// Depth-first search within `limit` plies; on success `line` holds the moves.
    fn within<S: Reachable>(
        &mut self,
        s: &mut S,
        to: &S,
        limit: u32,
        line: &mut Vec<S::Move>,
    ) -> Result<bool, Spent> {
        line.clear();
        self.held = 0;
        let mut stack = match self.enter(s, to, limit)? {
            Entered::Target => return Ok(true),
            Entered::Pruned => return Ok(false),
            Entered::Expand(root) => vec![root],
        };
        while let Some(top) = stack.last_mut() {
            if let Some(&m) = top.moves.get(top.next) {
                top.next += 1;
                let left = top.left - 1;
                s.make(m);
                line.push(m);
                match self.enter(s, to, left)? {
                    Entered::Target => return Ok(true),
                    Entered::Pruned => {
                        line.pop();
                        s.unmake();
                    }
                    Entered::Expand(frame) => stack.push(frame),
                }
                continue;
            }
            // Every move of this position failed within its plies left.
            let (key, left, bytes) = (top.key, top.left, moves_bytes(&top.moves));
            stack.pop();
            self.held -= bytes;
            if self.failed.len() < self.budget.table_entries() || self.failed.contains_key(&key) {
                self.failed.insert(key, left);
            }
            if stack.is_empty() {
                return Ok(false);
            }
            line.pop();
            s.unmake();
        }
        Ok(false)
    }

    fn enter<S: Reachable>(
        &mut self,
        s: &mut S,
        to: &S,
        left: u32,
    ) -> Result<Entered<S::Move>, Spent> {
        self.entered += 1;
        if self.entered > self.budget.positions {
            return Err(Spent::Positions(self.budget.positions));
        }
        if s.matches(to) {
            return Ok(Entered::Target);
        }
        if left == 0 || s.lower_bound(to) > left {
            return Ok(Entered::Pruned);
        }
        let key = s.key();
        if self.failed.get(&key).is_some_and(|&d| d >= left) {
            return Ok(Entered::Pruned);
        }
        let mut moves = Vec::new();
        s.moves_towards(to, &mut moves);
        moves.shrink_to_fit();
        self.held += moves_bytes(&moves);
        if self.held > self.budget.line_bytes() {
            return Err(Spent::Memory(self.budget.bytes));
        }
        Ok(Entered::Expand(Frame {
            moves,
            next: 0,
            key,
            left,
        }))
    }
}

/// What a position's move list holds on the heap, and its frame.
fn moves_bytes<M>(moves: &[M]) -> usize {
    std::mem::size_of_val(moves) + std::mem::size_of::<Frame<M>>()
}
