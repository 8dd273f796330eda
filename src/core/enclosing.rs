//! Pieces that change sides (`RuleOptions::flip`) and drops allowed only where they enclose
//! or touch (`RuleOptions::drop_only`): the reversi family and ataxx, as Fairy-Stockfish's
//! `flipEnclosedPieces` and `enclosingDrop` play them.
//!
//! A flip is a move's second part: `make` turns the pieces over after the piece has arrived
//! and records their squares on the position's flip stack; `unmake` turns them back before
//! the piece leaves. No flip can expose a royal piece to anything the move itself did not
//! (the flipped pieces stay where they are), and the rules that flip have none.

use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::{code_color, code_kind, Piece, EMPTY, OFFBOARD};
use crate::core::position::Position;

/// Which of the other side's pieces a move turns over (`RuleOptions::flip`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// Reversi's: along each of the eight lines from the arrival, an unbroken row of the
    /// other side's pieces that ends on one of the mover's.
    Enclosed,
    /// Ataxx's: every piece of the other side on the eight squares next to the arrival.
    Adjacent,
    /// As `Adjacent`, but a drop flips only where it lands next to one of the mover's own
    /// pieces (quadwrangle's, Fairy-Stockfish's `flipEnclosedPieces = quadwrangle`).
    AdjacentIfJoined,
}

/// Where a drop may go (`RuleOptions::drop_only`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropOnly {
    /// Where it encloses a row of the other side's pieces, as `Flip::Enclosed` reads it
    /// (reversi).
    Enclosing,
    /// Next to a piece of the dropper's own (ataxx's clone).
    NextToOwn,
    /// Not orthogonally next to a piece of the other side (snort's).
    AwayFromOther,
    /// On the first rank or right above a piece (connect four's gravity).
    OnTop,
    /// Where a piece slid in from any edge along a rank or file stops, as Fairy-Stockfish's
    /// `anyside` finds it (`Position::any_side_squares`).
    FromAnySide,
}

/// The eight unit steps, as (file, rank) deltas.
const LINES: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

impl Position {
    /// Is the piece code on a cell one of `side`'s (an empty or closed cell is nobody's)?
    #[inline]
    fn held_by(&self, cell: Sq, side: usize) -> bool {
        let code = self.board[cell as usize];
        code != EMPTY && code != OFFBOARD && code_color(code) == side
    }

    /// Does a piece of `side` stand on one of the eight squares around `sq`?
    fn touches(&self, sq: Sq, side: usize) -> bool {
        self.around(sq)
            .into_iter()
            .any(|cell| self.held_by(cell, side))
    }

    /// Calls `f` with each of the other side's pieces that a piece of `side` arriving on
    /// `to` encloses in a line (`Flip::Enclosed`); stops early, returning true, where `f`
    /// does.
    fn each_enclosed(&self, to: Sq, side: usize, mut f: impl FnMut(Sq) -> bool) -> bool {
        let shape = &self.rules.shape;
        let them = 1 - side;
        for (dx, dy) in LINES {
            let step = shape.delta(dx, dy);
            let mut at = (to as isize + step) as Sq;
            let mut run = 0;
            while self.held_by(at, them) {
                at = (at as isize + step) as Sq;
                run += 1;
            }
            if run == 0 || !self.held_by(at, side) {
                continue;
            }
            let mut cell = to;
            for _ in 0..run {
                cell = (cell as isize + step) as Sq;
                if f(cell) {
                    return true;
                }
            }
        }
        false
    }

    /// May a drop of `side` on `to` go there under `DropOnly::Enclosing`? Where it encloses
    /// a line, as `each_enclosed` reads it, but with a hole (`RuleOptions::holes`) no more in
    /// the way than the other side's pieces, as Fairy-Stockfish tests it (its walls are off
    /// its board): beside one of the other side's pieces, a line of those pieces and holes
    /// that ends on one of the dropper's counts, although the flip itself stops at a hole.
    fn encloses_for_drop(&self, to: Sq, side: usize) -> bool {
        if !self.rules.options.holes {
            return self.each_enclosed(to, side, |_| true);
        }
        let shape = &self.rules.shape;
        let them = 1 - side;
        self.touches(to, them)
            && LINES.into_iter().any(|(dx, dy)| {
                let step = shape.delta(dx, dy);
                let mut at = (to as isize + step) as Sq;
                let mut run = 0;
                while self.held_by(at, them) || self.blocker_at(at) {
                    at = (at as isize + step) as Sq;
                    run += 1;
                }
                run > 0 && self.held_by(at, side)
            })
    }

    /// `make`'s part under a flip rule, after the piece has arrived on `m.to`: turns the
    /// enclosed or adjacent pieces over and pushes their squares, then their number.
    #[inline(never)]
    pub(crate) fn flip_after_move(&mut self, m: Move) {
        let Some(rule) = self.rules.options.flip else {
            return;
        };
        let side = self.side.index();
        // The squares go on the flip stack first (no list of its own per move), then turn.
        let mut flipped = std::mem::take(&mut self.flipped);
        let first = flipped.len();
        match rule {
            Flip::Enclosed => {
                self.each_enclosed(m.to, side, |cell| {
                    flipped.push(cell);
                    false
                });
            }
            Flip::AdjacentIfJoined if m.dropped().is_some() && !self.touches(m.to, side) => {}
            Flip::Adjacent | Flip::AdjacentIfJoined => {
                flipped.extend(
                    self.around(m.to)
                        .into_iter()
                        .filter(|&cell| self.held_by(cell, 1 - side)),
                );
            }
        }
        for &cell in &flipped[first..] {
            self.turn_over::<true>(cell);
        }
        let n = flipped.len() - first;
        flipped.push(n as Sq);
        self.flipped = flipped;
    }

