//! The move-sequence finder: a shortest legal sequence of moves from one position to another,
//! by iterative deepening depth-first search with a transposition table (positions already
//! shown unreachable within a remaining depth are not searched again) and the variant's
//! admissible lower bound ([`Reachable`]). Moves are made and taken back on one game: no copy
//! per node. Quick refutations (`impossible`) come from facts no move can undo.

use std::collections::HashMap;

use crate::variants::Reachable;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::core_game::CoreGame;
    use crate::variants::standard;

    fn fen(text: &str) -> CoreGame {
        standard::variant::game(standard::from_fen(text).unwrap())
    }

    fn start() -> CoreGame {
        standard::variant::game(standard::start())
    }

    #[test]
    fn finds_a_two_ply_sequence() {
        let to = fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(
            find(&start(), &to, 4),
            Found::Sequence(vec!["e4".into(), "e5".into()])
        );
    }

    #[test]
    fn the_same_position_needs_no_move() {
        assert_eq!(find(&start(), &start(), 4), Found::Sequence(vec![]));
    }

    #[test]
    fn two_knight_journeys_are_four_plies() {
        let to = fen("rnbqkb1r/pppppppp/8/1N6/4n3/8/PPPPPPPP/R1BQKBNR w KQkq - 4 3");
        match find(&start(), &to, 4) {
            Found::Sequence(s) => assert_eq!(s.len(), 4),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn gained_material_and_rights_are_impossible() {
        let extra = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let less = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
        assert!(matches!(find(&less, &extra, 6), Found::Impossible(_)));
        let no_rights = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        assert!(matches!(
            find(&no_rights, &start(), 6),
            Found::Impossible(_)
        ));
    }

    #[test]
    fn too_far_is_reported_as_none_within() {
        let to = fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(find(&start(), &to, 1), Found::NoneWithin(1));
    }
}
