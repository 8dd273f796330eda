//! Attacks on bitboards: is a square attacked, and how is a royal piece checked or shielded.

use crate::core::bitboard::bits::Bits;
use crate::core::bitboard::tables::{AttackSet, BitTables, Reach};
use crate::core::position::Position;
use crate::core::rules::NO_WALL;

/// The checkers of a royal piece, the squares that answer a single check, and the pinned pieces.
pub(crate) struct Threats<B> {
    pub checkers: B,
    /// The checker's square and, for a rider, the squares between it and the royal piece.
    pub answers: B,
    pub pinned: B,
    /// Per pin, the squares from the royal piece to the pinner, the pinner's included:
    /// where the pinned piece may still go.
    pub pin_lines: B,
}

impl Position {
    /// The stored bitboard of a piece code (or of an empty set past the table).
    #[inline(always)]
    pub(crate) fn code_bits<B: Bits>(&self, code: u8) -> B {
        // SAFETY: `bb` has a word for every code of the rules' piece table; callers pass codes
        // built from that table.
        debug_assert!((code as usize) < self.bb.len());
        B::from_halves(unsafe { *self.bb.get_unchecked(code as usize) })
    }

    #[inline(always)]
    pub(crate) fn side_bits<B: Bits>(&self, color: usize) -> B {
        B::from_halves(self.occ[color])
    }

    #[inline(always)]
    pub(crate) fn wall_bits<B: Bits>(&self, dir: u8) -> B {
        if dir == NO_WALL {
            B::ZERO
        } else {
            B::from_wide(self.wall_bb[dir as usize & 7])
        }
    }
}

/// A per-square table's entry for bit `square`, which the caller has checked against a
/// table of the same rules (every per-square table has one entry per bit of the board).
#[inline(always)]
fn at<B: Bits>(table: &[B], square: usize) -> B {
    debug_assert!(square < table.len());
    // SAFETY: see above: `attacked_by`, the only caller, returns before any read when
    // `square` is past its `near` table, and the per-square tables are all that long.
    unsafe { *table.get_unchecked(square) }
}

/// The squares a ride reaches from `from` before and including the first square in `stops`.
#[inline(always)]
pub(crate) fn ride<B: Bits>(reach: &Reach<B>, from: usize, stops: B) -> B {
    debug_assert!(from < reach.squares.len());
    // SAFETY: `from` is a square's bit, and the tables have one entry per square.
    let ray = unsafe { *reach.squares.get_unchecked(from) };
    let blockers = ray & stops;
    if blockers.is_zero() {
        ray
    } else {
        let first = blockers.first(reach.rises) as usize;
        debug_assert!(first < reach.beyond.len());
        // SAFETY: `first` is a bit of `ray`, a set of squares.
        ray & !unsafe { *reach.beyond.get_unchecked(first) }
    }
}

impl<B: Bits> BitTables<B> {
    /// Every occupied square but those in `lifted` (a stored 128-bit mask).
    #[inline(always)]
    pub(crate) fn occupied(&self, pos: &Position, lifted: u128) -> B {
        (pos.side_bits::<B>(0) | pos.side_bits::<B>(1)) & !B::from_wide(lifted)
    }

    #[inline(always)]
    fn attackers(&self, pos: &Position, set: &AttackSet<B>) -> B {
        let [a, b] = set.first_codes;
        let first = pos.code_bits::<B>(a) | pos.code_bits::<B>(b);
        set.codes
            .get(2..)
            .unwrap_or_default()
            .iter()
            .fold(first, |m, &code| m | pos.code_bits::<B>(code))
    }

    /// Squares next to `target` whose step onto it a wall blocks.
    fn walled_off(&self, pos: &Position, target: usize) -> B {
        let mut m = B::ZERO;
        for d in 0..8u8 {
            // The square one step back from the target, stepping in direction `d`.
            m |= self.unit[((d + 4) & 7) as usize][target] & pos.wall_bits::<B>(d);
        }
        m
    }

    /// Is the square with bit `target` attacked by `by`'s pieces, with `occupied` as the board?
    pub(crate) fn attacked(&self, pos: &Position, target: usize, by: usize, occupied: B) -> bool {
        self.attacked_without(pos, target, by, occupied, B::ZERO)
    }

    /// `attacked`, with the pieces on `taken` gone (a capture the move being tested makes).
    pub(crate) fn attacked_without(
        &self,
        pos: &Position,
        target: usize,
        by: usize,
        occupied: B,
        taken: B,
    ) -> bool {
        let pieces = pos.side_bits::<B>(by) & !taken;
        self.attacked_by(pos, target, by, occupied, pieces, |set| {
            self.attackers(pos, set) & !taken
        })
    }

