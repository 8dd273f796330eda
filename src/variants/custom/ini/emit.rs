//! The model written as a variant file, or the reasons it cannot be: a rule whose Fairy-Stockfish
//! form our format has no way to say (a promotion region that is not the last rank, sides that
//! differ, a drop region that is not whole ranks) is reported by the key that holds it.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::fen::{self, StartFen};
use super::model::{Model, Piece};
use super::region::{whole_ranks, Region, Squares};
use super::{castling, end, mobility, promotion};

/// A TOML basic string.
pub fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(super) fn square_name(f: u32, r: u32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// What the file's end and pawn rules need, worked out before writing.
pub(super) struct Writer<'a> {
    pub(super) m: &'a Model,
    pub(super) bad: Vec<String>,
    /// The kinds written `pseudo_royal` (Fairy-Stockfish's `extinctionPseudoRoyal`).
    pub(super) pseudo_royals: Vec<String>,
    /// Our `several_royals` for them, where a side may have more than one.
    pub(super) several_royals: Option<&'static str>,
    /// The ranks (1-based, from the owner's side) where pieces promote shogi's way.
    pub(super) piece_zone: Option<(u32, u32)>,
    /// Pawns with nothing to promote to may not step onto the last rank (written as
    /// `immobile_illegal`).
    pub(super) pawns_kept_off_last_rank: bool,
}

impl Writer<'_> {
    fn present(&self, kinds: &[String]) -> BTreeSet<String> {
        kinds
            .iter()
            .filter(|k| self.m.piece(k).is_some())
            .cloned()
            .collect()
    }

    pub(super) fn letter(&self, kind: &str) -> String {
        self.m
            .piece(kind)
            .map_or(String::new(), |p| p.letter.to_string())
    }

    /// The same set for both sides, or a reason under `key`.
    fn same(&mut self, sets: &[Vec<String>; 2], key: &str) -> BTreeSet<String> {
        let (w, b) = (self.present(&sets[0]), self.present(&sets[1]));
        if w != b {
            self.bad
                .push(format!("{key}White/{key}Black (the sides differ)"));
        }
        w
    }

    /// Ranks counted from each side (0-based) that a region covers whole, the same for both.
    pub(super) fn relative_ranks(
        &mut self,
        region: &[Region; 2],
        key: &str,
    ) -> Option<BTreeSet<u32>> {
        let (files, ranks) = (self.m.files, self.m.ranks);
        let w = whole_ranks(&region[0].on_board(files, ranks), files);
        let b = whole_ranks(&region[1].on_board(files, ranks), files);
        match (w, b) {
            (Some(w), Some(b)) if b.iter().map(|r| ranks - 1 - r).collect::<BTreeSet<_>>() == w => {
                Some(w)
            }
            _ => {
                self.bad.push(format!(
                    "{key} (not the same whole ranks for both sides on a {files}x{ranks} board)"
                ));
                None
            }
        }
    }
}

pub(super) fn bool_line(out: &mut String, key: &str, on: bool) {
    if on {
        let _ = writeln!(out, "{key} = true");
    }
}

