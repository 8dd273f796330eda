//! Attack detection, check and pins, all driven by the compiled attack groups.

use crate::core::geometry::{Color, Sq};
use crate::core::piece::{code_color, code_kind, KindId, EMPTY, OFFBOARD};
use crate::core::position::Position;
use crate::core::rules::SeveralRoyals;

/// Squares of pinned pieces (small and allocation-free). `overflow` means "treat all as pinned".
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pins {
    squares: [Sq; 24],
    len: usize,
    overflow: bool,
}

/// How the side to move is in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    None,
    /// One checker, `dist` steps of `delta` away from the royal piece (`king - dist * delta`).
    Single {
        delta: isize,
        dist: u8,
    },
    /// Two or more checkers: only the royal piece can move.
    Double,
    /// In check, found by the general attack test (walls or region-limited attackers).
    Unknown,
}

impl Check {
    fn add(self, delta: isize, dist: u8) -> Check {
        match self {
            Check::None => Check::Single { delta, dist },
            _ => Check::Double,
        }
    }

    pub fn is_check(self) -> bool {
        self != Check::None
    }

    /// Does a move to `to` (by a piece that is neither royal nor pinned, not en passant)
    /// answer this check: capture the checker or stand between it and the royal piece at `king`?
    #[inline]
    pub fn answered_by(self, king: Sq, to: Sq) -> bool {
        match self {
            Check::Single { delta, dist } => {
                let diff = king as isize - to as isize;
                diff % delta == 0 && (1..=dist as isize).contains(&(diff / delta))
            }
            _ => false,
        }
    }
}

impl Pins {
    /// No piece is pinned.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0 && !self.overflow
    }

    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        // Usually empty: a plain loop keeps this inlined in the generation loop.
        if self.overflow {
            return true;
        }
        let mut i = 0;
        while i < self.len {
            if self.squares[i] == sq {
                return true;
            }
            i += 1;
        }
        false
    }
}

impl Position {
    /// Is `target` attacked by a piece of colour `by`?
    #[inline]
    pub fn is_attacked(&self, target: Sq, by: Color) -> bool {
        if let (Some(quick), false) = (&self.rules.quick_attacks, self.has_walls) {
            let occupied = self.side_bits::<u64>(0) | self.side_bits::<u64>(1);
            let bit = self.rules.bit_of[target as usize] as usize;
            return quick.attacked(self, bit, by.index(), occupied, 0);
        }
        if let Some(bits) = &self.rules.bits {
            return self.bits_attacked(bits, target, by);
        }
        if self.has_walls || self.rules.attack_regions || !self.rules.small_codes {
            return self.is_attacked_general(target, by);
        }
        self.is_attacked_plain(target, by)
    }