    /// Does the move `from`→`to` of the side to move (neither castling, en passant nor a
    /// drop), its piece's code `before` becoming `after`, attack the square with bit
    /// `target`? The position is as before the move: the piece is moved in the attackers'
    /// sets and the occupancy, not on the board.
    pub(crate) fn attacks_after(
        &self,
        pos: &Position,
        target: usize,
        (from, to): (usize, usize),
        (before, after): (u8, u8),
    ) -> bool {
        let (from_bit, to_bit) = (B::bit(from as u32), B::bit(to as u32));
        let occupied = (self.occupied(pos, 0) & !from_bit) | to_bit;
        let pieces = (pos.side_bits::<B>(pos.side.index()) & !from_bit) | to_bit;
        self.attacked_by(pos, target, pos.side.index(), occupied, pieces, |set| {
            set.codes.iter().fold(B::ZERO, |m, &code| {
                let mut b = pos.code_bits::<B>(code);
                if code == before {
                    b &= !from_bit;
                }
                if code == after {
                    b |= to_bit;
                }
                m | b
            })
        })
    }

    /// Is `target` attacked by `by`'s pieces, with `occupied` as the board and each attack
    /// set's attackers as `attackers_of` gives them? `pieces` holds every attacker of every
    /// set (it may hold more): a set none of them could attack `target` from is passed over
    /// before its attackers are gathered (a piece kind at a time, that was most of the cost).
    #[inline(always)]
    fn attacked_by(
        &self,
        pos: &Position,
        target: usize,
        by: usize,
        occupied: B,
        pieces: B,
        attackers_of: impl Fn(&AttackSet<B>) -> B,
    ) -> bool {
        let walls = pos.has_walls;
        // Looked up only for a set with a region: most have none (and a division by the
        // board's width, done up front, was an eighth of this test's time).
        let outside = |set: &AttackSet<B>| {
            set.region
                .is_some_and(|(lo, hi)| !(lo..=hi).contains(&self.rank[target]))
        };
        let (leaps, near) = &self.leaps[by];
        // A bit past the board (a padding square's, from a public caller) stands on no
        // table, and nothing attacks it; past this test the tables are read unchecked.
        let Some(&near_target) = near.get(target) else {
            return false;
        };
        // The single-step sets come first (`attack_sets` sorts them there).
        let (leap_sets, ride_sets) = self.attacks[by].split_at(*leaps);
        // Single steps first, and only when one of `by`'s pieces stands where some step
        // could come from: mostly none does (the king is rarely next to a pawn, a knight or
        // the other king), and the sets are passed over in one test.
        if !(near_target & pieces).is_zero() {
            for set in leap_sets {
                let Some(leap) = &set.leap else { continue };
                let near = at(leap, target) & pieces;
                if near.is_zero() || outside(set) {
                    continue;
                }
                let mut hits = near & attackers_of(set);
                if walls && !hits.is_zero() {
                    hits &= !self.walled_off(pos, target);
                }
                if !hits.is_zero() {
                    return true;
                }
            }
        }
        for set in ride_sets {
            debug_assert!(set.leap.is_none(), "single steps are sorted first");
            let lines = at(&set.lines, target) & pieces;
            if lines.is_zero() || outside(set) {
                continue;
            }
            let attackers = attackers_of(set);
            if (lines & attackers).is_zero() {
                continue;
            }
            if let (Some(lookup), false) = (&set.rides_lookup, walls) {
                if !(lookup.reach(target, occupied) & attackers).is_zero() {
                    return true;
                }
                continue;
            }
            for r in &set.rides {
                let ray = r.squares[target];
                let wall = if walls {
                    pos.wall_bits::<B>(r.wall)
                } else {
                    B::ZERO
                };
                let stops = ray & (occupied | wall);
                if stops.is_zero() {
                    continue;
                }
                let first = stops.first(r.rises);
                if attackers.has(first) && !wall.has(first) {
                    return true;
                }
            }
        }
        false
    }

    /// Every square `by` attacks with `occupied` as the board (no walls): a danger map. With
    /// the defending king left out of `occupied`, a king step is safe exactly where the map
    /// is clear. Single steps move all their pieces in one shift; rides go piece by piece.
    pub(crate) fn danger(&self, pos: &Position, by: usize, occupied: B) -> B {
        let mut danger = B::ZERO;
        for set in &self.attacks[by] {
            let attackers = self.attackers(pos, set);
            if attackers.is_zero() {
                continue;
            }
            let mut hit = B::ZERO;
            if let Some(steps) = &set.leap_forward {
                if attackers.without_lowest().without_lowest().is_zero() {
                    // One or two pieces: a lookup each beats a shift per vector.
                    for from in crate::core::bitboard::bits::Ones(attackers) {
                        hit |= steps[from as usize];
                    }
                } else {
                    for r in &set.forward {
                        hit |= (attackers & r.sources).shifted(r.shift);
                    }
                }
            } else if let Some(lookup) = &set.forward_lookup {
                for from in crate::core::bitboard::bits::Ones(attackers) {
                    hit |= lookup.reach(from as usize, occupied);
                }
            } else {
                for from in crate::core::bitboard::bits::Ones(attackers) {
                    for r in &set.forward {
                        hit |= ride(r, from as usize, occupied);
                    }
                }
            }
            danger |= hit & set.region_mask;
        }
        danger
    }

