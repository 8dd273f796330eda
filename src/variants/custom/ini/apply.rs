//! One section's keys applied to the model it inherits, as Fairy-Stockfish applies them: the
//! piece keys first (in its piece-type order, so a later letter replaces an earlier one), then
//! the rules. A key with no equivalent in our format, or a value it cannot hold, is collected,
//! never half-applied.

use super::model::{Model, Piece, Types, Value};
use super::parse::{Entry, Section};
use super::pieces::{self, BEYOND_MOVEMENT};
use super::region::{self, Region};

/// Keys that only change how a GUI shows the game or how the engine values pieces.
const DISPLAY_ONLY: &[&str] = &[
    "pieceToCharTable",
    "pocketSize",
    "variantTemplate",
    "pieceValueMg",
    "pieceValueEg",
];

/// Keys our format has no rule for, with the value that turns their rule off (Fairy-Stockfish's
/// default, in the ini header's words): at that value the key says nothing we lack.
const OFF_VALUES: &[(&str, &str)] = &[
    ("chess960", "false"),
    ("twoBoards", "false"),
    ("sittuyinPromotion", "false"),
    ("blastImmuneTypes", "-"),
    ("mutuallyImmuneTypes", "-"),
    ("petrifyOnCaptureTypes", "-"),
    ("petrifyBlastPieces", "false"),
    ("tripleStepRegionWhite", "-"),
    ("tripleStepRegionBlack", "-"),
    ("castlingKingFile", "e"),
    ("oppositeCastling", "false"),
    ("sittuyinRookDrop", "false"),
    ("gating", "false"),
    ("wallOrMove", "false"),
    ("seirawanGating", "false"),
    ("cambodianMoves", "false"),
    ("moveRepetitionIllegal", "false"),
    ("chasingRule", "none"),
    ("shatarMateRule", "false"),
    ("bikjangRule", "false"),
    ("countingRule", "none"),
    ("castlingWins", "-"),
];

/// Applies a section; returns the keys (each with why, when it is the value) that did not map.
pub fn apply(m: &mut Model, section: &Section) -> Vec<String> {
    let mut bad = Vec::new();
    for key in pieces::piece_keys() {
        if let Some(e) = section.get(&key) {
            if let Err(why) = piece_key(m, &key, &e.value) {
                bad.push(with_value(e, why));
            }
        }
    }
    let piece_keys = pieces::piece_keys();
    let mut rest: Vec<&Entry> = section
        .last_entries()
        .into_iter()
        .filter(|e| !piece_keys.contains(&e.key))
        .collect();
    // `pawnTypes` sets the three pawn sets; the specific keys override it.
    rest.sort_by_key(|e| e.key != "pawnTypes");
    let mut extinction_value: Option<Option<Value>> = None;
    let mut extinction_types: Option<Types> = None;
    for e in rest {
        let result = match e.key.as_str() {
            "extinctionValue" => match e.value.as_str() {
                "none" => {
                    extinction_value = Some(None);
                    Ok(())
                }
                v => Value::parse(v)
                    .map(|v| extinction_value = Some(Some(v)))
                    .ok_or(Why::Value),
            },
            "extinctionPieceTypes" => types(m, &e.value, true).map(|t| extinction_types = Some(t)),
            _ => rule_key(m, &e.key, &e.value),
        };
        if let Err(why) = result {
            bad.push(with_value(e, why));
        }
    }
    if extinction_value.is_some() || extinction_types.is_some() {
        let (old_value, old_types) = match m.extinction.take() {
            Some((v, t)) => (Some(v), t),
            None => (None, Types::Kinds(Vec::new())),
        };
        let value = extinction_value.unwrap_or(old_value);
        let types = extinction_types.unwrap_or(old_types);
        m.extinction = value.map(|v| (v, types));
    }
    bad
}

fn with_value(e: &Entry, why: Why) -> String {
    match why {
        Why::Key => e.key.clone(),
        Why::Value => format!("{} (value '{}')", e.key, e.value),
        Why::Because(why) => format!("{} ({why})", e.key),
    }
}

/// Why a key did not map.
pub enum Why {
    /// Our format has nothing like it.
    Key,
    /// Not a value we can hold.
    Value,
    Because(String),
}

