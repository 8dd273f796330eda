//! Attack tests in one short pass, for the attack sets' common shape.
//!
//! Reading a game's moves tests one candidate per move: does it leave the mover's royal
//! piece attacked? `BitTables::attacked_by` answers that for any set of rules (regions,
//! walls, any number of codes per set), and the way to it (the rules' flags, the backend's
//! word, the per-set options) cost more than the test itself: about 185 instructions a move,
//! and a seventh of `standard validate`'s time on tournament games. Where every attack set
//! is in the common shape (no region, at most two piece codes, a single step's table or a
//! ride's lookup) and the board fits one 64-bit word, `Rules` keeps this copy of the sets,
//! laid out for the two questions asked most outside the legal walk: is a square attacked,
//! and is the royal piece safe after a plain move. It is built from the same `AttackSet`s,
//! so both answer alike; `tests` checks it against the general tests anyway.

use crate::core::bitboard::lookup::RideLookup;
use crate::core::bitboard::tables::{AttackSet, BitTables};
use crate::core::position::Position;

/// One colour's attacks, as [`QuickAttacks`] reads them.
struct QuickSide {
    /// Per target bit, every square some single step attacks it from (no attacker there:
    /// no single step attacks the target, and `leaps` is passed over).
    near: Box<[u64; 64]>,
    /// Single steps: per target bit, where an attacker stands; the two codes that attack so
    /// (padded with `EMPTY`, whose bitboard no piece sets).
    leaps: Vec<(Box<[u64; 64]>, [u8; 2])>,
    /// Rides: the lookup of the squares they reach from a target (where an attacker stands)
    /// and the codes that ride so.
    rides: Vec<(RideLookup, [u8; 2])>,
}

/// Both colours' attacks in the common shape: built by [`QuickAttacks::build`] where every set
/// of the tables has it (whatever else the rules say: callers ask it only what the general
/// tests would be asked).
pub(crate) struct QuickAttacks {
    sides: [QuickSide; 2],
    /// The board's squares (64 at most): the bits the tables have entries for.
    squares: usize,
}

impl std::fmt::Debug for QuickAttacks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("QuickAttacks")
    }
}

impl QuickAttacks {
    /// The sets of `tables` in the short form, or `None` where one of them is not in the
    /// common shape (the general test then answers every move).
    pub(crate) fn build(tables: &BitTables<u64>) -> Option<QuickAttacks> {
        let side = |sets: &[AttackSet<u64>]| -> Option<QuickSide> {
            let mut near = Box::new([0u64; 64]);
            let mut leaps = Vec::new();
            let mut rides = Vec::new();
            for set in sets {
                if set.region.is_some() || set.codes.len() > 2 {
                    return None;
                }
                match (&set.leap, &set.rides_lookup) {
                    (Some(leap), _) => {
                        let mut table = Box::new([0u64; 64]);
                        for (t, (slot, &from)) in table.iter_mut().zip(leap).enumerate() {
                            *slot = from;
                            near[t] |= from;
                        }
                        leaps.push((table, set.first_codes));
                    }
                    (None, Some(lookup)) => rides.push((lookup.clone(), set.first_codes)),
                    (None, None) => return None,
                }
            }
            Some(QuickSide { near, leaps, rides })
        };
        let squares = tables.rank.len();
        if squares > 64 {
            return None;
        }
        Some(QuickAttacks {
            sides: [side(&tables.attacks[0])?, side(&tables.attacks[1])?],
            squares,
        })
    }

    /// Is the square with bit `target` attacked by `by`'s pieces, with `occupied` as the
    /// board and the pieces on `taken` gone? On a board without walls. The answer of
    /// `BitTables::attacked_without`; a bit past the board is attacked by nothing.
    #[inline]
    pub(crate) fn attacked(
        &self,
        pos: &Position,
        target: usize,
        by: usize,
        occupied: u64,
        taken: u64,
    ) -> bool {
        if target >= self.squares {
            return false;
        }
        let side = &self.sides[by];
        let pieces = pos.side_bits::<u64>(by) & !taken;
        let codes = |[a, b]: [u8; 2]| pos.code_bits::<u64>(a) | pos.code_bits::<u64>(b);
        if side.near[target] & pieces != 0 {
            for (table, pair) in &side.leaps {
                if table[target] & pieces & codes(*pair) != 0 {
                    return true;
                }
            }
        }
        side.rides.iter().any(|(lookup, pair)| {
            lookup.reach::<u64>(target, occupied) & pieces & codes(*pair) != 0
        })
    }

