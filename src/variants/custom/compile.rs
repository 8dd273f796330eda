//! From the parsed file to a `CustomVariant`: every check that serde cannot make, each
//! pointing at the value it is about.

use std::ops::Range;
use std::sync::Arc;

use toml::Spanned;

use super::error::VariantFileError;
use super::geometry::{castling_rules, obstacles};
use super::piece_row::{piece, BoardKeys};
use super::schema::VariantDoc;
use super::zone::zone_squares;
use super::CustomVariant;
use crate::core::{
    Color, KindId, Notation, Passing, PieceKind, RuleOptions, Rules, RulesConfig, SeveralRoyals,
    Walling,
};
use crate::game::seat_view::BoardStyle;
use crate::variants::core_game::Goal;

mod enclosing;
mod ends;
mod first_moves;

pub(super) struct Ctx<'a> {
    text: &'a str,
}

impl Ctx<'_> {
    pub(super) fn err(&self, span: Range<usize>, message: impl Into<String>) -> VariantFileError {
        VariantFileError::span(self.text, span, message)
    }
    /// An error inside a quoted string value: `offset` bytes into its content.
    pub(super) fn err_in<T>(
        &self,
        v: &Spanned<T>,
        offset: usize,
        message: impl Into<String>,
    ) -> VariantFileError {
        let start = v.span().start;
        let quote = match self.text.get(start..start + 3) {
            Some("\"\"\"") | Some("'''") => 3,
            _ => 1,
        };
        // Exact for strings without escapes (movement strings and FENs have none).
        VariantFileError::at(self.text, start + quote + offset, message)
    }
}

/// Most movement parts all pieces of one file may have together, once repeats are merged.
pub const MAX_PARTS_IN_ALL: usize = 256;

