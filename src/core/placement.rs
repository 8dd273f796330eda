//! Placement setups (Fairy-Stockfish's `placement`, sittuyin): a game that begins with the
//! pieces in hand, put on each side's own squares before the board moves.
//!
//! Three rules, each an option of its own so that a variant file can take any of them:
//! - `RuleOptions::must_drop`: while a side holds pieces, it drops one if it can (a drop that
//!   is legal); only a side whose every drop is illegal moves a piece instead;
//! - `RuleOptions::drop_both_colours`: kinds (FIDE's bishops) whose drops must leave the side
//!   able to have them on both square colours, as Fairy-Stockfish's
//!   `dropOppositeColoredBishop` counts it;
//! - `RuleOptions::castling_by_drop`: a king or rook dropped on its castling square, with its
//!   partner already on its own, earns that castling (Fairy-Stockfish's
//!   `castlingDroppedPiece`).

use crate::core::geometry::{Color, Sq};
use crate::core::moves::Move;
use crate::core::piece::{code_color, code_kind, KindId, Piece, EMPTY};
use crate::core::position::Position;

impl Position {
    /// Narrows `out[start..]` (legal moves) by the placement rules: drops that would leave a
    /// `drop_both_colours` kind on one square colour go, then, while the mover holds pieces
    /// and can drop one, every move that is not a drop.
    pub(crate) fn narrow_by_placement(&self, out: &mut Vec<Move>, start: usize) {
        let options = self.rules.options;
        let mut kinds = options.drop_both_colours;
        while kinds != 0 {
            let bound = kinds.trailing_zeros() as KindId;
            kinds &= kinds - 1;
            let colours = self.colours_of(bound);
            let mut i = start;
            while i < out.len() {
                match out[i].dropped() {
                    Some(kind) if !self.keeps_both_colours(&colours, kind, out[i].to) => {
                        out.swap_remove(i);
                    }
                    _ => i += 1,
                }
            }
        }
        if self.bound_to_drop() {
            // While a bound drop is legal, it is the only legal kind of move; where none is,
            // the board moves are, but still no drop of another kind.
            let bound = out[start..].iter().any(|&m| self.is_bound_drop(m));
            let mut i = start;
            while i < out.len() {
                let m = out[i];
                let keep = if bound {
                    self.is_bound_drop(m)
                } else {
                    m.dropped().is_none() || options.must_drop_kind.is_none()
                };
                if keep {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    /// Is the side to move bound to drop (`must_drop`), holding a piece of the kind it must
    /// drop (any kind, unless `must_drop_kind` names one)?
    pub(crate) fn bound_to_drop(&self) -> bool {
        let options = &self.rules.options;
        options.must_drop
            && match options.must_drop_kind {
                Some(kind) => self.hand_count(self.side, kind) > 0,
                None => self.holds_any(self.side),
            }
    }

    /// Is `m` a drop the must-drop rule asks for (of the bound kind, if one is named)?
    pub(crate) fn is_bound_drop(&self, m: Move) -> bool {
        let options = &self.rules.options;
        options.must_drop
            && m.dropped()
                .is_some_and(|k| options.must_drop_kind.is_none_or(|bound| bound == k))
    }

    /// Where the mover's pieces of a `drop_both_colours` kind stand and may still go, by
    /// square colour: counted once a position, not once a drop.
    fn colours_of(&self, bound: KindId) -> Colours {
        let us = self.side;
        let shape = &self.rules.shape;
        let code = Piece::new(us, bound).code();
        let mut colours = Colours {
            bound,
            on: [0; 2],
            open: [0; 2],
            total: u32::from(self.hand_count(us, bound)),
        };
        for sq in shape.squares() {
            let cell = self.board[sq as usize];
            let parity = shape.parity(sq) as usize & 1;
            if cell == code {
                colours.on[parity] += 1;
                colours.total += 1;
            } else if cell == EMPTY && self.drop_rank_allows(us, bound, sq) {
                colours.open[parity] += 1;
            }
        }
        colours
    }

    /// After a drop of `kind` on `to`, can the mover still have `colours.bound` on both
    /// colours? Its own drop may not put more than half of them (rounded up) on one colour;
    /// another drop may not take the last square of a colour they still need (among the
    /// empty squares they may be dropped on), as Fairy-Stockfish counts it.
    fn keeps_both_colours(&self, colours: &Colours, kind: KindId, to: Sq) -> bool {
        let shape = &self.rules.shape;
        let parity = shape.parity(to) as usize & 1;
        if kind == colours.bound {
            return colours.on[parity] < colours.total.div_ceil(2);
        }
        let taken = u32::from(self.drop_rank_allows(self.side, colours.bound, to));
        (0..2).all(|p| {
            let open = colours.open[p] - if p == parity { taken } else { 0 };
            colours.on[p] + open >= colours.total / 2
        })
    }

    /// The castling rights (a bit per `Rules::castling` rule) `us`'s drop on `to` earns:
    /// those of `us`'s rules whose king or rook square is `to`, once the king and the rook
    /// both stand on their squares.
    pub(crate) fn castling_earned_by_drop(&self, us: Color, to: Sq) -> u8 {
        let mut earned = 0u8;
        for (i, rule) in self.rules.castling.iter().enumerate() {
            let [kf, _, rf, _] = self.rules.castle_cells[i];
            if rule.color != us || (to != kf && to != rf) {
                continue;
            }
            let (king, rook) = (self.board[kf as usize], self.board[rf as usize]);
            let is_ours = |code: u8| code != EMPTY && code_color(code) == us.index();
            let king_fits = is_ours(king)
                && match rule.king_kind {
                    Some(k) => code_kind(king) == k,
                    None => self.rules.is_royal(code_kind(king)),
                };
            if king_fits && is_ours(rook) && code_kind(rook) == rule.rook_kind {
                earned |= 1 << i;
            }
        }
        earned
    }
}

/// A `drop_both_colours` kind's pieces of the side to move by square colour (`parity`): on
/// the board, and the empty squares it may be dropped on; `total` counts the hand too.
struct Colours {
    bound: KindId,
    on: [u32; 2],
    open: [u32; 2],
    total: u32,
}
