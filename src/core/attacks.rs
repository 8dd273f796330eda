//! Attack detection, check and pins, all driven by the compiled attack groups.

use crate::core::geometry::{Color, Sq};
use crate::core::piece::{code_color, code_kind, EMPTY, OFFBOARD};
use crate::core::position::Position;

/// Squares of pinned pieces (small and allocation-free). `overflow` means "treat all as pinned".
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pins {
    squares: [Sq; 24],
    len: usize,
    overflow: bool,
}

impl Pins {
    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        self.overflow || self.squares[..self.len].contains(&sq)
    }
}

impl Position {
    /// Is `target` attacked by a piece of colour `by`?
    pub fn is_attacked(&self, target: Sq, by: Color) -> bool {
        let shape = &self.rules.shape;
        let rank = shape.rank_of(target);
        let byc = by.index();
        for g in &self.rules.attacks[byc] {
            if let Some((lo, hi)) = g.region {
                if rank < lo || rank > hi {
                    continue;
                }
            }
            let mut s = target;
            for _ in 0..g.range {
                s = (s as isize - g.step.delta) as Sq;
                let cell = self.board[s as usize];
                if cell == OFFBOARD || self.step_blocked(s, g.step.wall_dir) {
                    break;
                }
                if cell != EMPTY {
                    if code_color(cell) == byc && g.kinds >> code_kind(cell) & 1 == 1 {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Squares of `by`'s pieces that attack `target`.
    pub fn attackers(&self, target: Sq, by: Color) -> Vec<Sq> {
        let shape = &self.rules.shape;
        let rank = shape.rank_of(target);
        let byc = by.index();
        let mut out = Vec::new();
        for g in &self.rules.attacks[byc] {
            if g.region.is_some_and(|(lo, hi)| rank < lo || rank > hi) {
                continue;
            }
            let mut s = target;
            for _ in 0..g.range {
                s = (s as isize - g.step.delta) as Sq;
                let cell = self.board[s as usize];
                if cell == OFFBOARD || self.step_blocked(s, g.step.wall_dir) {
                    break;
                }
                if cell != EMPTY {
                    if code_color(cell) == byc
                        && g.kinds >> code_kind(cell) & 1 == 1
                        && !out.contains(&s)
                    {
                        out.push(s);
                    }
                    break;
                }
            }
        }
        out
    }

    /// Is any royal piece of `color` attacked?
    pub fn in_check(&self, color: Color) -> bool {
        let c = color.index();
        match self.royal_count[c] {
            0 => false,
            1 => self.is_attacked(self.royal[c], color.other()),
            _ => self.plist[c].iter().any(|&s| {
                self.rules.is_royal(code_kind(self.board[s as usize]))
                    && self.is_attacked(s, color.other())
            }),
        }
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        self.in_check(self.side)
    }

    /// Pieces of `us` that shield their (single) royal piece from an enemy rider.
    pub(crate) fn pins(&self, us: Color) -> Pins {
        let mut pins = Pins {
            squares: [0; 24],
            len: 0,
            overflow: false,
        };
        if self.royal_count[us.index()] != 1 {
            pins.overflow = true;
            return pins;
        }
        let king = self.royal[us.index()];
        let them = us.other().index();
        let rank = self.rules.shape.rank_of(king);
        for g in &self.rules.attacks[them] {
            if g.range == 1 || g.region.is_some_and(|(lo, hi)| rank < lo || rank > hi) {
                continue;
            }
            let mut s = king;
            let mut shield: Option<Sq> = None;
            for _ in 0..g.range {
                s = (s as isize - g.step.delta) as Sq;
                let cell = self.board[s as usize];
                if cell == OFFBOARD || self.step_blocked(s, g.step.wall_dir) {
                    break;
                }
                if cell == EMPTY {
                    continue;
                }
                if code_color(cell) == us.index() {
                    if shield.is_some() {
                        break;
                    }
                    shield = Some(s);
                    continue;
                }
                if let Some(p) = shield {
                    if g.kinds >> code_kind(cell) & 1 == 1 {
                        if pins.len == pins.squares.len() {
                            pins.overflow = true;
                        } else {
                            pins.squares[pins.len] = p;
                            pins.len += 1;
                        }
                    }
                }
                break;
            }
        }
        pins
    }
}