    /// Does the move `from`→`to` (neither castling nor en passant) of the side to move leave
    /// its single royal piece on `king` unattacked?
    pub(crate) fn safe_after(&self, pos: &Position, from: usize, to: usize, king: usize) -> bool {
        let us = pos.side.index();
        let (from_bit, to_bit) = (B::bit(from as u32), B::bit(to as u32));
        let occupied = (self.occupied(pos, 0) & !from_bit) | to_bit;
        let target = if king == from { to } else { king };
        !self.attacked_without(pos, target, us ^ 1, occupied, to_bit)
    }

    /// The pin line through bit `pinned` (a piece `threats` found pinned to the royal piece
    /// on bit `king`, colour `us`), when no two lines meet: the ray from the royal piece
    /// through it, cut to its pin. The rides' rays are merged by direction: a ride of
    /// shorter range along the same line may stop before the pinner (a knightrider's two
    /// steps beside an unlimited one), and taken alone it left out the pinner's capture.
    pub(crate) fn pin_line(&self, threats: &Threats<B>, king: usize, us: usize, pinned: u32) -> B {
        for rays in &self.pin_rays[us ^ 1] {
            let ray = rays[king];
            if ray.has(pinned) {
                return ray & threats.pin_lines;
            }
        }
        B::ZERO
    }

    /// Checks of the royal piece on bit `king` (colour `us`) and the pieces pinned to it, on a
    /// board without walls.
    pub(crate) fn threats(&self, pos: &Position, king: usize, us: usize) -> Threats<B> {
        let own = pos.side_bits::<B>(us);
        let them = pos.side_bits::<B>(us ^ 1);
        let occupied = own | them;
        let files = pos.rules.shape.files() as usize;
        let mut t = Threats {
            checkers: B::ZERO,
            answers: B::ZERO,
            pinned: B::ZERO,
            pin_lines: B::ZERO,
        };
        let (leaps, near) = &self.leaps[us ^ 1];
        let sets = if (near[king] & them).is_zero() {
            &self.attacks[us ^ 1][*leaps..]
        } else {
            &self.attacks[us ^ 1][..]
        };
        for set in sets {
            if let Some((lo, hi)) = set.region {
                let rank = (king / files) as u8;
                if rank < lo || rank > hi {
                    continue;
                }
            }
            // As in `attacked_by`: enemy pieces where this set could check from, before its
            // attackers are gathered.
            if let Some(leap) = &set.leap {
                let near = leap[king] & them;
                if near.is_zero() {
                    continue;
                }
                let hits = near & self.attackers(pos, set);
                t.checkers |= hits;
                t.answers |= hits;
                continue;
            }
            if (set.lines[king] & them).is_zero() {
                continue;
            }
            let attackers = self.attackers(pos, set);
            if (set.lines[king] & attackers).is_zero() {
                continue;
            }
            if let Some(lookup) = &set.rides_lookup {
                // The rays from the king, and again with the first own pieces on them lifted:
                // no attacker on either, no check and no pin along this set's lines.
                let seen = lookup.reach(king, occupied);
                let behind = lookup.reach(king, occupied & !(seen & own));
                if ((seen | behind) & attackers).is_zero() {
                    continue;
                }
            }
            for r in &set.rides {
                let ray = r.squares[king];
                let stops = ray & occupied;
                if stops.is_zero() {
                    continue;
                }
                let first = stops.first(r.rises);
                if attackers.has(first) {
                    t.checkers |= B::bit(first);
                    t.answers |= ray & !r.beyond[first as usize];
                } else if own.has(first) {
                    let beyond = stops ^ B::bit(first);
                    if beyond.is_zero() {
                        continue;
                    }
                    let pinner = beyond.first(r.rises);
                    if attackers.has(pinner) {
                        t.pinned |= B::bit(first);
                        t.pin_lines |= ray & !r.beyond[pinner as usize];
                    }
                }
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use crate::core::Color;

    #[test]
    fn a_cell_off_the_board_is_not_attacked() {
        // Cell 0 is padding: it has no bit and no entry in any table. The public test
        // answers for it, and the attack test's unchecked reads never see it.
        let pos = crate::variants::standard::start();
        assert!(pos.rules().bits.is_some());
        assert!(!pos.rules().shape.squares().any(|sq| sq == 0));
        for by in Color::BOTH {
            assert!(!pos.is_attacked(0, by));
        }
    }
}