/// The variant file of `name`, or the keys (with why) that keep it from being written.
pub fn emit(name: &str, parent: &str, m: &Model) -> Result<String, Vec<String>> {
    let mut w = Writer {
        m,
        bad: Vec::new(),
        pseudo_royals: Vec::new(),
        several_royals: None,
        piece_zone: None,
        pawns_kept_off_last_rank: false,
    };
    if m.pieces.is_empty() {
        w.bad.push("no pieces".into());
    }
    let start = match fen::split(&m.start) {
        Some(s) => Some(s),
        None => {
            w.bad.push(format!("startFen (value '{}')", m.start));
            None
        }
    };
    let pawns = pawn_rules(&mut w, start.as_ref());
    if m.captures_to_hand && !m.piece_drops {
        w.bad
            .push("capturesToHand (captured pieces in hand, never dropped)".into());
    }
    let drops = m.piece_drops;

    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Fairy-Stockfish's `{name}` (variants.ini, over `{parent}`), written by \
         `chessrules variant import`."
    );
    let _ = writeln!(out, "name = {}", quote(name));
    let _ = writeln!(
        out,
        "description = {}",
        quote(&format!(
            "Fairy-Stockfish's {name} (from variants.ini, over {parent})"
        ))
    );
    w.pseudo_royals = end::pseudo_royals(&mut w, start.as_ref());
    let castling = castling::lines(&mut w, start.as_ref());
    if let Some(start) = &start {
        let _ = writeln!(out, "\n[board]\nfiles = {}\nranks = {}", m.files, m.ranks);
        if start.board.contains('*') && m.walling == "none" {
            // Fairy-Stockfish's wall squares in a start no rule places: holes.
            let _ = writeln!(out, "holes = true");
        }
        let fen = start_fen(&mut w, start, drops, &castling.1);
        let _ = writeln!(out, "start = {}", quote(&fen));
    }
    w.piece_zone = promotion::zone(&mut w, &pawns);
    for p in &m.pieces {
        piece_section(&mut out, &mut w, p, None, &pawns, start.as_ref(), drops);
    }
    for (from, to) in promotion::promoted_pairs(&mut w, &pawns) {
        piece_section(
            &mut out,
            &mut w,
            to,
            Some(from),
            &pawns,
            start.as_ref(),
            drops,
        );
    }
    if pawns.promotes {
        let list: Vec<String> = pawns.promo_to.iter().map(|k| quote(&w.letter(k))).collect();
        let _ = writeln!(out, "\n[promotion]\nto = [{}]", list.join(", "));
        let square =
            |&(f, r): &(u32, u32)| quote(&format!("{}{}", (b'a' + f as u8) as char, r + 1));
        match &pawns.zone {
            PawnZone::LastRank => {}
            PawnZone::Ranks(lo, hi) => {
                let _ = writeln!(out, "zone = [{}, {}]", lo + 1, hi + 1);
            }
            PawnZone::Squares(white, black) => {
                let list = |s: &Squares| s.iter().map(square).collect::<Vec<_>>().join(", ");
                let _ = writeln!(out, "squares = [{}]", list(white));
                let _ = writeln!(out, "black_squares = [{}]", list(black));
            }
        }
        if pawns.zone != PawnZone::LastRank && !m.mandatory_pawn_promotion {
            let _ = writeln!(out, "optional = true");
        }
    }
    out.push_str(&castling.0);
    let rules = rules_lines(&mut w, drops);
    if !rules.is_empty() {
        let _ = write!(out, "\n[rules]\n{rules}");
    }
    let end = end::lines(&mut w, start.as_ref());
    if !end.is_empty() {
        let _ = write!(out, "\n[end]\n{end}");
    }
    if w.bad.is_empty() {
        Ok(out)
    } else {
        w.bad.dedup();
        Err(w.bad)
    }
}

/// Which kinds are pawns and what they do, the same for both sides (our format has one set).
pub(super) struct Pawns {
    promo_pawns: BTreeSet<String>,
    /// In the model's order, without royal kinds (no piece promotes to a king).
    promo_to: Vec<String>,
    n_move: BTreeSet<String>,
    en_passant: BTreeSet<String>,
    pub(super) promotes: bool,
    /// The double-step ranks, 0-based from the owner's side.
    pub(super) double_step: Option<BTreeSet<u32>>,
    /// Every double step leaves an en passant square (several ranks of the section's own).
    double_step_every_rank: bool,
    /// Where they promote.
    pub(super) zone: PawnZone,
}

impl Pawns {
    /// Our `pawn = true`: the kinds that promote, else those that reset the fifty-move count.
    pub(super) fn is_pawn(&self, k: &str) -> bool {
        if self.promotes {
            self.promo_pawns.contains(k)
        } else {
            self.n_move.contains(k)
        }
    }
}

