//! Material arithmetic: what each side has now against what it started with.
//!
//! Pawns only ever disappear (captured or promoted); every piece beyond its start count is a
//! promoted pawn, so the extras are paid for by missing own pawns; a colour-bound piece beyond
//! what the start had on that square colour is an extra too. A pawn that changed file made at
//! least one capture per file, so the enemy must miss at least that many pieces. All of these
//! are lower bounds on what a history needs.

use crate::core::{Color, KindId, Position, Sq};

use super::{board_order, StartMaterial, StrictIssue};

/// Pawns off their first and last ranks, piece counts against the start and the promotions
/// missing pawns pay for, pawn file changes against the enemy's missing pieces, and a capture
/// behind every promotion.
pub fn check(pos: &Position, start: &StartMaterial) -> Result<(), StrictIssue> {
    pawn_ranks(pos, start)?;
    for color in Color::BOTH {
        counts(pos, start, color)?;
    }
    for color in Color::BOTH {
        let needed = pawn_captures(pos, start, color);
        let missing = missing_pieces(pos, start, color.other());
        if needed.count > missing {
            let name = needed.first_moved.map(|s| pos.rules().shape.name(s));
            return Err(StrictIssue {
                code: "pawn-captures",
                square: name,
                message: format!(
                    "{}'s pawns need {} captures to stand on their files but {} has lost only {} pieces",
                    color.title(),
                    needed.count,
                    color.other().title(),
                    missing
                ),
            });
        }
    }
    promotion_needs_capture(pos, start)
}

fn count_of(start: &StartMaterial, kind: KindId) -> u32 {
    start.counts.get(kind as usize).copied().unwrap_or(0)
}

/// Pieces `color` started with and no longer has.
pub fn missing_pieces(pos: &Position, start: &StartMaterial, color: Color) -> u32 {
    let total: u32 = start.counts.iter().sum();
    total.saturating_sub(pos.piece_count(color) as u32)
}

/// Pawns never stand on their own first rank (they start in front of it and never move back)
/// nor on their last (they promote on arrival).
fn pawn_ranks(pos: &Position, start: &StartMaterial) -> Result<(), StrictIssue> {
    let shape = &pos.rules().shape;
    for sq in board_order(pos, None) {
        let Some(p) = pos.piece_at(sq) else { continue };
        let rank = shape.relative_rank(p.color, shape.rank_of(sq));
        if start.pawn_kinds.contains(&p.kind) && (rank == 0 || rank + 1 == shape.ranks()) {
            return Err(StrictIssue::at(
                "pawn-rank",
                shape.name(sq),
                "a pawn on its own first or last rank",
            ));
        }
    }
    Ok(())
}

/// Pawn counts, pieces no promotion gives, promoted pieces against missing pawns, and
/// colour-bound pieces per square colour, walking the side's pieces in board order so the
/// square named is the first one that breaks the count.
fn counts(pos: &Position, start: &StartMaterial, color: Color) -> Result<(), StrictIssue> {
    let rules = pos.rules().clone();
    let shape = &rules.shape;
    let side = color.title();
    let kinds = rules.pieces.len();
    let mut seen = vec![0u32; kinds];
    for sq in board_order(pos, Some(color)) {
        let Some(p) = pos.piece_at(sq) else { continue };
        let k = p.kind as usize;
        seen[k] += 1;
        if seen[k] > count_of(start, p.kind) {
            let name = &rules.kind(p.kind).name;
            if start.pawn_kinds.contains(&p.kind) {
                return Err(StrictIssue::at(
                    "too-many-pawns",
                    shape.name(sq),
                    format!("{side} has more of kind {name} than it starts with"),
                ));
            }
            if !rules.promotion_kinds.contains(&p.kind) {
                return Err(StrictIssue::at(
                    "not-promotable",
                    shape.name(sq),
                    format!("{side} has more of kind {name} than it starts with, and no pawn promotes to it"),
                ));
            }
        }
    }
    let missing_pawns: u32 = start
        .pawn_kinds
        .iter()
        .map(|&k| count_of(start, k).saturating_sub(pos.count(color, k) as u32))
        .sum();
    // Extras by kind first, then with colour-bound kinds counted per square colour.
    let mut seen = vec![0u32; kinds];
    let mut extras = 0;
    for sq in board_order(pos, Some(color)) {
        let Some(p) = pos.piece_at(sq) else { continue };
        seen[p.kind as usize] += 1;
        if !start.pawn_kinds.contains(&p.kind) && seen[p.kind as usize] > count_of(start, p.kind) {
            extras += 1;
            if extras > missing_pawns {
                return Err(StrictIssue::at(
                    "too-many-promoted",
                    shape.name(sq),
                    format!("{side} has more promoted pieces than missing pawns ({missing_pawns})"),
                ));
            }
        }
    }
    // The kind count above passed, so any new excess comes from colour-bound pieces standing
    // on one square colour: name the first of those (board order).
    let mut seen = vec![[0u32; 2]; kinds];
    let mut extras = 0;
    let mut first_bound_excess = None;
    for sq in board_order(pos, Some(color)) {
        let Some(p) = pos.piece_at(sq) else { continue };
        if start.pawn_kinds.contains(&p.kind) {
            continue;
        }
        let bound = start.colour_bound.iter().find(|b| b.kind == p.kind);
        let extra = match bound {
            Some(b) => {
                let parity = shape.parity(sq) as usize;
                seen[p.kind as usize][parity] += 1;
                let over = seen[p.kind as usize][parity] > b.per_parity[color.index()][parity];
                if over && first_bound_excess.is_none() {
                    first_bound_excess = Some((sq, p.kind));
                }
                over
            }
            None => {
                seen[p.kind as usize][0] += 1;
                seen[p.kind as usize][0] > count_of(start, p.kind)
            }
        };
        extras += u32::from(extra);
    }
    match first_bound_excess {
        Some((sq, kind)) if extras > missing_pawns => Err(StrictIssue::at(
            "bishops-same-colour",
            shape.name(sq),
            format!(
                "{side} has more {} pieces on squares of this colour than its start and promotions allow",
                rules.kind(kind).name
            ),
        )),
        _ => Ok(()),
    }
}