pub fn compile(text: &str) -> Result<CustomVariant, VariantFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let doc: VariantDoc = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        VariantFileError::at(text, at, e.message().trim_end().to_string())
    })?;
    let cx = Ctx { text };
    let files = count(&cx, &doc.board.files, 1, 26, "files")?;
    let ranks = count(&cx, &doc.board.ranks, 1, 99, "ranks")?;

    let mut pieces = piece_table(&cx, &doc, files, ranks)?;
    let kind_of = letter_kinds(&cx, &pieces);
    zone_promotions(&cx, &doc, &mut pieces, &kind_of)?;
    let (promotion_kinds, promotion_by_side) =
        promotion_kinds(&cx, &doc, ranks, &kind_of, &mut pieces)?;
    pawn_promotion_zone(&cx, &doc, &mut pieces, files, ranks)?;
    first_moves::first_moves(&cx, &doc, &mut pieces, &kind_of)?;

    let has_royal = pieces.iter().any(|p| p.royal);
    let (castling, placed_castling) =
        castling_rules(&cx, &doc.castling, files, ranks, &kind_of, has_royal)?;
    let (mut end_rules, goals) = ends::ends(&cx, &doc, has_royal, files, ranks, &kind_of)?;
    let captures_and_drops = captures_and_drops(&cx, &doc, &kind_of)?;
    let aliases = aliases(&cx, &doc)?;

    let obstacles = obstacles(&cx, &doc.obstacles, files, ranks)?;
    if doc.rules.bikjang && (!has_royal || doc.rules.pass.is_none()) {
        return Err(cx.err(
            doc.pieces.span(),
            "bikjang needs a royal piece (royal = true) and [rules] pass",
        ));
    }
    let several_royals = match &doc.rules.several_royals {
        None => SeveralRoyals::Each,
        Some(v) => match v.get_ref().as_str() {
            "each" => SeveralRoyals::Each,
            "all" if has_royal => SeveralRoyals::All,
            "last-only" if has_royal => SeveralRoyals::LastOnly,
            "all" | "last-only" => {
                return Err(cx.err(
                    v.span(),
                    "several_royals needs a royal piece (royal = true)",
                ))
            }
            _ => {
                return Err(cx.err(
                    v.span(),
                    "several_royals is \"each\", \"all\" or \"last-only\"",
                ))
            }
        },
    };
    if doc.rules.flying_general && !has_royal {
        return Err(cx.err(
            doc.pieces.span(),
            "flying_general needs a royal piece (royal = true)",
        ));
    }
    refuse_walls_with_special(&cx, &doc, &pieces, &obstacles)?;
    let enclosing = enclosing::enclosing(&cx, &doc, captures_and_drops.drops, files, ranks)?;

    let config = RulesConfig {
        files,
        ranks,
        pieces,
        castling,
        promotion_kinds,
        king_safety: end_rules.checkmate,
        options: RuleOptions {
            must_capture: doc.rules.must_capture,
            royal_takes_checker_only: doc.rules.royal_takes_checker_only,
            no_checking_drops: doc.rules.no_checking_drops && captures_and_drops.drops,
            no_giving_check: doc.rules.no_giving_check,
            // A side that can lose by losing every piece need not have a king (the horde).
            royal_optional: end_rules.no_pieces.is_some(),
            check_limit: end_rules.check_limit,
            blast: doc.rules.blast,
            blast_immune: captures_and_drops.blast_immune,
            blast_proof: captures_and_drops.blast_proof,
            mutually_immune: captures_and_drops.mutually_immune,
            drops: captures_and_drops.drops,
            captures_to_hand: captures_and_drops.placement.captures_to_hand,
            captured_keep_promotion: captures_and_drops.placement.captured_keep_promotion,
            must_drop: captures_and_drops.placement.must_drop,
            must_drop_kind: captures_and_drops.placement.must_drop_kind,
            drop_both_colours: captures_and_drops.placement.drop_both_colours,
            castling_by_drop: captures_and_drops.placement.castling_by_drop,
            flying_general: doc.rules.flying_general,
            several_royals,
            // Set from the pieces by `Rules::new`.
            first_moves: false,
            bikjang: doc.rules.bikjang,
            // Set by `Rules::new` from the piece table.
            zone_promotion: false,
            promotion_in_place: false,
            royal_promotion: false,
            no_doubled_drop: captures_and_drops.no_doubled_drop,
            no_doubled_drop_count: captures_and_drops.no_doubled_drop_count,
            no_drop_mate: captures_and_drops.no_drop_mate,
            immobile_illegal: doc.rules.immobile_illegal,
            drop_promoted: doc.rules.drop_promoted,
            promotion_on_capture: doc.rules.promotion_on_capture,
            promotion_by_side,
            // Set from the pieces by `Rules::new`.
            promotion_by_kind: false,
            gating: doc.rules.gating,
            walling: walling(&cx, doc.rules.walling.as_ref())?,
            holes: doc.board.holes,
            passing: [passing(&cx, doc.rules.pass.as_ref())?; 2],
            notation: notation(&cx, doc.notation.as_ref())?,
            flip: enclosing.flip,
            drop_only: enclosing.drop_only,
            free_drops: enclosing.free_drops,
        },
        drop_start: enclosing.drop_start,
        walling_region: walling_region(&cx, &doc, files, ranks)?,
    };
    let rules = Rules::new(config.clone()).map_err(|e| cx.err(doc.pieces.span(), e.to_string()))?;
    end_rules.goals = goals
        .into_iter()
        .map(|g| Goal {
            kind: g.kind,
            squares: g.squares.into_iter().map(|sq| rules.shape.sq(sq)).collect(),
            side: g.side,
            count: g.count,
            when_full: g.when_full,
        })
        .collect();
    let variant = CustomVariant {
        name: doc.name.clone(),
        aliases,
        description: doc.description.clone(),
        rules: Arc::new(rules),
        config,
        placed_castling,
        start_fen: doc.board.start.get_ref().clone(),
        end: end_rules,
        obstacles,
        style: board_style(&cx, doc.board.style.as_ref())?,
        pgn_name: doc.pgn_name.clone(),
    };
    from_start_position(&cx, &doc.board.start, variant)
}

/// A letter's kind in the file's piece table (`+P` for a promoted kind), as every section
/// after `[[piece]]` names pieces.
type KindOf<'a> = dyn Fn(&Spanned<String>) -> Result<KindId, VariantFileError> + 'a;