    /// `unmake`'s part under a flip rule, before the piece leaves: turns the last move's
    /// pieces back (a pass flipped none and pushed nothing).
    #[inline(never)]
    pub(crate) fn undo_flip(&mut self, m: Move) {
        if self.rules.options.flip.is_none() || m.flag == MoveFlag::Pass {
            return;
        }
        let n = self.flipped.pop().unwrap_or(0);
        for _ in 0..n {
            if let Some(cell) = self.flipped.pop() {
                self.turn_over::<false>(cell);
            }
        }
    }

    /// Gives the piece on `cell` to the other side.
    fn turn_over<const KEY: bool>(&mut self, cell: Sq) {
        let code = self.board[cell as usize];
        let side = Color::from_index(code_color(code));
        self.remove_piece::<KEY>(cell, code);
        self.add_piece::<KEY>(cell, Piece::new(side.other(), code_kind(code)).code());
    }

    /// Takes out of `out[start..]` the drops `RuleOptions::drop_only` forbids: while a square
    /// of `Rules::drop_start` is empty every drop must go to one of them; then each must
    /// enclose or touch as the rule says.
    pub(crate) fn remove_unenclosing_drops(&self, out: &mut Vec<Move>, start: usize) {
        let Some(rule) = self.rules.options.drop_only else {
            return;
        };
        if self.drops_listed_set_wise() {
            // `safe_drops` listed only these.
            return;
        }
        let bits = self.drop_only_bits(rule);
        let side = self.side.index();
        let starting = self
            .rules
            .drop_start
            .iter()
            .any(|&cell| self.board[cell as usize] == EMPTY);
        let any_side = if rule == DropOnly::FromAnySide && bits.is_none() {
            self.any_side_squares()
        } else {
            Vec::new()
        };
        let allowed = |m: &Move| {
            if m.dropped().is_none() {
                return true;
            }
            if let Some(bits) = bits {
                return self.rules.cell_bit[m.to as usize] & bits != 0;
            }
            if starting {
                return self.rules.drop_start.contains(&m.to);
            }
            match rule {
                DropOnly::Enclosing => self.encloses_for_drop(m.to, side),
                DropOnly::NextToOwn => self.touches(m.to, side),
                DropOnly::AwayFromOther => {
                    let shape = &self.rules.shape;
                    [(0, 1), (0, -1), (1, 0), (-1, 0)]
                        .into_iter()
                        .all(|(dx, dy)| {
                            let cell = (m.to as isize + shape.delta(dx, dy)) as Sq;
                            !self.held_by(cell, 1 - side)
                        })
                }
                DropOnly::OnTop => {
                    let shape = &self.rules.shape;
                    shape.rank_of(m.to) == 0
                        || self.board[(m.to as isize + shape.delta(0, -1)) as usize] != EMPTY
                }
                DropOnly::FromAnySide => any_side.contains(&m.to),
            }
        };
        let mut i = start;
        while i < out.len() {
            if allowed(&out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// `DropOnly::FromAnySide`'s squares, as Fairy-Stockfish's `anyside` finds them: per rank
    /// whose first square is empty, the lowest-file empty square with a piece (or the edge)
    /// east of it; per file whose first square is empty, the lowest empty square with a
    /// piece (or the edge) above it; per file whose last square is empty, the lowest empty
    /// square with a piece (or the edge) below it; per rank whose last square is empty, the
    /// lowest-file empty square with a piece (or the edge) west of it. (Its last two take
    /// the lowest square, not the one a piece sliding in would reach, where a line has gaps;
    /// followed as it plays.)
    pub(crate) fn any_side_squares(&self) -> Vec<Sq> {
        let shape = &self.rules.shape;
        let (files, ranks) = (shape.files() as i32, shape.ranks() as i32);
        let taken = |f: i32, r: i32| {
            shape
                .try_sq(f, r)
                .is_some_and(|sq| self.board[sq as usize] != EMPTY)
        };
        // Each line's cells in the order Fairy-Stockfish takes the lowest, the square a piece
        // enters it from, and the neighbour that stops it: (start, step along, stop delta).
        type Step = (i32, i32);
        let mut lines: Vec<(Step, Step, Step)> = Vec::new();
        for r in 0..ranks {
            lines.push(((0, r), (1, 0), (1, 0)));
            lines.push(((files - 1, r), (1, 0), (-1, 0)));
        }
        for f in 0..files {
            lines.push(((f, 0), (0, 1), (0, 1)));
            lines.push(((f, ranks - 1), (0, 1), (0, -1)));
        }
        let mut out = Vec::new();
        for (entry, (sx, sy), (dx, dy)) in lines {
            if taken(entry.0, entry.1) {
                continue;
            }
            // The line from its lowest cell: a rank from file a, a file from rank 1.
            let (mut f, mut r) = if sx == 1 { (0, entry.1) } else { (entry.0, 0) };
            while let Some(sq) = shape.try_sq(f, r) {
                let stops = shape.try_sq(f + dx, r + dy).is_none() || taken(f + dx, r + dy);
                if !taken(f, r) && stops {
                    if !out.contains(&sq) {
                        out.push(sq);
                    }
                    break;
                }
                f += sx;
                r += sy;
            }
        }
        out
    }
}
