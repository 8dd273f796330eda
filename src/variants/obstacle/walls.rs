//! Wall geometry: which unit steps a set of walls blocks.
//!
//! A wall lies on the west or south edge of a square. An orthogonal step is blocked by the
//! wall on the edge it crosses. A diagonal step A→B passes the corner between A, B and the
//! two squares H (A's rank, B's file) and V (A's file, B's rank); it is blocked only when both
//! ways round the corner are walled: (A|H or H|B) and (A|V or V|B) — the spec's Figure 1
//! (one wall never blocks a diagonal; two walls meeting at or passing through the corner do).
//! The same test decides attacks (the core walks rays with these masks) and which
//! neighbours a mine blast reaches.

use crate::core::rules::{direction_vector, unit_direction};
use crate::core::{BoardShape, Position, Square};

/// Wall on the west edge of a square.
pub const WEST: u8 = 1;
/// Wall on the south edge of a square.
pub const SOUTH: u8 = 2;

/// Which side of its square a wall is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallSide {
    West,
    South,
}

impl WallSide {
    pub fn bit(self) -> u8 {
        match self {
            WallSide::West => WEST,
            WallSide::South => SOUTH,
        }
    }
}

/// The walls of an 8×8 board: per square (index `rank * 8 + file`) its `WEST | SOUTH` bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Walls {
    bits: [u8; 64],
}

impl Default for Walls {
    fn default() -> Walls {
        Walls { bits: [0; 64] }
    }
}

