//! The parts `Rules::new` builds from a `RulesConfig`, one concept each: the checks that the
//! description is whole, the movement tables, and the lookup tables derived from them.

use crate::core::geometry::{BoardShape, Color, Sq};
use crate::core::piece::{KindId, Piece, PieceKind};
use crate::core::plan::Plans;

use super::{
    attack_groups, compile, special_attacks, AttackGroup, CastlingRule, Compiled, ComponentPath,
    RulesError, SpecialAttack, Zone, NO_KIND,
};

/// The longest step of any component (at least 1): the board's padding must reach that far.
pub(super) fn longest_step(pieces: &[PieceKind]) -> Result<u8, RulesError> {
    let mut reach = 1u8;
    for p in pieces {
        for c in &p.components {
            let r = c.reach();
            if r > 8 {
                return Err(RulesError::StepTooLong(p.letter));
            }
            reach = reach.max(r);
        }
    }
    Ok(reach)
}

/// Every kind a piece becomes (promoting in a zone, demoting to a hand) and every promotion
/// kind is one of the table's.
pub(super) fn refuse_unknown_kinds(
    pieces: &[PieceKind],
    promotion_kinds: &[KindId],
) -> Result<(), RulesError> {
    for p in pieces {
        for k in [p.promotes_to, p.demotes_to].into_iter().flatten() {
            if k as usize >= pieces.len() {
                return Err(RulesError::UnknownKind(k));
            }
        }
    }
    for &k in promotion_kinds {
        if k as usize >= pieces.len() {
            return Err(RulesError::UnknownKind(k));
        }
    }
    Ok(())
}

/// Per cell, the castling-right bits a move from or to it keeps; per castling, its king's
/// and rook's cells before and after (`king_from`, `king_to`, `rook_from`, `rook_to`).
pub(super) fn castling_cells(
    shape: &BoardShape,
    castling: &[CastlingRule],
    kinds: usize,
) -> Result<(Vec<u8>, Vec<[Sq; 4]>), RulesError> {
    let mut castle_keep = vec![0xFFu8; shape.cells()];
    let mut castle_cells = Vec::new();
    for (i, c) in castling.iter().enumerate() {
        if c.rook_kind as usize >= kinds {
            return Err(RulesError::UnknownKind(c.rook_kind));
        }
        let squares = [c.king_from, c.king_to, c.rook_from, c.rook_to];
        if !squares.iter().all(|s| shape.contains(*s)) {
            return Err(RulesError::CastlingOffBoard(i));
        }
        castle_keep[shape.sq(c.king_from) as usize] &= !(1 << i);
        castle_keep[shape.sq(c.rook_from) as usize] &= !(1 << i);
        castle_cells.push(squares.map(|s| shape.sq(s)));
    }
    Ok((castle_keep, castle_cells))
}

/// The pieces' movement as tables, per colour: what moves are generated and attacks tested
/// from.
pub(super) struct Movement {
    pub compiled: [Vec<Vec<Compiled>>; 2],
    pub attacks: [Vec<AttackGroup>; 2],
    pub first_ride: [usize; 2],
    pub plans: [Plans; 2],
    pub special_attacks: [Vec<SpecialAttack>; 2],
    pub special: bool,
    pub attack_regions: bool,
}

pub(super) fn movement(
    shape: &BoardShape,
    pieces: &[PieceKind],
    promotion_kinds: &[KindId],
    zones: &[Vec<Option<Zone>>; 2],
    flying_general: bool,
) -> Movement {
    let compiled: [Vec<Vec<Compiled>>; 2] = Color::BOTH.map(|color| {
        pieces
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let promotes = p.promotes_on_last_rank() && !promotion_kinds.is_empty();
                let zone = &zones[color.index()][k];
                let barred = if p.avoids_own_kind {
                    Color::BOTH.iter().fold(0u128, |m, &c| {
                        m | 1u128 << Piece::new(c, k as KindId).code()
                    })
                } else {
                    0
                };
                p.components
                    .iter()
                    .map(|c| compile(shape, color, c, promotes, zone, barred))
                    .collect()
            })
            .collect()
    });
    let mut attacks = Color::BOTH.map(|color| attack_groups(color, &compiled[color.index()]));
    let longest = shape.files().max(shape.ranks());
    for g in attacks.iter_mut().flatten() {
        g.edge_bound = g.range > 1 && g.range >= longest;
    }
    let plans = compiled.each_ref().map(|kinds| {
        Plans::build(kinds, shape.files().max(shape.ranks()), |k| {
            pieces[k].promotes_on_last_rank() && !promotion_kinds.is_empty()
        })
    });
    let special_attacks = Color::BOTH.map(|color| special_attacks(color, &compiled[color.index()]));
    let special = flying_general
        || zones.iter().flatten().any(Option::is_some)
        || special_attacks.iter().any(|a| !a.is_empty())
        || compiled
            .iter()
            .flatten()
            .flatten()
            .any(|c| c.path == ComponentPath::Special);
    // Special rules take the general attack walk, which `attack_regions` selects.
    let attack_regions = special || attacks.iter().flatten().any(|g| g.region.is_some());
    let first_ride = attacks
        .each_ref()
        .map(|groups| groups.iter().take_while(|g| g.range == 1).count());
    Movement {
        compiled,
        attacks,
        first_ride,
        plans,
        special_attacks,
        special,
        attack_regions,
    }
}

