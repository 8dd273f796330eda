//! What the move-sequence finder needs of positions played by the core's rules: when one is
//! the target (same placement, side to move and castling rights), an admissible bound on the
//! plies to it (every target square holding a piece of one colour that the position does not
//! have there needs a move of that colour; castling fixes two squares at once; the sides
//! alternate), and facts no move undoes (pieces never appear, only pawns turn into promoted
//! pieces, castling rights never return). Obstacle chess adds its own on top.

use crate::core::{Color, Position};
use crate::game::Reachable;
use crate::variants::core_game::CoreGame;

/// Plies at least needed when White must still make `w` moves and Black `b`.
pub(crate) fn plies_for(side: Color, w: u32, b: u32) -> u32 {
    let need = |n: u32, first: bool| if n == 0 { 0 } else { 2 * n - u32::from(first) };
    need(w, side == Color::White).max(need(b, side == Color::Black))
}

/// Moves each side still needs to put its pieces on the target squares.
pub(crate) fn arrivals_needed(pos: &Position, target: &Position) -> (u32, u32) {
    let mut missing = [0u32; 2];
    for sq in pos.rules().shape.squares() {
        if let Some(p) = target.piece_at(sq) {
            if pos.piece_at(sq) != Some(p) {
                missing[p.color.index()] += 1;
            }
        }
    }
    // Castling puts two pieces in place at once, but only for a side that may still castle
    // and whose king must leave its square.
    let moves = |c: Color| {
        let m = missing[c.index()];
        let may_castle = pos
            .rules()
            .castling
            .iter()
            .enumerate()
            .any(|(i, r)| r.color == c && pos.castling_rights() & (1 << i) != 0);
        if may_castle && pos.royal_square(c) != target.royal_square(c) {
            m.div_ceil(2)
        } else {
            m
        }
    };
    (moves(Color::White), moves(Color::Black))
}

pub(crate) fn same_placement(a: &Position, b: &Position) -> bool {
    a.side_to_move() == b.side_to_move()
        && a.castling_rights() == b.castling_rights()
        && a.rules()
            .shape
            .squares()
            .all(|sq| a.piece_at(sq) == b.piece_at(sq))
}

/// Refutations from piece counts and castling rights.
pub(crate) fn refute_position(from: &Position, to: &Position) -> Option<String> {
    let rules = from.rules();
    if to.castling_rights() & !from.castling_rights() != 0 {
        return Some("castling rights cannot be regained".into());
    }
    for color in [Color::White, Color::Black] {
        if to.piece_count(color) > from.piece_count(color) {
            return Some(format!("{color:?} cannot gain pieces"));
        }
        let promoting = |p: &Position| {
            (0..rules.pieces.len())
                .filter(|&k| rules.pieces[k].promotes)
                .map(|k| p.count(color, k as u8))
                .sum::<usize>()
        };
        let (pawns_from, pawns_to) = (promoting(from), promoting(to));
        if pawns_to > pawns_from {
            return Some(format!("{color:?} cannot gain pawns"));
        }
        let mut extra = 0;
        for (k, kind) in rules.pieces.iter().enumerate() {
            if !kind.promotes {
                extra += to
                    .count(color, k as u8)
                    .saturating_sub(from.count(color, k as u8));
            }
        }
        if extra > pawns_from - pawns_to {
            return Some(format!(
                "{color:?} has more pieces than promotions can make"
            ));
        }
    }
    None
}

/// Plies at least needed for `w` and `b` arrivals, made even or odd so the side to move
/// matches the target's.
pub(crate) fn bound_with_parity(pos: &Position, target: &Position, w: u32, b: u32) -> u32 {
    let mut plies = plies_for(pos.side_to_move(), w, b);
    if (plies % 2 == 1) != (pos.side_to_move() != target.side_to_move()) {
        plies += 1;
    }
    plies
}

impl Reachable for CoreGame {
    fn matches(&self, target: &Self) -> bool {
        same_placement(self.position(), target.position())
    }

    fn lower_bound(&self, target: &Self) -> u32 {
        let (w, b) = arrivals_needed(self.position(), target.position());
        bound_with_parity(self.position(), target.position(), w, b)
    }

    fn refute(&self, target: &Self) -> Option<String> {
        refute_position(self.position(), target.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::finder::{find, Found};
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

    /// A bishop cannot change the colour of its squares: no move proves it, so only a budget
    /// ends the search. A small one of memory or of positions ends it with what it ruled out.
    #[test]
    fn an_unreachable_target_ends_at_the_budget() {
        use crate::engine::finder::{find_within, Budget, Spent};
        let from = fen("8/7k/8/8/8/8/8/B3K3 w - - 0 1");
        let to = fen("8/7k/8/8/8/8/8/3BK3 w - - 0 1");
        // 512 bytes for the line: a few plies of a king's and a bishop's moves (and a table
        // of 16 entries, so the positions budget is there to end a search that thrashes it).
        let tiny_memory = Budget {
            bytes: 1024,
            positions: 50_000_000,
        };
        match find_within(&from, &to, 1_000_000, tiny_memory) {
            Found::GaveUp {
                limit: Spent::Memory(1024),
                searched,
            } => assert!(searched >= 1, "{searched}"),
            other => panic!("{other:?}"),
        }
        let few_positions = Budget {
            bytes: 1 << 20,
            positions: 100_000,
        };
        match find_within(&from, &to, 1_000_000, few_positions) {
            Found::GaveUp {
                limit: Spent::Positions(100_000),
                searched,
            } => assert!(searched >= 5, "{searched}"),
            other => panic!("{other:?}"),
        }
        // The same search with plies as its limit answers as before.
        assert_eq!(find(&from, &to, 6), Found::NoneWithin(6));
    }

    #[test]
    fn too_far_is_reported_as_none_within() {
        let to = fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(find(&start(), &to, 1), Found::NoneWithin(1));
    }
}
