//! One `[[piece]]` table compiled into a piece-table row: its letter, its Betza movement, and
//! the pawn, region and mating-power keys that adjust the compiled components.

use super::compile::{count, Ctx};
use super::error::VariantFileError;
use super::schema::PieceDoc;
use super::zone::{extra_moves, rank_span, zone_squares};
use crate::core::{MatingPower, MoveMode, MovementComponent, PieceKind};
use crate::notation::betza;
use toml::Spanned;

/// What the rest of the file says that a piece's row needs: the board's diagonal lines, and
/// whether pawns promote in a `[promotion] zone` (where a double step may promote).
pub(super) struct BoardKeys<'a> {
    pub lines: Option<&'a [(u8, u8)]>,
    pub pawn_zone: bool,
}

pub(super) fn piece(
    cx: &Ctx<'_>,
    p: &PieceDoc,
    files: usize,
    ranks: usize,
    board: &BoardKeys<'_>,
) -> Result<PieceKind, VariantFileError> {
    // `+P`: a promoted kind, written as Fairy-Stockfish writes shogi's promoted pieces.
    let (plus, spelled) = match p.letter.get_ref().strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, p.letter.get_ref().as_str()),
    };
    let mut cs = spelled.chars();
    let letter = match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
        _ => {
            return Err(cx.err(
                p.letter.span(),
                "a piece letter is one letter A-Z, or '+' and one letter for a promoted kind",
            ))
        }
    };
    // An empty movement is a piece that never moves once it stands (Fairy-Stockfish's
    // `immobile`: tic-tac-toe's marks, dropped and left).
    let mut components = if p.betza.get_ref().is_empty() {
        Vec::new()
    } else {
        betza::parse(p.betza.get_ref())
            .map_err(|e| cx.err_in(&p.betza, e.offset, e.message.clone()))?
    };
    for extra in &p.extra {
        components.extend(extra_moves(cx, extra, ranks, board.lines)?);
    }
    if let Some(region) = &p.region {
        let (lo, hi) = rank_span(cx, region, ranks, "region")?;
        for c in &mut components {
            // A group's own region narrows the piece's.
            c.region = Some(match c.region {
                Some((a, b)) => (a.max(lo), b.min(hi)),
                None => (lo, hi),
            });
        }
    }
    if p.en_passant {
        let mut any = false;
        for c in components
            .iter_mut()
            .filter(|c| c.mode == MoveMode::CaptureOnly)
        {
            c.en_passant = true;
            any = true;
        }
        if !any {
            return Err(cx.err(p.betza.span(), "en_passant needs a capture-only move (c…)"));
        }
    }
    if let (Some(v), None) = (&p.double_step_en_passant, &p.double_step_rank) {
        return Err(cx.err(v.span(), "double_step_en_passant needs double_step_rank"));
    }
    if let Some(d) = &p.double_step_rank {
        let listed = d.get_ref().list();
        if listed.is_empty() || listed.len() > ranks {
            return Err(cx.err(d.span(), "double_step_rank is a rank or a list of ranks"));
        }
        let highest = listed.iter().copied().max().unwrap_or(0);
        let every_rank = match p.double_step_en_passant.as_ref() {
            None => false,
            Some(v) => match v.get_ref().as_str() {
                "highest-rank" => false,
                "every-rank" => true,
                _ => {
                    return Err(cx.err(
                        v.span(),
                        "double_step_en_passant is \"highest-rank\" or \"every-rank\"",
                    ))
                }
            },
        };
        for &r in &listed {
            let rank = count(cx, &Spanned::new(d.span(), r), 1, ranks, "double_step_rank")?;
            // A double step onto the last rank would have to promote, which the generators'
            // double steps do not: refused rather than played without its promotion.
            if p.pawn && rank + 2 >= ranks && !board.pawn_zone {
                return Err(cx.err(
                    d.span(),
                    format!(
                        "double_step_rank {rank}: a double step from there lands on the last \
                         rank, where a pawn promotes; double steps onto it are not supported"
                    ),
                ));
            }
            let two = MovementComponent::steps(&[(0, 1)])
                .max_range(2)
                .from_rank((rank - 1) as u8);
            // En passant follows the double step from the highest rank listed only: a horde
            // pawn's step from its first rank leaves no en passant square (lichess,
            // python-chess, shakmaty). It is still a double step (only its far square; the
            // single step is the pawn's own), so the bitboard generators take it.
            components.push(if r == highest || every_rank {
                two.double_step()
            } else {
                two.quiet_double_step()
            });
        }
    }
    if let Some(squares) = &p.initial_squares {
        initial_squares(cx, squares, files, ranks, &mut components)?;
    }
    if p.zone.is_some() && components.iter().any(|c| c.double_step) {
        return Err(cx.err(
            p.betza.span(),
            "a zone does not combine with a double step (Betza's `mfnD`)",
        ));
    }
    let mut kind = PieceKind::new(letter, &p.name, components);
    kind.plus = plus;
    if p.avoids_own_kind && (p.royal || p.pseudo_royal) {
        return Err(cx.err(
            p.letter.span(),
            "avoids_own_kind is for a piece that is not royal (the janggi cannon)",
        ));
    }
    kind.avoids_own_kind = p.avoids_own_kind;
    if let Some(san) = &p.san {
        let mut cs = san.get_ref().chars();
        kind.san_letter = match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => Some(c),
            _ => return Err(cx.err(san.span(), "san is one upper-case letter A-Z")),
        };
    }
    if let Some(zone) = &p.promotion_zone {
        kind.promotion_zone = Some(rank_span(cx, zone, ranks, "promotion_zone")?);
    }
    if let Some(squares) = &p.promotion_squares {
        kind.promotion_squares = Some(zone_squares(cx, squares, files, ranks)?);
    }
    if let Some(limit) = &p.promotion_limit {
        kind.promotion_limit = Some(
            u8::try_from(*limit.get_ref())
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| cx.err(limit.span(), "promotion_limit is a count from 1 to 255"))?,
        );
    }
    if let Some(span) = &p.drop_ranks {
        kind.drop_ranks = Some(rank_span(cx, span, ranks, "drop_ranks")?);
    }
    if let Some(zone) = &p.zone {
        if p.double_step_rank.is_some() || p.en_passant {
            return Err(cx.err(
                zone.span(),
                "a zone does not combine with double_step_rank or en_passant",
            ));
        }
        kind.zone = Some(zone_squares(cx, zone, files, ranks)?);
    }
    if p.royal || p.pseudo_royal {
        kind = kind.royal();
        kind.pseudo_royal = p.pseudo_royal;
    }
    if p.pawn {
        kind = kind.pawn_like();
    }
    if let Some(resets) = &p.resets_move_rule {
        kind.resets_clock = *resets.get_ref();
    }
    if let Some(m) = &p.mating_power {
        kind.mating_power = match m.get_ref().as_str() {
            "none" => MatingPower::None,
            "minor" => MatingPower::Minor,
            "colour-bound" | "color-bound" => MatingPower::ColourBound,
            "major" => MatingPower::Major,
            _ => {
                return Err(cx.err(
                    m.span(),
                    "mating_power is \"none\", \"minor\", \"colour-bound\" or \"major\"",
                ))
            }
        };
    }
    Ok(kind)
}

