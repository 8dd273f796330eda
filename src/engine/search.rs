//! Iterative deepening negamax with alpha-beta (principal variation search), a transposition
//! table, move ordering (table move, captures, killers, history), late move reductions for
//! quiet moves, a quiescence search over captures, and a clock it never overruns.
//!
//! No null-move pruning: in pawn endings zugzwang is the rule, not the exception.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::engine::clock::Clock;
use crate::engine::score::{self, Score, INFINITY, PROVEN, WIN};
use crate::engine::tt::{Bound, Table};
use crate::game::{Searchable, Terminal};

/// Deepest ply the search reaches (iterations and quiescence included).
pub const MAX_PLY: usize = 96;

/// How long and how deep to search.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Time for the whole search; the clock keeps a reserve back from it.
    pub movetime: Duration,
    /// Deepest iteration, in plies (at most `MAX_PLY - 1`).
    pub max_depth: u32,
    /// Stop after about this many nodes (deterministic tests and benchmarks).
    pub nodes: Option<u64>,
    /// Keep deepening until the hard deadline instead of stopping at the soft one (to
    /// measure the depth a budget reaches, or to spend a UCI `movetime` whole).
    pub full_time: bool,
    /// Lines searched to their end at every iteration: the best, then the best of the other
    /// root moves, and so on (UCI's `MultiPV`; at least 1).
    pub lines: usize,
}

impl Limits {
    /// Search for `ms` milliseconds, as deep as that allows.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Duration::from_millis(ms),
            max_depth: (MAX_PLY - 1) as u32,
            nodes: None,
            full_time: false,
            lines: 1,
        }
    }

    /// No time limit: the search deepens until it is stopped (see [`Engine::stop_when`]) or
    /// reaches its deepest iteration.
    pub fn infinite() -> Limits {
        Limits {
            movetime: Duration::from_secs(365 * 24 * 3600),
            full_time: true,
            ..Limits::movetime(0)
        }
    }
}

/// What a search found: the move, its value, how deep and how fast.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// Value for the side to move (proven results near ±`score::WIN`).
    pub value: i32,
    /// Last completed iteration.
    pub depth: u32,
    /// Nodes visited, quiescence included.
    pub nodes: u64,
    /// Wall-clock time the search took.
    pub elapsed: Duration,
    /// The principal variation, starting with `best`, read back from the transposition table
    /// (at most 32 moves; may stop short of `depth`).
    pub pv: Vec<M>,
}

/// One line of an iteration: a root move, its value and the moves that follow it.
#[derive(Clone, Debug)]
pub struct Line<M> {
    /// Value for the side to move.
    pub value: i32,
    /// The line, its root move first (at most 32 moves).
    pub pv: Vec<M>,
}

impl<M> Line<M> {
    /// `value` as reported to people.
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }
}

/// What an iteration completed, as a UCI engine reports it after each one.
#[derive(Clone, Debug)]
pub struct Iteration<'a, M> {
    /// Its depth.
    pub depth: u32,
    /// Its lines, best first (as many as `Limits::lines` asked for and the root has moves).
    pub lines: &'a [Line<M>],
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
}

impl<M> SearchResult<M> {
    /// `value` as reported to people: centipawns or a proven result in plies.
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }
}

/// A searcher with its tables, kept from move to move of one game.
pub struct Engine<M> {
    tt: Table<M>,
    history: Vec<i32>,
    killers: Vec<[Option<M>; 2]>,
    moves: Vec<Vec<M>>,
    order: Vec<Vec<i32>>,
    nodes: u64,
    node_limit: Option<u64>,
    stopped: bool,
    clock: Clock,
    /// Set from another thread to end the search at once (a UCI `stop`).
    stop_signal: Option<Arc<AtomicBool>>,
}

fn terminal_value(t: Terminal, ply: usize) -> i32 {
    match t {
        Terminal::Win => WIN - ply as i32,
        Terminal::Loss => -(WIN - ply as i32),
        Terminal::Draw => 0,
    }
}

impl<M: Copy + PartialEq + std::fmt::Debug> Engine<M> {
    /// An engine with a transposition table of `2^tt_bits` entries.
    pub fn new(tt_bits: u32) -> Engine<M> {
        Engine {
            tt: Table::new(tt_bits),
            history: Vec::new(),
            killers: vec![[None, None]; MAX_PLY + 1],
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            nodes: 0,
            node_limit: None,
            stopped: false,
            clock: Clock::start(Duration::ZERO),
            stop_signal: None,
        }
    }

    /// Ends every later search as soon as `signal` is set (checked as often as the clock).
    pub fn stop_when(&mut self, signal: Arc<AtomicBool>) {
        self.stop_signal = Some(signal);
    }

    /// The signal `stop_when` gave, if any.
    pub fn stop_signal(&self) -> Option<Arc<AtomicBool>> {
        self.stop_signal.clone()
    }

