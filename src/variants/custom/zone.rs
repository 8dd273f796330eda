//! The keys that confine a piece's moves: `region` (ranks, for all its moves or for one
//! `[[piece.extra]]` group of them) and `zone` (any set of squares: the palace).

use toml::Spanned;

use super::compile::Ctx;
use super::error::VariantFileError;
use super::schema::ExtraDoc;
use crate::core::{MovementComponent, Square};
use crate::notation::betza;

/// A `[low, high]` rank pair from the owner's side, as 0-based ranks.
pub(super) fn rank_span(
    cx: &Ctx<'_>,
    region: &Spanned<Vec<i64>>,
    ranks: usize,
    key: &str,
) -> Result<(u8, u8), VariantFileError> {
    let r = region.get_ref();
    let ok = r.len() == 2 && r.iter().all(|&x| x >= 1 && x <= ranks as i64) && r[0] <= r[1];
    if !ok {
        return Err(cx.err(
            region.span(),
            format!("{key} is [lowest, highest] rank from the owner's side, within 1..{ranks}"),
        ));
    }
    Ok(((r[0] - 1) as u8, (r[1] - 1) as u8))
}

/// The components of one `[[piece.extra]]` group, each limited to the group's region (and,
/// with `lines`, to the board's diagonal lines).
pub(super) fn extra_moves(
    cx: &Ctx<'_>,
    extra: &ExtraDoc,
    ranks: usize,
    lines: Option<&[(u8, u8)]>,
) -> Result<Vec<MovementComponent>, VariantFileError> {
    let mut components = betza::parse(extra.betza.get_ref())
        .map_err(|e| cx.err_in(&extra.betza, e.offset, e.message.clone()))?;
    if extra.lines {
        let Some(lines) = lines else {
            return Err(cx.err(
                extra.betza.span(),
                "lines = true needs [board] diagonal_lines",
            ));
        };
        for c in &mut components {
            c.lines = Some(lines.to_vec());
        }
    }
    if let Some(region) = &extra.region {
        let r = rank_span(cx, region, ranks, "region")?;
        for c in &mut components {
            c.region = Some(r);
        }
    }
    Ok(components)
}

/// The squares of a `zone`, as White's `(file, rank)`: single squares (`"e2"`) and rectangles
/// between two corners (`"d1:f3"`).
pub(super) fn zone_squares(
    cx: &Ctx<'_>,
    zone: &Spanned<Vec<Spanned<String>>>,
    files: usize,
    ranks: usize,
) -> Result<Vec<(u8, u8)>, VariantFileError> {
    if zone.get_ref().is_empty() {
        return Err(cx.err(zone.span(), "a zone needs at least one square"));
    }
    let on_board = |text: &str| {
        Square::parse(text).filter(|s| (s.file as usize) < files && (s.rank as usize) < ranks)
    };
    let mut out = Vec::new();
    for item in zone.get_ref() {
        let text = item.get_ref().as_str();
        let corners = match text.split_once(':') {
            Some((a, b)) => on_board(a).zip(on_board(b)),
            None => on_board(text).map(|s| (s, s)),
        };
        let Some((a, b)) = corners else {
            return Err(cx.err(
                item.span(),
                format!("'{text}' is not a square of the board or a rectangle like \"d1:f3\""),
            ));
        };
        for file in a.file.min(b.file)..=a.file.max(b.file) {
            for rank in a.rank.min(b.rank)..=a.rank.max(b.rank) {
                if !out.contains(&(file, rank)) {
                    out.push((file, rank));
                }
            }
        }
    }
    Ok(out)
}
