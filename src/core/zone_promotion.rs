//! Promotion in a zone for any kind that names its promoted kind (`PieceKind::promotes_to`),
//! the test of promotions that make a royal piece (`RuleOptions::royal_promotion`), and the
//! drop rules that look at the board (`RuleOptions::no_doubled_drop`,
//! `RuleOptions::no_drop_mate`). Each runs only where the rules switch it on, after the moves
//! that keep the royal piece safe are listed (`Position::legal_moves`).
//!
//! A move that starts or ends in the mover's promotion zone may promote; where the piece
//! could never move again from its destination (a pawn on the last rank), or must promote
//! (`PieceKind::must_promote`, Fairy-Stockfish's mandatory piece promotion: any move that
//! starts or ends in the zone), only the promotion is a move. Under
//! `RuleOptions::immobile_illegal` no other move or drop may leave a piece immobile either. Promoting does not change which squares the move leaves or enters, so a move
//! that keeps the royal piece safe keeps it safe promoted too.

use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::{code_kind, KindId, Piece, EMPTY};
use crate::core::position::Position;

impl Position {
    /// Adds to `out[start..]` the promotions of the moves that start or end in their piece's
    /// promotion zone, and turns a move that would leave its piece immobile into its promotion.
    pub(crate) fn add_zone_promotions(&self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        let rules = &*self.rules;
        let end = out.len();
        let mut refused = Vec::new();
        for i in start..end {
            let m = out[i];
            if m.promotion.is_some() || !matches!(m.flag, MoveFlag::Normal | MoveFlag::DoubleStep) {
                continue;
            }
            let code = self.board[m.from as usize];
            if code == EMPTY {
                continue;
            }
            let kind = code_kind(code);
            let piece = rules.kind(kind);
            if piece.promotes_in_zone() {
                self.pawn_zone_promotions(m, kind, &mut refused, i, out);
                continue;
            }
            if m.flag != MoveFlag::Normal
                || (rules.options.promotion_on_capture && self.board[m.to as usize] == EMPTY)
            {
                continue;
            }
            let (Some(to_kind), Some((lo, hi))) = (piece.promotes_to, piece.promotion_zone) else {
                continue;
            };
            let own = |sq: Sq| {
                let rank = rules.shape.rank_of(sq);
                match us {
                    Color::White => rank,
                    Color::Black => rules.shape.ranks() - 1 - rank,
                }
            };
            let zone = lo..=hi;
            let ends_in = zone.contains(&own(m.to));
            if !zone.contains(&own(m.from)) && !ends_in {
                continue;
            }
            let promoted = Move {
                promotion: Some(to_kind),
                ..m
            };
            let compulsory = piece.must_promote || self.immobile_on(us, kind, m.to);
            let limited = rules
                .kind(to_kind)
                .promotion_limit
                .is_some_and(|limit| self.count(us, to_kind) >= usize::from(limit));
            match (compulsory, limited) {
                // A promotion it may not make, where it must promote: no move at all.
                (true, true) => refused.push(i),
                (true, false) => out[i] = promoted,
                (false, true) => {}
                (false, false) => out.push(promoted),
            }
        }
        for &i in refused.iter().rev() {
            out.remove(i);
        }
    }

    /// The promotions of a pawn-like kind's move `m` (at `out[i]`) that ends in its promotion
    /// zone, to each of the rules' promotion kinds the side may still promote to (its
    /// `promotion_by_side` kinds and its own `promotion_choices`, under each kind's
    /// `promotion_limit`): added beside the move,
    /// or in its place where the pawn must promote (`must_promote`, or no move from there),
    /// and the move refused where it must and cannot.
    fn pawn_zone_promotions(
        &self,
        m: Move,
        kind: KindId,
        refused: &mut Vec<usize>,
        i: usize,
        out: &mut Vec<Move>,
    ) {
        let us = self.side;
        let rules = &*self.rules;
        let piece = rules.kind(kind);
        let rank = rules.shape.rank_of(m.to);
        let inside = match (&piece.promotion_cells, piece.promotion_zone) {
            (Some(cells), _) => cells[us.index()].contains(&(rules.shape.file_of(m.to), rank)),
            (None, Some((lo, hi))) => {
                let own = match us {
                    Color::White => rank,
                    Color::Black => rules.shape.ranks() - 1 - rank,
                };
                (lo..=hi).contains(&own)
            }
            (None, None) => false,
        };
        if !inside {
            return;
        }
        let mine = rules
            .options
            .promotion_by_side
            .map_or(u64::MAX, |masks| masks[us.index()])
            & piece.promotion_choices.unwrap_or(u64::MAX);
        let mut targets = rules.promotion_kinds.iter().copied().filter(|&k| {
            mine >> k & 1 == 1
                && rules
                    .kind(k)
                    .promotion_limit
                    .is_none_or(|limit| self.count(us, k) < usize::from(limit))
        });
        let compulsory = piece.must_promote || self.immobile_on(us, kind, m.to);
        let promoted = |k: KindId| Move {
            promotion: Some(k),
            ..m
        };
        if compulsory {
            match targets.next() {
                Some(first) => out[i] = promoted(first),
                None => refused.push(i),
            }
        }
        for k in targets {
            out.push(promoted(k));
        }
    }