/// The `[[piece]]` rows in order, with the limits that concern the table as a whole.
fn piece_table(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    files: usize,
    ranks: usize,
) -> Result<Vec<PieceKind>, VariantFileError> {
    let mut pieces = Vec::new();
    if doc.pieces.get_ref().is_empty() {
        return Err(cx.err(doc.pieces.span(), "at least one [[piece]] is needed"));
    }
    let mut parts = 0;
    let lines = match &doc.board.diagonal_lines {
        Some(squares) => Some(zone_squares(cx, squares, files, ranks)?),
        None => None,
    };
    for p in doc.pieces.get_ref() {
        let board = BoardKeys {
            lines: lines.as_deref(),
            pawn_zone: doc
                .promotion
                .as_ref()
                .is_some_and(|p| p.zone.is_some() || p.squares.is_some()),
        };
        let kind = piece(cx, p, files, ranks, &board)?;
        // Each part costs tables per square and colour: the total is capped so that a file's
        // cost has a bound whatever its length (see docs/decisions.md, hardening).
        parts += kind.components.len();
        if parts > MAX_PARTS_IN_ALL {
            return Err(cx.err(
                p.betza.span(),
                format!(
                    "the pieces have more than {MAX_PARTS_IN_ALL} movement parts in all \
                     (after merging repeated ones)"
                ),
            ));
        }
        if pieces
            .iter()
            .any(|k: &PieceKind| k.letter == kind.letter && k.plus == kind.plus)
        {
            return Err(cx.err(
                p.letter.span(),
                format!("letter '{}' is used twice", p.letter.get_ref().trim()),
            ));
        }
        pieces.push(kind);
    }
    Ok(pieces)
}

/// The `kind_of` of the table: the letters are copied, so that the table itself can still be
/// completed (promotions) while later sections name its kinds.
fn letter_kinds<'a>(
    cx: &'a Ctx<'a>,
    pieces: &[PieceKind],
) -> impl Fn(&Spanned<String>) -> Result<KindId, VariantFileError> + 'a {
    let letters: Vec<(char, bool)> = pieces.iter().map(|k| (k.letter, k.plus)).collect();
    move |v: &Spanned<String>| -> Result<KindId, VariantFileError> {
        let (plus, spelled) = match v.get_ref().strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, v.get_ref().as_str()),
        };
        let mut cs = spelled.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => letters
                .iter()
                .position(|&l| l == (c.to_ascii_uppercase(), plus))
                .map(|i| i as KindId)
                .ok_or_else(|| {
                    cx.err(
                        v.span(),
                        format!("no piece has the letter '{}'", v.get_ref()),
                    )
                }),
            _ => Err(cx.err(v.span(), "a piece letter is one character")),
        }
    }
}

