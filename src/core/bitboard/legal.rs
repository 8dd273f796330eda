//! Legal moves on bitboards when the side to move has one royal piece and the board has no
//! walls, counted (perft's last ply) or listed by the same walk.
//!
//! Pieces that are neither royal nor pinned can only land where they answer a check, so their
//! moves are taken set-wise and need no test: single and double steps move every piece of a
//! kind in one shift, the other parts go piece by piece. Pinned pieces, en passant captures
//! and the royal piece's moves are tested one by one.

use std::sync::Arc;

use crate::core::bitboard::bits::{Bits, Ones};
use crate::core::bitboard::movegen::{push_to, Board};
use crate::core::bitboard::quick::QuickAttacks;
use crate::core::bitboard::tables::{BitTables, ComponentBits};
use crate::core::geometry::Color;
use crate::core::movegen::{AttackMemo, MoveSink};
use crate::core::moves::{Move, MoveFlag, Part};
use crate::core::piece::{code_kind, Piece};
use crate::core::position::Position;
use crate::core::rules::Rules;

/// Where the walk puts the legal moves it finds.
pub(crate) trait LegalSink<B: Bits>: MoveSink {
    /// The moves from bit `from` to each of `targets`, those in `promo` once per promotion
    /// kind.
    fn piece_targets(&mut self, pos: &Position, from: usize, targets: B, promo: B);
    /// The moves to each of `targets` from the bit `shift` below it, with `flag`, those in
    /// `promo` once per promotion kind.
    fn shifted(&mut self, pos: &Position, targets: B, shift: i32, flag: MoveFlag, promo: B);
    /// The buffer for moves still to be tested; the walk appends to it and keeps, after what
    /// it held, only the moves that pass.
    fn untested(&mut self) -> &mut Vec<Move>;
    /// `kept` of the untested moves passed.
    fn passed(&mut self, kept: usize);
    /// Has the sink all it asks for, so that the walk may stop?
    #[inline(always)]
    fn satisfied(&self) -> bool {
        false
    }
}

/// Asks only whether there is a legal move: the walk stops at the first kind that has one
/// (a game's final status: checkmate and stalemate need no more).
pub(crate) struct Any<'a> {
    pub(crate) found: bool,
    pub(crate) scratch: &'a mut Vec<Move>,
}

impl MoveSink for Any<'_> {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.found = true;
    }
}

impl<B: Bits> LegalSink<B> for Any<'_> {
    #[inline(always)]
    fn piece_targets(&mut self, _pos: &Position, _from: usize, targets: B, _promo: B) {
        self.found |= !targets.is_zero();
    }
    #[inline(always)]
    fn shifted(&mut self, _pos: &Position, targets: B, _shift: i32, _flag: MoveFlag, _promo: B) {
        self.found |= !targets.is_zero();
    }
    fn untested(&mut self) -> &mut Vec<Move> {
        self.scratch
    }
    fn passed(&mut self, kept: usize) {
        self.found |= kept > 0;
    }
    #[inline(always)]
    fn satisfied(&self) -> bool {
        self.found
    }
}

/// Counts the moves (`scratch` holds the ones to test).
pub(crate) struct Count<'a> {
    pub(crate) n: usize,
    /// Promotion kinds beyond the first: a promoting move counts once plus this.
    pub(crate) extra_promotions: usize,
    pub(crate) scratch: &'a mut Vec<Move>,
}

impl MoveSink for Count<'_> {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.n += 1;
    }
}

impl<B: Bits> LegalSink<B> for Count<'_> {
    #[inline(always)]
    fn piece_targets(&mut self, _pos: &Position, _from: usize, targets: B, promo: B) {
        self.n +=
            targets.count() as usize + (targets & promo).count() as usize * self.extra_promotions;
    }
    #[inline(always)]
    fn shifted(&mut self, _pos: &Position, targets: B, _shift: i32, _flag: MoveFlag, promo: B) {
        self.n +=
            targets.count() as usize + (targets & promo).count() as usize * self.extra_promotions;
    }
    fn untested(&mut self) -> &mut Vec<Move> {
        self.scratch
    }
    fn passed(&mut self, kept: usize) {
        self.n += kept;
    }
}

