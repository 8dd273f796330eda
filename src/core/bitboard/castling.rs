//! Castling in the legal walk: the side to move is not in check and the danger map is at hand,
//! so each castling right is a few mask tests on words compiled once per set of rules.
//!
//! The general path (`Position::castling_moves_known`) reads the king's and the rook's cells,
//! asks whether walls cross the paths and walks the king's path through an attack memo: about
//! 270 instructions a call at every node of a Kiwipete perft, most of them for cases the walk
//! never meets (walls, kings that are not royal, region-limited attackers).

use crate::core::bitboard::bits::Bits;
use crate::core::bitboard::tables::BitTables;
use crate::core::movegen::MoveSink;
use crate::core::moves::{Move, MoveFlag, Part};
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::rules::Rules;

/// One castling right as bitboards.
pub(crate) struct CastleBits<B> {
    /// The castling king's code and square.
    king: (u8, B),
    /// The castling rook's code and square.
    rook: (u8, B),
    /// The squares that must be empty.
    between: B,
    /// The king's path after its own square: none may be attacked.
    path: B,
    /// The rank beyond the rook, away from the king: an enemy there may have been kept off
    /// the king's square by the rook, and then the move is played on a copy to see.
    beyond: B,
    castle: Move,
}

/// The rules' castlings as bitboards, or `None` where one of them moves a king that is not
/// the colour's single royal kind (its path is then not judged by attacks, or which piece is
/// the king depends on the position): the general path handles those.
pub(crate) fn castle_bits<B: Bits>(rules: &Rules) -> Option<Vec<CastleBits<B>>> {
    let royal = rules.royal_kinds;
    let bit = |sq: u16| B::from_wide(rules.cell_bit[sq as usize]);
    rules
        .castling
        .iter()
        .zip(&rules.castle_cells)
        .zip(&rules.castle_masks)
        .enumerate()
        .map(|(i, ((rule, &[kf, kt, rf, _]), &[between, path]))| {
            let king_kind = match rule.king_kind {
                Some(k) if rules.is_royal(k) => k,
                None if royal.count_ones() == 1 => royal.trailing_zeros() as u8,
                _ => return None,
            };
            let shape = &rules.shape;
            let (rank, rook_file) = (shape.rank_of(rf), shape.file_of(rf));
            let away_from_king = |f: u8| {
                if rf > kf {
                    f > rook_file
                } else {
                    f < rook_file
                }
            };
            let beyond = shape
                .squares()
                .filter(|&s| shape.rank_of(s) == rank && away_from_king(shape.file_of(s)))
                .fold(B::ZERO, |m, s| m | bit(s));
            Some(CastleBits {
                king: (Piece::new(rule.color, king_kind).code(), bit(kf)),
                rook: (Piece::new(rule.color, rule.rook_kind).code(), bit(rf)),
                between: B::from_wide(between),
                path: B::from_wide(path),
                beyond,
                castle: Move {
                    from: kf,
                    to: kt,
                    promotion: None,
                    flag: MoveFlag::Castle(i as u8),
                    part: Part::None,
                },
            })
        })
        .collect()
}

/// The indices of the side to move's castling rights still held.
fn rights_to_move(pos: &Position) -> impl Iterator<Item = usize> {
    let mut rights = pos.castling & pos.rules.castle_rights_of[pos.side.index()];
    std::iter::from_fn(move || {
        (rights != 0).then(|| {
            let i = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            i
        })
    })
}

impl<B: Bits> CastleBits<B> {
    /// The king and the rook in place, nothing between them.
    #[inline(always)]
    fn open(&self, pos: &Position, occupied: B) -> bool {
        (occupied & self.between).is_zero()
            && !(pos.code_bits::<B>(self.king.0) & self.king.1).is_zero()
            && !(pos.code_bits::<B>(self.rook.0) & self.rook.1).is_zero()
    }
}

impl<B: Bits> BitTables<B> {
    /// Could the side to move castle if no square were attacked: a right whose king and rook
    /// stand in place with nothing between them? `None` where the general path answers.
    #[inline(always)]
    pub(super) fn castling_open(&self, pos: &Position) -> Option<bool> {
        let castles = self.castles.as_ref()?;
        let occupied = pos.side_bits::<B>(0) | pos.side_bits::<B>(1);
        for i in rights_to_move(pos) {
            match castles.get(i) {
                Some(c) if !c.open(pos, occupied) => {}
                _ => return Some(true),
            }
        }
        Some(false)
    }

    /// Appends the castlings of the side to move, which is not in check, on a board without
    /// walls, `danger` holding every square the enemy attacks; `false` (nothing appended)
    /// where the general path must answer.
    pub(super) fn castle_by_masks<S: MoveSink>(
        &self,
        pos: &Position,
        danger: B,
        out: &mut S,
    ) -> bool {
        let Some(castles) = &self.castles else {
            return false;
        };
        let us = pos.side.index();
        let occupied = pos.side_bits::<B>(0) | pos.side_bits::<B>(1);
        for i in rights_to_move(pos) {
            let Some(c) = castles.get(i) else {
                continue;
            };
            if !c.open(pos, occupied) || !(danger & c.path).is_zero() {
                continue;
            }
            if !(c.beyond & pos.side_bits::<B>(us ^ 1)).is_zero() {
                let mut after = pos.clone();
                after.make(c.castle);
                if after.in_check(pos.side) {
                    continue;
                }
            }
            out.push(c.castle);
        }
        true
    }
}