fn pawn_rules(w: &mut Writer<'_>, start: Option<&StartFen>) -> Pawns {
    let m = w.m;
    let last = m.ranks.saturating_sub(1);
    let promo_pawns = w.same(&m.promotion_pawns, "promotionPawnTypes");
    let promo_to: Vec<String> = {
        let set = w.same(&m.promotion_to, "promotionPieceTypes");
        m.promotion_to[0]
            .iter()
            .filter(|k| set.contains(*k) && m.piece(k).is_some_and(|p| !p.royal))
            .cloned()
            .collect()
    };
    let n_move = w.same(&m.n_move_kinds, "nMoveRuleTypes");
    let en_passant = w.same(&m.en_passant_kinds, "enPassantTypes");
    // Pawns no side can ever have (1d-chess keeps chess's pawn type but never a pawn) promote
    // nowhere: their region, off this board, says nothing.
    let ever_held =
        |k: &String| start.is_none_or(|s| (0..2).any(|side| mobility::can_hold(m, s, k, side)));
    let promotes =
        !promo_to.is_empty() && !promo_pawns.is_empty() && promo_pawns.iter().any(ever_held);
    let shogi_way = |k: &String| m.promoted.iter().any(|(from, _)| from == k);
    if promo_to.is_empty()
        && promo_pawns
            .iter()
            .any(|k| m.piece(k).is_some() && !shogi_way(k))
    {
        // Fairy-Stockfish's pawn with no type to promote to never moves onto its promotion
        // region, which it still attacks. Where that region is the last rank, a pawn there
        // could never move again: `immobile_illegal` forbids the move and keeps the attack
        // (maharajah's Black pawns). Elsewhere ours would move there.
        let last_rank = [Region::rank(last), Region::rank(0)];
        let on_board = |r: &Region| r.on_board(m.files, m.ranks);
        if m.promotion_region
            .iter()
            .map(on_board)
            .eq(last_rank.iter().map(on_board))
        {
            w.pawns_kept_off_last_rank = true;
        } else {
            w.bad.push(
                "promotionPieceTypes (none: pawns that may not reach their promotion region)"
                    .into(),
            );
        }
    }
    let mut zone = PawnZone::LastRank;
    if promotes {
        zone = pawn_zone(w, last);
        if m.fifty_move && promo_pawns != n_move {
            w.bad
                .push("nMoveRuleTypes (not the pieces that promote)".into());
        }
    }
    let mut double_step = None;
    let mut double_step_every_rank = false;
    if m.double_step
        && m.pieces
            .iter()
            .any(|p| m.double_step_kinds.contains(&p.kind))
    {
        let region = [
            m.double_step_region[0].clone(),
            m.double_step_region[1].clone(),
        ];
        if let Some(r) = w.relative_ranks(&region, "doubleStepRegion") {
            // Fairy-Stockfish's double steps each leave an en passant square (a horde's,
            // inherited, only from the higher rank, as ours by default).
            double_step_every_rank = r.len() > 1 && !m.double_step_inherited;
            if !r.is_empty() {
                double_step = Some(r);
            }
        }
    }
    if zone != PawnZone::LastRank {
        if !m.mandatory_pawn_promotion && !m.immobility_illegal {
            // Ours promote where a pawn could never move again.
            w.bad.push(
                "mandatoryPawnPromotion (false, without immobilityIllegal: a pawn may stay where it can never move)"
                    .into(),
            );
        }
    } else if !m.mandatory_pawn_promotion && promotes {
        // The last rank alone: our generators' promotion there, always compulsory.
        if !m.immobility_illegal {
            w.bad.push(
                "mandatoryPawnPromotion (false, without immobilityIllegal: a pawn may stay where it can never move)"
                    .into(),
            );
        }
    }
    // A limit on a kind pawns promote to is kept by the zone's promotions only.
    if promotes
        && zone == PawnZone::LastRank
        && m.promotion_limit.iter().any(|(k, _)| promo_to.contains(k))
    {
        zone = PawnZone::Ranks(last, last);
    }
    Pawns {
        promo_pawns,
        promo_to,
        n_move,
        en_passant,
        promotes,
        double_step,
        double_step_every_rank,
        zone,
    }
}

