//! Fairy-Stockfish's game ends as our `[end]`: checkmate where there is a king, extinction,
//! the flag rule as goal squares or a goal rank, counted checks, stalemate, the draw rules.

use std::fmt::Write;

use super::emit::{bool_line, checks, quote, square_name, Writer};
use super::fen::StartFen;
use super::mobility::{can_hold, start_count};
use super::model::{Model, Types, Value};
use super::region::{whole_ranks, Squares};

/// The kinds a rule's `Types` names among the pieces.
fn kinds_of(m: &Model, t: &Types) -> Vec<String> {
    match t {
        Types::All => m.pieces.iter().map(|p| p.kind.clone()).collect(),
        Types::Kinds(k) => k.iter().filter(|k| m.piece(k).is_some()).cloned().collect(),
    }
}

/// The kinds `extinctionPseudoRoyal` makes pseudo-royal, where our `pseudo_royal` (royal
/// always) says the same: Fairy-Stockfish makes an extinction kind pseudo-royal while a side
/// has at most `extinctionPieceCount + 1` of it, so the two agree when no side can ever have
/// more (as many at the start, no promotion to it, none in hand; a pseudo-royal piece is never
/// captured). Its extinction rule then never applies, as in Fairy-Stockfish (without blast).
pub(super) fn pseudo_royals(w: &mut Writer<'_>, start: Option<&StartFen>) -> Vec<String> {
    let m = w.m;
    let Some((_, Types::Kinds(kinds))) =
        m.extinction.as_ref().filter(|_| m.extinction_pseudo_royal)
    else {
        if m.extinction_pseudo_royal && m.extinction.is_some() {
            w.bad
                .push("extinctionPseudoRoyal (with every piece counted)".into());
        }
        return Vec::new();
    };
    if m.blast {
        w.bad
            .push("extinctionPseudoRoyal (with blastOnCapture)".into());
        return Vec::new();
    }
    let Some(start) = start else {
        return Vec::new();
    };
    let limit = m.extinction_count as usize + 1;
    // One kind, royal while a side has one, that a side may have more of: our royal kind
    // with `several_royals` (only the last royal, or all attacked together is check).
    let royal_elsewhere = m.pieces.iter().any(|p| p.royal || p.pseudo_royal);
    if let [k] = kinds.as_slice() {
        if limit == 1 && !royal_elsewhere && m.piece(k).is_some() {
            w.several_royals = Some(if m.duple_check { "all" } else { "last-only" });
            return vec![k.clone()];
        }
    }
    let mut out = Vec::new();
    for k in kinds {
        let Some(p) = m.piece(k) else { continue };
        let stays_few = (0..2).all(|side| {
            !m.promotion_to[side].contains(k)
                && !m.is_promoted_type(k)
                && start_count(start, p.letter, side, true) <= limit
        });
        if !stays_few {
            w.bad.push(format!(
                "extinctionPseudoRoyal ({k} may be more than {limit} on a side)"
            ));
        } else if !p.royal {
            out.push(k.clone());
        }
    }
    out
}

