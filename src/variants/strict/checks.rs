//! Kings and checks: adjacent kings, the side not to move in check, and more checking pieces
//! than one move can produce.
//!
//! One move gives check with the piece that moved, and can add one *discovered* check by
//! leaving a line between a rider and the king. So at most two pieces give check, and with
//! two, one of them must attack along a line through a square the other could just have come
//! from. Pawn moves (en passant opens two squares, a promotion changes the piece) and castling
//! (the king leaving a line) are accepted whenever a line check is present at all.

use crate::core::{Move, Piece, Position, Sq};

use super::{StartMaterial, StrictIssue};

/// Kings not adjacent, the side not to move not in check, and at most two checkers, two only
/// when one move can give both (this last skipped when pieces can vanish). Passes a position
/// without exactly one king per side.
pub fn check(pos: &Position, start: &StartMaterial) -> Result<(), StrictIssue> {
    let shape = pos.rules().shape.clone();
    let us = pos.side_to_move();
    let them = us.other();
    let (Some(our_king), Some(their_king)) = (pos.royal_square(us), pos.royal_square(them)) else {
        return Ok(());
    };
    let (df, dr) = delta(pos, our_king, their_king);
    // Kings side by side attack each other, unless something between them (an obstacle
    // chess wall) keeps them apart.
    let touching = df.abs() <= 1 && dr.abs() <= 1;
    if touching && pos.attackers(their_king, us).contains(&our_king) {
        return Err(StrictIssue::at(
            "adjacent-kings",
            shape.name(their_king),
            "kings on adjacent squares",
        ));
    }
    if pos.in_check(them) {
        return Err(StrictIssue::at(
            "not-to-move-in-check",
            shape.name(their_king),
            format!("{} is in check but it is not its move", them.title()),
        ));
    }
    if start.pieces_can_vanish {
        return Ok(());
    }
    let checkers = pos.attackers(our_king, them);
    match checkers.as_slice() {
        [] | [_] => Ok(()),
        [a, b] => {
            if explains(pos, our_king, *a, *b) || explains(pos, our_king, *b, *a) {
                Ok(())
            } else {
                Err(StrictIssue::at(
                    "impossible-double-check",
                    shape.name(our_king),
                    "no single move gives this double check",
                ))
            }
        }
        _ => Err(StrictIssue::at(
            "too-many-checkers",
            shape.name(our_king),
            format!("{} pieces give check at once", checkers.len()),
        )),
    }
}

fn delta(pos: &Position, a: Sq, b: Sq) -> (i32, i32) {
    let shape = &pos.rules().shape;
    (
        shape.file_of(b) as i32 - shape.file_of(a) as i32,
        shape.rank_of(b) as i32 - shape.rank_of(a) as i32,
    )
}

/// Can `line` be the discovered checker and `moved` the piece that just moved?
fn explains(pos: &Position, king: Sq, line: Sq, moved: Sq) -> bool {
    let rules = pos.rules().clone();
    let shape = &rules.shape;
    let (dx, dy) = delta(pos, line, king);
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    let dist = dx.abs().max(dy.abs());
    let (Some(mover), Some(checker)) = (pos.piece_at(moved), pos.piece_at(line)) else {
        return false;
    };
    if !straight || dist < 2 {
        return false;
    }
    let (sx, sy) = (dx.signum(), dy.signum());
    let between: Vec<Sq> = (1..dist)
        .filter_map(|i| {
            shape.try_sq(
                shape.file_of(line) as i32 + sx * i,
                shape.rank_of(line) as i32 + sy * i,
            )
        })
        .collect();
    // The line check must be blockable on those squares (a rider, not a leaper).
    let Some(&first) = between.first() else {
        return false;
    };
    let mut blocked = pos.clone();
    blocked.put(first, Piece::new(checker.color, mover.kind));
    if blocked.attackers(king, checker.color).contains(&line) {
        return false;
    }
    let rank = shape.relative_rank(mover.color, shape.rank_of(moved));
    // A promotion changed the piece; an en passant capture (landing three ranks before the
    // last) opened a second square. Both are accepted as soon as a line check exists.
    let promoted = rank + 1 == shape.ranks() && rules.promotion_kinds.contains(&mover.kind);
    let en_passant = rules.kind(mover.kind).promotes && rank + 3 == shape.ranks();
    if promoted || en_passant {
        return true;
    }
    if castled_rook(pos, moved, mover) {
        return true;
    }
    between.iter().any(|&s| came_from(pos, moved, mover, s))
}

/// Could `mover`, now on `to`, have moved there from `from` (onto an empty square or by a
/// capture)?
fn came_from(pos: &Position, to: Sq, mover: Piece, from: Sq) -> bool {
    let victim_kind = (0..pos.rules().pieces.len() as u8).find(|&k| !pos.rules().is_royal(k));
    let mut before = pos.clone();
    before.remove(to);
    before.put(from, mover);
    let reaches = |p: &Position| {
        let mut moves: Vec<Move> = Vec::new();
        p.piece_moves(from, &mut moves);
        moves.iter().any(|m| m.to == to)
    };
    if reaches(&before) {
        return true;
    }
    match victim_kind {
        Some(k) => {
            before.put(to, Piece::new(mover.color.other(), k));
            reaches(&before)
        }
        None => false,
    }
}

/// Is `sq` where a castling move of `piece`'s side leaves its rook, with the king beside?
fn castled_rook(pos: &Position, sq: Sq, piece: Piece) -> bool {
    let shape = &pos.rules().shape;
    pos.rules().castling.iter().any(|r| {
        r.color == piece.color
            && r.rook_kind == piece.kind
            && shape.sq(r.rook_to) == sq
            && pos
                .piece_at(shape.sq(r.king_to))
                .is_some_and(|k| k.color == piece.color && pos.rules().is_royal(k.kind))
    })
}