/// `[promotion]`: the kinds a pawn may become on the last rank (both sides' together), and
/// each side's as a bit per kind where `black` makes them differ.
fn promotion_kinds(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    ranks: usize,
    kind_of: &KindOf<'_>,
    pieces: &mut [PieceKind],
) -> Result<(Vec<KindId>, Option<[u64; 2]>), VariantFileError> {
    let mut promotion_kinds = Vec::new();
    let mut by_side = None;
    // A pawn's own list: its kinds join the rules' list, and its mask keeps it to them.
    for (i, p) in doc.pieces.get_ref().iter().enumerate() {
        let Some(list) = &p.promotions else { continue };
        if !p.pawn || doc.promotion.is_none() {
            return Err(cx.err(
                list.span(),
                "promotions is a pawn's own list: it needs pawn = true and a [promotion] section",
            ));
        }
        if list.get_ref().is_empty() {
            return Err(cx.err(list.span(), "promotions needs at least one piece"));
        }
        let mut mask = 0u64;
        for t in list.get_ref() {
            let k = kind_of(t)?;
            if !promotion_kinds.contains(&k) {
                promotion_kinds.push(k);
            }
            mask |= 1 << k;
        }
        pieces[i].promotion_choices = Some(mask);
    }
    if let Some(promo) = &doc.promotion {
        let mut masks = [0u64; 2];
        for t in promo.to.get_ref() {
            let k = kind_of(t)?;
            if !promotion_kinds.contains(&k) {
                promotion_kinds.push(k);
            }
            masks[0] |= 1 << k;
        }
        if let Some(black) = &promo.black {
            if black.get_ref().is_empty() {
                return Err(cx.err(black.span(), "[promotion] black needs at least one piece"));
            }
            for t in black.get_ref() {
                let k = kind_of(t)?;
                if !promotion_kinds.contains(&k) {
                    promotion_kinds.push(k);
                }
                masks[1] |= 1 << k;
            }
            by_side = Some(masks);
        }
        if let Some(r) = &promo.rank {
            if *r.get_ref() != ranks as i64 {
                return Err(cx.err(
                    r.span(),
                    format!("promotion happens on the last rank only ({ranks} here)"),
                ));
            }
        }
    }
    if let Some(promo) = doc.promotion.as_ref().filter(|p| p.to.get_ref().is_empty()) {
        return Err(cx.err(
            promo.to.span(),
            "[promotion] needs at least one piece in 'to'",
        ));
    }
    // Where one pawn has its own list, the others keep to `[promotion]`'s.
    if pieces.iter().any(|k| k.promotion_choices.is_some()) {
        let shared = promotion_kinds
            .iter()
            .filter(|&&k| {
                doc.promotion.as_ref().is_some_and(|promo| {
                    promo
                        .to
                        .get_ref()
                        .iter()
                        .chain(promo.black.iter().flat_map(|b| b.get_ref()))
                        .any(|t| kind_of(t).is_ok_and(|t| t == k))
                })
            })
            .fold(0u64, |m, &k| m | 1 << k);
        for k in pieces.iter_mut().filter(|k| k.promotion_choices.is_none()) {
            k.promotion_choices = Some(shared);
        }
    }
    Ok((promotion_kinds, by_side))
}

/// `[promotion] zone` and `optional`: the ranks where the pawns' moves promote, for each
/// `pawn` kind, and whether promoting there is a choice.
fn pawn_promotion_zone(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    pieces: &mut [PieceKind],
    files: usize,
    ranks: usize,
) -> Result<(), VariantFileError> {
    let Some(promo) = &doc.promotion else {
        return Ok(());
    };
    if let (Some(_), Some(squares)) = (&promo.zone, &promo.squares) {
        return Err(cx.err(
            squares.span(),
            "a promotion zone is ranks (zone) or squares, not both",
        ));
    }
    if let (None, Some(black)) = (&promo.squares, &promo.black_squares) {
        return Err(cx.err(black.span(), "black_squares needs squares"));
    }
    let cells = match &promo.squares {
        Some(white) => {
            let white = zone_squares(cx, white, files, ranks)?;
            let black = match &promo.black_squares {
                Some(black) => zone_squares(cx, black, files, ranks)?,
                None => white
                    .iter()
                    .map(|&(f, r)| (f, ranks as u8 - 1 - r))
                    .collect(),
            };
            Some([white, black])
        }
        None => None,
    };
    let span = match &promo.zone {
        Some(zone) => Some(super::zone::rank_span(cx, zone, ranks, "zone")?),
        None => None,
    };
    let Some(at) = promo
        .zone
        .as_ref()
        .map(|z| z.span())
        .or(promo.squares.as_ref().map(|s| s.span()))
    else {
        if let Some(optional) = &promo.optional {
            return Err(cx.err(
                optional.span(),
                "optional needs a promotion zone (zone = [low, high], or squares)",
            ));
        }
        return Ok(());
    };
    let optional = promo.optional.as_ref().is_some_and(|o| *o.get_ref());
    for (kind, p) in pieces.iter_mut().zip(doc.pieces.get_ref()) {
        if !p.pawn {
            continue;
        }
        if p.promotes_to.is_some() {
            return Err(cx.err(
                at,
                format!(
                    "piece '{}' promotes by promotes_to in its own zone: a [promotion] zone is \
                     for pawns that promote to the [promotion] kinds",
                    kind.letter
                ),
            ));
        }
        kind.promotion_zone = span;
        kind.promotion_cells = cells.clone();
        kind.must_promote = !optional;
    }
    Ok(())
}