pub(super) fn lines(w: &mut Writer<'_>, start: Option<&StartFen>) -> String {
    let m = w.m;
    let mut out = String::new();
    let royal = m
        .pieces
        .iter()
        .any(|p| p.royal || p.pseudo_royal || w.pseudo_royals.contains(&p.kind));
    if !(royal && m.checkmate) {
        let _ = writeln!(out, "checkmate = false");
    } else if m.checkmate_value == Value::Win {
        let _ = writeln!(out, "checkmate_result = \"win\"");
    }
    let plain = m.extinction_count == 0 && m.extinction_opponent_count == 0 && !m.extinction_claim;
    let extinction = m.extinction.as_ref().filter(|_| w.pseudo_royals.is_empty());
    match extinction {
        None => {}
        Some((_, Types::Kinds(k))) if k.is_empty() => {}
        Some((v @ (Value::Win | Value::Loss), Types::All)) if plain => {
            let _ = writeln!(out, "no_pieces = {}", quote(v.word()));
        }
        Some((v @ (Value::Win | Value::Loss), types)) => {
            let list = match types {
                Types::All => quote("all"),
                Types::Kinds(k) => {
                    if k.iter().any(|k| m.piece(k).is_none()) {
                        w.bad
                            .push("extinctionPieceTypes (a type the variant does not have)".into());
                    }
                    let list: Vec<String> = k.iter().map(|k| quote(&w.letter(k))).collect();
                    list.join(", ")
                }
            };
            let _ = writeln!(out, "extinction = [{list}]");
            if m.extinction_count != 0 {
                let _ = writeln!(out, "extinction_count = {}", m.extinction_count);
            }
            if m.extinction_opponent_count != 0 {
                let _ = writeln!(
                    out,
                    "extinction_opponent_count = {}",
                    m.extinction_opponent_count
                );
            }
            bool_line(&mut out, "extinction_reply", m.extinction_claim);
            if *v == Value::Win {
                let _ = writeln!(out, "extinction_result = \"win\"");
            }
        }
        Some((v, _)) => w.bad.push(format!(
            "extinctionValue ({} when pieces of a type are gone)",
            v.word()
        )),
    }
    let mut tables = String::new();
    flag_lines(w, start, &mut out, &mut tables);
    if let Some(n) = start.and_then(|s| checks(w, s)) {
        let _ = writeln!(out, "checks = {n}");
    }
    match (m.enclosing.stalemate_piece_count, m.stalemate) {
        // Counted, a draw stays a draw whatever the count.
        (_, Value::Draw) => {}
        (true, Value::Loss) => {
            let _ = writeln!(out, "stalemate = \"count\"");
        }
        (true, Value::Win) => {
            let _ = writeln!(out, "stalemate = \"fewer-wins\"");
        }
        (false, v) => {
            let _ = writeln!(out, "stalemate = {}", quote(v.word()));
        }
    }
    m.enclosing.end_lines(&mut out);
    if !m.fifty_move {
        let _ = writeln!(out, "fifty_move = false");
    } else if m.move_rule != 50 {
        let _ = writeln!(out, "move_rule = {}", m.move_rule);
    }
    connect_lines(w, &mut out, &mut tables);
    repetition_lines(w, &mut out);
    // Tables after every plain key of [end], which would otherwise fall into the last table.
    out.push_str(&tables);
    out
}

/// Fairy-Stockfish's flag rule as goal squares (the same for both sides) or a goal rank. A side
/// that can never have its flag pieces (`buffalo`'s White) has no flag rule to keep: it takes
/// the other side's.
fn flag_lines(w: &mut Writer<'_>, start: Option<&StartFen>, out: &mut String, tables: &mut String) {
    let m = w.m;
    let (files, ranks) = (m.files, m.ranks);
    let mut regions = [
        m.flag_region[0].on_board(files, ranks),
        m.flag_region[1].on_board(files, ranks),
    ];
    if regions[0].is_empty() && regions[1].is_empty() {
        return;
    }
    let mut kinds: Vec<Vec<String>> = (0..2)
        .map(|side| kinds_of(m, m.flag_piece[side].as_ref().unwrap_or(&Types::All)))
        .collect();
    if let Some(start) = start {
        let vacuous: Vec<bool> = (0..2)
            .map(|side| !kinds[side].iter().any(|k| can_hold(m, start, k, side)))
            .collect();
        for side in 0..2 {
            let other = 1 - side;
            if vacuous[side] && !vacuous[other] {
                regions[side] = regions[other].clone();
                kinds[side] = kinds[other].clone();
            }
        }
    }
    let one_piece = m.flag_piece_count <= 1 && !m.flag_piece_blocked_win;
    if !one_piece || regions[0].is_empty() || regions[1].is_empty() {
        side_goal_lines(w, &regions, &kinds, out, tables);
        return;
    }
    if kinds[0] != kinds[1] {
        w.bad.push("flagPiece (the sides differ)".into());
        return;
    }
    if regions[0] == regions[1] {
        // Rank by rank, as a board is read.
        let mut ordered: Vec<(u32, u32)> = regions[0].iter().copied().collect();
        ordered.sort_by_key(|&(f, r)| (r, f));
        let squares: Vec<String> = ordered
            .iter()
            .map(|&(f, r)| quote(&square_name(f, r)))
            .collect();
        for k in &kinds[0] {
            let _ = writeln!(
                tables,
                "\n[[end.goal]]\npiece = {}\nsquares = [{}]",
                quote(&w.letter(k)),
                squares.join(", ")
            );
        }
        // Fairy-Stockfish's extra flag move is racing kings' reply for the king, and for any
        // other piece a goal it must hold through the other side's move (jeson mor).
        let king = kinds[0].iter().all(|k| k == "king");
        bool_line(out, "goal_reply", m.flag_move && king);
        bool_line(out, "goal_hold", m.flag_move && !king);
        if m.flag_piece_safe {
            w.bad
                .push("flagPieceSafe (on goal squares: only a goal rank has it)".into());
        }
        return;
    }
    let rank = match (
        whole_ranks(&regions[0], files),
        whole_ranks(&regions[1], files),
    ) {
        (Some(a), Some(b)) if a.len() == 1 && b.len() == 1 => a
            .first()
            .zip(b.first())
            .filter(|(a, b)| ranks - 1 - **b == **a)
            .map(|(a, _)| *a),
        _ => None,
    };
    let every_piece = m
        .flag_piece
        .iter()
        .all(|t| matches!(t, None | Some(Types::All)));
    match (rank, kinds[0].as_slice(), m.flag_move) {
        (Some(r), [kind], false) => {
            let _ = writeln!(
                out,
                "reach_rank = {{ piece = {}, rank = {}{} }}",
                quote(&w.letter(kind)),
                r + 1,
                if m.flag_piece_safe {
                    ", safe = true"
                } else {
                    ""
                }
            );
        }
        (Some(r), _, false) if every_piece => {
            let _ = writeln!(
                out,
                "reach_rank = {{ piece = \"*\", rank = {}{} }}",
                r + 1,
                if m.flag_piece_safe {
                    ", safe = true"
                } else {
                    ""
                }
            );
        }
        // Several kinds on a rank, squares that differ between the sides, or a goal rank
        // with the extra flag move (racing chess): each side's goals.
        (_, _, _) => side_goal_lines(w, &regions, &kinds, out, tables),
    }
}

