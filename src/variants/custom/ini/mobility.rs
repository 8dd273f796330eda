//! Fairy-Stockfish's `mobilityRegionWhite…`/`Black…` as a piece's `zone`: the squares it may
//! move to (and so attack). Our zone is White's, mirrored top to bottom for Black, so the two
//! regions must be each other's mirror, unless one side can never have the piece (not in the
//! start position, never a promotion, no drops), where its region says nothing. Fairy-Stockfish also
//! keeps drops inside the region and our drops do not know zones, so a region with drops is
//! reported, as is one over a parent's own zone or on a piece with the double step.

use super::emit::{square_name, Writer};
use super::fen::{self, StartFen};
use super::model::{Model, Piece};
use super::region::Squares;

/// Whether a side may ever have a piece of this type: it is in the side's start position (on
/// the board or in hand) or a promotion's, or the variant has drops (conservatively: a captured
/// piece could come to hand).
pub(super) fn can_hold(m: &Model, start: &StartFen, kind: &str, side: usize) -> bool {
    m.piece_drops
        || m.captures_to_hand
        || m.promotion_to[side].iter().any(|k| k == kind)
        || m.is_promoted_type(kind)
        || m.piece(kind)
            .is_some_and(|p| in_start(start, p.letter, side))
}

/// Whether a side has a piece of this letter in the start position, on the board or in hand.
fn in_start(start: &StartFen, letter: char, side: usize) -> bool {
    start_count(start, letter, side, true) > 0
}

/// How many pieces of this letter a side has in the start position: on the board, and in
/// hand too with `hand`.
pub(super) fn start_count(start: &StartFen, letter: char, side: usize, hand: bool) -> usize {
    let l = if side == 0 {
        letter.to_ascii_uppercase()
    } else {
        letter.to_ascii_lowercase()
    };
    let on_board: usize = start
        .board
        .split('/')
        .filter_map(fen::rank_letters)
        .map(|row| row.iter().filter(|&&c| c == Some(l)).count())
        .sum();
    let in_hand = match (hand, start.hands.as_deref()) {
        (true, Some(h)) => h.chars().filter(|&c| c == l).count(),
        _ => 0,
    };
    on_board + in_hand
}

/// The `zone` a piece's mobility regions become (`None` for none), reporting what cannot be.
pub(super) fn zone(
    w: &mut Writer<'_>,
    p: &Piece,
    start: Option<&StartFen>,
    drops: bool,
) -> Option<Vec<String>> {
    let m = w.m;
    let regions = m.mobility.get(&p.kind)?;
    if regions.iter().all(Option::is_none) {
        return None;
    }
    let key = format!("mobilityRegion… ({})", p.kind);
    let refuse = |w: &mut Writer<'_>, why: &str| {
        w.bad.push(format!("{key}: {why}"));
        None
    };
    if let Some(zone) = &p.zone {
        // The parent's zone stays where the section's regions say the same squares on its
        // board (crowdedxiangqi's palace for Black on five ranks).
        let (files, ranks) = (m.files, m.ranks);
        let kept = parent_zone_squares(zone, files, ranks);
        let same = kept.as_ref().is_some_and(|kept| {
            (0..2).all(|side| {
                regions[side].as_ref().is_none_or(|r| {
                    let as_white: Squares = r
                        .on_board(files, ranks)
                        .into_iter()
                        .map(|(f, r)| {
                            if side == 0 {
                                (f, r)
                            } else {
                                (f, ranks - 1 - r)
                            }
                        })
                        .collect();
                    &as_white == kept
                })
            })
        });
        return if same {
            None
        } else {
            refuse(w, "over the parent's own zone")
        };
    }
    // Fairy-Stockfish keeps drops in the region too, which our zone does not say; a royal
    // piece that no hand holds at the start is never captured into one, so never dropped
    // (chennis's and muje's kings).
    let never_in_hand = p.royal
        && start.is_some_and(|s| {
            (0..2).all(|side| {
                start_count(s, p.letter, side, true) == start_count(s, p.letter, side, false)
            })
        });
    if drops && !never_in_hand {
        return refuse(w, "with drops, which it also restricts");
    }
    if m.double_step && m.double_step_kinds.contains(&p.kind) {
        return refuse(w, "on a piece with the double step");
    }
    let start = start?;
    let (files, ranks) = (m.files, m.ranks);
    let all: Squares = (0..files)
        .flat_map(|f| (0..ranks).map(move |r| (f, r)))
        .collect();
    // Each side's region as White's squares.
    let as_white: Vec<Squares> = (0..2)
        .map(|side| match &regions[side] {
            None => all.clone(),
            Some(r) => r
                .on_board(files, ranks)
                .into_iter()
                .map(|(f, r)| {
                    if side == 0 {
                        (f, r)
                    } else {
                        (f, ranks - 1 - r)
                    }
                })
                .collect(),
        })
        .collect();
    let held: Vec<bool> = (0..2)
        .map(|side| can_hold(m, start, &p.kind, side))
        .collect();
    let squares = match (held[0], held[1]) {
        (false, false) => return None,
        (true, false) => as_white[0].clone(),
        (false, true) => as_white[1].clone(),
        (true, true) if as_white[0] == as_white[1] => as_white[0].clone(),
        (true, true) => return refuse(w, "White's and Black's are not each other's mirror"),
    };
    if squares == all {
        return None;
    }
    if squares.is_empty() {
        return refuse(w, "no square of the board");
    }
    // Runs along each rank, as rectangles one rank high.
    let mut out = Vec::new();
    for r in 0..ranks {
        let mut f = 0;
        while f < files {
            if !squares.contains(&(f, r)) {
                f += 1;
                continue;
            }
            let first = f;
            while f + 1 < files && squares.contains(&(f + 1, r)) {
                f += 1;
            }
            out.push(if first == f {
                square_name(f, r)
            } else {
                format!("{}:{}", square_name(first, r), square_name(f, r))
            });
            f += 1;
        }
    }
    Some(out)
}

/// A shipped parent's `zone` (squares and rectangles `"d1:f3"`, as White's) as the squares it
/// covers on a board of `files` × `ranks`; `None` where an entry does not read.
fn parent_zone_squares(zone: &[String], files: u32, ranks: u32) -> Option<Squares> {
    let square = |t: &str| -> Option<(u32, u32)> {
        let mut chars = t.chars();
        let f = u32::from(chars.next()?).checked_sub(u32::from('a'))?;
        let r = chars.as_str().parse::<u32>().ok()?.checked_sub(1)?;
        Some((f, r))
    };
    let mut out = Squares::new();
    for entry in zone {
        let (a, b) = entry.split_once(':').unwrap_or((entry, entry));
        let ((f0, r0), (f1, r1)) = (square(a)?, square(b)?);
        for f in f0.min(f1)..=f0.max(f1) {
            for r in r0.min(r1)..=r0.max(r1) {
                if f < files && r < ranks {
                    out.insert((f, r));
                }
            }
        }
    }
    Some(out)
}
