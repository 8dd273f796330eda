//! Move generation on bitboards: a piece's moves in the mailbox's order (component, vector,
//! distance), and legal move counting with one population count per piece.

use crate::core::bitboard::attacks::ride;
use crate::core::bitboard::bits::{Bits, Ones};
use crate::core::bitboard::tables::{BitTables, ComponentBits, Reach};
use crate::core::geometry::{Color, Sq};
use crate::core::movegen::{AttackMemo, MoveSink};
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::{code_color, code_kind, MoveMode, Piece, EMPTY, OFFBOARD};
use crate::core::position::{Position, NO_SQ};
use crate::core::rules::NO_WALL;

/// What one piece's generation reads of the board.
struct Board<B> {
    own: B,
    enemy: B,
    occupied: B,
    /// The en passant square's bit (`piece_moves` clears it when no enemy piece stands to be
    /// taken; counting asks per capture).
    ep: B,
}

impl<B: Bits> BitTables<B> {
    fn board(&self, pos: &Position, us: usize) -> Board<B> {
        let own = pos.side_bits::<B>(us);
        let enemy = pos.side_bits::<B>(us ^ 1);
        let ep = if pos.ep == NO_SQ {
            B::ZERO
        } else {
            B::from_wide(pos.rules.cell_bit[pos.ep as usize])
        };
        Board {
            own,
            enemy,
            occupied: own | enemy,
            ep,
        }
    }

    /// The squares one vector of a component reaches from bit `from` (before mode and region).
    #[inline(always)]
    fn reached(
        &self,
        pos: &Position,
        comp: &ComponentBits<B>,
        reach: &Reach<B>,
        from: usize,
        occupied: B,
    ) -> B {
        let walls = pos.has_walls && reach.wall != NO_WALL;
        if walls && pos.wall_bits::<B>(reach.wall).has(from as u32) {
            return B::ZERO;
        }
        if comp.leap {
            return match comp.region {
                Some(region) => reach.squares[from] & region,
                None => reach.squares[from],
            };
        }
        let mut stops = occupied;
        if walls {
            stops |= pos.wall_bits::<B>(reach.wall);
        }
        match comp.region {
            // A ride ends where it leaves the region: the first square outside stops it.
            Some(region) => ride(reach, from, stops | !region) & region,
            None => ride(reach, from, stops),
        }
    }

    /// The destinations a component allows among the squares it reached.
    #[inline(always)]
    fn allowed(comp: &ComponentBits<B>, reached: B, from: usize, board: &Board<B>) -> B {
        if comp.double_step {
            return reached & comp.exact[from] & !board.occupied;
        }
        match comp.mode {
            MoveMode::Both => reached & !board.own,
            MoveMode::MoveOnly => reached & !board.occupied,
            MoveMode::CaptureOnly => {
                let mut m = reached & board.enemy;
                if comp.en_passant {
                    // The en passant square is empty: only this flag makes it a capture.
                    m |= reached & board.ep;
                }
                m
            }
        }
    }

    /// Appends the pseudo-legal non-castling moves of the piece on `from`: component by
    /// component, each component's destinations in rising bit order (the mailbox lists the
    /// same moves vector by vector; the order within a piece is not part of the interface).
    pub(crate) fn piece_moves<S: MoveSink>(&self, pos: &Position, from: Sq, out: &mut S) {
        self.piece_moves_within(pos, from, !B::ZERO, out);
    }

    /// `piece_moves` limited to the destinations in `within`.
    pub(crate) fn piece_moves_within<S: MoveSink>(
        &self,
        pos: &Position,
        from: Sq,
        within: B,
        out: &mut S,
    ) {
        let code = pos.cell(from as usize);
        if code == EMPTY || code == OFFBOARD {
            return;
        }
        let us = code_color(code);
        let kind = code_kind(code);
        let bit = pos.rules.bit_of[from as usize] as usize;
        let kb = &self.kinds[us][kind as usize];
        if (kb.anywhere[bit] & within).is_zero() {
            return;
        }
        let mut board = self.board(pos, us);
        if !pos.has_walls {
            if let Some(t) = kb.merged_reach(bit, board.occupied) {
                self.emit(pos, from, t & !board.own & within, B::ZERO, out);
                if kb.all_plain {
                    return;
                }
            }
        }
        if !board.ep.is_zero() && !self.ep_victim_is_enemy(pos, from, us) {
            board.ep = B::ZERO;
        }
        let promo = if kb.promotes {
            self.promotion[us]
        } else {
            B::ZERO
        };
        let from_rank = self.rank[bit];
        for comp in &kb.comps {
            if (comp.plain && kb.merged.is_some() && !pos.has_walls)
                || comp.from_rank.is_some_and(|r| r != from_rank)
            {
                continue;
            }
            self.component_targets(pos, comp, bit, &board, |targets| {
                self.emit_component(pos, comp, from, targets & within, &board, promo, out);
            });
        }
    }

