//! A position's legal moves counted or listed by the orthodox shapes' pass.

use super::{OrthodoxCount, Pair, PawnShape};
use crate::core::bitboard::bits::{Bits, Ones};
use crate::core::bitboard::legal::{Count, LegalSink, List, DANGER_STEPS};
use crate::core::bitboard::lookup::RideLookup;
use crate::core::bitboard::tables::BitTables;
use crate::core::moves::{Move, MoveFlag};
use crate::core::position::{Position, NO_SQ};

/// The pieces of a pair's codes.
#[inline(always)]
fn pieces(pos: &Position, pair: Pair) -> u64 {
    pos.code_bits::<u64>(pair[0]) | pos.code_bits::<u64>(pair[1])
}

impl OrthodoxCount {
    /// The squares strictly between bits `a` and `b`, which lie on one line of `family`.
    #[inline(always)]
    fn between(family: &RideLookup, a: u32, b: u32) -> u64 {
        family.reach::<u64>(a as usize, 1 << b) & family.reach::<u64>(b as usize, 1 << a)
    }

    /// Every square `by`'s pieces attack with `occupied` as the board.
    #[inline(always)]
    fn danger(&self, pos: &Position, by: usize, occupied: u64) -> u64 {
        let side = &self.sides[by];
        let mut danger = 0;
        if let Some(p) = &side.pawn {
            let pawns = pos.code_bits::<u64>(p.code);
            for (shift, sources) in p.captures {
                danger |= (pawns & sources).shifted(shift);
            }
        }
        for (table, pair) in &side.leapers {
            for from in Ones(pieces(pos, *pair)) {
                danger |= table[from as usize & 63];
            }
        }
        for from in Ones(pos.code_bits::<u64>(side.royal)) {
            danger |= side.royal_steps[from as usize & 63];
        }
        for from in Ones(pieces(pos, side.diagonal)) {
            danger |= self.diagonal.reach::<u64>(from as usize, occupied);
        }
        for from in Ones(pieces(pos, side.orthogonal)) {
            danger |= self.orthogonal.reach::<u64>(from as usize, occupied);
        }
        danger
    }

    /// Is bit `target` attacked by `by`'s pieces, with `occupied` as the board?
    #[inline(always)]
    fn attacked(&self, pos: &Position, target: u32, by: usize, occupied: u64) -> bool {
        let side = &self.sides[by];
        let t = target as usize & 63;
        let mut hit = side.royal_steps[t] & pos.code_bits::<u64>(side.royal);
        if let Some(p) = &side.pawn {
            hit |= p.attackers_of[t] & pos.code_bits::<u64>(p.code);
        }
        for (table, pair) in &side.leapers {
            hit |= table[t] & pieces(pos, *pair);
        }
        hit != 0
            || self.diagonal.reach::<u64>(t, occupied) & pieces(pos, side.diagonal) != 0
            || self.orthogonal.reach::<u64>(t, occupied) & pieces(pos, side.orthogonal) != 0
    }

    /// The legal moves on the board (drops are counted apart) of the side to move, which
    /// has one royal piece, on a board without walls: `legal_walk`'s count.
    #[inline]
    pub(crate) fn count(&self, tables: &BitTables<u64>, pos: &mut Position) -> usize {
        let mut scratch = Vec::new();
        let mut count = Count {
            n: 0,
            extra_promotions: self.extra_promotions,
            scratch: &mut scratch,
        };
        self.walk(tables, pos, &mut count);
        count.n
    }

    /// Appends the legal moves on the board of the side to move (as for `count`), in the
    /// order this pass finds them, not `legal_walk`'s (which the computer players' choices
    /// between equal moves follow): for perft, which only makes them.
    pub(crate) fn list(&self, tables: &BitTables<u64>, pos: &mut Position, out: &mut Vec<Move>) {
        self.walk(tables, pos, &mut List { out });
    }

    #[inline(always)]
    fn walk<S: LegalSink<u64>>(&self, tables: &BitTables<u64>, pos: &mut Position, sink: &mut S) {
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions {
            // SAFETY: `build` found the instructions on this processor.
            return unsafe { self.walk_with_bit_instructions(tables, pos, sink) };
        }
        self.walk_body(tables, pos, sink)
    }