/// The `[rules]` that change what a capture does (blast) and where captured pieces go (drops).
struct CapturesAndDrops {
    blast_immune: u64,
    blast_proof: u64,
    mutually_immune: u64,
    drops: bool,
    placement: PlacementRules,
    no_doubled_drop: u64,
    no_doubled_drop_count: u8,
    no_drop_mate: u64,
}

/// A list of piece letters as a bit per kind.
fn kind_mask(letters: &[Spanned<String>], kind_of: &KindOf<'_>) -> Result<u64, VariantFileError> {
    let mut mask = 0u64;
    for k in letters {
        mask |= 1 << kind_of(k)?;
    }
    Ok(mask)
}

fn captures_and_drops(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    kind_of: &KindOf<'_>,
) -> Result<CapturesAndDrops, VariantFileError> {
    let blast_immune = kind_mask(&doc.rules.blast_immune, kind_of)?;
    let blast_proof = kind_mask(&doc.rules.blast_proof, kind_of)?;
    for (key, list) in [
        ("blast_immune", &doc.rules.blast_immune),
        ("blast_proof", &doc.rules.blast_proof),
    ] {
        if let Some(k) = list.first().filter(|_| !doc.rules.blast) {
            return Err(cx.err(k.span(), format!("{key} needs blast = true")));
        }
    }
    let mut mutually_immune = 0u64;
    for k in &doc.rules.mutually_immune {
        let kind = kind_of(k)?;
        if doc.pieces.get_ref()[kind as usize].royal {
            // A royal piece of such a kind would be "in check" from its twin that cannot take it.
            return Err(cx.err(k.span(), "a royal piece cannot be mutually_immune"));
        }
        mutually_immune |= 1 << kind;
    }
    let drops = doc.rules.drops.as_ref().is_some_and(|d| *d.get_ref());
    if let Some(d) = doc
        .rules
        .drops
        .as_ref()
        .filter(|_| drops && doc.rules.blast)
    {
        // An explosion would have to send pieces nowhere and forget their promotions: no
        // known variant combines the two, so the pair is refused rather than half-built.
        return Err(cx.err(d.span(), "drops and blast cannot be combined"));
    }
    if let Some(p) = doc.pieces.get_ref().iter().find(|p| p.drop_ranks.is_some()) {
        if !drops {
            let span = p
                .drop_ranks
                .as_ref()
                .map_or(doc.pieces.span(), |d| d.span());
            return Err(cx.err(span, "drop_ranks needs [rules] drops = true"));
        }
    }
    let no_doubled_drop = kind_mask(&doc.rules.no_doubled_drop, kind_of)?;
    let no_drop_mate = kind_mask(&doc.rules.no_drop_mate, kind_of)?;
    if let Some(k) = doc
        .rules
        .no_doubled_drop
        .iter()
        .chain(&doc.rules.no_drop_mate)
        .next()
        .filter(|_| !drops)
    {
        return Err(cx.err(
            k.span(),
            "no_doubled_drop and no_drop_mate need [rules] drops = true",
        ));
    }
    let no_doubled_drop_count = match &doc.rules.no_doubled_drop_count {
        None => 1,
        Some(n) if doc.rules.no_doubled_drop.is_empty() => {
            return Err(cx.err(n.span(), "no_doubled_drop_count needs no_doubled_drop"));
        }
        Some(n) => count(cx, n, 0, 64, "no_doubled_drop_count")? as u8,
    };
    Ok(CapturesAndDrops {
        no_doubled_drop_count,
        blast_immune,
        blast_proof,
        mutually_immune,
        drops,
        placement: placement_rules(cx, doc, kind_of, drops)?,
        no_doubled_drop,
        no_drop_mate,
    })
}

/// The placement setup's `[rules]` keys, each of which needs `drops`.
struct PlacementRules {
    captures_to_hand: bool,
    captured_keep_promotion: bool,
    must_drop: bool,
    must_drop_kind: Option<KindId>,
    drop_both_colours: u64,
    castling_by_drop: bool,
}

