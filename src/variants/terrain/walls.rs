//! Walls between squares, on a board of any size, and which unit steps they block.
//!
//! A wall lies on the west or south edge of a square, so every wall between two squares has
//! exactly one place to be stored (the east or north square of the two) and "e4-e5" and
//! "e5-e4" are the same wall. Edges of the board can hold a wall too (west of the a-file,
//! south of the first rank): a board file may write one, and it must survive a round trip,
//! though it blocks nothing.
//!
//! An orthogonal step is blocked by the wall on the edge it crosses. A diagonal step A→B passes
//! the corner between A, B and the two squares H (A's rank, B's file) and V (A's file, B's
//! rank); it is blocked only when both ways round the corner are walled: (A|H or H|B) and
//! (A|V or V|B) — obstacle chess's Figure 1 (one wall never blocks a diagonal; two walls
//! meeting at or passing through the corner do). The same test decides attacks (the core walks
//! rays with the masks [`WallSet::install`] writes) and which neighbours a mine blast reaches,
//! so a piece is shielded from a blast exactly when it could not step to the mine.

use std::fmt;

use crate::core::rules::{direction_vector, unit_direction};
use crate::core::{BoardShape, Position, Square};

/// Wall on the west edge of a square.
pub const WEST: u8 = 1;
/// Wall on the south edge of a square.
pub const SOUTH: u8 = 2;

/// Which side of its square a wall is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallSide {
    /// The west edge: towards the a-file.
    West,
    /// The south edge: towards rank 1.
    South,
}

impl WallSide {
    /// The side's bit: [`WEST`] or [`SOUTH`].
    pub fn bit(self) -> u8 {
        match self {
            WallSide::West => WEST,
            WallSide::South => SOUTH,
        }
    }
}

/// Why a wall between two squares cannot be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallError {
    /// One of the squares is off the board.
    OffBoard,
    /// The squares are not orthogonal neighbours.
    NotAdjacent,
    /// That wall stands already (written either way round).
    Present,
}

impl fmt::Display for WallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WallError::OffBoard => "a square is off the board",
            WallError::NotAdjacent => "the squares are not side by side",
            WallError::Present => "there is a wall there already",
        })
    }
}

/// The walls of a board: per square (index `rank * files + file`) its `WEST | SOUTH` bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WallSet {
    files: u8,
    ranks: u8,
    bits: Vec<u8>,
}

impl WallSet {
    /// No walls on a `files` × `ranks` board.
    pub fn new(files: u8, ranks: u8) -> WallSet {
        WallSet {
            files,
            ranks,
            bits: vec![0; files as usize * ranks as usize],
        }
    }

    /// No walls on a board of this shape.
    pub fn for_shape(shape: &BoardShape) -> WallSet {
        WallSet::new(shape.files(), shape.ranks())
    }