/// Where the pawns promote (`promotionRegion`), as our `[promotion]` keys say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PawnZone {
    /// The last rank: the generators' promotion, no key.
    LastRank,
    /// `zone = [lo, hi]`, 0-based ranks from the owner's side.
    Ranks(u32, u32),
    /// `squares` (White's) and `black_squares`, 0-based `(file, rank)`.
    Squares(Squares, Squares),
}

/// The pawns' promotion region: whole ranks, the same for both sides and without a gap, are
/// a `zone`; anything else is listed square by square.
fn pawn_zone(w: &mut Writer<'_>, last: u32) -> PawnZone {
    let m = w.m;
    let (files, ranks) = (m.files, m.ranks);
    let white = m.promotion_region[0].on_board(files, ranks);
    let black = m.promotion_region[1].on_board(files, ranks);
    if white.is_empty() || black.is_empty() {
        w.bad.push("promotionRegion (empty for a side)".into());
        return PawnZone::LastRank;
    }
    let mirrored: Squares = black.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect();
    if let (Some(rs), true) = (whole_ranks(&white, files), mirrored == white) {
        let (lo, hi) = (*rs.first().unwrap_or(&last), *rs.last().unwrap_or(&last));
        if rs.len() as u32 == hi - lo + 1 {
            return if (lo, hi) == (last, last) {
                PawnZone::LastRank
            } else {
                PawnZone::Ranks(lo, hi)
            };
        }
    }
    PawnZone::Squares(white, black)
}

/// One `[[piece]]` table with its `[[piece.extra]]` parts.
///
/// With `promoted_from`, `p` is the type a piece of that type becomes shogi's way: the table
/// is its promoted kind, `+X`, moving as `p` does, which no rule of pawns or drops names.
fn piece_section(
    out: &mut String,
    w: &mut Writer<'_>,
    p: &Piece,
    promoted_from: Option<&Piece>,
    pawns: &Pawns,
    start: Option<&StartFen>,
    drops: bool,
) {
    let m = w.m;
    let base = promoted_from.is_none();
    let soldier;
    let p = match m.soldier_rank {
        Some(rank) if base && p.kind == "soldier" => {
            soldier = soldier_from_rank(p, rank, m.ranks);
            &soldier
        }
        _ => p,
    };
    let _ = writeln!(out, "\n[[piece]]");
    match promoted_from {
        Some(from) => {
            let _ = writeln!(out, "letter = {}", quote(&format!("+{}", from.letter)));
            let _ = writeln!(out, "name = {}", quote(&format!("promoted {}", from.kind)));
        }
        None => {
            let _ = writeln!(out, "letter = {}", quote(&p.letter.to_string()));
            let _ = writeln!(out, "name = {}", quote(&p.kind));
        }
    }
    let _ = writeln!(out, "betza = {}", quote(&p.betza));
    bool_line(out, "royal", p.royal && base);
    bool_line(
        out,
        "pseudo_royal",
        base && (p.pseudo_royal || w.pseudo_royals.contains(&p.kind)),
    );
    bool_line(out, "pawn", base && pawns.is_pawn(&p.kind));
    if let Some(ranks) = pawns
        .double_step
        .as_ref()
        .filter(|_| base && m.double_step_kinds.contains(&p.kind))
    {
        let list: Vec<String> = ranks.iter().map(|r| (r + 1).to_string()).collect();
        let _ = writeln!(out, "double_step_rank = [{}]", list.join(", "));
        if pawns.double_step_every_rank {
            let _ = writeln!(out, "double_step_en_passant = \"every-rank\"");
        }
        // Taken en passant only by its capture-only moves (Fairy-Stockfish's attacks that
        // are not moves).
        let captures_apart = p.betza.contains('c');
        bool_line(
            out,
            "en_passant",
            captures_apart && pawns.en_passant.contains(&p.kind),
        );
    }
    if let Some(mp) = &p.mating_power {
        let _ = writeln!(out, "mating_power = {}", quote(mp));
    }
    let mobility = mobility::zone(w, p, start, drops);
    if let Some(zone) = p.zone.as_ref().or(mobility.as_ref()) {
        let list: Vec<String> = zone.iter().map(|z| quote(z)).collect();
        let _ = writeln!(out, "zone = [{}]", list.join(", "));
    }
    if let Some((lo, hi)) = p.region {
        let _ = writeln!(out, "region = [{lo}, {hi}]");
    }
    if drops && base {
        if let Some((lo, hi)) = drop_ranks(w, &p.kind) {
            let _ = writeln!(out, "drop_ranks = [{lo}, {hi}]");
        }
    }
    match promoted_from {
        None => promotion::lines(out, w, p),
        Some(from) => {
            promotion::demotion_lines(out, w, from);
            promotion::limit_line(out, w, from, p, start)
        }
    }
    if base && pawns.zone != PawnZone::LastRank && pawns.promo_to.contains(&p.kind) {
        // A pawn's promotion to this kind, counted on the board as Fairy-Stockfish counts it.
        if let Some(&(_, n)) = m.promotion_limit.iter().find(|(k, _)| *k == p.kind) {
            match n {
                1..=255 => {
                    let _ = writeln!(out, "promotion_limit = {n}");
                }
                _ => w.bad.push(format!("promotionLimit ({}: {n})", p.kind)),
            }
        }
    }
    for (betza, region) in &p.extra {
        let _ = writeln!(out, "\n[[piece.extra]]\nbetza = {}", quote(betza));
        if let Some((lo, hi)) = region {
            let _ = writeln!(out, "region = [{lo}, {hi}]");
        }
    }
}

