//! Fairy-Stockfish's shogi-style promotions (`promotedPieceType`, with `mandatoryPiecePromotion`,
//! `mandatoryPawnPromotion`, `promotionLimit`, `immobilityIllegal`) as our `promotes_to`: a
//! piece of type X that promotes to type Y becomes the kind `+X`, moving as Y does, written
//! `+X` in the FEN as Fairy-Stockfish writes it, and going back to a hand as X. What that
//! cannot say is reported under the key that holds it.

use std::fmt::Write;

use super::emit::{bool_line, quote, Pawns, Writer};
use super::fen::StartFen;
use super::mobility::start_count;
use super::model::{Piece, Types};

/// The promotion zone (1-based ranks from the owner's side, both ends included) of the
/// shogi-style promotions, checking the rules around them; `None` without such promotions.
pub(super) fn zone(w: &mut Writer<'_>, pawns: &Pawns) -> Option<(u32, u32)> {
    let m = w.m;
    if m.piece_demotion && pawns.promotes {
        // Fairy-Stockfish marks a pawn's promotion too, and would let that piece demote.
        w.bad
            .push("pieceDemotion (with promotionPieceTypes: a promoted pawn demotes too)".into());
    }
    let promoting: Vec<&String> = m
        .promoted
        .iter()
        .filter(|(from, to)| m.piece(from).is_some() && m.piece(to).is_some())
        .map(|(from, _)| from)
        .collect();
    if promoting.is_empty() {
        return None;
    }
    let optional = promoting.iter().any(|k| {
        if k.as_str() == "pawn" {
            !m.mandatory_pawn_promotion
        } else {
            !m.mandatory_piece_promotion
        }
    });
    if optional && !m.immobility_illegal {
        // Our promotions are compulsory where the piece could never move again.
        w.bad.push(
            "immobilityIllegal (false, with optional promotions: a piece may stay where it can never move)"
                .into(),
        );
    }
    let region = [m.promotion_region[0].clone(), m.promotion_region[1].clone()];
    let ranks = w.relative_ranks(&region, "promotionRegion")?;
    let (lo, hi) = (*ranks.first()?, *ranks.last()?);
    if hi - lo + 1 != ranks.len() as u32 {
        w.bad
            .push("promotionRegion (ranks with a gap between them)".into());
        return None;
    }
    let double_steps_in = pawns.double_step.as_ref().is_some_and(|rs| {
        rs.iter().any(|r| ranks.contains(&(r + 2)))
            && promoting.iter().any(|k| m.double_step_kinds.contains(k))
    });
    if double_steps_in {
        // Our double step never promotes.
        w.bad
            .push("promotedPieceType (a double step into the promotion region)".into());
    }
    Some((lo + 1, hi + 1))
}

/// The (from, to) pairs of shogi-style promotion whose promoted kinds the file gets, in the
/// order the section named them, reporting those it cannot hold.
pub(super) fn promoted_pairs<'a>(w: &mut Writer<'a>, pawns: &Pawns) -> Vec<(&'a Piece, &'a Piece)> {
    let m = w.m;
    let mut out = Vec::new();
    for (from, to) in &m.promoted {
        let (Some(f), Some(t)) = (m.piece(from), m.piece(to)) else {
            continue;
        };
        let counted =
            |types: &Option<Types>| matches!(types, Some(Types::Kinds(k)) if k.contains(to));
        let extinct = m
            .extinction
            .as_ref()
            .is_some_and(|(_, t)| counted(&Some(t.clone())));
        if t.royal {
            w.bad
                .push(format!("promotedPieceType ({from} to the royal {to})"));
        } else if extinct || m.flag_piece.iter().any(counted) {
            // Our promoted kind is another kind than the one the end rule counts.
            w.bad.push(format!(
                "promotedPieceType ({from} to {to}, which an end rule counts)"
            ));
        } else if pawns.promotes && pawns.is_pawn(from) {
            w.bad.push(format!(
                "promotedPieceType ({from} also promotes by promotionPieceTypes)"
            ));
        }
        out.push((f, t));
    }
    out
}

/// A type's `promotes_to`, `promotion_zone` and `must_promote`.
pub(super) fn lines(out: &mut String, w: &mut Writer<'_>, p: &Piece) {
    let m = w.m;
    let Some(zone) = w.piece_zone else { return };
    let promotes = m
        .promoted
        .iter()
        .any(|(from, to)| *from == p.kind && m.piece(to).is_some());
    if !promotes {
        return;
    }
    let _ = writeln!(out, "promotes_to = {}", quote(&format!("+{}", p.letter)));
    let _ = writeln!(out, "promotion_zone = [{}, {}]", zone.0, zone.1);
    let must = if p.kind == "pawn" {
        m.mandatory_pawn_promotion
    } else {
        m.mandatory_piece_promotion
    };
    bool_line(out, "must_promote", must);
}

/// Under `pieceDemotion`, a promoted kind turns back into `from`'s kind as it promoted: in
/// the same zone, as compulsorily.
pub(super) fn demotion_lines(out: &mut String, w: &mut Writer<'_>, from: &Piece) {
    let m = w.m;
    let Some(zone) = w.piece_zone.filter(|_| m.piece_demotion) else {
        return;
    };
    let _ = writeln!(out, "promotes_to = {}", quote(&from.letter.to_string()));
    let _ = writeln!(out, "promotion_zone = [{}, {}]", zone.0, zone.1);
    bool_line(out, "must_promote", m.mandatory_piece_promotion);
}

/// `promotion_limit` on the promoted kind of `from`, where `promotionLimit` names its type:
/// Fairy-Stockfish counts every piece of the type, so the two agree when only this promotion
/// ever makes one.
pub(super) fn limit_line(
    out: &mut String,
    w: &mut Writer<'_>,
    from: &Piece,
    to: &Piece,
    start: Option<&StartFen>,
) {
    let m = w.m;
    let Some(&(_, n)) = m.promotion_limit.iter().find(|(k, _)| *k == to.kind) else {
        return;
    };
    let sources = m.promoted.iter().filter(|(_, t)| *t == to.kind).count();
    let native = m.promotion_to.iter().any(|list| list.contains(&to.kind))
        || start.is_none_or(|s| in_start(s, to.letter));
    if sources > 1 || native || n == 0 || n > 255 {
        w.bad.push(format!(
            "promotionLimit ({}: its pieces do not all come from {}'s promotion)",
            to.kind, from.kind
        ));
        return;
    }
    let _ = writeln!(out, "promotion_limit = {n}");
}

/// Does a side start with a piece of this letter (not promoted), on the board or in hand?
fn in_start(start: &StartFen, letter: char) -> bool {
    (0..2).any(|side| start_count(start, letter, side, true) > 0)
}