type Applied = Result<(), Why>;

fn piece_key(m: &mut Model, key: &str, value: &str) -> Result<(), Why> {
    let Some(first) = value.chars().next() else {
        return Ok(());
    };
    if !first.is_ascii_alphabetic() {
        m.remove_piece(key);
        return Ok(());
    }
    if BEYOND_MOVEMENT.contains(&key) {
        return Err(Why::Because("rules beyond its movement".into()));
    }
    let custom = key.starts_with("customPiece");
    let betza = match value.split_once(':') {
        Some((letter, betza)) if letter.chars().count() == 1 && (custom || key == "king") => {
            betza.trim().to_string()
        }
        None if value.chars().count() == 1 && !custom => pieces::betza_of(key)
            .map(str::to_string)
            .ok_or(Why::Value)?,
        _ => return Err(Why::Value),
    };
    // Fairy-Stockfish's pawn-like custom pieces: `ifmnD`, the initial lame double step, is our
    // double step from the double-step ranks (which it also reads its initial moves from), and
    // `e` is a letter its reader passes over (`fceF` is `fcF`).
    let initial = betza.matches("ifmnD").count() == 1;
    let betza = betza
        .replacen("ifmnD", "", usize::from(initial))
        .replace('e', "");
    if let Some(why) = movement_problem(&betza).filter(|_| !betza.is_empty()) {
        return Err(Why::Because(format!("movement '{betza}': {why}")));
    }
    m.add_piece(Piece::new(key, first, &betza));
    if custom {
        // A custom piece double-steps by its movement only.
        m.double_step_kinds.retain(|k| k != key);
    }
    if initial {
        m.double_step_kinds.push(key.to_string());
    }
    Ok(())
}

/// Why our Betza reader refuses a movement string, if it does (read on its own, so the report
/// names the key that brought it).
fn movement_problem(betza: &str) -> Option<String> {
    if betza.is_empty() {
        return Some("no movement".into());
    }
    let file = format!(
        "name = \"t\"\n[board]\nfiles = 8\nranks = 8\nstart = \"8/8/8/8/8/8/8/X7 w - - 0 1\"\n\
         [[piece]]\nletter = \"X\"\nname = \"x\"\nbetza = {}\n[end]\ncheckmate = false\n",
        super::emit::quote(betza)
    );
    crate::variants::custom::load_variant_file(&file)
        .err()
        .map(|e| e.message)
}

fn boolean(v: &str) -> Result<bool, Why> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Why::Value),
    }
}

fn int(v: &str) -> Result<u32, Why> {
    v.parse().map_err(|_| Why::Value)
}

fn parse_region(v: &str) -> Result<Region, Why> {
    region::parse(v).ok_or(Why::Value)
}

/// A set of types by letters (`nbrq`, `-` for none; `*` for all where allowed).
fn types(m: &Model, v: &str, star: bool) -> Result<Types, Why> {
    if v == "*" && star {
        return Ok(Types::All);
    }
    if v == "-" || v.is_empty() {
        return Ok(Types::Kinds(Vec::new()));
    }
    let mut kinds = Vec::new();
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        let kind = m
            .kind_of_letter(c)
            .ok_or_else(|| Why::Because(format!("no piece has the letter '{c}'")))?;
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    Ok(Types::Kinds(kinds))
}

fn kinds(m: &Model, v: &str) -> Result<Vec<String>, Why> {
    match types(m, v, false)? {
        Types::Kinds(k) => Ok(k),
        Types::All => Err(Why::Value),
    }
}

/// Sides a key sets: `…White` White's, `…Black` Black's, else both.
fn sides(key: &str, base: &str) -> Option<&'static [usize]> {
    match key.strip_prefix(base) {
        Some("") => Some(&[0, 1]),
        Some("White") => Some(&[0]),
        Some("Black") => Some(&[1]),
        _ => None,
    }
}