/// The soldier of `soldierPromotionRank = rank`: a forward step, and the sideways steps from
/// that rank on (from the start at rank 1).
fn soldier_from_rank(p: &Piece, rank: u32, ranks: u32) -> Piece {
    let mut soldier = p.clone();
    if rank <= 1 {
        soldier.betza = "fsW".into();
        soldier.extra.clear();
    } else {
        soldier.betza = "fW".into();
        soldier.extra = vec![("sW".into(), Some((i64::from(rank), i64::from(ranks))))];
    }
    soldier
}

/// The lines of `[rules]` (empty when every rule is FIDE's).
fn rules_lines(w: &mut Writer<'_>, drops: bool) -> String {
    let m = w.m;
    let mut rules = String::new();
    bool_line(&mut rules, "must_capture", m.must_capture);
    bool_line(
        &mut rules,
        "royal_takes_checker_only",
        m.royal_takes_checker_only,
    );
    bool_line(&mut rules, "no_giving_check", m.no_giving_check);
    bool_line(&mut rules, "blast", m.blast);
    if let Some(several) = w.several_royals {
        let _ = writeln!(rules, "several_royals = {}", quote(several));
    }
    if m.duple_check && w.several_royals != Some("all") {
        w.bad
            .push("dupleCheck (without several pseudo-royal pieces of one kind)".into());
    }
    if m.blast && m.piece("pawn").is_some() {
        // Fairy-Stockfish's explosion spares the pawns around it.
        let _ = writeln!(rules, "blast_immune = [{}]", quote(&w.letter("pawn")));
    }
    for (key, list) in [
        ("blast_proof", &m.blast_proof),
        ("mutually_immune", &m.mutually_immune),
    ] {
        let letters: Vec<String> = list
            .iter()
            .filter(|k| m.piece(k).is_some())
            .map(|k| quote(&w.letter(k)))
            .collect();
        if !letters.is_empty() {
            let _ = writeln!(rules, "{key} = [{}]", letters.join(", "));
        }
    }
    bool_line(&mut rules, "drops", drops);
    if let Some(kind) = m
        .no_doubled
        .as_ref()
        .filter(|k| drops && m.piece(k).is_some())
    {
        // A count of 0 forbids every drop of the kind (dragonfly's pawns stay in hand).
        let _ = writeln!(rules, "no_doubled_drop = [{}]", quote(&w.letter(kind)));
        if m.no_doubled_count != 1 {
            let _ = writeln!(rules, "no_doubled_drop_count = {}", m.no_doubled_count);
        }
    }
    if m.shogi_pawn_drop_mate_illegal && drops && m.piece("shogiPawn").is_some() {
        let _ = writeln!(rules, "no_drop_mate = [{}]", quote(&w.letter("shogiPawn")));
    }
    bool_line(&mut rules, "flying_general", m.flying_general);
    bool_line(
        &mut rules,
        "immobile_illegal",
        m.immobility_illegal || w.pawns_kept_off_last_rank,
    );
    bool_line(&mut rules, "drop_promoted", drops && m.drop_promoted);
    bool_line(
        &mut rules,
        "promotion_on_capture",
        m.piece_promotion_on_capture,
    );
    placement_lines(w, &mut rules, drops);
    pass_and_walling_lines(w, &mut rules);
    m.enclosing
        .rules_lines(&mut rules, drops, (m.files, m.ranks));
    rules
}

