//! The move-sequence finder: a shortest legal sequence of moves from one position to another,
//! by iterative deepening depth-first search with a transposition table (positions already
//! shown unreachable within a remaining depth are not searched again) and an admissible
//! lower bound: every target square holding a piece of one colour that the current position
//! does not have there needs a move of that colour (castling fixes two squares at once), and
//! the sides alternate. Quick refutations (`impossible`) come from facts no move can undo:
//! pieces never appear (only pawns turn into promoted pieces), castling rights never return,
//! walls are never removed and walls in hand never grow.

mod fairy;

use std::collections::HashMap;

use crate::core::{Color, Move, Position};
use crate::engine::games::obstacle::{action_text, ObstacleMove};
use crate::notation::san::to_san;
use crate::variants::obstacle::game::{legal_piece_moves, place_wall, play_piece_move, wall_check};
use crate::variants::obstacle::walls::WallSide;
use crate::variants::obstacle::ObstacleBoard;

pub use fairy::FairyState;

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

/// A game state the finder can walk.
pub trait FinderState: Clone {
    type M: Copy;
    fn moves(&self, target: &Self) -> Vec<Self::M>;
    fn play(&self, m: Self::M) -> Self;
    fn text(&self, m: Self::M) -> String;
    fn key(&self) -> u64;
    fn matches(&self, target: &Self) -> bool;
    /// Admissible: no sequence to `target` is shorter.
    fn lower_bound(&self, target: &Self) -> u32;
    fn refute(&self, target: &Self) -> Option<String>;
}

/// Searches for a shortest sequence of at most `max_plies` plies.
pub fn find<S: FinderState>(from: &S, to: &S, max_plies: u32) -> Found {
    if let Some(why) = from.refute(to) {
        return Found::Impossible(why);
    }
    // key -> the largest remaining depth already searched without success.
    let mut failed: HashMap<u64, u32> = HashMap::new();
    let mut line = Vec::new();
    let first = from.lower_bound(to);
    for limit in first..=max_plies {
        if dfs(from, to, limit, &mut failed, &mut line) {
            let mut texts = Vec::new();
            let mut s = from.clone();
            for &m in &line {
                texts.push(s.text(m));
                s = s.play(m);
            }
            return Found::Sequence(texts);
        }
    }
    Found::NoneWithin(max_plies)
}

fn dfs<S: FinderState>(
    s: &S,
    to: &S,
    left: u32,
    failed: &mut HashMap<u64, u32>,
    line: &mut Vec<S::M>,
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
    for m in s.moves(to) {
        let next = s.play(m);
        line.push(m);
        if dfs(&next, to, left - 1, failed, line) {
            return true;
        }
        line.pop();
    }
    failed.insert(key, left);
    false
}

/// Plies at least needed when White must still make `w` moves and Black `b`.
fn plies_for(side: Color, w: u32, b: u32) -> u32 {
    let need = |n: u32, first: bool| if n == 0 { 0 } else { 2 * n - u32::from(first) };
    need(w, side == Color::White).max(need(b, side == Color::Black))
}

