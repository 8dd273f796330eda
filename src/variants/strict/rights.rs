//! Castling rights and the en passant square against the board.

use crate::core::{Color, Position};

use super::{StartMaterial, StrictIssue};

/// Castling rights against the king and rook on their start squares, then the en passant
/// square against the double step that left it.
pub fn check(pos: &Position, start: &StartMaterial) -> Result<(), StrictIssue> {
    castling(pos)?;
    en_passant(pos, start)
}

/// Every castling right needs its king and its rook still on their start squares.
fn castling(pos: &Position) -> Result<(), StrictIssue> {
    let rules = pos.rules().clone();
    let shape = &rules.shape;
    for (i, rule) in rules.castling.iter().enumerate() {
        if pos.castling_rights() >> i & 1 == 0 {
            continue;
        }
        let king = shape.sq(rule.king_from);
        let rook = shape.sq(rule.rook_from);
        let king_home = pos
            .piece_at(king)
            .is_some_and(|p| p.color == rule.color && rules.is_royal(p.kind));
        let rook_home = pos
            .piece_at(rook)
            .is_some_and(|p| p.color == rule.color && p.kind == rule.rook_kind);
        let side = if rule.king_side {
            "kingside"
        } else {
            "queenside"
        };
        if !king_home {
            return Err(StrictIssue::at(
                "castling-right",
                shape.name(king),
                format!("{side} castling right but the king is not on its start square"),
            ));
        }
        if !rook_home {
            return Err(StrictIssue::at(
                "castling-right",
                shape.name(rook),
                format!("{side} castling right but the rook is not on its start square"),
            ));
        }
    }
    Ok(())
}

/// The en passant square is the square a pawn of the side that just moved passed over in a
/// double step: on that side's third rank, empty, with the pawn right in front of it and the
/// square it started from (right behind) empty.
fn en_passant(pos: &Position, start: &StartMaterial) -> Result<(), StrictIssue> {
    let Some(ep) = pos.en_passant() else {
        return Ok(());
    };
    let shape = pos.rules().shape.clone();
    let mover = pos.side_to_move().other();
    let name = shape.name(ep);
    let fail = |why: &str| {
        Err(StrictIssue::at(
            "en-passant",
            name.clone(),
            format!("no double step could have left this en passant square ({why})"),
        ))
    };
    let rank = shape.rank_of(ep);
    if shape.relative_rank(mover, rank) != 2 {
        return fail("wrong rank for the side that just moved");
    }
    let forward = if mover == Color::White { 1 } else { -1 };
    let file = shape.file_of(ep) as i32;
    let front = shape.try_sq(file, rank as i32 + forward);
    let behind = shape.try_sq(file, rank as i32 - forward);
    let pawn_in_front = front
        .and_then(|s| pos.piece_at(s))
        .is_some_and(|p| p.color == mover && start.pawn_kinds.contains(&p.kind));
    // A pawn that stepped onto a trapdoor or a mine is gone, but its en passant square stays.
    let vanished = start.pieces_can_vanish && front.is_some_and(|s| pos.piece_at(s).is_none());
    if !pawn_in_front && !vanished {
        return fail("no pawn in front of it");
    }
    if pos.piece_at(ep).is_some() || behind.and_then(|s| pos.piece_at(s)).is_some() {
        return fail("it or the square behind it is occupied");
    }
    Ok(())
}