    /// Removes from `out[start..]` the moves and drops that leave their piece where it could
    /// never move again (`RuleOptions::immobile_illegal`); promotions stay, as the promoted
    /// kind moves on.
    pub(crate) fn remove_immobilising_moves(&self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let kind = match m.flag {
                MoveFlag::Drop(kind) => Some(kind),
                MoveFlag::Normal | MoveFlag::DoubleStep if m.promotion.is_none() => {
                    let code = self.board[m.from as usize];
                    (code != EMPTY).then(|| code_kind(code))
                }
                _ => None,
            };
            if kind.is_some_and(|k| self.immobile_on(us, k, m.to)) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Could a `kind` of `color` never move again from `sq` (on an empty board)?
    #[inline]
    fn immobile_on(&self, color: Color, kind: KindId, sq: Sq) -> bool {
        self.rules.immobile[color.index()]
            .get(sq as usize)
            .is_some_and(|bits| bits >> kind & 1 == 1)
    }

    /// Removes from `out[start..]` the drops the drop rules forbid: a kind on a file where its
    /// owner already has one (or `no_doubled_drop_count`) of that kind (`no_doubled_drop`), a drop that mates
    /// (`no_drop_mate`).
    pub(crate) fn remove_forbidden_drops(&mut self, out: &mut Vec<Move>, start: usize) {
        let options = self.rules.options;
        let us = self.side;
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let forbidden = match m.flag {
                MoveFlag::Drop(kind) => {
                    (options.no_doubled_drop >> kind & 1 == 1 && self.file_holds(us, kind, m.to))
                        || (options.no_drop_mate >> kind & 1 == 1 && self.drop_mates(m))
                }
                _ => false,
            };
            if forbidden {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Has `color` as many pieces of `kind` on the file of `sq` as a file may hold before
    /// no more is dropped there (`RuleOptions::no_doubled_drop_count`)?
    fn file_holds(&self, color: Color, kind: KindId, sq: Sq) -> bool {
        let shape = &self.rules.shape;
        let file = shape.file_of(sq) as i32;
        let code = Piece::new(color, kind).code();
        let on_file = (0..shape.ranks() as i32)
            .filter_map(|r| shape.try_sq(file, r))
            .filter(|&s| self.board[s as usize] == code)
            .count();
        on_file >= usize::from(self.rules.options.no_doubled_drop_count)
    }

    /// Does the drop `m` leave the opponent in check with no legal move?
    fn drop_mates(&mut self, m: Move) -> bool {
        let undo = self.make(m);
        let them = self.side;
        let mates = self.in_check(them) && {
            let mut replies = Vec::new();
            self.safe_moves(&mut replies);
            if replies.is_empty() && self.rules.options.drops {
                self.safe_drops(&mut replies);
            }
            replies.is_empty()
        };
        self.unmake(m, undo);
        mates
    }

    /// Removes from `out[start..]` the promotions to a royal kind (`RuleOptions::royal_promotion`)
    /// that leave one of the mover's royal pieces, the new one among them, attacked: the moves
    /// before were kept safe for the royal pieces already on the board.
    pub(crate) fn remove_unsafe_royal_promotions(&mut self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let royal = m.promotion.is_some_and(|k| self.rules.is_royal(k));
            if royal && self.rules.king_safety {
                let undo = self.make(m);
                let safe = !self.in_check(us);
                self.unmake(m, undo);
                if !safe {
                    out.swap_remove(i);
                    continue;
                }
            }
            i += 1;
        }
    }
}