/// Moves each side still needs to put its pieces on the target squares.
fn arrivals_needed(pos: &Position, target: &Position) -> (u32, u32) {
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

fn same_placement(a: &Position, b: &Position) -> bool {
    a.side_to_move() == b.side_to_move()
        && a.castling_rights() == b.castling_rights()
        && a.rules()
            .shape
            .squares()
            .all(|sq| a.piece_at(sq) == b.piece_at(sq))
}

/// Refutations from piece counts and castling rights.
fn refute_position(from: &Position, to: &Position) -> Option<String> {
    let rules = from.rules();
    if to.castling_rights() & !from.castling_rights() != 0 {
        return Some("castling rights cannot be regained".into());
    }
    for color in [Color::White, Color::Black] {
        if to.pieces(color).len() > from.pieces(color).len() {
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

impl FinderState for Position {
    type M = Move;
    fn moves(&self, _: &Self) -> Vec<Move> {
        self.clone().legal_move_list()
    }
    fn play(&self, m: Move) -> Self {
        let mut p = self.clone();
        p.make(m);
        p
    }
    fn text(&self, m: Move) -> String {
        to_san(&mut self.clone(), m)
    }
    fn key(&self) -> u64 {
        Position::key(self)
    }
    fn matches(&self, target: &Self) -> bool {
        same_placement(self, target)
    }
    fn lower_bound(&self, target: &Self) -> u32 {
        let (w, b) = arrivals_needed(self, target);
        let mut plies = plies_for(self.side_to_move(), w, b);
        if (plies % 2 == 1) != (self.side_to_move() != target.side_to_move()) {
            plies += 1;
        }
        plies
    }
    fn refute(&self, target: &Self) -> Option<String> {
        refute_position(self, target)
    }
}

impl FinderState for ObstacleBoard {
    type M = ObstacleMove;
    /// Piece moves, and only the walls the target has (walls are never removed).
    fn moves(&self, target: &Self) -> Vec<ObstacleMove> {
        let mut out: Vec<ObstacleMove> = legal_piece_moves(self)
            .into_iter()
            .map(ObstacleMove::Piece)
            .collect();
        for rank in 0..8 {
            for file in 0..8 {
                let s = crate::core::Square::new(file, rank);
                for side in [WallSide::West, WallSide::South] {
                    if target.walls().has(s, side) && wall_check(self, s, side).is_ok() {
                        out.push(ObstacleMove::Wall(s, side));
                    }
                }
            }
        }
        out
    }
    fn play(&self, m: ObstacleMove) -> Self {
        let mut b = self.clone();
        match m {
            ObstacleMove::Piece(m) => play_piece_move(&mut b, m),
            ObstacleMove::Wall(s, side) => place_wall(&mut b, s, side),
        }
        b
    }
    fn text(&self, m: ObstacleMove) -> String {
        action_text(self, m)
    }
    fn key(&self) -> u64 {
        self.position().key() ^ self.extras_digest()
    }
    fn matches(&self, target: &Self) -> bool {
        same_placement(self.position(), target.position())
            && self.extras_digest() == target.extras_digest()
    }
    fn lower_bound(&self, target: &Self) -> u32 {
        let pos = self.position();
        let (mut w, mut b) = arrivals_needed(pos, target.position());
        // Each wall still to place takes a whole move of its owner.
        w = w.max(u32::from(
            self.walls_left(Color::White)
                - target
                    .walls_left(Color::White)
                    .min(self.walls_left(Color::White)),
        ));
        b = b.max(u32::from(
            self.walls_left(Color::Black)
                - target
                    .walls_left(Color::Black)
                    .min(self.walls_left(Color::Black)),
        ));
        let mut plies = plies_for(pos.side_to_move(), w, b);
        if (plies % 2 == 1) != (pos.side_to_move() != target.position().side_to_move()) {
            plies += 1;
        }
        plies
    }
    fn refute(&self, target: &Self) -> Option<String> {
        for color in [Color::White, Color::Black] {
            if target.walls_left(color) > self.walls_left(color) {
                return Some(format!("{color:?} cannot get walls back"));
            }
        }
        for rank in 0..8 {
            for file in 0..8 {
                let s = crate::core::Square::new(file, rank);
                for side in [WallSide::West, WallSide::South] {
                    if self.walls().has(s, side) && !target.walls().has(s, side) {
                        return Some("walls cannot be removed".into());
                    }
                }
                if self.obstacle(s).open_trapdoor && !target.obstacle(s).open_trapdoor {
                    return Some("an open trapdoor cannot close".into());
                }
                if !self.obstacle(s).mine && target.obstacle(s).mine {
                    return Some("mines cannot appear".into());
                }
            }
        }
        refute_position(self.position(), target.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::standard;

    fn fen(text: &str) -> Position {
        standard::from_fen(text).unwrap()
    }

    #[test]
    fn finds_a_two_ply_sequence() {
        let to = fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(
            find(&standard::start(), &to, 4),
            Found::Sequence(vec!["e4".into(), "e5".into()])
        );
    }

    #[test]
    fn the_same_position_needs_no_move() {
        assert_eq!(
            find(&standard::start(), &standard::start(), 4),
            Found::Sequence(vec![])
        );
    }

    #[test]
    fn two_knight_journeys_are_four_plies() {
        let to = fen("rnbqkb1r/pppppppp/8/1N6/4n3/8/PPPPPPPP/R1BQKBNR w KQkq - 4 3");
        match find(&standard::start(), &to, 4) {
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
            find(&no_rights, &standard::start(), 6),
            Found::Impossible(_)
        ));
    }

    #[test]
    fn too_far_is_reported_as_none_within() {
        let to = fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(find(&standard::start(), &to, 1), Found::NoneWithin(1));
    }
}