    /// Does the move from bit `from` to bit `to` (no castling, no en passant, no drop) of
    /// the side to move leave its single royal piece, on bit `king`, unattacked? On a board
    /// without walls. The answer of `BitTables::safe_after`.
    #[inline]
    pub(crate) fn safe_after(&self, pos: &Position, from: usize, to: usize, king: usize) -> bool {
        let (from_bit, to_bit) = (1u64 << (from & 63), 1u64 << (to & 63));
        let occupied = ((pos.side_bits::<u64>(0) | pos.side_bits::<u64>(1)) & !from_bit) | to_bit;
        let target = if king == from { to } else { king };
        // A piece on the destination is captured: it attacks nothing after the move.
        !self.attacked(pos, target, pos.side.index() ^ 1, occupied, to_bit)
    }
}

#[cfg(test)]
mod tests {
    use crate::core::bitboard::{random_games, BitBackend};
    use crate::core::movegen::MoveSink;
    use crate::core::moves::{Move, MoveFlag};

    struct All(Vec<Move>);
    impl MoveSink for All {
        fn push(&mut self, m: Move) {
            self.0.push(m);
        }
    }

    /// Along random games of FIDE chess and the shipped variants that have the short form
    /// (their boards fit 64 squares, without regions), every square and every plain
    /// pseudo-legal move: the short tests answer as the general ones do. Boards with walls are
    /// left out: every caller asks the short tests only where there are none.
    #[test]
    fn the_short_test_answers_as_the_general_one() {
        let mut tested = 0usize;
        let mut positions = vec![crate::variants::standard::start()];
        for file in crate::variants::custom::builtin::shipped() {
            if let Some(Ok(pos)) = file.open().map(|s| s.variant.start_position()) {
                positions.push(pos);
            }
        }
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for start in positions.into_iter().filter(|p| !p.has_walls) {
            let rules = start.rules().clone();
            let (Some(quick), Some(bits)) = (rules.quick_attacks.as_ref(), rules.bits.as_deref())
            else {
                continue;
            };
            let BitBackend::Narrow(t) = bits else {
                continue;
            };
            random_games::play(&start, 8, 80, &mut rng, |pos| {
                let us = pos.side.index();
                let occupied = t.occupied(pos, 0);
                for target in 0..64 {
                    for by in 0..2 {
                        // A bit past the board: attacked by nothing, as a padding cell.
                        let general =
                            target < t.rank.len() && t.attacked(pos, target, by, occupied);
                        assert_eq!(
                            quick.attacked(pos, target, by, occupied, 0),
                            general,
                            "bit {target} by {by} in {}",
                            pos.diagram()
                        );
                    }
                }
                if pos.royal_count[us] == 1 && !pos.has_walls {
                    let king = rules.bit_of[pos.royal[us] as usize] as usize;
                    let mut all = All(Vec::new());
                    for from in pos.pieces(pos.side) {
                        pos.piece_moves(from, &mut all);
                    }
                    for m in all.0 {
                        if !matches!(m.flag, MoveFlag::Normal | MoveFlag::DoubleStep) {
                            continue;
                        }
                        let (f, to) = (
                            rules.bit_of[m.from as usize] as usize,
                            rules.bit_of[m.to as usize] as usize,
                        );
                        assert_eq!(
                            quick.safe_after(pos, f, to, king),
                            t.safe_after(pos, f, to, king),
                            "{m:?} in {}",
                            pos.diagram()
                        );
                        tested += 1;
                    }
                }
            });
        }
        if crate::core::bitboard::lookup::fast_pext() {
            assert!(tested > 10_000, "only {tested} moves tested");
        } else {
            // Rides are walked here, not looked up: no rules have the short form.
            assert_eq!(tested, 0);
        }
    }
}