fn placement_rules(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    kind_of: &KindOf<'_>,
    drops: bool,
) -> Result<PlacementRules, VariantFileError> {
    let rules = &doc.rules;
    let flag = |key: &Option<Spanned<bool>>| key.as_ref().map(|k| (*k.get_ref(), k.span()));
    let needs_drops = [
        flag(&rules.captures_to_hand).map(|(_, span)| span),
        flag(&rules.captured_keep_promotion).map(|(_, span)| span),
        flag(&rules.must_drop).map(|(_, span)| span),
        flag(&rules.castling_by_drop).map(|(_, span)| span),
        rules.drop_both_colours.first().map(|k| k.span()),
    ];
    if let Some(span) = needs_drops.into_iter().flatten().next().filter(|_| !drops) {
        return Err(cx.err(
            span,
            "captures_to_hand, captured_keep_promotion, must_drop, drop_both_colours and castling_by_drop need [rules] drops = true",
        ));
    }
    if let Some((true, span)) = flag(&rules.castling_by_drop) {
        if doc.castling.is_empty() {
            return Err(cx.err(span, "castling_by_drop needs [[castling]] rules"));
        }
    }
    let drop_both_colours = kind_mask(&rules.drop_both_colours, kind_of)?;
    let must_drop = flag(&rules.must_drop).is_some_and(|(on, _)| on);
    let must_drop_kind = match &rules.must_drop_kind {
        Some(k) if !must_drop => {
            return Err(cx.err(k.span(), "must_drop_kind needs must_drop = true"));
        }
        Some(k) => Some(kind_of(k)?),
        None => None,
    };
    Ok(PlacementRules {
        captures_to_hand: drops && flag(&rules.captures_to_hand).is_none_or(|(on, _)| on),
        captured_keep_promotion: flag(&rules.captured_keep_promotion).is_some_and(|(on, _)| on),
        must_drop,
        must_drop_kind,
        drop_both_colours,
        castling_by_drop: flag(&rules.castling_by_drop).is_some_and(|(on, _)| on),
    })
}

fn aliases(cx: &Ctx<'_>, doc: &VariantDoc) -> Result<Vec<String>, VariantFileError> {
    let mut aliases = Vec::new();
    for a in &doc.aliases {
        let name = a.get_ref().trim().to_ascii_lowercase();
        if name.is_empty() || name.len() > 40 || aliases.contains(&name) {
            return Err(cx.err(a.span(), "an alias is a new name of 1 to 40 characters"));
        }
        aliases.push(name);
    }
    Ok(aliases)
}

/// The variant as its start position makes it: castling placed where that position puts king
/// and rook, and the position itself checked against the rules (a FEN error points into
/// `[board] start`).
fn from_start_position(
    cx: &Ctx<'_>,
    start: &Spanned<String>,
    mut variant: CustomVariant,
) -> Result<CustomVariant, VariantFileError> {
    let fen_error = |e: crate::notation::fen::FenError| {
        let offset = start
            .get_ref()
            .char_indices()
            .nth(e.column.saturating_sub(1))
            .map_or(start.get_ref().len(), |(i, _)| i);
        cx.err_in(start, offset, e.to_string())
    };
    variant.rules = variant.rules_for(start.get_ref()).map_err(fen_error)?;
    let pos = variant
        .position_from_fen(start.get_ref())
        .map_err(fen_error)?;
    // A reach-rank game must not be won before its first move.
    for &(kind, rank) in variant.end.reach_rank.iter() {
        for color in [Color::White, Color::Black] {
            let r = variant.rules.shape.relative_rank(color, rank);
            let on_goal = pos.pieces(color).any(|sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| kind.is_none_or(|k| p.kind == k))
                    && variant.rules.shape.rank_of(sq) == r
            });
            if on_goal {
                return Err(cx.err(
                    start.span(),
                    format!("{} already stands on its goal rank", color.name()),
                ));
            }
        }
    }
    Ok(variant)
}

pub(super) fn count(
    cx: &Ctx<'_>,
    v: &Spanned<i64>,
    lo: usize,
    hi: usize,
    what: &str,
) -> Result<usize, VariantFileError> {
    let n = *v.get_ref();
    if n < lo as i64 || n > hi as i64 {
        return Err(cx.err(
            v.span(),
            format!("{what} must be from {lo} to {hi}, not {n}"),
        ));
    }
    Ok(n as usize)
}

