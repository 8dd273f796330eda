//! Promotion by a move of its own (`PieceKind::promotion_in_place`), as Fairy-Stockfish's
//! `sittuyinPromotion` has it: instead of moving, a piece of such a kind becomes its
//! `promotes_to` kind where it stands, or by one of that kind's moves to an empty square.
//!
//! - It must stand on one of its `promotion_squares`, unless it is its side's last piece of
//!   its kind.
//! - No promotion to a kind its side already has `promotion_limit` of on the board.
//! - The promotion may not give check, and the promoted piece may not attack an enemy piece
//!   where it lands.
//!
//! A promotion where the piece stands is a move from its square to the same square with a
//! promotion (UCI `g7g7f`): `make` promotes it there and captures nothing
//! (`Position::make_with`); `unmake` needs nothing of its own.

use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::{code_color, KindId, EMPTY};
use crate::core::position::Position;

impl Position {
    /// Appends to `out[start..]` (the other legal moves) the promotions by a move of their own
    /// of the side to move. None where a drop must be made first (a placement setup).
    pub(crate) fn add_in_place_promotions(&mut self, out: &mut Vec<Move>, start: usize) {
        if out[start..].iter().any(|&m| self.is_bound_drop(m)) {
            return;
        }
        let us = self.side;
        let rules = self.rules.clone();
        for (kind, piece) in rules.pieces.iter().enumerate() {
            let kind = kind as KindId;
            let Some(to_kind) = piece.promotes_to.filter(|_| piece.promotion_in_place) else {
                continue;
            };
            if let Some(limit) = rules.kind(to_kind).promotion_limit {
                if self.count(us, to_kind) >= usize::from(limit) {
                    continue;
                }
            }
            let mut froms = Vec::new();
            self.for_each_square_of(us, kind, |sq| froms.push(sq));
            let last_one = froms.len() == 1;
            for from in froms {
                if !last_one && !self.on_promotion_square(us, &piece.promotion_squares, from) {
                    continue;
                }
                self.add_promotions_from(from, to_kind, out);
            }
        }
    }

    /// Is `sq` one of `squares` (White's; mirrored for Black), or are there none listed?
    fn on_promotion_square(&self, us: Color, squares: &Option<Vec<(u8, u8)>>, sq: Sq) -> bool {
        let Some(squares) = squares else {
            return true;
        };
        let shape = &self.rules.shape;
        let rank = match us {
            Color::White => shape.rank_of(sq),
            Color::Black => shape.ranks() - 1 - shape.rank_of(sq),
        };
        squares.contains(&(shape.file_of(sq), rank))
    }

    /// The legal promotions of the piece on `from` to `to_kind`: in place, then by each of
    /// the promoted kind's moves to an empty square.
    fn add_promotions_from(&mut self, from: Sq, to_kind: KindId, out: &mut Vec<Move>) {
        let in_place = Move {
            promotion: Some(to_kind),
            ..Move::new(from, from)
        };
        // The promoted kind's moves, listed with it standing on `from`.
        let undo = self.make(in_place);
        let mut steps = Vec::new();
        self.piece_moves(from, &mut steps);
        self.unmake(in_place, undo);
        let steps: Vec<Move> = steps
            .into_iter()
            .filter(|m| m.flag == MoveFlag::Normal && self.cell(m.to as usize) == EMPTY)
            .map(|m| Move {
                promotion: Some(to_kind),
                ..Move::new(from, m.to)
            })
            .collect();
        for m in std::iter::once(in_place).chain(steps) {
            if self.promotion_allowed(m) {
                out.push(m);
            }
        }
    }

    /// Does the promotion `m` keep the mover's royal piece safe, give no check, and leave the
    /// promoted piece attacking no enemy piece?
    fn promotion_allowed(&mut self, m: Move) -> bool {
        let us = self.side;
        let undo = self.make(m);
        let unsafe_royal = self.rules.king_safety && self.in_check(us);
        let mut allowed = !unsafe_royal && !self.in_check(us.other());
        if allowed {
            let mut reach = Vec::new();
            self.piece_moves(m.to, &mut reach);
            allowed = !reach.iter().any(|r| {
                let code = self.cell(r.to as usize);
                r.flag == MoveFlag::Normal && code != EMPTY && code_color(code) != us.index()
            });
        }
        self.unmake(m, undo);
        allowed
    }
}