/// Appends the moves to `out`.
pub(crate) struct List<'a> {
    pub(crate) out: &'a mut Vec<Move>,
}

impl MoveSink for List<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.out.push(m);
    }
}

impl<B: Bits> LegalSink<B> for List<'_> {
    #[inline(always)]
    fn piece_targets(&mut self, pos: &Position, from: usize, targets: B, promo: B) {
        put_targets(pos, self.out, from, targets, promo);
    }
    #[inline(always)]
    fn shifted(&mut self, pos: &Position, targets: B, shift: i32, flag: MoveFlag, promo: B) {
        put_shifted(pos, self.out, targets, shift, flag, promo);
    }
    fn untested(&mut self) -> &mut Vec<Move> {
        self.out
    }
    fn passed(&mut self, _kept: usize) {}
}

/// `LegalSink::piece_targets` for a sink that keeps every move.
#[inline(always)]
pub(super) fn put_targets<B: Bits, S: MoveSink>(
    pos: &Position,
    out: &mut S,
    from: usize,
    targets: B,
    promo: B,
) {
    let from = pos.rules.bit_cell[from];
    for to in Ones(targets) {
        push_to(pos, out, from, to, promo);
    }
}

/// `LegalSink::shifted` for a sink that keeps every move.
#[inline(always)]
pub(super) fn put_shifted<B: Bits, S: MoveSink>(
    pos: &Position,
    out: &mut S,
    targets: B,
    shift: i32,
    flag: MoveFlag,
    promo: B,
) {
    let cells = &pos.rules.bit_cell;
    for to in Ones(targets) {
        let from = cells[(to as i32 - shift) as usize];
        if flag == MoveFlag::Normal {
            push_to(pos, out, from, to, promo);
        } else {
            out.push(Move {
                from,
                to: cells[to as usize],
                promotion: None,
                flag,
                part: Part::None,
            });
        }
    }
}

/// King steps from which the danger map beats testing each step alone.
pub(super) const DANGER_STEPS: u32 = 3;

impl BitTables<u64> {
    /// Whether the side to move's single royal piece has a plain step to a square no enemy
    /// piece attacks once it stands there: a legal move, as the walk would find it (its
    /// royal steps are tested so too), found without the walk. For a board without walls
    /// where the side has one royal piece and king safety holds.
    pub(crate) fn royal_step_safe(&self, pos: &Position, quick: &QuickAttacks) -> bool {
        let us = pos.side.index();
        let king_cell = pos.royal[us];
        let king = pos.rules.bit_of[king_cell as usize] as usize;
        let kb = &self.kinds[us][code_kind(pos.cell(king_cell as usize)) as usize];
        if !kb.all_plain {
            return false;
        }
        let own = pos.side_bits::<u64>(us);
        let occupied = own | pos.side_bits::<u64>(us ^ 1);
        let Some(reach) = kb.merged_reach(king, occupied) else {
            return false;
        };
        Ones(reach & !own).any(|to| quick.safe_after(pos, king, to as usize, king))
    }
}