/// The fewest captures `color`'s file-bound pawns need to stand on their files, and the first
/// pawn (board order) that had to change file in that cheapest assignment.
pub struct PawnCaptures {
    /// The fewest captures: the sum of file distances in the cheapest assignment.
    pub count: u32,
    /// The first pawn in board order that is off its start file in that assignment.
    pub first_moved: Option<Sq>,
}

/// The fewest captures `color`'s file-bound pawns need to stand where they are, each matched
/// to a different start file; none when there are more pawns than start files.
pub fn pawn_captures(pos: &Position, start: &StartMaterial, color: Color) -> PawnCaptures {
    let shape = &pos.rules().shape;
    let mut pawns: Vec<Sq> = board_order(pos, Some(color))
        .into_iter()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| start.file_bound_pawns.contains(&p.kind))
        })
        .collect();
    let order = pawns.clone();
    pawns.sort_by_key(|&s| shape.file_of(s));
    let mut files = start.pawn_files.clone();
    files.sort_unstable();
    let (m, n) = (pawns.len(), files.len());
    if m > n {
        // More pawns than start files: the count check reports it; nothing to add here.
        return PawnCaptures {
            count: 0,
            first_moved: None,
        };
    }
    // best[i][j]: cheapest order-keeping match of the first i pawns into the first j files
    // (sorted matching is optimal for |a - b| costs).
    const INF: u32 = u32::MAX / 2;
    let mut best = vec![vec![INF; n + 1]; m + 1];
    for row in best[0].iter_mut() {
        *row = 0;
    }
    for i in 1..=m {
        let file = shape.file_of(pawns[i - 1]) as i32;
        for j in i..=n {
            let take = best[i - 1][j - 1].saturating_add(file.abs_diff(files[j - 1] as i32));
            best[i][j] = best[i][j - 1].min(take);
        }
    }
    // Walk back to see which pawns moved.
    let mut moved = Vec::new();
    let (mut i, mut j) = (m, n);
    while i > 0 && j > 0 {
        if best[i][j] == best[i][j - 1] && j > i {
            j -= 1;
            continue;
        }
        if shape.file_of(pawns[i - 1]) != files[j - 1] {
            moved.push(pawns[i - 1]);
        }
        i -= 1;
        j -= 1;
    }
    PawnCaptures {
        count: best[m][n],
        first_moved: order.into_iter().find(|s| moved.contains(s)),
    }
}

/// A file-bound pawn promotes only past the enemy pawn of its file, which takes a capture by
/// someone: with promoted pieces on the board, some piece must be missing. (Only where every
/// pawn kind is file-bound: a Drunken Soldier steps around.)
fn promotion_needs_capture(pos: &Position, start: &StartMaterial) -> Result<(), StrictIssue> {
    let all_bound = start
        .pawn_kinds
        .iter()
        .all(|k| start.file_bound_pawns.contains(k));
    if !all_bound || start.pawn_files.is_empty() {
        return Ok(());
    }
    let missing: u32 = Color::BOTH
        .iter()
        .map(|&c| missing_pieces(pos, start, c))
        .sum();
    if missing > 0 {
        return Ok(());
    }
    let shape = &pos.rules().shape;
    for sq in board_order(pos, None) {
        let Some(p) = pos.piece_at(sq) else { continue };
        if !start.pawn_kinds.contains(&p.kind)
            && pos.count(p.color, p.kind) as u32 > count_of(start, p.kind)
        {
            return Err(StrictIssue::at(
                "promotion-without-capture",
                shape.name(sq),
                "a promoted piece but no piece was ever captured",
            ));
        }
    }
    Ok(())
}