    /// `walk` compiled with the population count and BMI instructions, which baseline
    /// x86-64 lacks (a count without them is a dozen instructions, and a count makes about
    /// twenty a position). The lookups need BMI2 anyway, so every processor that builds
    /// them has these.
    ///
    /// # Safety
    /// The processor has `popcnt`, `bmi1` and `bmi2`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    unsafe fn walk_with_bit_instructions<S: LegalSink<u64>>(
        &self,
        tables: &BitTables<u64>,
        pos: &mut Position,
        sink: &mut S,
    ) {
        self.walk_body(tables, pos, sink)
    }

    #[inline(always)]
    fn walk_body<S: LegalSink<u64>>(
        &self,
        tables: &BitTables<u64>,
        pos: &mut Position,
        sink: &mut S,
    ) {
        let us = pos.side.index();
        let them = us ^ 1;
        let (me, foe) = (&self.sides[us], &self.sides[them]);
        let own = pos.side_bits::<u64>(us);
        let enemy = pos.side_bits::<u64>(them);
        let occupied = own | enemy;
        let king = u32::from(pos.rules.bit_of[pos.royal[us] as usize]) & 63;
        let king_bit = 1u64 << king;
        let their_diagonal = pieces(pos, foe.diagonal);
        let their_orthogonal = pieces(pos, foe.orthogonal);

        // Checks: what attacks the royal piece's square.
        let diagonal_seen = self.diagonal.reach::<u64>(king as usize, occupied);
        let orthogonal_seen = self.orthogonal.reach::<u64>(king as usize, occupied);
        let mut checkers = foe.royal_steps[king as usize] & pos.code_bits::<u64>(foe.royal)
            | diagonal_seen & their_diagonal
            | orthogonal_seen & their_orthogonal;
        if let Some(p) = &foe.pawn {
            checkers |= p.attackers_of[king as usize] & pos.code_bits::<u64>(p.code);
        }
        for (table, pair) in &foe.leapers {
            checkers |= table[king as usize] & pieces(pos, *pair);
        }
        let checks = checkers.count_ones();
        if checks < 2 {
            let answers = if checks == 0 {
                !0
            } else {
                // A rider's check is answered on its line too; a leaper's (even one whose
                // step lies along a line) only by taking it.
                let at = checkers.trailing_zeros();
                let line = if diagonal_seen & checkers & their_diagonal != 0 {
                    Self::between(&self.diagonal, king, at)
                } else if orthogonal_seen & checkers & their_orthogonal != 0 {
                    Self::between(&self.orthogonal, king, at)
                } else {
                    0
                };
                checkers | line
            };
            let targets = !own & answers;
            // Pins: an enemy rider that sees the royal piece through exactly one of ours.
            let mut pinned = 0;
            for (family, riders) in [
                (&self.diagonal, their_diagonal),
                (&self.orthogonal, their_orthogonal),
            ] {
                for pinner in Ones(family.reach::<u64>(king as usize, enemy) & riders) {
                    let line = Self::between(family, king, pinner);
                    let shield = line & own;
                    if shield.count_ones() != 1 {
                        continue;
                    }
                    pinned |= shield;
                    // In check, a pinned piece has no move: its line meets the check's only at
                    // the royal piece (lines that meet elsewhere, `parallel_lines`, are refused).
                    if checks == 0 {
                        self.pinned_moves(pos, shield, line | 1 << pinner, sink);
                    }
                }
            }
            let free = own & !pinned & !king_bit;
            if let Some(p) = &me.pawn {
                let pawns = pos.code_bits::<u64>(p.code) & free;
                self.pawn_moves(pos, p, pawns, answers, sink);
                if p.en_passant && pos.ep != NO_SQ {
                    Self::en_passant(tables, pos, p, occupied, sink);
                }
            }
            for (table, pair) in &me.leapers {
                for from in Ones(pieces(pos, *pair) & free) {
                    let to = table[from as usize & 63] & targets;
                    sink.piece_targets(pos, from as usize, to, 0);
                }
            }
            for from in Ones(pieces(pos, me.diagonal) & free) {
                let to = self.diagonal.reach::<u64>(from as usize, occupied) & targets;
                sink.piece_targets(pos, from as usize, to, 0);
            }
            for from in Ones(pieces(pos, me.orthogonal) & free) {
                let to = self.orthogonal.reach::<u64>(from as usize, occupied) & targets;
                sink.piece_targets(pos, from as usize, to, 0);
            }
        }
        // The royal piece's steps, judged with it lifted (it shields no square behind it).
        let steps = me.royal_steps[king as usize] & !own;
        let lifted = occupied & !king_bit;
        let castling = checks == 0 && tables.castling_open(pos) == Some(true);
        let safe = if castling || steps.count_ones() >= DANGER_STEPS {
            let danger = self.danger(pos, them, lifted);
            if castling {
                tables.castle_by_masks(pos, danger, sink);
            }
            steps & !danger
        } else {
            Ones(steps)
                .filter(|&to| !self.attacked(pos, to, them, lifted))
                .fold(0, |m, to| m | 1 << to)
        };
        sink.piece_targets(pos, king as usize, safe, 0);
    }

    /// The moves of the pawns `pawns` that land on `answers` (all of them, or a pinned
    /// pawn's line).
    #[inline(always)]
    fn pawn_moves<S: LegalSink<u64>>(
        &self,
        pos: &Position,
        p: &PawnShape,
        pawns: u64,
        answers: u64,
        sink: &mut S,
    ) {
        let us = pos.side.index();
        let enemy = pos.side_bits::<u64>(us ^ 1);
        let empty = !(pos.side_bits::<u64>(us) | enemy);
        let (shift, sources) = p.push;
        let one = (pawns & sources).shifted(shift) & empty;
        sink.shifted(pos, one & answers, shift, MoveFlag::Normal, p.promotion);
        if let Some((origins, range, flag)) = p.double {
            // A double step lands without promoting, wherever it lands (as `legal_walk`).
            let mut front = pawns & origins;
            for _ in 0..range {
                front = (front & sources).shifted(shift) & empty;
            }
            sink.shifted(pos, front & answers, shift * range as i32, flag, 0);
        }
        for (shift, sources) in p.captures {
            let taken = (pawns & sources).shifted(shift) & enemy & answers;
            sink.shifted(pos, taken, shift, MoveFlag::Normal, p.promotion);
        }
    }

    /// The moves of the pinned piece on `shield` along `line` (its pin: the squares up to
    /// the pinner and the pinner's), out of check.
    #[cold]
    fn pinned_moves<S: LegalSink<u64>>(
        &self,
        pos: &Position,
        shield: u64,
        line: u64,
        sink: &mut S,
    ) {
        let us = pos.side.index();
        let me = &self.sides[us];
        let from = shield.trailing_zeros() as usize;
        let own = pos.side_bits::<u64>(us);
        let occupied = own | pos.side_bits::<u64>(us ^ 1);
        let mut to = 0;
        if pieces(pos, me.diagonal) & shield != 0 {
            to |= self.diagonal.reach::<u64>(from, occupied);
        }
        if pieces(pos, me.orthogonal) & shield != 0 {
            to |= self.orthogonal.reach::<u64>(from, occupied);
        }
        for (table, pair) in &me.leapers {
            if pieces(pos, *pair) & shield != 0 {
                to |= table[from & 63];
            }
        }
        sink.piece_targets(pos, from, to & line & !own, 0);
        if let Some(p) = &me.pawn {
            if pos.code_bits::<u64>(p.code) & shield != 0 {
                self.pawn_moves(pos, p, shield, line, sink);
            }
        }
    }

    /// The legal en passant captures of the side to move's pawns (pinned or not), each
    /// tested by making it.
    #[cold]
    fn en_passant<S: LegalSink<u64>>(
        tables: &BitTables<u64>,
        pos: &mut Position,
        p: &PawnShape,
        occupied: u64,
        sink: &mut S,
    ) {
        let ep = pos.rules.cell_bit[pos.ep as usize] as u64;
        // Nothing is taken on an occupied square, nor on a cell off the board.
        if ep == 0 || ep & occupied != 0 {
            return;
        }
        let us = pos.side.index();
        let pawns = pos.code_bits::<u64>(p.code);
        for from in Ones(p.attackers_of[ep.trailing_zeros() as usize & 63] & pawns) {
            tables.en_passant(pos, from as usize, us, sink);
        }
    }
}