    /// Calls `f` with the destinations one component allows from bit `from`: once with all of
    /// them when no two vectors reach one square, else once per vector (the mailbox lists a
    /// square reached two ways twice, and so must this).
    #[inline(always)]
    fn component_targets(
        &self,
        pos: &Position,
        comp: &ComponentBits<B>,
        from: usize,
        board: &Board<B>,
        mut f: impl FnMut(B),
    ) {
        let mut union = B::ZERO;
        for reach in &comp.reaches {
            let reached = self.reached(pos, comp, reach, from, board.occupied);
            let targets = Self::allowed(comp, reached, from, board);
            if comp.disjoint {
                union |= targets;
            } else {
                f(targets);
            }
        }
        if comp.disjoint {
            f(union);
        }
    }

    /// Appends the moves from `from` to `targets` of one component (flags and promotions).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn emit_component<S: MoveSink>(
        &self,
        pos: &Position,
        comp: &ComponentBits<B>,
        from: Sq,
        targets: B,
        board: &Board<B>,
        promo: B,
        out: &mut S,
    ) {
        if targets.is_zero() {
            return;
        }
        let rules = &*pos.rules;
        if comp.double_step {
            for to in Ones(targets) {
                out.push(Move {
                    from,
                    to: rules.bit_cell[to as usize],
                    promotion: None,
                    flag: MoveFlag::DoubleStep,
                });
            }
            return;
        }
        let mut rest = targets;
        if comp.takes_ep() && !(rest & board.ep).is_zero() {
            rest &= !board.ep;
            out.push(Move {
                from,
                to: pos.ep,
                promotion: None,
                flag: MoveFlag::EnPassant,
            });
        }
        self.emit(pos, from, rest, promo, out);
    }

    /// Appends a move from `from` to each of `targets`; those in `promo` once per promotion
    /// kind.
    #[inline(always)]
    fn emit<S: MoveSink>(&self, pos: &Position, from: Sq, targets: B, promo: B, out: &mut S) {
        let rules = &*pos.rules;
        for to in Ones(targets) {
            let to_cell = rules.bit_cell[to as usize];
            if promo.has(to) {
                for &k in &rules.promotion_kinds {
                    out.push(Move {
                        from,
                        to: to_cell,
                        promotion: Some(k),
                        flag: MoveFlag::Normal,
                    });
                }
            } else {
                out.push_plain(from, to_cell);
            }
        }
    }

    /// Calls `f` with the squares of `color`'s pieces of `kind` that could reach bit `to` on
    /// an empty board.
    pub(crate) fn squares_reaching(
        &self,
        pos: &Position,
        color: Color,
        kind: crate::core::KindId,
        to: usize,
        f: &mut impl FnMut(Sq),
    ) {
        let code = Piece::new(color, kind).code();
        let from = self.kinds[color.index()][kind as usize].from_anywhere[to];
        for bit in Ones(from & pos.code_bits::<B>(code)) {
            f(pos.rules.bit_cell[bit as usize]);
        }
    }

    /// Does an en passant capture from `from` find an enemy piece to take?
    fn ep_victim_is_enemy(&self, pos: &Position, from: Sq, us: usize) -> bool {
        let victim = pos.cell(pos.ep_victim(from, pos.ep) as usize);
        victim != EMPTY && victim != OFFBOARD && code_color(victim) != us
    }

    /// The number of moves of `pieces` (of kind `kind` and colour `us`, neither royal nor
    /// pinned, on a board without walls) that land in `mask`, a promotion once per promotion
    /// kind (`promo`: the promotion squares and the kinds beyond the first). En passant
    /// captures go to `tested` instead. Single steps and double steps move all pieces in one
    /// shift; rides are walked piece by piece.
    #[allow(clippy::too_many_arguments)]
    fn count_kind(
        &self,
        pos: &Position,
        kind: usize,
        us: usize,
        pieces: B,
        board: &Board<B>,
        mask: B,
        promo: (B, u32),
        tested: &mut Vec<Move>,
    ) -> usize {
        let kb = &self.kinds[us][kind];
        let mut n = 0;
        if kb.merged.is_some() {
            for from in Ones(pieces) {
                let t = kb
                    .merged_reach(from as usize, board.occupied)
                    .unwrap_or(B::ZERO);
                n += (t & !board.own & mask).count() as usize;
            }
            if kb.all_plain {
                return n;
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
                        self.list_ep(pos, from as usize, us, tested);
                    }
                    let targets = targets & mask;
                    n += (targets.count() + (targets & promo.0).count() * promo.1) as usize;
                }
            } else if comp.double_step && comp.region.is_none() && comp.reaches.len() == 1 {
                let reach = &comp.reaches[0];
                let mut front = origins;
                for _ in 0..comp.range {
                    front = (front & reach.sources).shifted(reach.shift) & !board.occupied;
                }
                n += (front & mask).count() as usize;
            } else {
                for from in Ones(origins) {
                    n += self.count_component(
                        pos,
                        comp,
                        us,
                        from as usize,
                        board,
                        mask,
                        promo,
                        tested,
                    );
                }
            }
        }
        n
    }

    /// `count_kind` for one component of the piece on bit `from`, piece by piece.
    #[allow(clippy::too_many_arguments)]
    fn count_component(
        &self,
        pos: &Position,
        comp: &ComponentBits<B>,
        us: usize,
        from: usize,
        board: &Board<B>,
        mask: B,
        promo: (B, u32),
        tested: &mut Vec<Move>,
    ) -> usize {
        let mut n = 0;
        // A double step lands without promoting, wherever it lands (as the mailbox lists it).
        let promo = if comp.double_step {
            (B::ZERO, 0)
        } else {
            promo
        };
        self.component_targets(pos, comp, from, board, |mut targets| {
            if comp.takes_ep() && !(targets & board.ep).is_zero() {
                targets &= !board.ep;
                self.list_ep(pos, from, us, tested);
            }
            let targets = targets & mask;
            n += (targets.count() + (targets & promo.0).count() * promo.1) as usize;
        });
        n
    }

    /// Lists the en passant capture from bit `from` in `tested` if it takes an enemy piece.
    fn list_ep(&self, pos: &Position, from: usize, us: usize, tested: &mut Vec<Move>) {
        let from = pos.rules.bit_cell[from];
        if self.ep_victim_is_enemy(pos, from, us) {
            tested.push(Move {
                from,
                to: pos.ep,
                promotion: None,
                flag: MoveFlag::EnPassant,
            });
        }
    }

    /// The number of legal moves when `us` has exactly one royal piece and the board has no
    /// walls: pieces neither royal nor pinned are counted, the rest are listed in `scratch` and
    /// tested.
    pub(crate) fn legal_move_count(&self, pos: &mut Position, scratch: &mut Vec<Move>) -> usize {
        let us = pos.side.index();
        // SAFETY: as in `Position::legal_move_count_with`: testing moves never replaces
        // `pos.rules`, and the `Arc` keeps it alive for as long as `pos`.
        let rules: &crate::core::rules::Rules = unsafe { &*std::sync::Arc::as_ptr(&pos.rules) };
        let king_cell = pos.royal[us];
        let king = rules.bit_of[king_cell as usize] as usize;
        let threats = self.threats(pos, king, us);
        let checks = threats.checkers.count();
        scratch.clear();
        if checks > 0 && rules.parallel_lines {
            // One piece may check along two lines, or two checks share a blocking square:
            // every move is tested.
            pos.legal_moves(scratch);
            return scratch.len();
        }
        let mut n = 0usize;
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
                if pieces.is_zero() {
                    continue;
                }
                let promo = if self.kinds[us][kind].promotes {
                    (self.promotion[us], rules.promotion_kinds.len() as u32 - 1)
                } else {
                    (B::ZERO, 0)
                };
                n += self.count_kind(pos, kind, us, pieces, &board, mask, promo, scratch);
            }
            for pinned in Ones(threats.pinned) {
                self.piece_moves(pos, rules.bit_cell[pinned as usize], scratch);
            }
        }
        // The royal piece's steps: against the squares the enemy attacks with the king lifted
        // (it does not shield the squares behind it), regions applied to the squares attacked.
        // The map costs a pass over the enemy's pieces: made only when the king can step.
        let them = us ^ 1;
        let own = pos.side_bits::<B>(us);
        let kb = &self.kinds[us][code_kind(pos.cell(king_cell as usize)) as usize];
        let king_listed = scratch.len();
        let occupied = pos.side_bits::<B>(0) | pos.side_bits::<B>(1);
        let steps = match kb.merged_reach(king, occupied) {
            Some(t) if kb.all_plain => t & !own,
            _ => {
                self.piece_moves(pos, king_cell, scratch);
                scratch[king_listed..].iter().fold(B::ZERO, |m, mv| {
                    m | B::from_wide(rules.cell_bit[mv.to as usize])
                })
            }
        };
        // One step is cheaper to test alone (measured: start position, Kiwipete, fairy).
        let lifted = self.occupied(pos, rules.cell_bit[king_cell as usize]);
        let many = steps.count() >= 2;
        let danger = many.then(|| self.danger(pos, them, lifted));
        if checks == 0 {
            // Castling asks about squares with the king in place: the same answers, since no
            // attack passes through an unchecked king, unless a region-limited attacker
            // reaches past it.
            let mut memo = match danger {
                Some(d) if !rules.attack_regions => AttackMemo::known(d.to_wide()),
                _ => AttackMemo::default(),
            };
            let mut counter = Counter(0);
            pos.castling_moves_known(&mut counter, &mut memo);
            n += counter.0;
        }
        let safe = |pos: &Position, to: u32| match danger {
            Some(d) => !d.has(to),
            None => !self.attacked(pos, to as usize, them, lifted),
        };
        let king_listed = if kb.merged.is_some() && kb.all_plain {
            n += Ones(steps).filter(|&to| safe(pos, to)).count();
            usize::MAX
        } else {
            king_listed
        };
        for (i, &m) in scratch.iter().enumerate() {
            let ok = if i >= king_listed && m.flag == MoveFlag::Normal {
                safe(pos, rules.bit_of[m.to as usize] as u32)
            } else {
                pos.test_move(m, Color::from_index(us))
            };
            n += ok as usize;
        }
        n
    }
}

/// Counts castling moves.
struct Counter(usize);

impl MoveSink for Counter {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}