fn index(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

impl Walls {
    pub fn get(&self, s: Square) -> u8 {
        index(s.file as i32, s.rank as i32).map_or(0, |i| self.bits[i])
    }

    pub fn has(&self, s: Square, side: WallSide) -> bool {
        self.get(s) & side.bit() != 0
    }

    pub fn add(&mut self, s: Square, side: WallSide) {
        if let Some(i) = index(s.file as i32, s.rank as i32) {
            self.bits[i] |= side.bit();
        }
    }

    /// Walls on the board (each west or south edge counts once, board edges included).
    pub fn count(&self) -> u32 {
        self.bits
            .iter()
            .map(|b| (b & (WEST | SOUTH)).count_ones())
            .sum()
    }

    /// Is there a wall between two orthogonally adjacent on-board squares?
    fn between(&self, (f1, r1): (i32, i32), (f2, r2): (i32, i32)) -> bool {
        if r1 == r2 && (f1 - f2).abs() == 1 {
            let east = index(f1.max(f2), r1);
            east.is_some_and(|i| self.bits[i] & WEST != 0)
        } else if f1 == f2 && (r1 - r2).abs() == 1 {
            let north = index(f1, r1.max(r2));
            north.is_some_and(|i| self.bits[i] & SOUTH != 0)
        } else {
            false
        }
    }

    /// Is the unit step from `s` by `(dx, dy)` blocked? Steps off the board count as blocked.
    pub fn step_blocked(&self, s: Square, dx: i32, dy: i32) -> bool {
        let a = (s.file as i32, s.rank as i32);
        let b = (a.0 + dx, a.1 + dy);
        if index(b.0, b.1).is_none() {
            return true;
        }
        if dx == 0 || dy == 0 {
            return self.between(a, b);
        }
        let h = (b.0, a.1);
        let v = (a.0, b.1);
        (self.between(a, h) || self.between(h, b)) && (self.between(a, v) || self.between(v, b))
    }

    /// The core's blocked-direction mask of `s`: bit `d` for each unit direction `d` whose step
    /// to an on-board square is blocked.
    pub fn mask(&self, s: Square) -> u8 {
        (0..8u8).fold(0, |m, d| {
            let (dx, dy) = direction_vector(d);
            let target = index(s.file as i32 + dx, s.rank as i32 + dy);
            if target.is_some() && self.step_blocked(s, dx, dy) {
                m | 1 << unit_direction(dx, dy)
            } else {
                m
            }
        })
    }

    /// Writes every square's mask into the core position.
    pub fn install(&self, pos: &mut Position, shape: &BoardShape) {
        for rank in 0..8 {
            for file in 0..8 {
                let s = Square::new(file, rank);
                pos.set_wall_mask(shape.sq(s), self.mask(s));
            }
        }
    }

    /// A wall on the outer edge of the board (`|` on the a-file, `_` on rank 1).
    pub fn on_edge(s: Square, side: WallSide) -> bool {
        match side {
            WallSide::West => s.file == 0,
            WallSide::South => s.rank == 0,
        }
    }

    pub fn bytes(&self) -> &[u8; 64] {
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
    fn figure1() -> Walls {
        let mut w = Walls::default();
        w.add(sq("c5"), WallSide::West);
        w.add(sq("b5"), WallSide::South);
        w.add(sq("d5"), WallSide::West);
        w.add(sq("d4"), WallSide::South);
        w
    }

    #[test]
    fn figure1_diagonals() {
        let w = figure1();
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

    #[test]
    fn single_wall_blocks_orthogonal_only() {
        let mut w = Walls::default();
        w.add(sq("e4"), WallSide::West);
        assert!(w.step_blocked(sq("e4"), -1, 0));
        assert!(w.step_blocked(sq("d4"), 1, 0));
        assert!(!w.step_blocked(sq("e4"), 0, 1));
        assert!(!w.step_blocked(sq("e4"), -1, 1));
        assert!(!w.step_blocked(sq("e4"), -1, -1));
    }

    #[test]
    fn straight_line_through_corner_blocks() {
        let mut w = Walls::default();
        // Vertical line on the west edges of e4 and e5: blocks d4-e5 and e4-d5.
        w.add(sq("e4"), WallSide::West);
        w.add(sq("e5"), WallSide::West);
        assert!(w.step_blocked(sq("d4"), 1, 1));
        assert!(w.step_blocked(sq("e4"), -1, 1));
        assert!(!w.step_blocked(sq("e4"), 1, 1));
    }

    /// Every two-wall shape round the corner of the step d4→e5 (H = e4, V = d5).
    #[test]
    fn corner_shapes() {
        let shapes: [(&[(&str, WallSide)], bool); 7] = [
            (&[("e4", WallSide::West), ("d5", WallSide::South)], true), // L around A (d4)
            (&[("e5", WallSide::West), ("e5", WallSide::South)], true), // L around B (e5)
            (&[("e4", WallSide::West), ("e5", WallSide::West)], true),  // vertical line
            (&[("d5", WallSide::South), ("e5", WallSide::South)], true), // horizontal line
            (&[("e4", WallSide::West), ("e5", WallSide::South)], false), // L around H (e4)
            (&[("d5", WallSide::South), ("e5", WallSide::West)], false), // L around V (d5)
            (&[("e4", WallSide::West)], false),                         // one wall
        ];
        for (walls, blocked) in shapes {
            let mut w = Walls::default();
            for &(s, side) in walls {
                w.add(sq(s), side);
            }
            assert_eq!(w.step_blocked(sq("d4"), 1, 1), blocked, "{walls:?}");
            assert_eq!(w.step_blocked(sq("e5"), -1, -1), blocked, "{walls:?}");
        }
    }

    #[test]
    fn masks_are_symmetric() {
        let w = figure1();
        for r in 0..8 {
            for f in 0..8 {
                for d in 0..8u8 {
                    let (dx, dy) = direction_vector(d);
                    let (tf, tr) = (f as i32 + dx, r as i32 + dy);
                    if index(tf, tr).is_none() {
                        continue;
                    }
                    let a = w.step_blocked(Square::new(f, r), dx, dy);
                    let b = w.step_blocked(Square::new(tf as u8, tr as u8), -dx, -dy);
                    assert_eq!(a, b);
                }
            }
        }
    }
}