fn rule_key(m: &mut Model, key: &str, v: &str) -> Applied {
    if DISPLAY_ONLY.contains(&key) {
        return Ok(());
    }
    if let Some(applied) = m.enclosing.apply(key, v) {
        return applied;
    }
    for (base, set) in [
        ("promotionPawnTypes", 0),
        ("enPassantTypes", 1),
        ("nMoveRuleTypes", 2),
        ("promotionPieceTypes", 3),
    ] {
        if let Some(s) = sides(key, base) {
            let k = kinds(m, v)?;
            for &side in s {
                match set {
                    0 => m.promotion_pawns[side] = k.clone(),
                    1 => m.en_passant_kinds[side] = k.clone(),
                    2 => m.n_move_kinds[side] = k.clone(),
                    _ => m.promotion_to[side] = k.clone(),
                }
            }
            return Ok(());
        }
    }
    for (n, base) in [(0, "connectRegion1"), (1, "connectRegion2")] {
        if let Some(s) = sides(key, base).filter(|s| s.len() == 1) {
            let r = parse_region(v)?;
            m.connect_regions[s[0]][n] = Some(r);
            return Ok(());
        }
    }
    if let Some(s) = sides(key, "enPassantRegion") {
        // No square at all is no en passant (georgian); a region of some squares only we
        // cannot say.
        let r = parse_region(v)?;
        if !r.ranks.is_empty() || !r.squares.is_empty() {
            return Err(Why::Value);
        }
        for &side in s {
            m.en_passant_kinds[side] = Vec::new();
        }
        return Ok(());
    }
    for (base, which) in [
        ("promotionRegion", 0),
        ("doubleStepRegion", 1),
        ("dropRegion", 2),
        ("flagRegion", 3),
        ("wallingRegion", 4),
    ] {
        if let Some(s) = sides(key, base).filter(|s| which >= 3 || s.len() == 1) {
            let r = parse_region(v)?;
            for &side in s {
                match which {
                    0 => m.promotion_region[side] = r.clone(),
                    1 => {
                        m.double_step_region[side] = r.clone();
                        m.double_step_inherited = false;
                    }
                    2 => m.drop_region[side] = Some(r.clone()),
                    3 => m.flag_region[side] = r.clone(),
                    _ => m.walling_region[side] = Some(r.clone()),
                }
            }
            return Ok(());
        }
    }
    if let Some(rest) = key.strip_prefix("mobilityRegion") {
        return mobility_key(m, rest, v);
    }
    if let Some(s) = sides(key, "flagPiece") {
        let t = if v == "*" {
            None
        } else {
            let c = v
                .chars()
                .next()
                .filter(|_| v.chars().count() == 1)
                .ok_or(Why::Value)?;
            Some(Types::Kinds(vec![m.kind_of_letter(c).ok_or_else(
                || Why::Because(format!("no piece has the letter '{c}'")),
            )?]))
        };
        for &side in s {
            m.flag_piece[side] = t.clone();
        }
        return Ok(());
    }
    match key {
        "maxRank" => {
            m.ranks = int(v)
                .ok()
                .filter(|r| (1..=99).contains(r))
                .ok_or(Why::Value)?
        }
        "maxFile" => m.files = region::parse_file(v).ok_or(Why::Value)? + 1,
        "startFen" => m.start = v.to_string(),
        "pawnTypes" => {
            let k = kinds(m, v)?;
            m.promotion_pawns = [k.clone(), k.clone()];
            m.en_passant_kinds = [k.clone(), k.clone()];
            m.n_move_kinds = [k.clone(), k];
        }
        "doubleStep" => m.double_step = boolean(v)?,
        "castling" => m.castling = boolean(v)?,
        "castlingRank" => {
            m.castling_rank = int(v)?.checked_sub(1).ok_or(Why::Value)?;
        }
        "castlingKingsideFile" => m.castling_files.0 = region::parse_file(v).ok_or(Why::Value)?,
        "castlingQueensideFile" => m.castling_files.1 = region::parse_file(v).ok_or(Why::Value)?,
        "castlingKingPiece" => {
            let k = kinds(m, v)?;
            match k.as_slice() {
                [one] => m.castling_king = one.clone(),
                _ => return Err(Why::Value),
            }
        }
        "castlingRookPieces" => m.castling_rooks = kinds(m, v)?,
        "mustDropType" => {
            m.must_drop_type = match v {
                "*" => None,
                _ => match kinds(m, v)?.as_slice() {
                    [one] => Some(one.clone()),
                    _ => return Err(Why::Value),
                },
            }
        }
        "checking" => m.no_giving_check = !boolean(v)?,
        "mustCapture" => m.must_capture = boolean(v)?,
        "makpongRule" => m.royal_takes_checker_only = boolean(v)?,
        "dropChecks" => m.drop_checks = boolean(v)?,
        "blastOnCapture" => m.blast = boolean(v)?,
        "flyingGeneral" => m.flying_general = boolean(v)?,
        "pieceDrops" => m.piece_drops = boolean(v)?,
        "capturesToHand" => m.captures_to_hand = boolean(v)?,
        "dropLoop" => m.drop_loop = boolean(v)?,
        "mustDrop" => m.must_drop = boolean(v)?,
        "dropOppositeColoredBishop" => m.drop_opposite_coloured_bishop = boolean(v)?,
        "castlingDroppedPiece" => m.castling_dropped_piece = boolean(v)?,
        "pass" => m.pass = [boolean(v)?; 2],
        "passWhite" => m.pass[0] = boolean(v)?,
        "passBlack" => m.pass[1] = boolean(v)?,
        "passOnStalemate" => m.pass_on_stalemate = [boolean(v)?; 2],
        "passOnStalemateWhite" => m.pass_on_stalemate[0] = boolean(v)?,
        "passOnStalemateBlack" => m.pass_on_stalemate[1] = boolean(v)?,
        "wallingRule" => m.walling = v.to_string(),
        "firstRankPawnDrops" => m.first_rank_pawn_drops = boolean(v)?,
        "promotionZonePawnDrops" => m.promotion_zone_pawn_drops = boolean(v)?,
        "dropNoDoubled" => {
            m.no_doubled = match v {
                "-" | "" => None,
                _ => match kinds(m, v)?.as_slice() {
                    [one] => Some(one.clone()),
                    _ => return Err(Why::Value),
                },
            }
        }
        "dropNoDoubledCount" => m.no_doubled_count = int(v)?,
        "stalemateValue" => m.stalemate = Value::parse(v).ok_or(Why::Value)?,
        "checkmateValue" => {
            m.checkmate_value = match Value::parse(v) {
                Some(Value::Draw) | None => return Err(Why::Value),
                Some(value) => value,
            }
        }
        "extinctionPieceCount" => m.extinction_count = int(v)?,
        "extinctionOpponentPieceCount" => m.extinction_opponent_count = int(v)?,
        "extinctionClaim" => m.extinction_claim = boolean(v)?,
        "extinctionPseudoRoyal" => m.extinction_pseudo_royal = boolean(v)?,
        "dupleCheck" => m.duple_check = boolean(v)?,
        "blastImmuneTypes" => m.blast_proof = kinds(m, v)?,
        "mutuallyImmuneTypes" => m.mutually_immune = kinds(m, v)?,
        "flagMove" => m.flag_move = boolean(v)?,
        "connectN" => m.connect_n = int(v)?,
        "connectPieceTypes" => m.connect_kinds = types(m, v, true)?,
        "connectHorizontal" => m.connect_lines[0] = boolean(v)?,
        "connectVertical" => m.connect_lines[1] = boolean(v)?,
        "connectDiagonal" => m.connect_lines[2] = boolean(v)?,
        "connectValue" => {
            // The connecting side's result: a win or a loss (a draw is not ours).
            m.connect_value = match Value::parse(v) {
                Some(v @ (Value::Win | Value::Loss)) => v,
                _ => return Err(Why::Value),
            };
        }
        "flagPieceSafe" => m.flag_piece_safe = boolean(v)?,
        "flagPieceCount" => m.flag_piece_count = int(v)?,
        "soldierPromotionRank" => m.soldier_rank = Some(int(v)?),
        "connectNxN" => m.connect_square = int(v)?,
        "collinearN" => m.collinear_n = int(v)?,
        "flagPieceBlockedWin" => m.flag_piece_blocked_win = boolean(v)?,
        "checkCounting" => m.check_counting = boolean(v)?,
        "nMoveRule" => {
            let n = int(v)?;
            m.fifty_move = n != 0;
            if n != 0 {
                m.move_rule = n;
            }
        }
        "nFoldRule" => {
            m.n_fold = match int(v)? {
                n @ (0 | 2..=10) => n,
                _ => return Err(Why::Because("only 0 (none) or 2 to 10".into())),
            }
        }
        "nFoldValue" => m.n_fold_value = Value::parse(v).ok_or(Why::Value)?,
        "nFoldValueAbsolute" => m.n_fold_absolute = boolean(v)?,
        "perpetualCheckIllegal" => m.perpetual_check_illegal = boolean(v)?,
        "mandatoryPawnPromotion" => m.mandatory_pawn_promotion = boolean(v)?,
        "mandatoryPiecePromotion" => m.mandatory_piece_promotion = boolean(v)?,
        "pieceDemotion" => m.piece_demotion = boolean(v)?,
        "dropPromoted" => m.drop_promoted = boolean(v)?,
        "piecePromotionOnCapture" => m.piece_promotion_on_capture = boolean(v)?,
        "immobilityIllegal" => m.immobility_illegal = boolean(v)?,
        "shogiPawnDropMateIllegal" => m.shogi_pawn_drop_mate_illegal = boolean(v)?,
        "promotedPieceType" => promoted_types(m, v)?,
        "promotionLimit" => promotion_limits(m, v)?,
        _ => match OFF_VALUES.iter().find(|(k, _)| *k == key) {
            Some((_, off))
                if v == *off || (off.is_empty() || *off == "-") && (v.is_empty() || v == "-") => {}
            Some(_) => return Err(Why::Value),
            None => return Err(Why::Key),
        },
    }
    Ok(())
}