/// Flag regions as each side's own goals: one side's only (fox and hounds), or a count of
/// pieces to bring (`flagPieceCount`, `flagPieceBlockedWin`: halma, kono).
fn side_goal_lines(
    w: &mut Writer<'_>,
    regions: &[Squares; 2],
    kinds: &[Vec<String>],
    out: &mut String,
    tables: &mut String,
) {
    let m = w.m;
    let count = m.flag_piece_count.max(1);
    if m.flag_piece_safe || (m.flag_move && (count > 1 || m.flag_piece_blocked_win)) {
        w.bad.push(
            "flagMove/flagPieceSafe (with a flag region of one side or a flag piece count)".into(),
        );
        return;
    }
    // The extra flag move, as on shared squares: the king's reply (racing chess), any other
    // piece's goal held through a move.
    let king = kinds.iter().flatten().all(|k| k == "king");
    bool_line(out, "goal_reply", m.flag_move && king);
    bool_line(out, "goal_hold", m.flag_move && !king);
    if (count > 1 || m.flag_piece_blocked_win) && kinds.iter().any(|k| k.len() != 1) {
        w.bad
            .push("flagPieceCount (several flag piece types counted together)".into());
        return;
    }
    for (side, name) in [(0, "white"), (1, "black")] {
        if regions[side].is_empty() {
            continue;
        }
        let mut ordered: Vec<(u32, u32)> = regions[side].iter().copied().collect();
        ordered.sort_by_key(|&(f, r)| (r, f));
        let squares: Vec<String> = ordered
            .iter()
            .map(|&(f, r)| quote(&square_name(f, r)))
            .collect();
        for k in &kinds[side] {
            let _ = write!(
                tables,
                "\n[[end.goal]]\npiece = {}\nside = \"{name}\"\nsquares = [{}]\n",
                quote(&w.letter(k)),
                squares.join(", ")
            );
            if count > 1 {
                let _ = writeln!(tables, "count = {count}");
            }
            if m.flag_piece_blocked_win {
                let _ = writeln!(tables, "when_full = true");
            }
        }
    }
}

/// Fairy-Stockfish's `nFoldRule`, `nFoldValue` and `perpetualCheckIllegal` as `threefold` and
/// its modifiers.
fn repetition_lines(w: &mut Writer<'_>, out: &mut String) {
    let m = w.m;
    if m.n_fold == 0 {
        let _ = writeln!(out, "threefold = false");
        return;
    }
    if m.n_fold != 3 {
        let _ = writeln!(out, "repetition_count = {}", m.n_fold);
    }
    if m.n_fold_value != Value::Draw {
        let _ = writeln!(out, "repetition_result = {}", quote(m.n_fold_value.word()));
        if m.n_fold_absolute {
            let _ = writeln!(out, "repetition_result_for = \"white\"");
        }
    }
    bool_line(out, "perpetual_check_loses", m.perpetual_check_illegal);
}