/// `[rules]`' placement keys: captures that leave the game, must-drop, the bishops' colours,
/// castling earned by drops.
fn placement_lines(w: &mut Writer<'_>, rules: &mut String, drops: bool) {
    let m = w.m;
    if !drops {
        for (key, on) in [
            ("mustDrop", m.must_drop),
            ("dropOppositeColoredBishop", m.drop_opposite_coloured_bishop),
            ("castlingDroppedPiece", m.castling_dropped_piece),
        ] {
            if on {
                w.bad.push(format!("{key} (without pieceDrops)"));
            }
        }
        return;
    }
    if !m.captures_to_hand {
        let _ = writeln!(rules, "captures_to_hand = false");
    }
    bool_line(
        rules,
        "captured_keep_promotion",
        m.drop_loop && m.captures_to_hand,
    );
    bool_line(rules, "no_checking_drops", !m.drop_checks);
    bool_line(rules, "must_drop", m.must_drop);
    if let Some(kind) = m.must_drop_type.as_ref().filter(|_| m.must_drop) {
        let _ = writeln!(rules, "must_drop_kind = {}", quote(&w.letter(kind)));
    }
    if m.drop_opposite_coloured_bishop {
        if m.piece("bishop").is_some() {
            let _ = writeln!(
                rules,
                "drop_both_colours = [{}]",
                quote(&w.letter("bishop"))
            );
        } else {
            w.bad.push("dropOppositeColoredBishop (no bishop)".into());
        }
    }
    bool_line(
        rules,
        "castling_by_drop",
        m.castling_dropped_piece && m.castling,
    );
}

/// `[rules] pass` and `walling`.
fn pass_and_walling_lines(w: &mut Writer<'_>, rules: &mut String) {
    let m = w.m;
    if m.pass[0] != m.pass[1] || m.pass_on_stalemate[0] != m.pass_on_stalemate[1] {
        w.bad.push("passWhite/passBlack (one side only)".into());
    } else if m.pass_on_stalemate[0] {
        // Fairy-Stockfish allows the pass only when stalemated wherever this is set.
        let _ = writeln!(rules, "pass = \"when-stalemated\"");
    } else if m.pass[0] {
        let _ = writeln!(rules, "pass = \"always\"");
    }
    match m.walling.as_str() {
        "none" => {}
        "duck" if m.checkmate && m.pieces.iter().any(|p| p.royal) => {
            // Fairy-Stockfish lets the duck's square answer a check (atomicduck); ours judges
            // the move before its duck.
            w.bad.push(
                "wallingRule (value 'duck', with a royal piece: the duck may block a check)".into(),
            );
        }
        "duck" | "arrow" | "past" | "static" => {
            let _ = writeln!(rules, "walling = \"{}\"", m.walling);
            walling_region_line(w, rules);
        }
        other => w.bad.push(format!("wallingRule (value '{other}')")),
    }
}

/// `[rules] walling_region`, where Fairy-Stockfish's `wallingRegion` leaves out squares of the
/// board (the same for both sides: ours is one region).
fn walling_region_line(w: &mut Writer<'_>, rules: &mut String) {
    let m = w.m;
    let (files, ranks) = (m.files, m.ranks);
    let whole = (files * ranks) as usize;
    let [white, black] = m
        .walling_region
        .each_ref()
        .map(|r| r.as_ref().map(|r| r.on_board(files, ranks)));
    let squares = match (white, black) {
        (None, None) => return,
        (Some(a), Some(b)) if a == b => a,
        _ => {
            w.bad
                .push("wallingRegionWhite/wallingRegionBlack (the sides differ)".into());
            return;
        }
    };
    if squares.len() == whole {
        return;
    }
    let mut ordered: Vec<(u32, u32)> = squares.into_iter().collect();
    ordered.sort_by_key(|&(f, r)| (r, f));
    let names: Vec<String> = ordered
        .iter()
        .map(|&(f, r)| quote(&square_name(f, r)))
        .collect();
    let _ = writeln!(rules, "walling_region = [{}]", names.join(", "));
}