    /// Forgets everything learnt (a new game).
    pub fn reset(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches the position of `game` within `limits` and returns the best move found.
    pub fn search<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        limits: &Limits,
    ) -> SearchResult<M> {
        self.search_reporting(game, limits, &mut |_| {})
    }

    /// [`Engine::search`], handing each completed iteration to `report` (its lines, best
    /// first).
    pub fn search_reporting<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        limits: &Limits,
        report: &mut dyn FnMut(&Iteration<'_, M>),
    ) -> SearchResult<M> {
        self.clock = Clock::start(limits.movetime);
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.stopped = false;
        self.tt.new_search();
        let slots = game.history_slots();
        if self.history.len() != slots {
            self.history = vec![0; slots];
        }
        self.history.iter_mut().for_each(|h| *h /= 4);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);

        let mut result = SearchResult {
            best: None,
            value: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        let mut root = Vec::new();
        // A drawn root (a repetition, the fifty-move rule, dead material) is still searched:
        // whoever asks has a move to make, and draws are scored inside the tree. A won or lost
        // root is the end of the game.
        if let Some(t) = game.terminal().filter(|&t| t != Terminal::Draw) {
            result.value = terminal_value(t, 0);
            return self.finish(result);
        }
        game.search_moves(&mut root);
        let Some(&first) = root.first() else {
            result.value = terminal_value(game.no_moves(), 0);
            return self.finish(result);
        };
        result.best = Some(first);
        if root.len() == 1 {
            result.value = score::from_node(game.evaluate(), 0);
            return self.finish(result);
        }
        if let Some(tt_move) = self.tt.probe(game.key()).and_then(|e| e.best) {
            if let Some(i) = root.iter().position(|&m| m == tt_move) {
                root[..=i].rotate_right(1);
            }
        }
        let wanted = limits.lines.clamp(1, root.len());
        // Nodes before this iteration, and what the one before took.
        let (mut nodes_before, mut previous) = (0, None);
        for depth in 1..=limits.max_depth.max(1) {
            let mut lines = Vec::with_capacity(wanted);
            // Line k is the best of the root moves the lines before it did not take.
            for k in 0..wanted {
                let (value, best) = self.root(game, depth as i32, &mut root[k..]);
                let Some(b) = best else { break };
                if let Some(i) = root[k..].iter().position(|&m| m == b) {
                    root[k..=k + i].rotate_right(1);
                }
                if k == 0 {
                    // A move that completed its search and beat the previous best is sound
                    // even when the iteration was cut short.
                    result.best = Some(b);
                    result.value = value;
                }
                if self.stopped {
                    break;
                }
                let pv = self.principal_variation(game, Some(b));
                lines.push(Line { value, pv });
            }
            if self.stopped {
                break;
            }
            if wanted > 1 {
                // The root's table entry is the last line's: the best is put back.
                if let Some(first) = lines.first() {
                    self.tt.store(
                        game.key(),
                        first.pv.first().copied(),
                        score::to_node(first.value, 0),
                        depth as i16,
                        Bound::Exact,
                    );
                }
            }
            result.depth = depth;
            report(&Iteration {
                depth,
                lines: &lines,
                nodes: self.nodes,
                elapsed: self.clock.elapsed(),
            });
            let value = result.value;
            let proven_within = value.abs() > PROVEN && (WIN - value.abs()) as u32 <= depth;
            // An iteration that visited no more nodes than the one before found nothing new
            // below it (every line ends in a draw or a result): deeper ones would only report
            // depths nobody searched.
            let took = self.nodes - nodes_before;
            let exhausted = previous == Some(took);
            (nodes_before, previous) = (self.nodes, Some(took));
            if proven_within || exhausted || !limits.full_time && self.clock.soft_expired() {
                break;
            }
        }
        result.pv = self.principal_variation(game, result.best);
        self.finish(result)
    }

    fn finish(&self, mut result: SearchResult<M>) -> SearchResult<M> {
        result.nodes = self.nodes;
        result.elapsed = self.clock.elapsed();
        result
    }