impl<B: Bits> BitTables<B> {
    /// The legal moves into `sink`; `false` (and nothing in `sink`) when this walk does not
    /// apply: the side is in check and one piece may check along two lines, or two checks share
    /// a blocking square, so that only testing every move is right.
    pub(crate) fn legal_walk<S: LegalSink<B>>(&self, pos: &mut Position, sink: &mut S) -> bool {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the instruction (checked just above).
            return unsafe { self.legal_walk_popcnt(pos, sink) };
        }
        self.legal_walk_body(pos, sink)
    }

    /// `legal_walk` compiled with the population count instruction, which baseline x86-64
    /// lacks (without it, a count is a dozen instructions; counting is most of perft's last
    /// ply). Chosen at run time, so the binary still runs on any x86-64.
    ///
    /// # Safety
    /// The processor has `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn legal_walk_popcnt<S: LegalSink<B>>(&self, pos: &mut Position, sink: &mut S) -> bool {
        self.legal_walk_body(pos, sink)
    }

    #[inline(always)]
    fn legal_walk_body<S: LegalSink<B>>(&self, pos: &mut Position, sink: &mut S) -> bool {
        let us = pos.side.index();
        // SAFETY: testing moves never replaces `pos.rules`, and the `Arc` keeps it alive for as
        // long as `pos`; a reference through the pointer spares an atomic reference count.
        let rules: &Rules = unsafe { &*Arc::as_ptr(&pos.rules) };
        let king_cell = pos.royal[us];
        let king = rules.bit_of[king_cell as usize] as usize;
        let threats = self.threats(pos, king, us);
        let checks = threats.checkers.count();
        if checks > 0 && rules.parallel_lines {
            return false;
        }
        if checks < 2 {
            let board = self.board(pos, us);
            let mask = if checks == 0 {
                !B::ZERO
            } else {
                threats.answers
            };
            let movers = board.own & !threats.pinned & !B::bit(king as u32);
            for kind in 0..rules.pieces.len() {
                let code = Piece::new(Color::from_index(us), kind as u8).code();
                let pieces = pos.code_bits::<B>(code) & movers;
                if pieces.is_zero() || rules.repeats(us, kind as u8) {
                    continue;
                }
                let promo = if self.kinds[us][kind].promotes {
                    self.promotion[us]
                } else {
                    B::ZERO
                };
                self.kind_moves(pos, kind, us, pieces, &board, mask, promo, sink);
                if sink.satisfied() {
                    return true;
                }
            }
        }
        let start = sink.untested().len();
        if checks < 2 {
            // Pinned pieces, and kinds whose lines can meet (listed once each, then tested).
            let mut listed = threats.pinned;
            if !listed.is_zero() && !rules.parallel_lines {
                listed = self.pinned_moves(pos, &threats, king, us, checks, sink);
            }
            if rules.repeating[us] != 0 {
                let own = pos.side_bits::<B>(us) & !B::bit(king as u32);
                for bit in Ones(own & !threats.pinned) {
                    let cell = rules.bit_cell[bit as usize];
                    if rules.repeats(us, code_kind(pos.cell(cell as usize))) {
                        listed |= B::bit(bit);
                    }
                }
            }
            for bit in Ones(listed) {
                self.piece_moves(pos, rules.bit_cell[bit as usize], sink.untested());
            }
        }
        // The royal piece's steps: against the squares the enemy attacks with the king lifted
        // (it does not shield the squares behind it), regions applied to the squares attacked.
        // The map costs a pass over the enemy's pieces: made only from `DANGER_STEPS` king
        // steps, or for an open castling (whose path it answers).
        let them = us ^ 1;
        let own = pos.side_bits::<B>(us);
        let kb = &self.kinds[us][code_kind(pos.cell(king_cell as usize)) as usize];
        let king_listed = sink.untested().len();
        let occupied = pos.side_bits::<B>(0) | pos.side_bits::<B>(1);
        let plain_king = kb.merged.is_some() && kb.all_plain;
        let steps = match kb.merged_reach(king, occupied) {
            Some(t) if kb.all_plain => t & !own,
            _ => {
                self.piece_moves(pos, king_cell, sink.untested());
                sink.untested()[king_listed..]
                    .iter()
                    .fold(B::ZERO, |m, mv| {
                        m | B::from_wide(rules.cell_bit[mv.to as usize])
                    })
            }
        };
        // Up to two steps are cheaper to test alone (measured: start position, Kiwipete).
        let lifted = self.occupied(pos, rules.cell_bit[king_cell as usize]);
        // Castling by masks needs the map too, but only when a castling is open at all.
        let castling = if checks == 0 {
            self.castling_open(pos)
        } else {
            Some(false)
        };
        let danger = (steps.count() >= DANGER_STEPS
            || castling == Some(true) && !rules.attack_regions)
            .then(|| self.danger(pos, them, lifted));
        let quick = rules.quick_attacks.as_deref();
        let safe = |pos: &Position, to: u32| match (danger, quick) {
            (Some(d), _) => !d.has(to),
            (None, Some(q)) => !q.attacked(pos, to as usize, them, lifted.to_wide() as u64, 0),
            (None, None) => !self.attacked(pos, to as usize, them, lifted),
        };
        // Test the listed moves, keeping those that pass in order.
        let color = Color::from_index(us);
        let end = sink.untested().len();
        let mut kept = start;
        for i in start..end {
            let m = sink.untested()[i];
            let ok = if i >= king_listed && m.flag == MoveFlag::Normal {
                safe(pos, rules.bit_of[m.to as usize] as u32)
            } else {
                pos.test_move(m, color)
            };
            if ok {
                sink.untested()[kept] = m;
                kept += 1;
            }
        }
        sink.untested().truncate(kept);
        sink.passed(kept - start);
        if castling != Some(false) {
            // Castling asks about squares with the king in place: the same answers, since no
            // attack passes through an unchecked king, unless a region-limited attacker
            // reaches past it.
            let by_masks = match danger {
                Some(d) if !rules.attack_regions => self.castle_by_masks(pos, d, sink),
                _ => false,
            };
            if !by_masks {
                let mut memo = match danger {
                    Some(d) if !rules.attack_regions => AttackMemo::known(d.to_wide()),
                    _ => AttackMemo::default(),
                };
                pos.castling_moves_known(sink, &mut memo);
            }
        }
        if plain_king {
            let safe_steps = Ones(steps)
                .filter(|&to| safe(pos, to))
                .fold(B::ZERO, |m, to| m | B::bit(to));
            sink.piece_targets(pos, king, safe_steps, B::ZERO);
        }
        true
    }

    /// The moves of the pinned pieces, where no two lines meet: each stays on its pin line
    /// (between the royal piece and the pinner, or on the pinner), where it shields the royal
    /// piece as before, and no other line runs through its square: its moves need no test
    /// (but an en passant capture, tested as it is found). Returns the pinned pieces left to
    /// test move by move: those of kinds whose lines meet. Out of line: pins are rare, and
    /// the walk's hot path stays small.
    #[inline(never)]
    fn pinned_moves<S: LegalSink<B>>(
        &self,
        pos: &mut Position,
        threats: &crate::core::bitboard::attacks::Threats<B>,
        king: usize,
        us: usize,
        checks: u32,
        sink: &mut S,
    ) -> B {
        let mask = if checks == 0 {
            !B::ZERO
        } else {
            threats.answers
        };
        let board = self.board(pos, us);
        let mut left = B::ZERO;
        for bit in Ones(threats.pinned) {
            let kind = code_kind(pos.cell(pos.rules.bit_cell[bit as usize] as usize));
            if pos.rules.repeats(us, kind) {
                left |= B::bit(bit);
                continue;
            }
            let line = self.pin_line(threats, king, us, bit);
            let kind = kind as usize;
            let promo = if self.kinds[us][kind].promotes {
                self.promotion[us]
            } else {
                B::ZERO
            };
            self.kind_moves(pos, kind, us, B::bit(bit), &board, mask & line, promo, sink);
        }
        left
    }

    /// The pseudo-legal moves of `pieces` (of kind `kind` and colour `us`, on a board without
    /// walls) that land in `mask`, promotions on `promo`; only en passant captures are tested
    /// (as they are found). Single steps and double steps move all pieces in one shift; rides
    /// are walked piece by piece. The walk passes pieces neither royal nor pinned, whose moves
    /// then need no test; `kind_moves_to` passes any, and its caller tests every move.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn kind_moves<S: LegalSink<B>>(
        &self,
        pos: &mut Position,
        kind: usize,
        us: usize,
        pieces: B,
        board: &Board<B>,
        mask: B,
        promo: B,
        sink: &mut S,
    ) {
        let kb = &self.kinds[us][kind];
        if kb.merged.is_some() {
            for from in Ones(pieces) {
                let t = kb
                    .merged_reach(from as usize, board.occupied)
                    .unwrap_or(B::ZERO);
                sink.piece_targets(pos, from as usize, t & !board.own & mask, B::ZERO);
            }
            if kb.all_plain {
                return;
            }
        }
        for comp in &kb.comps {
            if kb.merged.is_some() && comp.plain {
                continue;
            }
            let origins = pieces & comp.origins;
            if origins.is_zero() {
                continue;
            }
            if comp.leap {
                for reach in &comp.reaches {
                    let mut reached = (origins & reach.sources).shifted(reach.shift);
                    if let Some(region) = comp.region {
                        reached &= region;
                    }
                    let mut targets = Self::allowed(comp, reached, 0, board);
                    if comp.takes_ep() && !(targets & board.ep).is_zero() {
                        targets &= !board.ep;
                        let from = board.ep.lowest() as i32 - reach.shift;
                        self.en_passant(pos, from as usize, us, sink);
                    }
                    sink.shifted(pos, targets & mask, reach.shift, MoveFlag::Normal, promo);
                }
            } else if comp.double_step && comp.region.is_none() && comp.reaches.len() == 1 {
                let reach = &comp.reaches[0];
                let mut front = origins;
                for _ in 0..comp.range {
                    front = (front & reach.sources).shifted(reach.shift) & !board.occupied;
                }
                let shift = reach.shift * comp.range as i32;
                sink.shifted(pos, front & mask, shift, comp.double_flag, B::ZERO);
            } else {
                for from in Ones(origins) {
                    self.component_moves(pos, comp, us, from as usize, board, mask, promo, sink);
                }
            }
        }
    }

    /// `kind_moves` for one component of the piece on bit `from`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn component_moves<S: LegalSink<B>>(
        &self,
        pos: &mut Position,
        comp: &ComponentBits<B>,
        us: usize,
        from: usize,
        board: &Board<B>,
        mask: B,
        promo: B,
        sink: &mut S,
    ) {
        // A double step lands without promoting, wherever it lands (as the mailbox lists it).
        let (promo, flag) = if comp.double_step {
            (B::ZERO, comp.double_flag)
        } else {
            (promo, MoveFlag::Normal)
        };
        let mut en_passant = 0;
        self.component_targets(pos, comp, from, board, |mut targets| {
            if comp.takes_ep() && !(targets & board.ep).is_zero() {
                targets &= !board.ep;
                en_passant += 1;
            }
            let targets = targets & mask;
            if flag == MoveFlag::Normal {
                sink.piece_targets(pos, from, targets, promo);
            } else {
                for to in Ones(targets) {
                    sink.shifted(pos, B::bit(to), to as i32 - from as i32, flag, B::ZERO);
                }
            }
        });
        for _ in 0..en_passant {
            self.en_passant(pos, from, us, sink);
        }
    }

    /// The en passant capture from bit `from`, if it takes an enemy piece and is legal.
    pub(super) fn en_passant<S: MoveSink>(
        &self,
        pos: &mut Position,
        from: usize,
        us: usize,
        sink: &mut S,
    ) {
        let from = pos.rules.bit_cell[from];
        if self.ep_victim_is_enemy(pos, us) {
            let m = Move {
                from,
                to: pos.ep,
                promotion: None,
                flag: MoveFlag::EnPassant,
                part: Part::None,
            };
            // Without king safety (`free_walk`) every en passant capture is legal.
            if !pos.rules.king_safety || pos.test_move(m, Color::from_index(us)) {
                sink.push(m);
            }
        }
    }
}