/// Walls are not taught to hoppers, lame leapers, zones or the flying general (their walks in
/// `core::special` do not look at walls): a file asking for both is refused, not half-played.
fn refuse_walls_with_special(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    pieces: &[PieceKind],
    obstacles: &super::StartObstacles,
) -> Result<(), VariantFileError> {
    let special = doc.rules.flying_general
        || pieces.iter().any(|p| {
            p.zone.is_some()
                || p.avoids_own_kind
                || p.components
                    .iter()
                    .any(|c| c.motion != crate::core::Motion::Slide || c.lines.is_some())
        });
    let ob = &doc.obstacles;
    let walls = !obstacles.walls.is_empty()
        || ob
            .walls_per_player
            .as_ref()
            .is_some_and(|n| *n.get_ref() > 0);
    if special && walls {
        let at = ob
            .walls
            .first()
            .map(|w| w.span())
            .or_else(|| ob.walls_per_player.as_ref().map(|n| n.span()))
            .unwrap_or_else(|| doc.pieces.span());
        return Err(cx.err(
            at,
            "walls do not combine with hoppers (p, g), lame leaps (n), zones or flying_general",
        ));
    }
    Ok(())
}

/// The promotion keys of the pieces: `promotes_to` with its `promotion_zone`, and a `+X` kind
/// returning to a hand as `X`.
fn zone_promotions(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    pieces: &mut [PieceKind],
    kind_of: &dyn Fn(&Spanned<String>) -> Result<KindId, VariantFileError>,
) -> Result<(), VariantFileError> {
    for (i, p) in doc.pieces.get_ref().iter().enumerate() {
        if pieces[i].plus {
            let base = pieces
                .iter()
                .position(|k| k.letter == pieces[i].letter && !k.plus)
                .ok_or_else(|| {
                    cx.err(
                        p.letter.span(),
                        format!(
                            "'{}' is a promoted kind, but no piece has the letter '{}'",
                            p.letter.get_ref(),
                            pieces[i].letter
                        ),
                    )
                })?;
            pieces[i].demotes_to = Some(base as KindId);
        }
    }
    for (i, p) in doc.pieces.get_ref().iter().enumerate() {
        let in_place = p.promotion_in_place.as_ref().is_some_and(|b| *b.get_ref());
        in_place_keys(cx, doc, p, &mut pieces[i], in_place)?;
        match (&p.promotes_to, &p.promotion_zone) {
            (None, None) => {}
            (Some(to), None) if !in_place => {
                return Err(cx.err(to.span(), "promotes_to needs a promotion_zone"));
            }
            (Some(to), Some(_)) if in_place => {
                return Err(cx.err(
                    to.span(),
                    "promotion_in_place takes promotion_squares, not a promotion_zone",
                ));
            }
            (None, Some(zone)) => {
                return Err(cx.err(zone.span(), "promotion_zone needs promotes_to"));
            }
            (Some(to), _) => {
                let k = kind_of(to)?;
                if k as usize == i {
                    return Err(cx.err(to.span(), "a piece cannot promote to its own kind"));
                }
                // A second royal piece is a rule of its own only where several royal pieces
                // are not each royal (sho shogi's crown prince).
                let several = doc
                    .rules
                    .several_royals
                    .as_ref()
                    .is_some_and(|v| matches!(v.get_ref().as_str(), "all" | "last-only"));
                if pieces[k as usize].royal && !several {
                    return Err(cx.err(
                        to.span(),
                        "a piece cannot promote to a royal piece (unless several_royals is \"all\" or \"last-only\")",
                    ));
                }
                if p.pawn && doc.promotion.is_some() {
                    return Err(cx.err(
                        to.span(),
                        "promotes_to does not combine with pawn = true and [promotion]",
                    ));
                }
                pieces[i].promotes_to = Some(k);
            }
        }
        if let Some(must) = &p.must_promote {
            if p.promotes_to.is_none() {
                return Err(cx.err(must.span(), "must_promote needs promotes_to"));
            }
            pieces[i].must_promote = *must.get_ref();
        }
    }
    Ok(())
}