/// `initial_squares`: the piece's initial moves (its components bound to one rank: double
/// steps and Betza `i` parts) also start from these squares, as Fairy-Stockfish's
/// `doubleStepRegion` may hold single squares besides whole ranks. Each rank's squares become
/// a copy of those components bound to that rank and to their files.
fn initial_squares(
    cx: &Ctx<'_>,
    squares: &Spanned<Vec<Spanned<String>>>,
    files: usize,
    ranks: usize,
    components: &mut Vec<MovementComponent>,
) -> Result<(), VariantFileError> {
    let initial: Vec<MovementComponent> = components
        .iter()
        .filter(|c| c.from_rank.is_some())
        .cloned()
        .collect();
    let rank = initial.first().and_then(|c| c.from_rank);
    if rank.is_none() || initial.iter().any(|c| c.from_rank != rank) {
        return Err(cx.err(
            squares.span(),
            "initial_squares needs initial moves from one rank: a double_step_rank or Betza `i` parts",
        ));
    }
    let mut by_rank: Vec<(u8, u32)> = Vec::new();
    for (file, r) in zone_squares(cx, squares, files, ranks)? {
        if Some(r) == rank {
            return Err(cx.err(
                squares.span(),
                format!("initial_squares: rank {} is already an initial rank", r + 1),
            ));
        }
        match by_rank.iter_mut().find(|(at, _)| *at == r) {
            Some((_, mask)) => *mask |= 1 << file,
            None => by_rank.push((r, 1 << file)),
        }
    }
    for (r, mask) in by_rank {
        for c in &initial {
            components.push(c.clone().from_rank(r).from_files(mask));
        }
    }
    Ok(())
}
