//! The geometric parts of a variant file: castling rules (given for White, mirrored for
//! Black) and obstacles (walls between squares, trapdoors, mines, per-player allowances).

use toml::Spanned;

use super::compile::{count, Ctx};
use super::error::VariantFileError;
use super::schema::{CastlingDoc, ObstaclesDoc};
use super::{walls, StartObstacles};
use crate::core::{CastlingRule, Color, KindId, Position, Square};

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
) -> Result<(Vec<CastlingRule>, Vec<PlacedCastling>), VariantFileError> {
    let mut castling = Vec::new();
    let mut placed = Vec::new();
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
        if c.from_position {
            if let Some(v) = c.king_from.as_ref().or(c.rook_from.as_ref()) {
                return Err(cx.err(
                    v.span(),
                    "with from_position = true the position says where king and rook start",
                ));
            }
            let (kt, rt) = (sq(&c.king_to)?, sq(&c.rook_to)?);
            if kt.rank != 0 || rt.rank != 0 {
                return Err(cx.err(c.king_to.span(), "castling squares must be on rank 1"));
            }
            if placed
                .iter()
                .any(|p: &PlacedCastling| p.king_side == king_side)
            {
                return Err(cx.err(c.side.span(), "this side's castling is defined twice"));
            }
            placed.push(PlacedCastling {
                king_side,
                king_kind,
                rook_kind,
                king_to_file: kt.file,
                rook_to_file: rt.file,
            });
            continue;
        }
        let missing = |what: &str| cx.err(c.side.span(), format!("{what} is missing"));
        let king_from = c.king_from.as_ref().ok_or_else(|| missing("king_from"))?;
        let rook_from = c.rook_from.as_ref().ok_or_else(|| missing("rook_from"))?;
        let (kf, kt, rf, rt) = (
            sq(king_from)?,
            sq(&c.king_to)?,
            sq(rook_from)?,
            sq(&c.rook_to)?,
        );
        if kf.rank != kt.rank || kf.rank != rf.rank || kf.rank != rt.rank {
            return Err(cx.err(king_from.span(), "castling squares must all be on one rank"));
        }
        if kf == rf || kt == rt {
            return Err(cx.err(rook_from.span(), "king and rook squares clash"));
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
    if !castling.is_empty() && !placed.is_empty() {
        return Err(cx.err(
            docs[0].side.span(),
            "castling is either all from_position or all on fixed squares",
        ));
    }
    castling.sort_by_key(|r| (r.color.index(), !r.king_side));
    Ok((castling, placed))
}

/// A castling whose king and rook start where the position puts them (Chess960's rule):
/// the castling king on its side's first rank, the outermost castling rook on this side of
/// it; the destinations are fixed files of that rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedCastling {
    pub king_side: bool,
    /// `None`: the royal piece.
    pub king_kind: Option<KindId>,
    pub rook_kind: KindId,
    pub king_to_file: u8,
    pub rook_to_file: u8,
}

impl PlacedCastling {
    /// The rules these castlings make in `pos` (none for a side whose king or rook is not
    /// on its first rank), White's first, king's side first.
    pub fn rules_in(placed: &[PlacedCastling], pos: &Position) -> Vec<CastlingRule> {
        let shape = &pos.rules().shape;
        let mut out = Vec::new();
        for color in [Color::White, Color::Black] {
            let rank = shape.relative_rank(color, 0);
            let at = |file: u8| pos.piece_at(shape.sq(Square::new(file, rank)));
            for p in placed {
                let is_king = |file: u8| {
                    at(file).is_some_and(|piece| {
                        piece.color == color
                            && match p.king_kind {
                                Some(k) => piece.kind == k,
                                None => pos.rules().is_royal(piece.kind),
                            }
                    })
                };
                let Some(king_file) = (0..shape.files()).find(|&f| is_king(f)) else {
                    continue;
                };
                let is_rook = |f: &u8| {
                    at(*f).is_some_and(|piece| piece.color == color && piece.kind == p.rook_kind)
                };
                let rook_file = if p.king_side {
                    (king_file + 1..shape.files()).rev().find(is_rook)
                } else {
                    (0..king_file).find(is_rook)
                };
                let Some(rook_file) = rook_file else {
                    continue;
                };
                out.push(CastlingRule {
                    color,
                    king_from: Square::new(king_file, rank),
                    king_to: Square::new(p.king_to_file, rank),
                    rook_from: Square::new(rook_file, rank),
                    rook_to: Square::new(p.rook_to_file, rank),
                    rook_kind: p.rook_kind,
                    king_kind: p.king_kind,
                    king_side: p.king_side,
                });
            }
        }
        out.sort_by_key(|r| (r.color.index(), !r.king_side));
        out
    }
}

/// The fixed obstacles and the per-player allowances.
pub(super) fn obstacles(
    cx: &Ctx<'_>,
    ob: &ObstaclesDoc,
    files: usize,
    ranks: usize,
) -> Result<StartObstacles, VariantFileError> {
    let mut obstacles = StartObstacles::default();
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
