//! Flat step plans: the moves of a kind whose every component is "plain" (moves and captures
//! alike, no flag, region or rank condition) and that does not promote, compiled into two flat
//! lists of board deltas. Generation for such kinds (king, knight, riders, most fairy pieces)
//! walks these lists instead of the general component loop: no per-component tests and one
//! contiguous array per colour, which is what the hot path of perft and search spends its time on.

use crate::core::geometry::Sq;
use crate::core::movegen::MoveSink;
use crate::core::piece::{EMPTY, OFFBOARD};
use crate::core::position::Position;
use crate::core::rules::Compiled;

/// Where one kind's plan lies in its colour's flat lists (`simple == false`: no plan).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PlanIndex {
    pub simple: bool,
    leaps: (u16, u16),
    rides: (u16, u16),
    limited: (u16, u16),
}

/// One colour's plans: single steps, rides that only the board's edge stops (the off-board
/// cells end them, so no step counter), and rides of limited range (delta, most steps).
#[derive(Clone, Debug, Default)]
pub(crate) struct Plans {
    pub index: Vec<PlanIndex>,
    leaps: Vec<isize>,
    rides: Vec<isize>,
    limited: Vec<(isize, u8)>,
}

impl Plans {
    /// Plans for one colour's compiled kinds; `promotes(kind)` tells which kinds may promote
    /// (they keep the general path, which adds the promotion choices).
    /// `longest`: the board's longest side (a ride at least that long ends only at the edge).
    pub fn build(kinds: &[Vec<Compiled>], longest: u8, promotes: impl Fn(usize) -> bool) -> Plans {
        let mut plans = Plans::default();
        for (kind, comps) in kinds.iter().enumerate() {
            if promotes(kind) || comps.is_empty() || !comps.iter().all(|c| c.plain) {
                plans.index.push(PlanIndex::default());
                continue;
            }
            let leap_start = plans.leaps.len();
            let ride_start = plans.rides.len();
            let limited_start = plans.limited.len();
            for c in comps {
                for s in &c.steps {
                    if c.range == 1 {
                        plans.leaps.push(s.delta);
                    } else if c.range >= longest {
                        plans.rides.push(s.delta);
                    } else {
                        plans.limited.push((s.delta, c.range));
                    }
                }
            }
            let span = |a: usize, b: usize| Some((u16::try_from(a).ok()?, u16::try_from(b).ok()?));
            let (Some(leaps), Some(rides), Some(limited)) = (
                span(leap_start, plans.leaps.len()),
                span(ride_start, plans.rides.len()),
                span(limited_start, plans.limited.len()),
            ) else {
                plans.index.push(PlanIndex::default());
                continue;
            };
            plans.index.push(PlanIndex {
                simple: true,
                leaps,
                rides,
                limited,
            });
        }
        plans
    }
}

impl Position {
    /// The moves of the piece on `from` (colour `us`) by its plan; the board has no walls.
    #[inline]
    pub(crate) fn plan_moves<S: MoveSink>(
        &self,
        from: Sq,
        us: usize,
        plan: PlanIndex,
        out: &mut S,
    ) {
        let plans = &self.rules.plans[us];
        let them_bit = 1 ^ us as u8;
        // Off-board cells (127) have colour bit 0 after the -1: exclude them explicitly.
        let takes = |cell: u8| cell != OFFBOARD && (cell - 1) & 1 == them_bit;
        let from_i = from as isize;
        for &delta in &plans.leaps[plan.leaps.0 as usize..plan.leaps.1 as usize] {
            let to = from_i + delta;
            let cell = self.cell(to as usize);
            if cell == EMPTY || takes(cell) {
                out.push_plain(from, to as Sq);
            }
        }
        for &delta in &plans.rides[plan.rides.0 as usize..plan.rides.1 as usize] {
            let mut s = from_i + delta;
            loop {
                let cell = self.cell(s as usize);
                if cell == EMPTY {
                    out.push_plain(from, s as Sq);
                    s += delta;
                    continue;
                }
                if takes(cell) {
                    out.push_plain(from, s as Sq);
                }
                break;
            }
        }
        for &(delta, range) in &plans.limited[plan.limited.0 as usize..plan.limited.1 as usize] {
            let mut s = from_i;
            for _ in 0..range {
                s += delta;
                let cell = self.cell(s as usize);
                if cell == EMPTY {
                    out.push_plain(from, s as Sq);
                    continue;
                }
                if takes(cell) {
                    out.push_plain(from, s as Sq);
                }
                break;
            }
        }
    }
}