/// Fairy-Stockfish's `connectN` and its keys as `connect`.
fn connect_lines(w: &mut Writer<'_>, out: &mut String, tables: &mut String) {
    let m = w.m;
    let (n, collinear) = match (m.connect_n, m.collinear_n) {
        (n, 0) => (n, false),
        (0, c) => (c, true),
        _ => {
            w.bad
                .push("collinearN (with connectN: both rows and lines)".into());
            return;
        }
    };
    let regions = connect_region_table(w);
    if n == 0 {
        if m.connect_square > 0 {
            w.bad.push("connectNxN (without connectN)".into());
        }
        if let Some(table) = regions {
            connect_modifiers(w, out);
            tables.push_str(&table);
        }
        return;
    }
    if regions.is_some() {
        w.bad
            .push("connectRegion… (with connectN: rows and regions both)".into());
        return;
    }
    if m.connect_square == 1 {
        w.bad.push("connectNxN (value '1')".into());
    }
    if n < 2 || n > m.files.max(m.ranks) {
        w.bad.push(format!("connectN/collinearN (value '{n}')"));
        return;
    }
    let _ = writeln!(out, "connect = {n}");
    bool_line(out, "connect_collinear", collinear);
    if m.connect_square > 1 {
        let _ = writeln!(out, "connect_square = {}", m.connect_square);
    }
    if let Types::Kinds(kinds) = &m.connect_kinds {
        let letters: Vec<String> = kinds
            .iter()
            .filter(|k| m.piece(k).is_some())
            .map(|k| quote(&w.letter(k)))
            .collect();
        let _ = writeln!(out, "connect_pieces = [{}]", letters.join(", "));
    }
    connect_modifiers(w, out);
}

/// `connect_result` and `connect_directions`, shared by rows and regions.
fn connect_modifiers(w: &mut Writer<'_>, out: &mut String) {
    let m = w.m;
    if m.connect_value == Value::Loss {
        let _ = writeln!(out, "connect_result = \"loss\"");
    }
    if m.connect_lines != [true; 3] {
        let names: Vec<String> = ["horizontal", "vertical", "diagonal"]
            .iter()
            .zip(m.connect_lines)
            .filter(|(_, on)| *on)
            .map(|(n, _)| quote(n))
            .collect();
        if names.is_empty() {
            w.bad
                .push("connectHorizontal/connectVertical/connectDiagonal (all off)".into());
        } else {
            let _ = writeln!(out, "connect_directions = [{}]", names.join(", "));
        }
    }
}

/// `[end.connect_regions]` from Fairy-Stockfish's `connectRegion1White`… (`None` without
/// them); reported where a side lacks one of its two or the pieces that count are some
/// kinds only.
fn connect_region_table(w: &mut Writer<'_>) -> Option<String> {
    let m = w.m;
    if m.connect_regions.iter().flatten().all(Option::is_none) {
        return None;
    }
    if m.connect_kinds != Types::All {
        w.bad.push("connectRegion… (with connectPieceTypes)".into());
        return None;
    }
    let mut table = String::from("\n[end.connect_regions]\n");
    for (side, name) in [(0, "white"), (1, "black")] {
        let mut lists = Vec::new();
        for region in &m.connect_regions[side] {
            let squares = region
                .as_ref()
                .map(|r| r.on_board(m.files, m.ranks))
                .unwrap_or_default();
            if squares.is_empty() {
                w.bad
                    .push("connectRegion… (a side without both regions)".into());
                return None;
            }
            let mut ordered: Vec<(u32, u32)> = squares.into_iter().collect();
            ordered.sort_by_key(|&(f, r)| (r, f));
            let names: Vec<String> = ordered
                .iter()
                .map(|&(f, r)| quote(&square_name(f, r)))
                .collect();
            lists.push(format!("[{}]", names.join(", ")));
        }
        let _ = writeln!(table, "{name} = [{}]", lists.join(", "));
    }
    Some(table)
}
