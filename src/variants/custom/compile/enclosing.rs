//! `[rules] flip`, `drop_only`, `drop_start` and `free_drops`: the reversi family's and
//! ataxx's pieces that change sides and drops that must enclose or touch (`core::enclosing`).

use super::Ctx;
use crate::core::{DropOnly, Flip};
use crate::variants::custom::error::VariantFileError;
use crate::variants::custom::schema::VariantDoc;
use crate::variants::custom::zone::zone_squares;

/// What the four keys say, checked against each other and the file's drops.
pub(super) struct Enclosing {
    pub flip: Option<Flip>,
    pub drop_only: Option<DropOnly>,
    pub drop_start: Vec<(u8, u8)>,
    pub free_drops: bool,
}

pub(super) fn enclosing(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    drops: bool,
    files: usize,
    ranks: usize,
) -> Result<Enclosing, VariantFileError> {
    let rules = &doc.rules;
    let flip = match rules
        .flip
        .as_ref()
        .map(|f| (f.get_ref().as_str(), f.span()))
    {
        None => None,
        Some(("enclosed", _)) => Some(Flip::Enclosed),
        Some(("adjacent", _)) => Some(Flip::Adjacent),
        Some(("adjacent-if-joined", _)) => Some(Flip::AdjacentIfJoined),
        Some((_, span)) => {
            return Err(cx.err(
                span,
                "flip is \"enclosed\", \"adjacent\" or \"adjacent-if-joined\"",
            ))
        }
    };
    let drop_only = match rules
        .drop_only
        .as_ref()
        .map(|d| (d.get_ref().as_str(), d.span()))
    {
        None => None,
        Some((_, span)) if !drops => {
            return Err(cx.err(span, "drop_only needs drops = true"));
        }
        Some(("enclosing", _)) => Some(DropOnly::Enclosing),
        Some(("next-to-own", _)) => Some(DropOnly::NextToOwn),
        Some(("away-from-other", _)) => Some(DropOnly::AwayFromOther),
        Some(("on-top", _)) => Some(DropOnly::OnTop),
        Some(("from-any-side", _)) => Some(DropOnly::FromAnySide),
        Some((_, span)) => {
            return Err(cx.err(
                span,
                "drop_only is \"enclosing\", \"next-to-own\", \"away-from-other\", \"on-top\" \
                 or \"from-any-side\"",
            ));
        }
    };
    let drop_start = match &rules.drop_start {
        None => Vec::new(),
        Some(squares) if drop_only.is_none() => {
            return Err(cx.err(squares.span(), "drop_start needs drop_only"));
        }
        Some(squares) => zone_squares(cx, squares, files, ranks)?,
    };
    let free_drops = match &rules.free_drops {
        Some(f) if *f.get_ref() && !drops => {
            return Err(cx.err(f.span(), "free_drops needs drops = true"));
        }
        Some(f) => *f.get_ref(),
        None => false,
    };
    Ok(Enclosing {
        flip,
        drop_only,
        drop_start,
        free_drops,
    })
}
