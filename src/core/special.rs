//! Moves and attacks the table walks of `core::movegen` and `core::attacks` do not make:
//! hoppers (Betza `p`, the cannon), grasshoppers (`g`), lame leapers (`n`, xiangqi's horse and
//! elephant), pieces confined to a zone of squares (the palace), and the flying-general rule.
//!
//! Rules with any of these are `Rules::special`: their components take the `Special` path
//! here, attack tests walk the special attacks after the attack groups, every move is tested
//! by making it (a piece stepping onto a cannon's line or off a horse's leg changes attacks
//! no pin finds), and the bitboard backend is not built. Rules without them never reach this
//! file, so the common paths pay nothing for it.

use crate::core::geometry::{Color, Sq};
use crate::core::movegen::{push_move, MoveSink};
use crate::core::moves::Move;
use crate::core::moves::MoveFlag;
use crate::core::piece::{code_color, code_kind, Motion, MoveMode, EMPTY, OFFBOARD};
use crate::core::position::Position;
use crate::core::rules::{Compiled, SpecialAttack};

impl Position {
    /// The moves of one `Special` component of the piece on `from` (colour `us`, standing on
    /// absolute rank `from_rank`); `promotes`: the kind promotes on `promo_rank`. The
    /// double-step and en passant flags are not read here: a variant file refuses them on a
    /// zone-confined kind, and hoppers and lame leapers have none.
    pub(crate) fn special_moves<S: MoveSink>(
        &self,
        from: Sq,
        us: usize,
        from_rank: u8,
        (promotes, promo_rank): (bool, u8),
        comp: &Compiled,
        out: &mut S,
    ) {
        if !comp.starts_on(from_rank, self.rules.shape.file_of(from))
            || comp.lines.as_ref().is_some_and(|l| !l[from as usize])
        {
            return;
        }
        let rules = &*self.rules;
        let shape = &rules.shape;
        let lands = |s: Sq| {
            comp.region.is_none_or(|(lo, hi)| {
                let r = shape.rank_of(s);
                r >= lo && r <= hi
            }) && comp.zone.as_ref().is_none_or(|z| z[s as usize])
                && comp.lines.as_ref().is_none_or(|l| l[s as usize])
        };
        let moves = comp.mode != MoveMode::CaptureOnly;
        let captures = comp.mode != MoveMode::MoveOnly;
        // Pushes the move to `s` if its cell may be entered: empty, or an enemy to capture.
        let enter = |s: Sq, cell: u8, out: &mut S| {
            let ok = if cell == EMPTY {
                moves
            } else {
                captures && code_color(cell) != us && comp.barred >> (cell & 127) & 1 == 0
            };
            if ok && lands(s) {
                let promote = promotes && shape.rank_of(s) == promo_rank;
                push_move(
                    out,
                    from,
                    s,
                    promote,
                    &rules.promotion_kinds,
                    MoveFlag::Normal,
                );
            }
        };
        for (i, step) in comp.steps.iter().enumerate() {
            let mut s = from as isize;
            match comp.motion {
                Motion::Slide => {
                    for _ in 0..comp.range {
                        s += step.delta;
                        let cell = self.cell(s as usize);
                        if cell == OFFBOARD {
                            break;
                        }
                        enter(s as Sq, cell, out);
                        if cell != EMPTY {
                            break;
                        }
                    }
                }
                Motion::Lame => {
                    let passed = comp.lame.get(i).map_or(&[][..], |p| &p[..]);
                    if passed
                        .iter()
                        .all(|&o| self.cell((from as isize + o) as usize) == EMPTY)
                    {
                        let to = s + step.delta;
                        let cell = self.cell(to as usize);
                        if cell != OFFBOARD {
                            enter(to as Sq, cell, out);
                        }
                    }
                }
                Motion::Hop => {
                    let mut screen = false;
                    for _ in 0..comp.range {
                        s += step.delta;
                        let cell = self.cell(s as usize);
                        if cell == OFFBOARD {
                            break;
                        }
                        if !screen {
                            if comp.barred >> (cell & 127) & 1 == 1 {
                                break;
                            }
                            screen = cell != EMPTY;
                            continue;
                        }
                        enter(s as Sq, cell, out);
                        if cell != EMPTY {
                            break;
                        }
                    }
                }
                Motion::Grasshop => {
                    for _ in 0..comp.range {
                        s += step.delta;
                        let cell = self.cell(s as usize);
                        if cell == OFFBOARD {
                            break;
                        }
                        if cell != EMPTY {
                            let to = s + step.delta;
                            let cell = self.cell(to as usize);
                            if cell != OFFBOARD {
                                enter(to as Sq, cell, out);
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// `legal_move_count` under special rules for a side with one royal piece, not in check:
    /// a move that neither leaves nor enters a square some attack on the royal piece passes
    /// (a line through it, a lame leap's passed square, its file under the flying general)
    /// cannot change whether it is attacked, so only the others are made and tested. `None`
    /// on a board too large for the square mask.
    pub(crate) fn special_legal_count(&mut self, scratch: &mut Vec<Move>) -> Option<usize> {
        let us = self.side;
        let king = self.royal[us.index()];
        let sensitive = self.sensitive_squares(king, us.other().index())?;
        scratch.clear();
        self.pseudo_legal_moves(scratch);
        let mut n = 0;
        for &m in scratch.iter() {
            let cells = self.rules.cell_bit[m.from as usize] | self.rules.cell_bit[m.to as usize];
            let quiet = m.flag == MoveFlag::Normal && m.from != king && cells & sensitive == 0;
            n += (quiet || self.test_move(m, us)) as usize;
        }
        Some(n)
    }

    /// The squares whose emptying or filling can change whether `by` attacks `king`: every
    /// square on the lines its riders, hoppers and grasshoppers attack along (to the edge),
    /// the squares its lame leaps pass, and the royal's file and rank under the flying general.
    fn sensitive_squares(&self, king: Sq, by: usize) -> Option<u128> {
        let rules = &*self.rules;
        if rules.bit_cell.is_empty() {
            return None;
        }
        let k = king as isize;
        let mut mask = 0u128;
        let line = |delta: isize, mask: &mut u128| {
            let mut s = k - delta;
            while self.cell(s as usize) != OFFBOARD {
                *mask |= rules.cell_bit[s as usize];
                s -= delta;
            }
        };
        for g in &rules.attacks[by] {
            if g.range > 1 {
                line(g.step.delta, &mut mask);
            }
        }
        for a in &rules.special_attacks[by] {
            // An attack along lines reaches the royal piece only where it stands on them.
            if a.lines.as_ref().is_some_and(|l| !l[king as usize]) {
                continue;
            }
            match a.motion {
                Motion::Lame => {
                    for &o in &a.lame {
                        let s = k - a.delta + o;
                        if let Some(bit) = rules.cell_bit.get(s as usize) {
                            mask |= bit;
                        }
                    }
                }
                Motion::Hop | Motion::Grasshop | Motion::Slide => line(a.delta, &mut mask),
            }
        }
        if rules.options.flying_general {
            for d in [rules.shape.delta(0, 1), rules.shape.delta(1, 0)] {
                line(d, &mut mask);
                line(-d, &mut mask);
            }
        }
        Some(mask)
    }

    /// `is_attacked` under special rules on a board without walls: the attack groups walked
    /// as the plain test walks them, with regions and zones, then the special attacks.
    pub(crate) fn special_is_attacked(&self, target: Sq, by: Color) -> bool {
        let rules = &*self.rules;
        let byc = by.index();
        let rank = rules.shape.rank_of(target);
        let t = target as isize;
        // Cell codes stay below 128 and no piece has the off-board code 127: a mask test
        // rejects off-board cells by itself.
        let hit = |codes: u128, cell: u8| {
            codes >> (cell & 127) & 1 == 1
                && (rules.zoned[byc] >> (cell & 127) & 1 == 0
                    || self.zone_allows(byc, cell, target))
        };
        for g in &rules.attacks[byc] {
            if g.region.is_some_and(|(lo, hi)| rank < lo || rank > hi) {
                continue;
            }
            let mut s = t - g.step.delta;
            let cell = self.cell(s as usize);
            if cell != EMPTY {
                if hit(g.near, cell) {
                    return true;
                }
                continue;
            }
            for _ in 1..g.range {
                s -= g.step.delta;
                let cell = self.cell(s as usize);
                if cell != EMPTY {
                    if hit(g.codes, cell) {
                        return true;
                    }
                    break;
                }
            }
        }
        self.special_attacked(target, by)
    }

    /// May a piece with cell code `cell` of colour `by` end a move on `target` (its zone)?
    #[inline]
    pub(crate) fn zone_allows(&self, by: usize, cell: u8, target: Sq) -> bool {
        self.rules.zones[by]
            .get(code_kind(cell) as usize)
            .and_then(Option::as_ref)
            .is_none_or(|z| z[target as usize])
    }

    /// Is `target` attacked by one of `by`'s special attacks, or seen by its royal piece
    /// along an open file or rank under the flying-general rule?
    pub(crate) fn special_attacked(&self, target: Sq, by: Color) -> bool {
        let byc = by.index();
        let rank = self.rules.shape.rank_of(target);
        for a in &self.rules.special_attacks[byc] {
            // Whatever stands on the target is not asked about: a royal piece is tested on
            // squares it would capture on, and a barred kind is never royal.
            if a.region.is_some_and(|(lo, hi)| rank < lo || rank > hi)
                || a.lines.as_ref().is_some_and(|l| !l[target as usize])
            {
                continue;
            }
            if let Some((cell, from)) = self.special_attacker(a, target) {
                if self.zone_allows(byc, cell, target)
                    && a.lines.as_ref().is_none_or(|l| l[from as usize])
                {
                    return true;
                }
            }
        }
        // Only a royal piece on the target's file or rank can see it.
        let shape = &self.rules.shape;
        let in_line = |r: Sq| shape.file_of(r) == shape.file_of(target) || shape.rank_of(r) == rank;
        self.rules.options.flying_general
            && (self.royal_count[byc] != 1 || in_line(self.royal[byc]))
            && self.royal_sees(target, byc)
    }

    /// The cell code and the square of a piece attacking `target` along `a` (not yet checked
    /// for its kind's zone or lines), if any.
    fn special_attacker(&self, a: &SpecialAttack, target: Sq) -> Option<(u8, isize)> {
        let hit = |cell: u8| cell != EMPTY && cell != OFFBOARD && a.codes >> cell & 1 == 1;
        let t = target as isize;
        match a.motion {
            Motion::Slide => {
                // A ride limited to lines or barred from a kind: the first piece back along it.
                let mut s = t;
                for _ in 0..a.range {
                    s -= a.delta;
                    let cell = self.cell(s as usize);
                    if cell != EMPTY {
                        return hit(cell).then_some((cell, s));
                    }
                }
                None
            }
            Motion::Lame => {
                let from = t - a.delta;
                let cell = self.cell(from as usize);
                (hit(cell)
                    && a.lame
                        .iter()
                        .all(|&o| self.cell((from + o) as usize) == EMPTY))
                .then_some((cell, from))
            }
            Motion::Hop => {
                // Back from the target: empty squares, the screen, empty squares, the hopper.
                let mut s = t;
                let mut screen = false;
                for _ in 0..a.range {
                    s -= a.delta;
                    let cell = self.cell(s as usize);
                    if cell == EMPTY {
                        continue;
                    }
                    if cell == OFFBOARD {
                        return None;
                    }
                    if !screen {
                        screen = true;
                        continue;
                    }
                    // The hopper is found; its screen must not be barred to it.
                    return (hit(cell) && self.screen_allowed(a, s, t)).then_some((cell, s));
                }
                None
            }
            Motion::Grasshop => {
                // The screen stands next to the target; the grasshopper is the first piece
                // behind it, at most `range` steps away.
                let mut s = t - a.delta;
                let screen = self.cell(s as usize);
                if screen == EMPTY || screen == OFFBOARD {
                    return None;
                }
                for _ in 0..a.range {
                    s -= a.delta;
                    let cell = self.cell(s as usize);
                    if cell != EMPTY {
                        return hit(cell).then_some((cell, s));
                    }
                }
                None
            }
        }
    }

    /// Is the one piece between the hopper on `from` and `target` a screen `a` may jump?
    fn screen_allowed(&self, a: &SpecialAttack, from: isize, target: isize) -> bool {
        if a.barred == 0 {
            return true;
        }
        let mut s = from + a.delta;
        while s != target {
            let cell = self.cell(s as usize);
            if cell != EMPTY {
                return a.barred >> (cell & 127) & 1 == 0;
            }
            s += a.delta;
        }
        true
    }

    /// Is the first piece along the file or the rank from `target` a royal piece of colour
    /// `by`?
    fn royal_sees(&self, target: Sq, by: usize) -> bool {
        let up = self.rules.shape.delta(0, 1);
        let right = self.rules.shape.delta(1, 0);
        [up, -up, right, -right].into_iter().any(|d| {
            let mut s = target as isize + d;
            loop {
                let cell = self.cell(s as usize);
                if cell == OFFBOARD {
                    return false;
                }
                if cell != EMPTY {
                    return code_color(cell) == by && self.rules.is_royal(code_kind(cell));
                }
                s += d;
            }
        })
    }
}
