//! Which kinds can reach one square by two of their movement lines.
//!
//! A piece is a list of components, each a list of vectors. Two of its lines may land on the
//! same square: a rook that also steps like a wazir (`RW`), a rook with a dabbaba leap (`RD`:
//! d4-d6 by the ride when d5 is empty and by the leap), a bishop with an alfil. The move is one
//! move however many lines reach it, so generation lists such a kind's moves through a filter
//! that keeps one of each (`Distinct`); kinds whose lines never meet (every FIDE and
//! fairy piece) skip it. The test is exact for what it reads (vectors, ranges, modes, the rank
//! a line starts from, double steps) and errs towards "may repeat" for regions and walls.

use crate::core::movegen::MoveSink;
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::MoveMode;
use crate::core::rules::Compiled;

/// One line of a kind: a vector as a multiple of its primitive direction, and which multiples
/// the line reaches.
struct Line {
    dir: (i32, i32),
    /// The vector is `multiple` × `dir`.
    multiple: i32,
    /// Reaches `k × vector` for `k` in `1..=range` (only `k = range` for a double step).
    range: i32,
    double_step: bool,
    mode: MoveMode,
    from_rank: Option<u8>,
}

/// The greatest common divisor of `a` and `b`, non-negative (0 for two zeros).
pub(crate) fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Line {
    fn new(comp: &Compiled, dx: i8, dy: i8, longest: i32) -> Line {
        let (dx, dy) = (dx as i32, dy as i32);
        let g = gcd(dx, dy).max(1);
        Line {
            dir: (dx / g, dy / g),
            multiple: g,
            range: (comp.range as i32).min(longest),
            double_step: comp.double_step,
            mode: comp.mode,
            from_rank: comp.from_rank,
        }
    }

    /// Does the line reach `t` × its direction?
    fn reaches(&self, t: i32) -> bool {
        if t % self.multiple != 0 {
            return false;
        }
        let k = t / self.multiple;
        if self.double_step {
            k == self.range
        } else {
            (1..=self.range).contains(&k)
        }
    }

    /// The multiples of the direction this line reaches.
    fn multiples(&self) -> impl Iterator<Item = i32> + '_ {
        let first = if self.double_step { self.range } else { 1 };
        (first..=self.range).map(move |k| k * self.multiple)
    }

    /// Can both lines produce one move (the same destination, from the same square)?
    fn meets(&self, other: &Line) -> bool {
        let disjoint_modes = matches!(
            (self.mode, other.mode),
            (MoveMode::MoveOnly, MoveMode::CaptureOnly)
                | (MoveMode::CaptureOnly, MoveMode::MoveOnly)
        );
        let other_ranks = matches!((self.from_rank, other.from_rank), (Some(a), Some(b)) if a != b);
        self.dir == other.dir
            && !disjoint_modes
            && !other_ranks
            && self.multiples().any(|t| other.reaches(t))
    }
}

/// The kinds (bit per kind) whose lines can meet; `longest` is the board's longer side, past
/// which no ride goes on.
pub(crate) fn repeating_kinds(kinds: &[Vec<Compiled>], longest: usize) -> u64 {
    let longest = longest as i32;
    let mut mask = 0u64;
    for (kind, comps) in kinds.iter().enumerate() {
        let lines: Vec<Line> = comps
            .iter()
            .flat_map(|c| c.steps.iter().map(|s| Line::new(c, s.dx, s.dy, longest)))
            .collect();
        let repeats = lines
            .iter()
            .enumerate()
            .any(|(i, a)| lines[i + 1..].iter().any(|b| a.meets(b)));
        if repeats && kind < 64 {
            mask |= 1 << kind;
        }
    }
    mask
}

/// Collects one piece's moves, each once, for [`Distinct::pass_to`]. Which line reached a
/// square first depends on the backend's order, so the move kept must not: a double step
/// wins over a plain move to the same square (it leaves the en passant square, as a pawn's
/// two-square move does wherever it comes from). An en passant capture and a quiet move to
/// the same empty square stay two moves (one takes a pawn). One piece at a time, so the
/// list stays short.
#[derive(Default)]
pub(crate) struct Distinct {
    moves: Vec<Move>,
}

impl Distinct {
    /// Hands the moves on, in the order their squares were first reached.
    pub(crate) fn pass_to<S: MoveSink>(self, out: &mut S) {
        for m in self.moves {
            out.push(m);
        }
    }
}

impl MoveSink for Distinct {
    fn push(&mut self, m: Move) {
        let ep = |x: &Move| x.flag == MoveFlag::EnPassant;
        let same = self
            .moves
            .iter_mut()
            .find(|k| k.to == m.to && k.promotion == m.promotion && ep(k) == ep(&m));
        match same {
            Some(kept) if m.flag == MoveFlag::DoubleStep => *kept = m,
            Some(_) => {}
            None => self.moves.push(m),
        }
    }
}