/// `promotedPieceType = p:g n:g`: each pair adds to (or, `x:-`, removes from) what is
/// inherited, as Fairy-Stockfish reads it.
fn promoted_types(m: &mut Model, v: &str) -> Applied {
    for pair in v.split_whitespace() {
        let (from, to) = letter_pair(pair)?;
        let from = letter_type(m, from)?;
        m.promoted.retain(|(k, _)| *k != from);
        if to != '-' {
            let to = letter_type(m, to)?;
            m.promoted.push((from, to));
        }
    }
    Ok(())
}

/// `promotionLimit = g:1 a:1`: added to what is inherited.
fn promotion_limits(m: &mut Model, v: &str) -> Applied {
    for pair in v.split_whitespace() {
        let (kind, n) = pair.split_once(':').ok_or(Why::Value)?;
        let mut letters = kind.chars();
        let (Some(letter), None) = (letters.next(), letters.next()) else {
            return Err(Why::Value);
        };
        let kind = letter_type(m, letter)?;
        let n = int(n)?;
        m.promotion_limit.retain(|(k, _)| *k != kind);
        m.promotion_limit.push((kind, n));
    }
    Ok(())
}

/// `x:y`, two single letters.
fn letter_pair(pair: &str) -> Result<(char, char), Why> {
    let mut c = pair.chars();
    match (c.next(), c.next(), c.next(), c.next()) {
        (Some(a), Some(':'), Some(b), None) => Ok((a, b)),
        _ => Err(Why::Value),
    }
}

fn letter_type(m: &Model, c: char) -> Result<String, Why> {
    m.kind_of_letter(c)
        .ok_or_else(|| Why::Because(format!("no piece has the letter '{c}'")))
}

/// `mobilityRegionWhiteFers = …`: `rest` is the side and the type's name with its first letter
/// in upper case, as Fairy-Stockfish builds the key.
fn mobility_key(m: &mut Model, rest: &str, v: &str) -> Applied {
    let (side, name) = if let Some(n) = rest.strip_prefix("White") {
        (0, n)
    } else if let Some(n) = rest.strip_prefix("Black") {
        (1, n)
    } else {
        return Err(Why::Key);
    };
    let mut chars = name.chars();
    let kind = match chars.next() {
        Some(c) => format!("{}{}", c.to_ascii_lowercase(), chars.as_str()),
        None => return Err(Why::Key),
    };
    if !pieces::piece_keys().contains(&kind) {
        return Err(Why::Key);
    }
    let r = parse_region(v)?;
    let empty = r.ranks.is_empty() && r.squares.is_empty();
    m.mobility.entry(kind).or_insert([None, None])[side] = (!empty).then_some(r);
    Ok(())
}
