//! The geometric parts of a variant file: castling rules (given for White, mirrored for
//! Black) and obstacles (walls between squares, trapdoors, mines, per-player allowances).

use toml::Spanned;

use super::compile::{count, Ctx};
use super::error::VariantFileError;
use super::schema::{CastlingDoc, ObstaclesDoc};
use super::{walls, Obstacles};
use crate::core::{CastlingRule, Color, KindId, Square};

/// A square of the board named by a string value.
pub(super) fn board_square(
    cx: &Ctx<'_>,
    v: &Spanned<String>,
    files: usize,
    ranks: usize,
) -> Result<Square, VariantFileError> {
    Square::parse(v.get_ref())
        .filter(|s| (s.file as usize) < files && (s.rank as usize) < ranks)
        .ok_or_else(|| {
            cx.err(
                v.span(),
                format!("'{}' is not a square of the board", v.get_ref()),
            )
        })
}

/// The castling rules, White's first, king's side before queen's side (FEN `KQkq` order).
pub(super) fn castling_rules(
    cx: &Ctx<'_>,
    docs: &[CastlingDoc],
    files: usize,
    ranks: usize,
    kind_of: &dyn Fn(&Spanned<String>) -> Result<KindId, VariantFileError>,
    any_royal: bool,
) -> Result<Vec<CastlingRule>, VariantFileError> {
    let mut castling = Vec::new();
    for c in docs {
        let king_side = match c.side.get_ref().as_str() {
            "king" => true,
            "queen" => false,
            _ => return Err(cx.err(c.side.span(), "side is \"king\" or \"queen\"")),
        };
        let rook_kind = kind_of(&c.rook)?;
        let king_kind = match &c.king {
            Some(letter) => Some(kind_of(letter)?),
            None if !any_royal => {
                return Err(cx.err(
                    c.side.span(),
                    "no piece is royal: say which piece castles with king = \"LETTER\"",
                ))
            }
            None => None,
        };
        let sq = |v: &Spanned<String>| board_square(cx, v, files, ranks);
        let (kf, kt, rf, rt) = (
            sq(&c.king_from)?,
            sq(&c.king_to)?,
            sq(&c.rook_from)?,
            sq(&c.rook_to)?,
        );
        if kf.rank != kt.rank || kf.rank != rf.rank || kf.rank != rt.rank {
            return Err(cx.err(
                c.king_from.span(),
                "castling squares must all be on one rank",
            ));
        }
        if kf == rf || kt == rt {
            return Err(cx.err(c.rook_from.span(), "king and rook squares clash"));
        }
        if castling
            .iter()
            .any(|r: &CastlingRule| r.king_side == king_side)
        {
            return Err(cx.err(c.side.span(), "this side's castling is defined twice"));
        }
        for color in [Color::White, Color::Black] {
            let m = |s: Square| match color {
                Color::White => s,
                Color::Black => Square::new(s.file, (ranks - 1) as u8 - s.rank),
            };
            castling.push(CastlingRule {
                color,
                king_from: m(kf),
                king_to: m(kt),
                rook_from: m(rf),
                rook_to: m(rt),
                rook_kind,
                king_kind,
                king_side,
            });
        }
    }
    castling.sort_by_key(|r| (r.color.index(), !r.king_side));
    Ok(castling)
}

/// The fixed obstacles and the per-player allowances.
pub(super) fn obstacles(
    cx: &Ctx<'_>,
    ob: &ObstaclesDoc,
    files: usize,
    ranks: usize,
) -> Result<Obstacles, VariantFileError> {
    let mut obstacles = Obstacles::default();
    for w in &ob.walls {
        let wall = walls::parse_wall(w.get_ref(), files, ranks).map_err(|m| cx.err(w.span(), m))?;
        obstacles.walls.push(wall);
    }
    for (list, out) in [
        (&ob.trapdoors, &mut obstacles.trapdoors),
        (&ob.mines, &mut obstacles.mines),
    ] {
        for s in list {
            out.push(board_square(cx, s, files, ranks)?);
        }
    }
    let per = |v: &Option<Spanned<i64>>, what: &str| match v {
        Some(n) => count(cx, n, 0, 99, what).map(|n| n as u32),
        None => Ok(0),
    };
    obstacles.walls_per_player = per(&ob.walls_per_player, "walls_per_player")?;
    obstacles.trapdoors_per_player = per(&ob.trapdoors_per_player, "trapdoors_per_player")?;
    obstacles.mines_per_player = per(&ob.mines_per_player, "mines_per_player")?;
    Ok(obstacles)
}