    /// `is_attacked` on a board without walls or region-limited attackers, with 64-bit masks.
    fn is_attacked_plain(&self, target: Sq, by: Color) -> bool {
        let t = target as isize;
        let groups = &self.rules.attacks[by.index()];
        let split = self.rules.first_ride[by.index()];
        for g in &groups[..split] {
            let cell = self.cell((t - g.step.delta) as usize);
            if g.near_hit(cell) {
                return true;
            }
        }
        for g in &groups[split..] {
            let mut s = t - g.step.delta;
            let cell = self.cell(s as usize);
            if cell != EMPTY {
                if g.near_hit(cell) {
                    return true;
                }
                continue;
            }
            if g.edge_bound {
                // Only the board's edge ends this ride: the off-board cell stops the walk.
                loop {
                    s -= g.step.delta;
                    let cell = self.cell(s as usize);
                    if cell != EMPTY {
                        if g.far_hit(cell) {
                            return true;
                        }
                        break;
                    }
                }
                continue;
            }
            for _ in 1..g.range {
                s -= g.step.delta;
                let cell = self.cell(s as usize);
                if cell != EMPTY {
                    if g.far_hit(cell) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// `is_attacked` with walls and region-limited attackers taken into account.
    fn is_attacked_general(&self, target: Sq, by: Color) -> bool {
        if self.rules.special && !self.has_walls {
            return self.special_is_attacked(target, by);
        }
        let regions = self.rules.attack_regions;
        let rank = if regions {
            self.rules.shape.rank_of(target)
        } else {
            0
        };
        for g in &self.rules.attacks[by.index()] {
            if regions && g.region.is_some_and(|(lo, hi)| rank < lo || rank > hi) {
                continue;
            }
            let mut s = target as isize;
            for dist in 1..=g.range {
                s -= g.step.delta;
                let cell = self.cell(s as usize);
                if cell == EMPTY {
                    if self.step_blocked(s as Sq, g.step.wall_dir) {
                        break;
                    }
                    continue;
                }
                let codes = if dist == 1 { g.near } else { g.codes };
                if cell != OFFBOARD
                    && codes >> (cell & 127) & 1 == 1
                    && !self.step_blocked(s as Sq, g.step.wall_dir)
                    && (!self.rules.special || self.zone_allows(by.index(), cell, target))
                {
                    return true;
                }
                break;
            }
        }
        self.rules.special && self.special_attacked(target, by)
    }

    /// Is `target` attacked by `by` once the piece on `lifted` has left its square (a royal
    /// piece does not shield the squares behind it from the attack it steps away from)?
    pub(crate) fn is_attacked_lifted(&mut self, target: Sq, by: Color, lifted: Sq) -> bool {
        if let Some(bits) = &self.rules.bits {
            return self.bits_attacked_lifted(bits, target, by, lifted);
        }
        let code = self.board[lifted as usize];
        self.board[lifted as usize] = EMPTY;
        let attacked = self.is_attacked(target, by);
        self.board[lifted as usize] = code;
        attacked
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
            for dist in 1..=g.range {
                s = (s as isize - g.step.delta) as Sq;
                let cell = self.cell(s as usize);
                if cell == OFFBOARD || self.step_blocked(s, g.step.wall_dir) {
                    break;
                }
                if cell != EMPTY {
                    if code_color(cell) == byc
                        && (if dist == 1 { g.near } else { g.codes }) >> (cell & 127) & 1 == 1
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
        if self.rules.options.blast {
            return self.blast_check(color);
        }
        let c = color.index();
        match self.royal_count[c] {
            0 => false,
            1 => self.is_attacked(self.royal[c], color.other()),
            _ => match self.rules.options.several_royals {
                SeveralRoyals::Each => self.any_royal_attacked(color),
                SeveralRoyals::All => self.every_royal_attacked(color),
                SeveralRoyals::LastOnly => false,
            },
        }
    }

    /// `in_check` with several royal pieces under duple check: all of them attacked.
    #[cold]
    fn every_royal_attacked(&self, color: Color) -> bool {
        let them = color.other();
        self.pieces(color).all(|s| {
            !self.rules.is_royal(code_kind(self.cell(s as usize))) || self.is_attacked(s, them)
        })
    }

    /// Is a royal piece of `color` attacked that the notation writes a check against: any but
    /// a pseudo-royal one (`PieceKind::pseudo_royal`)?
    pub fn in_written_check(&self, color: Color) -> bool {
        if !self.rules.pieces.iter().any(|p| p.pseudo_royal) {
            return self.in_check(color);
        }
        self.pieces(color).any(|s| {
            let kind = self.rules.kind(code_kind(self.cell(s as usize)));
            kind.royal && !kind.pseudo_royal && self.is_attacked(s, color.other())
        })
    }

    /// `in_check` with several royal pieces: on bitboards each royal kind's squares from its
    /// word, not every piece's kind (coregal's make-and-test path asks it of every move).
    #[cold]
    fn any_royal_attacked(&self, color: Color) -> bool {
        let them = color.other();
        let mut kinds = self.rules.royal_kinds;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as KindId;
            kinds &= kinds - 1;
            match self.kind_squares(color, kind) {
                Some(mut squares) => {
                    if squares.any(|s| self.is_attacked(s, them)) {
                        return true;
                    }
                }
                None => {
                    return self.pieces(color).any(|s| {
                        self.rules.is_royal(code_kind(self.cell(s as usize)))
                            && self.is_attacked(s, them)
                    })
                }
            }
        }
        false
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        self.in_check(self.side)
    }

    /// Whether and how `us` is in check, and its pinned pieces, in one walk out from the royal
    /// piece.
    pub(crate) fn check_and_pins(&self, us: Color) -> (Check, Pins) {
        if self.has_walls
            || self.rules.attack_regions
            || !self.rules.small_codes
            || self.royal_count[us.index()] != 1
        {
            let check = if self.in_check(us) {
                Check::Unknown
            } else {
                Check::None
            };
            return (check, self.pins(us));
        }
        let mut pins = Pins {
            squares: [0; 24],
            len: 0,
            overflow: false,
        };
        let king = self.royal[us.index()] as isize;
        let them = us.other().index();
        let groups = &self.rules.attacks[them];
        let split = self.rules.first_ride[them];
        let mut check = Check::None;
        for g in &groups[..split] {
            let cell = self.cell((king - g.step.delta) as usize);
            if g.near_hit(cell) {
                check = check.add(g.step.delta, 1);
            }
        }
        for g in &groups[split..] {
            let mut s = king;
            let mut shield: Option<Sq> = None;
            let mut dist = 0u8;
            while dist < g.range {
                dist += 1;
                s -= g.step.delta;
                let cell = self.cell(s as usize);
                if cell == EMPTY {
                    continue;
                }
                if cell == OFFBOARD {
                    break;
                }
                if code_color(cell) == us.index() {
                    if shield.is_some() {
                        break;
                    }
                    shield = Some(s as Sq);
                    continue;
                }
                let hit = if dist == 1 {
                    g.near_hit(cell)
                } else {
                    g.far_hit(cell)
                };
                if hit {
                    match shield {
                        None => check = check.add(g.step.delta, dist),
                        Some(p) if pins.len < pins.squares.len() => {
                            pins.squares[pins.len] = p;
                            pins.len += 1;
                        }
                        Some(_) => pins.overflow = true,
                    }
                }
                break;
            }
        }
        if check.is_check() && self.rules.parallel_lines {
            // One piece may check along two lines, or two checks share a blocking square.
            check = Check::Unknown;
        }
        (check, pins)
    }

    /// Pieces of `us` that shield their (single) royal piece from an enemy rider.
    pub(crate) fn pins(&self, us: Color) -> Pins {
        let mut pins = Pins {
            squares: [0; 24],
            len: 0,
            overflow: false,
        };
        // Under special rules any move may change an attack (a new cannon screen, a horse's
        // leg freed): every piece counts as pinned, so every move is tested.
        if self.royal_count[us.index()] != 1 || self.rules.special {
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
                let cell = self.cell(s as usize);
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
                    if g.codes >> (cell & 127) & 1 == 1 {
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