    /// Files of the board.
    pub fn files(&self) -> u8 {
        self.files
    }
    /// Ranks of the board.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    fn index(&self, file: i32, rank: i32) -> Option<usize> {
        let on = (0..self.files as i32).contains(&file) && (0..self.ranks as i32).contains(&rank);
        on.then(|| (rank * self.files as i32 + file) as usize)
    }

    fn index_of(&self, s: Square) -> Option<usize> {
        self.index(s.file as i32, s.rank as i32)
    }

    /// The `WEST | SOUTH` bits of a square (0 off the board).
    pub fn get(&self, s: Square) -> u8 {
        self.index_of(s).map_or(0, |i| self.bits[i])
    }

    /// Is there a wall on this side of `s`? (false off the board)
    pub fn has(&self, s: Square, side: WallSide) -> bool {
        self.get(s) & side.bit() != 0
    }

    /// Adds a wall on one side of `s`; false when `s` is off the board or the wall stands
    /// already. The core's masks are not touched (see [`WallSet::install`]).
    pub fn add(&mut self, s: Square, side: WallSide) -> bool {
        match self.index_of(s) {
            Some(i) if self.bits[i] & side.bit() == 0 => {
                self.bits[i] |= side.bit();
                true
            }
            _ => false,
        }
    }

    /// Where the wall between two orthogonal neighbours is stored: the east or north square
    /// and its west or south side.
    fn slot(a: Square, b: Square) -> Option<(Square, WallSide)> {
        let (dx, dy) = (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32);
        match (dx, dy) {
            (1, 0) | (0, 1) => Some((
                b,
                if dy == 0 {
                    WallSide::West
                } else {
                    WallSide::South
                },
            )),
            (-1, 0) | (0, -1) => Some((
                a,
                if dy == 0 {
                    WallSide::West
                } else {
                    WallSide::South
                },
            )),
            _ => None,
        }
    }

    /// Adds the wall between two side-by-side squares (either order: `e4-e5` is `e5-e4`).
    pub fn add_between(&mut self, a: Square, b: Square) -> Result<(), WallError> {
        if self.index_of(a).is_none() || self.index_of(b).is_none() {
            return Err(WallError::OffBoard);
        }
        let (s, side) = WallSet::slot(a, b).ok_or(WallError::NotAdjacent)?;
        if self.add(s, side) {
            Ok(())
        } else {
            Err(WallError::Present)
        }
    }

    /// Is there a wall between two orthogonally adjacent on-board squares? False for any other
    /// pair.
    pub fn between(&self, a: Square, b: Square) -> bool {
        self.between_at(
            (a.file as i32, a.rank as i32),
            (b.file as i32, b.rank as i32),
        )
    }

    fn between_at(&self, (f1, r1): (i32, i32), (f2, r2): (i32, i32)) -> bool {
        if r1 == r2 && (f1 - f2).abs() == 1 {
            let east = self.index(f1.max(f2), r1);
            east.is_some_and(|i| self.bits[i] & WEST != 0)
        } else if f1 == f2 && (r1 - r2).abs() == 1 {
            let north = self.index(f1, r1.max(r2));
            north.is_some_and(|i| self.bits[i] & SOUTH != 0)
        } else {
            false
        }
    }

    /// Is the unit step from `s` by `(dx, dy)` blocked? Steps off the board count as blocked.
    pub fn step_blocked(&self, s: Square, dx: i32, dy: i32) -> bool {
        let a = (s.file as i32, s.rank as i32);
        let b = (a.0 + dx, a.1 + dy);
        if self.index(b.0, b.1).is_none() {
            return true;
        }
        if dx == 0 || dy == 0 {
            return self.between_at(a, b);
        }
        let h = (b.0, a.1);
        let v = (a.0, b.1);
        (self.between_at(a, h) || self.between_at(h, b))
            && (self.between_at(a, v) || self.between_at(v, b))
    }

    /// The core's blocked-direction mask of `s`: bit `d` for each unit direction `d` whose step
    /// to an on-board square is blocked.
    pub fn mask(&self, s: Square) -> u8 {
        (0..8u8).fold(0, |m, d| {
            let (dx, dy) = direction_vector(d);
            let target = self.index(s.file as i32 + dx, s.rank as i32 + dy);
            if target.is_some() && self.step_blocked(s, dx, dy) {
                m | 1 << unit_direction(dx, dy)
            } else {
                m
            }
        })
    }

    /// Writes every square's mask into the core position (whose board must have this size).
    /// Walls are only ever added, so a mask written here never has to shrink.
    pub fn install(&self, pos: &mut Position) {
        let rules = pos.rules().clone();
        let shape = &rules.shape;
        debug_assert_eq!((shape.files(), shape.ranks()), (self.files, self.ranks));
        for sq in shape.squares() {
            pos.set_wall_mask(sq, self.mask(shape.square(sq)));
        }
    }

    /// Rewrites the masks of the squares a wall on a side of `s` can change: those touching
    /// one of its two corners (the 3×3 squares round `s`), since a wall blocks the step across
    /// it and the diagonals round its ends and nothing else. After [`WallSet::add`] this is
    /// [`WallSet::install`] for a fraction of the work (a legality test adds a wall per
    /// candidate).
    pub fn install_around(&self, pos: &mut Position, s: Square) {
        let rules = pos.rules().clone();
        let shape = &rules.shape;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (f, r) = (s.file as i32 + dx, s.rank as i32 + dy);
                if let (Some(_), Some(sq)) = (self.index(f, r), shape.try_sq(f, r)) {
                    pos.set_wall_mask(sq, self.mask(Square::new(f as u8, r as u8)));
                }
            }
        }
    }

    /// A wall on the outer edge of the board (west of the first file, south of the first
    /// rank): storable, but it blocks nothing.
    pub fn on_edge(s: Square, side: WallSide) -> bool {
        match side {
            WallSide::West => s.file == 0,
            WallSide::South => s.rank == 0,
        }
    }

    /// Walls on the board (each west or south edge counts once, board edges included).
    pub fn count(&self) -> u32 {
        self.bits
            .iter()
            .map(|b| (b & (WEST | SOUTH)).count_ones())
            .sum()
    }

    /// Every wall as its square and side, in square order (rank by rank from the first, file
    /// by file), west before south.
    pub fn edges(&self) -> impl Iterator<Item = (Square, WallSide)> + '_ {
        let files = self.files.max(1) as usize;
        self.bits.iter().enumerate().flat_map(move |(i, &b)| {
            let s = Square::new((i % files) as u8, (i / files) as u8);
            [WallSide::West, WallSide::South]
                .into_iter()
                .filter(move |side| b & side.bit() != 0)
                .map(move |side| (s, side))
        })
    }

    /// The raw bits, square by square in index order (for digests).
    pub fn bytes(&self) -> &[u8] {
        &self.bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    /// Figure 1: walls west of c5, south of b5, west of d5, south of d4; bishop on c4.
    fn figure1(files: u8, ranks: u8) -> WallSet {
        let mut w = WallSet::new(files, ranks);
        w.add(sq("c5"), WallSide::West);
        w.add(sq("b5"), WallSide::South);
        w.add(sq("d5"), WallSide::West);
        w.add(sq("d4"), WallSide::South);
        w
    }

    /// The board sizes the geometry is checked on: obstacle chess's and two variant-file ones.
    const SIZES: [(u8, u8); 3] = [(8, 8), (10, 8), (5, 5)];

    #[test]
    fn figure1_diagonals() {
        for (files, ranks) in SIZES {
            let w = figure1(files, ranks);
            assert!(
                w.step_blocked(sq("c4"), -1, 1),
                "c4-b5 crosses an L of two walls"
            );
            assert!(w.step_blocked(sq("b5"), 1, -1), "and so does b5-c4");
            assert!(
                !w.step_blocked(sq("c4"), 1, 1),
                "c4-d5 passes a single wall"
            );
            assert!(
                !w.step_blocked(sq("c4"), 1, -1),
                "c4-d3 passes a single wall"
            );
        }
    }

    #[test]
    fn single_wall_blocks_orthogonal_only() {
        let mut w = WallSet::new(8, 8);
        w.add(sq("e4"), WallSide::West);
        assert!(w.step_blocked(sq("e4"), -1, 0));
        assert!(w.step_blocked(sq("d4"), 1, 0));
        assert!(!w.step_blocked(sq("e4"), 0, 1));
        assert!(!w.step_blocked(sq("e4"), -1, 1));
        assert!(!w.step_blocked(sq("e4"), -1, -1));
    }

    #[test]
    fn straight_line_through_corner_blocks() {
        let mut w = WallSet::new(8, 8);
        // Vertical line on the west edges of e4 and e5: blocks d4-e5 and e4-d5.
        w.add(sq("e4"), WallSide::West);
        w.add(sq("e5"), WallSide::West);
        assert!(w.step_blocked(sq("d4"), 1, 1));
        assert!(w.step_blocked(sq("e4"), -1, 1));
        assert!(!w.step_blocked(sq("e4"), 1, 1));
    }

    /// Every two-wall shape round the corner of the step A→B (H = A's rank, B's file; V = A's
    /// file, B's rank), at the given corner.
    fn corner_shapes_at(files: u8, ranks: u8, a: &str, h: &str, v: &str, b: &str) {
        use WallSide::{South, West};
        let shapes: [(&[(&str, WallSide)], bool); 7] = [
            (&[(h, West), (v, South)], true),  // L around A
            (&[(b, West), (b, South)], true),  // L around B
            (&[(h, West), (b, West)], true),   // vertical line
            (&[(v, South), (b, South)], true), // horizontal line
            (&[(h, West), (b, South)], false), // L around H
            (&[(v, South), (b, West)], false), // L around V
            (&[(h, West)], false),             // one wall
        ];
        for (walls, blocked) in shapes {
            let mut w = WallSet::new(files, ranks);
            for &(s, side) in walls {
                assert!(w.add(sq(s), side));
            }
            assert_eq!(
                w.step_blocked(sq(a), 1, 1),
                blocked,
                "{files}x{ranks} {walls:?}"
            );
            assert_eq!(
                w.step_blocked(sq(b), -1, -1),
                blocked,
                "{files}x{ranks} {walls:?}"
            );
        }
    }

    /// The corner of d4→e5 on every size, and the far corner of each board (its last file and
    /// rank: B is the top-right square).
    #[test]
    fn corner_shapes() {
        for (files, ranks) in SIZES {
            corner_shapes_at(files, ranks, "d4", "e4", "d5", "e5");
            let name = |f: u8, r: u8| Square::new(f, r).to_string();
            let (lf, lr) = (files - 1, ranks - 1);
            corner_shapes_at(
                files,
                ranks,
                &name(lf - 1, lr - 1),
                &name(lf, lr - 1),
                &name(lf - 1, lr),
                &name(lf, lr),
            );
        }
    }

    /// Figure 1 plus walls along the far edges: a step is blocked exactly when the step back
    /// is.
    #[test]
    fn masks_are_symmetric() {
        for (files, ranks) in SIZES {
            let mut w = figure1(files, ranks);
            w.add(Square::new(files - 1, ranks - 1), WallSide::West);
            w.add(Square::new(files - 1, ranks - 1), WallSide::South);
            w.add(Square::new(files - 2, 1), WallSide::South);
            w.add(Square::new(0, 0), WallSide::West);
            for r in 0..ranks {
                for f in 0..files {
                    for d in 0..8u8 {
                        let (dx, dy) = direction_vector(d);
                        let (tf, tr) = (f as i32 + dx, r as i32 + dy);
                        if w.index(tf, tr).is_none() {
                            assert!(w.step_blocked(Square::new(f, r), dx, dy), "off board");
                            continue;
                        }
                        let a = w.step_blocked(Square::new(f, r), dx, dy);
                        let b = w.step_blocked(Square::new(tf as u8, tr as u8), -dx, -dy);
                        assert_eq!(a, b, "{files}x{ranks} {f},{r} by {dx},{dy}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_wall_between_two_squares_is_one_wall_either_way_round() {
        let mut w = WallSet::new(10, 8);
        assert_eq!(w.add_between(sq("e4"), sq("e5")), Ok(()));
        assert_eq!(w.add_between(sq("e5"), sq("e4")), Err(WallError::Present));
        assert_eq!(w.add_between(sq("j4"), sq("i4")), Ok(()));
        assert!(w.has(sq("e5"), WallSide::South) && w.has(sq("j4"), WallSide::West));
        assert_eq!(
            w.add_between(sq("e4"), sq("e6")),
            Err(WallError::NotAdjacent)
        );
        assert_eq!(
            w.add_between(sq("e4"), sq("f5")),
            Err(WallError::NotAdjacent)
        );
        assert_eq!(w.add_between(sq("j4"), sq("k4")), Err(WallError::OffBoard));
        assert_eq!(w.add_between(sq("a8"), sq("a9")), Err(WallError::OffBoard));
        assert!(w.between(sq("e4"), sq("e5")) && w.between(sq("i4"), sq("j4")));
        assert_eq!(w.count(), 2);
        let edges: Vec<_> = w.edges().collect();
        assert_eq!(
            edges,
            [(sq("j4"), WallSide::West), (sq("e5"), WallSide::South)]
        );
        // One wall: both sides of it blocked straight across, no diagonal.
        assert_eq!(w.mask(sq("e4")), 1 << 0);
        assert_eq!(w.mask(sq("e5")), 1 << 4);
    }

    #[test]
    fn two_walls_round_a_corner_block_the_diagonal() {
        let mut w = WallSet::new(8, 8);
        w.add_between(sq("e4"), sq("e5")).unwrap();
        w.add_between(sq("e4"), sq("f4")).unwrap();
        assert_eq!(w.mask(sq("e4")) & (1 << 1), 1 << 1);
    }

    #[test]
    fn edge_walls_are_stored_but_block_nothing() {
        let mut w = WallSet::new(5, 5);
        assert!(w.add(sq("a3"), WallSide::West));
        assert!(w.add(sq("c1"), WallSide::South));
        assert!(!w.add(sq("c1"), WallSide::South), "already there");
        assert!(!w.add(sq("f1"), WallSide::South), "off the board");
        assert_eq!(w.count(), 2);
        assert!(WallSet::on_edge(sq("a3"), WallSide::West));
        assert!(!WallSet::on_edge(sq("b3"), WallSide::West));
        assert_eq!(w.mask(sq("a3")), 0);
        assert_eq!(w.mask(sq("c1")), 0);
    }

    /// Walls added one at a time, each followed by `install_around`, leave the position with
    /// the masks a full `install` writes (8×8 and 10×8 positions).
    #[test]
    fn installing_around_a_new_wall_equals_installing_all() {
        let boards = [
            crate::variants::obstacle::rules(),
            crate::variants::custom::builtin::load("capablanca")
                .unwrap()
                .unwrap()
                .rules,
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: u8| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as u8
        };
        for rules in boards {
            let (files, ranks) = (rules.shape.files(), rules.shape.ranks());
            for _ in 0..20 {
                let mut w = WallSet::new(files, ranks);
                let mut around = Position::empty(rules.clone());
                for _ in 0..12 {
                    let s = Square::new(next(files), next(ranks));
                    let side = [WallSide::West, WallSide::South][next(2) as usize];
                    w.add(s, side);
                    w.install_around(&mut around, s);
                    let mut all = Position::empty(rules.clone());
                    w.install(&mut all);
                    for sq in rules.shape.squares() {
                        assert_eq!(around.wall_mask(sq), all.wall_mask(sq), "{s} {side:?}");
                    }
                }
            }
        }
    }

    /// The masks of the pair-list rule variant files used before this module (each wall a
    /// square and a direction; a diagonal blocked when both ways round the corner are walled),
    /// kept as a reference.
    fn pair_list_mask(walls: &[(Square, Square)], s: Square, files: u8, ranks: u8) -> u8 {
        let walled = |p: (i32, i32), q: (i32, i32)| {
            walls.iter().any(|&(a, b)| {
                let (a, b) = (
                    (a.file as i32, a.rank as i32),
                    (b.file as i32, b.rank as i32),
                );
                (a, b) == (p, q) || (a, b) == (q, p)
            })
        };
        let here = (s.file as i32, s.rank as i32);
        (0..8u8).fold(0, |m, d| {
            let (dx, dy) = direction_vector(d);
            let to = (here.0 + dx, here.1 + dy);
            if to.0 < 0 || to.1 < 0 || to.0 >= files as i32 || to.1 >= ranks as i32 {
                return m;
            }
            let blocked = if dx == 0 || dy == 0 {
                walled(here, to)
            } else {
                let (h, v) = ((to.0, here.1), (here.0, to.1));
                (walled(here, h) || walled(h, to)) && (walled(here, v) || walled(v, to))
            };
            m | u8::from(blocked) << d
        })
    }

    /// Random wall sets on each size, written as square pairs either way round: the masks
    /// equal the reference rule's.
    #[test]
    fn masks_equal_the_pair_list_rule() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as u8
        };
        for (files, ranks) in SIZES {
            for _ in 0..50 {
                let mut w = WallSet::new(files, ranks);
                let mut pairs = Vec::new();
                for _ in 0..next(12) {
                    let a = Square::new(next(files as u32), next(ranks as u32));
                    let (dx, dy) = direction_vector(next(4) * 2);
                    let (bf, br) = (a.file as i32 + dx, a.rank as i32 + dy);
                    if bf < 0 || br < 0 || bf >= files as i32 || br >= ranks as i32 {
                        continue;
                    }
                    let b = Square::new(bf as u8, br as u8);
                    let _ = w.add_between(a, b);
                    pairs.push((a, b));
                }
                for r in 0..ranks {
                    for f in 0..files {
                        let s = Square::new(f, r);
                        let want = pair_list_mask(&pairs, s, files, ranks);
                        assert_eq!(w.mask(s), want, "{files}x{ranks} {s} {pairs:?}");
                    }
                }
            }
        }
    }
}