/// A piece's keys of promotion by a move of its own (`PieceKind::promotion_in_place`):
/// `promotion_in_place` needs `promotes_to`, `promotion_squares` needs it, and hands that
/// take captured pieces would need the promoted piece's origin, which this promotion does
/// not keep.
fn in_place_keys(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    p: &super::schema::PieceDoc,
    kind: &mut PieceKind,
    in_place: bool,
) -> Result<(), VariantFileError> {
    if let Some(flag) = &p.promotion_in_place {
        if p.promotes_to.is_none() {
            return Err(cx.err(flag.span(), "promotion_in_place needs promotes_to"));
        }
        let drops = doc.rules.drops.as_ref().is_some_and(|d| *d.get_ref());
        let to_hand = doc
            .rules
            .captures_to_hand
            .as_ref()
            .is_none_or(|c| *c.get_ref());
        if in_place && drops && to_hand {
            return Err(cx.err(
                flag.span(),
                "promotion_in_place needs captures_to_hand = false where there are drops",
            ));
        }
    }
    if let Some(squares) = &p.promotion_squares {
        if !in_place {
            return Err(cx.err(squares.span(), "promotion_squares needs promotion_in_place"));
        }
    }
    kind.promotion_in_place = in_place;
    Ok(())
}

/// `[board] style`: how the board is drawn (chess when the file says nothing).
fn board_style(
    cx: &Ctx<'_>,
    style: Option<&Spanned<String>>,
) -> Result<BoardStyle, VariantFileError> {
    let Some(style) = style else {
        return Ok(BoardStyle::Chess);
    };
    BoardStyle::from_name(style.get_ref()).ok_or_else(|| {
        let names: Vec<String> = BoardStyle::ALL
            .iter()
            .map(|s| format!("\"{}\"", s.name()))
            .collect();
        cx.err(
            style.span(),
            format!("style is one of {}", names.join(", ")),
        )
    })
}

/// The top-level `notation`: how moves are written for players.
/// `[rules] pass`: when a side may pass instead of moving (both sides alike).
fn passing(cx: &Ctx<'_>, pass: Option<&Spanned<String>>) -> Result<Passing, VariantFileError> {
    match pass.map(|p| (p.get_ref().as_str(), p.span())) {
        None => Ok(Passing::Never),
        Some(("always", _)) => Ok(Passing::Always),
        Some(("when-stalemated", _)) => Ok(Passing::WhenStalemated),
        Some((_, span)) => Err(cx.err(span, "pass is \"always\" or \"when-stalemated\"")),
    }
}

/// `[rules] walling_region`: the squares blockers may go to (empty: all), only with `walling`.
fn walling_region(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    files: usize,
    ranks: usize,
) -> Result<Vec<(u8, u8)>, VariantFileError> {
    match &doc.rules.walling_region {
        None => Ok(Vec::new()),
        Some(squares) if doc.rules.walling.is_none() => {
            Err(cx.err(squares.span(), "walling_region needs walling"))
        }
        Some(squares) => zone_squares(cx, squares, files, ranks),
    }
}

/// `[rules] walling`: what every move's second part places.
fn walling(
    cx: &Ctx<'_>,
    walling: Option<&Spanned<String>>,
) -> Result<Option<Walling>, VariantFileError> {
    match walling.map(|w| (w.get_ref().as_str(), w.span())) {
        None => Ok(None),
        Some(("duck", _)) => Ok(Some(Walling::Duck)),
        Some(("arrow", _)) => Ok(Some(Walling::Arrow)),
        Some(("past", _)) => Ok(Some(Walling::Past)),
        Some(("static", _)) => Ok(Some(Walling::Static)),
        Some((_, span)) => Err(cx.err(
            span,
            "walling is \"duck\", \"arrow\", \"past\" or \"static\"",
        )),
    }
}

fn notation(
    cx: &Ctx<'_>,
    notation: Option<&Spanned<String>>,
) -> Result<Notation, VariantFileError> {
    match notation.map(|n| (n.get_ref().as_str(), n.span())) {
        None | Some(("san", _)) => Ok(Notation::Algebraic),
        Some(("shogi", _)) => Ok(Notation::Shogi),
        Some((_, span)) => Err(cx.err(span, "notation is \"san\" or \"shogi\"")),
    }
}