    /// Counts a node; true once the search must stop.
    #[inline]
    fn stop(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 63 == 0 && (self.clock.expired() || self.signalled())
            || self.node_limit.is_some_and(|l| self.nodes >= l)
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn signalled(&self) -> bool {
        self.stop_signal
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// One iteration at the root. Returns the best value and move among the moves that
    /// completed (`None` if the first one did not).
    fn root<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        depth: i32,
        root: &mut [M],
    ) -> (i32, Option<M>) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best = None;
        for (i, &m) in root.iter().enumerate() {
            game.make(m);
            let mut s;
            if i == 0 {
                s = -self.negamax(game, depth - 1, 1, -beta, -alpha);
            } else {
                s = -self.negamax(game, depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && !self.stopped {
                    s = -self.negamax(game, depth - 1, 1, -beta, -alpha);
                }
            }
            game.unmake();
            if self.stopped {
                break;
            }
            if s > alpha {
                alpha = s;
                best = Some(m);
            }
        }
        if !self.stopped {
            if let Some(b) = best {
                self.tt.store(
                    game.key(),
                    Some(b),
                    score::to_node(alpha, 0),
                    depth as i16,
                    Bound::Exact,
                );
            }
        }
        (alpha, best)
    }

    fn negamax<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.stop() {
            return 0;
        }
        if let Some(t) = game.terminal() {
            return terminal_value(t, ply);
        }
        if game.check_decides() {
            depth += 1;
        }
        if ply >= MAX_PLY {
            return score::from_node(game.evaluate(), ply as u32);
        }
        if depth <= 0 {
            return self.quiescence(game, ply, alpha, beta);
        }
        // Mate distance pruning: no result here can beat a win found nearer the root.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = game.key();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if !pv_node && e.depth as i32 >= depth {
                let s = score::from_node(e.score, ply as u32);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut order = std::mem::take(&mut self.order[ply]);
        moves.clear();
        game.search_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            self.order[ply] = order;
            return terminal_value(game.no_moves(), ply);
        }
        let killers = self.killers[ply];
        order.clear();
        order.extend(moves.iter().map(|&m| {
            if Some(m) == tt_move {
                1 << 30
            } else if game.is_noisy(m) {
                (1 << 29) + game.capture_order(m).clamp(0, score::CAPTURE_ORDER_MAX)
            } else if Some(m) == killers[0] {
                (1 << 28) + 1
            } else if Some(m) == killers[1] {
                1 << 28
            } else {
                self.history[game.history_slot(m)]
            }
        }));

        let alpha_orig = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            bring_best_to(&mut moves, &mut order, i);
            let m = moves[i];
            let quiet = order[i] < 1 << 28;
            game.make(m);
            let mut s;
            if i == 0 {
                s = -self.negamax(game, depth - 1, ply + 1, -beta, -alpha);
            } else {
                let r = if depth >= 3 && i >= 3 && quiet {
                    1 + i32::from(i >= 8 && depth >= 6)
                } else {
                    0
                };
                s = -self.negamax(game, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(game, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(game, depth - 1, ply + 1, -beta, -alpha);
                }
            }
            game.unmake();
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        if !game.is_noisy(m) {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            let h = &mut self.history[game.history_slot(m)];
                            *h = (*h + depth * depth).min(1 << 27);
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.order[ply] = order;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move,
            score::to_node(best, ply as u32),
            depth as i16,
            bound,
        );
        best
    }

    /// Captures only, on top of the static evaluation (stand pat). Moves are still generated
    /// first: a side without moves is stalemated, whatever the evaluation says.
    fn quiescence<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.stop() {
            return 0;
        }
        if let Some(t) = game.terminal() {
            return terminal_value(t, ply);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        game.search_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return terminal_value(game.no_moves(), ply);
        }
        let stand = score::from_node(game.evaluate(), ply as u32);
        if stand >= beta || stand.abs() > PROVEN || ply >= MAX_PLY {
            self.moves[ply] = moves;
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        order.extend(moves.iter().map(|&m| {
            if game.is_noisy(m) {
                game.capture_order(m).clamp(0, score::CAPTURE_ORDER_MAX)
            } else {
                -1
            }
        }));
        for i in 0..moves.len() {
            bring_best_to(&mut moves, &mut order, i);
            if order[i] < 0 {
                break; // only quiet moves are left
            }
            let m = moves[i];
            game.make(m);
            let s = -self.quiescence(game, ply + 1, -beta, -alpha);
            game.unmake();
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.order[ply] = order;
        best
    }

    /// The line the table expects after `best` (checked move by move for legality).
    fn principal_variation<G: Searchable<Move = M>>(
        &mut self,
        game: &mut G,
        best: Option<M>,
    ) -> Vec<M> {
        let mut pv = Vec::new();
        let mut next = best;
        let mut legal = Vec::new();
        while let Some(m) = next {
            // The root may be a drawn position that is still played on (see `search`).
            if pv.len() >= 32 || !pv.is_empty() && game.terminal().is_some() {
                break;
            }
            legal.clear();
            game.search_moves(&mut legal);
            if !legal.contains(&m) {
                break;
            }
            game.make(m);
            pv.push(m);
            next = self.tt.probe(game.key()).and_then(|e| e.best);
        }
        for _ in 0..pv.len() {
            game.unmake();
        }
        pv
    }
}

/// One step of a selection sort: swaps the best-ordered of `moves[i..]` (the first of equals,
/// so ties keep generation order) to `i`, with its order value.
fn bring_best_to<M>(moves: &mut [M], order: &mut [i32], i: usize) {
    let mut j = i;
    for k in i + 1..moves.len() {
        if order[k] > order[j] {
            j = k;
        }
    }
    moves.swap(i, j);
    order.swap(i, j);
}