/// A bit per kind of the table for which `pred` holds.
pub(super) fn kinds_where(pieces: &[PieceKind], pred: impl Fn(&PieceKind) -> bool) -> u64 {
    pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| pred(p))
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// Reading a SAN move looks a letter up: a table, not a walk over the piece records.
pub(super) fn kind_of_letter(pieces: &[PieceKind]) -> [KindId; 128] {
    let mut kind_of_letter = [NO_KIND; 128];
    for (i, p) in pieces.iter().enumerate().rev() {
        // As `kind_by_spelling` compares: the kind's letter with the capital asked for.
        if !p.plus && p.letter.is_ascii() && p.letter == p.letter.to_ascii_uppercase() {
            kind_of_letter[p.letter as usize] = i as KindId;
        }
    }
    // A kind's SAN letter (xiangqi's `H` for the horse) reads as the kind too, where no
    // kind has it as its own letter.
    for (i, p) in pieces.iter().enumerate() {
        if let Some(s) = p.san_letter.filter(|s| s.is_ascii_uppercase() && !p.plus) {
            if kind_of_letter[s as usize] == NO_KIND {
                kind_of_letter[s as usize] = i as KindId;
            }
        }
    }
    kind_of_letter
}

/// Per cell code, the letter FEN writes for the piece (see `Rules::letter_of_code`).
pub(super) fn letter_of_code(pieces: &[PieceKind]) -> [u8; 128] {
    let mut letter_of_code = [0u8; 128];
    for (i, p) in pieces.iter().enumerate() {
        if p.plus || !p.letter.is_ascii_alphabetic() {
            continue;
        }
        for color in Color::BOTH {
            let code = Piece::new(color, i as KindId).code() as usize;
            if let Some(slot) = letter_of_code.get_mut(code) {
                *slot = match color {
                    Color::White => p.letter.to_ascii_uppercase(),
                    Color::Black => p.letter.to_ascii_lowercase(),
                } as u8;
            }
        }
    }
    letter_of_code
}

/// Mailbox cells and bitboard bits, each way (`Rules::bit_of`, `cell_bit`, `bit_cell`):
/// empty of bits where the board has more than 128 squares.
pub(super) struct BitLayout {
    pub bit_of: Vec<u8>,
    pub cell_bit: Vec<u128>,
    pub bit_cell: Vec<Sq>,
}

pub(super) fn bit_layout(shape: &BoardShape) -> BitLayout {
    let squares = shape.squares().count();
    let mut bit_of = vec![u8::MAX; shape.cells()];
    let mut cell_bit = vec![0u128; shape.cells()];
    let mut bit_cell = Vec::new();
    if squares <= 128 {
        for (i, sq) in shape.squares().enumerate() {
            bit_of[sq as usize] = i as u8;
            cell_bit[sq as usize] = 1u128 << i;
            bit_cell.push(sq);
        }
    }
    BitLayout {
        bit_of,
        cell_bit,
        bit_cell,
    }
}

/// Per castling: the squares that must be empty, and the king's path after its square (the
/// squares that must not be attacked), as cell-bit masks.
pub(super) fn castle_masks(castle_cells: &[[Sq; 4]], cell_bit: &[u128]) -> Vec<[u128; 2]> {
    castle_cells
        .iter()
        .map(|&[kf, kt, rf, rt]| {
            let (lo, hi) = (kf.min(kt).min(rf).min(rt), kf.max(kt).max(rf).max(rt));
            let between = (lo..=hi)
                .filter(|&s| s != kf && s != rf)
                .fold(0, |m, s| m | cell_bit[s as usize]);
            let path = (kf.min(kt)..=kf.max(kt))
                .filter(|&s| s != kf)
                .fold(0, |m, s| m | cell_bit[s as usize]);
            [between, path]
        })
        .collect()
}

/// Per colour, the castling rights (bits of `castling`) that are its.
pub(super) fn castle_rights_of(castling: &[CastlingRule]) -> [u8; 2] {
    let mut castle_rights_of = [0u8; 2];
    for (i, c) in castling.iter().enumerate() {
        castle_rights_of[c.color.index()] |= 1 << i;
    }
    castle_rights_of
}

/// Per colour, a bit per cell code of a zone-confined kind.
pub(super) fn zoned(zones: &[Vec<Option<Zone>>; 2]) -> [u128; 2] {
    Color::BOTH.map(|color| {
        zones[color.index()]
            .iter()
            .enumerate()
            .filter(|(_, z)| z.is_some())
            .fold(0u128, |m, (k, _)| {
                m | 1u128 << Piece::new(color, k as KindId).code()
            })
    })
}

/// Per mailbox cell: is it one of `squares` (file, rank from 0)? Empty when `squares` is
/// (a rule that names no squares holds everywhere). Off-board squares are left out.
pub(super) fn cells_marked(shape: &BoardShape, squares: &[(u8, u8)]) -> Vec<bool> {
    if squares.is_empty() {
        return Vec::new();
    }
    let mut cells = vec![false; shape.cells()];
    for &(file, rank) in squares {
        if let Some(cell) = shape
            .try_sq(file.into(), rank.into())
            .and_then(|sq| cells.get_mut(sq as usize))
        {
            *cell = true;
        }
    }
    cells
}
