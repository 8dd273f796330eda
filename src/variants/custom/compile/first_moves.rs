//! A piece's `first_move` keys: the leaps it may make only while it stands where it started
//! (`core::first_moves`: Cambodian chess's king and met).

use super::{Ctx, KindOf};
use crate::core::first_moves::FirstMoves;
use crate::core::{Motion, MoveMode, PieceKind};
use crate::notation::betza;
use crate::variants::custom::error::VariantFileError;
use crate::variants::custom::schema::VariantDoc;

/// Sets each kind's first moves from its row: `first_move` (Betza: move-only leaps),
/// `first_move_in_check` (default true) and `first_move_lost_to` (letters).
pub(super) fn first_moves(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    pieces: &mut [PieceKind],
    kind_of: &KindOf<'_>,
) -> Result<(), VariantFileError> {
    for (i, p) in doc.pieces.get_ref().iter().enumerate() {
        let Some(text) = &p.first_move else {
            if let Some(k) = &p.first_move_in_check {
                return Err(cx.err(k.span(), "first_move_in_check needs first_move"));
            }
            if let Some(k) = p.first_move_lost_to.first() {
                return Err(cx.err(k.span(), "first_move_lost_to needs first_move"));
            }
            continue;
        };
        let parts = betza::parse(text.get_ref())
            .map_err(|e| cx.err_in(text, e.offset, e.message.clone()))?;
        let mut leaps = Vec::new();
        for c in &parts {
            let plain = c.mode == MoveMode::MoveOnly
                && c.range == 1
                && c.motion == Motion::Slide
                && c.from_rank.is_none();
            if !plain {
                return Err(cx.err(
                    text.span(),
                    "first_move is made of leaps to empty squares (m…: mfD, mfsN)",
                ));
            }
            leaps.extend(c.vectors.iter().copied());
        }
        let mut lost_to = 0u64;
        for k in &p.first_move_lost_to {
            lost_to |= 1 << kind_of(k)?;
        }
        pieces[i].first_moves = Some(FirstMoves {
            leaps,
            in_check: p.first_move_in_check.as_ref().is_none_or(|b| *b.get_ref()),
            lost_to,
        });
    }
    Ok(())
}