/// Our `drop_ranks` for a kind (1-based, from the owner's side), `None` for anywhere.
fn drop_ranks(w: &mut Writer<'_>, kind: &str) -> Option<(u32, u32)> {
    let m = w.m;
    let (files, ranks) = (m.files, m.ranks);
    let mut relative: Vec<BTreeSet<u32>> = Vec::new();
    for side in 0..2 {
        let mut squares: Squares = match &m.drop_region[side] {
            Some(r) => r.on_board(files, ranks),
            None => (0..files)
                .flat_map(|f| (0..ranks).map(move |r| (f, r)))
                .collect(),
        };
        if kind == "pawn" {
            let first = if side == 0 { 0 } else { ranks - 1 };
            if !m.first_rank_pawn_drops {
                squares.retain(|&(_, r)| r != first);
            }
            if !m.promotion_zone_pawn_drops {
                let zone = m.promotion_region[side].on_board(files, ranks);
                squares.retain(|sq| !zone.contains(sq));
            }
        }
        let Some(whole) = whole_ranks(&squares, files) else {
            w.bad
                .push(format!("dropRegion ({kind}'s is not whole ranks)"));
            return None;
        };
        let rel: BTreeSet<u32> = if side == 0 {
            whole
        } else {
            whole.iter().map(|r| ranks - 1 - r).collect()
        };
        relative.push(rel);
    }
    if relative[0] != relative[1] {
        w.bad
            .push(format!("dropRegion ({kind}'s differs between the sides)"));
        return None;
    }
    let rel = &relative[0];
    let (lo, hi) = (*rel.first()?, *rel.last()?);
    if hi - lo + 1 != rel.len() as u32 {
        w.bad
            .push(format!("dropRegion ({kind}'s ranks have a gap)"));
        return None;
    }
    (rel.len() as u32 != ranks).then_some((lo + 1, hi + 1))
}

/// The start position in our FEN: hands only with drops, the castling rights castling rules
/// exist for, the checks left when checks are counted.
fn start_fen(w: &mut Writer<'_>, s: &StartFen, drops: bool, rights: &str) -> String {
    let mut fen = s.board.clone();
    match (&s.hands, drops) {
        // Free drops' hands are never written (nor read).
        (_, true) if w.m.enclosing.free_drops => {}
        (Some(h), true) => fen.push_str(&format!("[{h}]")),
        (None, true) => fen.push_str("[]"),
        (Some(h), false) if !h.is_empty() && h != "-" => {
            w.bad.push("startFen (pieces in hand without drops)".into());
        }
        _ => {}
    }
    let castling = if rights.is_empty() { "-" } else { rights };
    fen.push_str(&format!(" {} {} {}", s.side, castling, s.en_passant));
    if let Some(n) = checks(w, s) {
        fen.push_str(&format!(" {n}+{n}"));
    }
    fen.push_str(&format!(" {}", s.clocks));
    fen
}

/// Checks to give, when they are counted.
pub(super) fn checks(w: &mut Writer<'_>, s: &StartFen) -> Option<u32> {
    if !w.m.check_counting {
        return None;
    }
    match (s.checks, w.m.checks) {
        (Some((a, b)), _) if a == b && (1..=15).contains(&a) => Some(a),
        (Some(_), _) => {
            w.bad
                .push("checkCounting (the sides' check counts differ)".into());
            None
        }
        (None, Some(n)) => Some(n),
        // Fairy-Stockfish reads a start position without counts as the next check winning.
        (None, None) => Some(1),
    }
}
