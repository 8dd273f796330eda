//! The move-sequence finder: a shortest legal sequence of moves from one position to another,
//! by iterative deepening depth-first search with a transposition table (positions already
//! shown unreachable within a remaining depth are not searched again) and the variant's
//! admissible lower bound ([`Reachable`]). Moves are made and taken back on one game: no copy
//! per node. Quick refutations (`impossible`) come from facts no move can undo.

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
}

/// Searches for a shortest sequence of at most `max_plies` plies from `from` to `to`.
pub fn find<S: Reachable>(from: &S, to: &S, max_plies: u32) -> Found {
    if let Some(why) = from.refute(to) {
        return Found::Impossible(why);
    }
    // key -> the largest remaining depth already searched without success.
    let mut failed: HashMap<u64, u32> = HashMap::new();
    let mut line = Vec::new();
    let first = from.lower_bound(to);
    for limit in first..=max_plies {
        let mut walker = from.clone();
        if dfs(&mut walker, to, limit, &mut failed, &mut line) {
            let mut texts = Vec::with_capacity(line.len());
            let mut replay = from.clone();
            for &m in &line {
                texts.push(replay.move_text(m));
                replay.make(m);
            }
            return Found::Sequence(texts);
        }
    }
    Found::NoneWithin(max_plies)
}

/// Depth-first search within `left` plies; on success `line` holds the moves (and `s` is left
/// where they lead).
fn dfs<S: Reachable>(
    s: &mut S,
    to: &S,
    left: u32,
    failed: &mut HashMap<u64, u32>,
    line: &mut Vec<S::Move>,
) -> bool {
    if s.matches(to) {
        return true;
    }
    if left == 0 || s.lower_bound(to) > left {
        return false;
    }
    let key = s.key();
    if failed.get(&key).is_some_and(|&d| d >= left) {
        return false;
    }
    let mut moves = Vec::new();
    s.moves_towards(to, &mut moves);
    for m in moves {
        s.make(m);
        line.push(m);
        if dfs(s, to, left - 1, failed, line) {
            return true;
        }
        line.pop();
        s.unmake();
    }
    failed.insert(key, left);
    false
}
