//! FEN for any board of the core: ranks from the top, `/`-separated, multi-digit empty runs
//! (`10` on wide boards), upper case White, then side, castling, en passant and clocks.
//! The two clock fields may be left out (they default to `0 1`). As Fairy-Stockfish and
//! pyffish write FEN, the castling and en passant fields may be left out before the clocks
//! (`… w 0 1`, `… w KQkq 0 1`: a field of digits there is a clock, never a right or a
//! square), and an en passant field of two squares is read as its first empty square: the
//! core keeps one en passant target. Fairy-Stockfish writes two for a longer pawn step
//! (`g3g4`, both passed: the first is kept) and for a double step of a pawn of its own
//! making (`g5g6`: the square passed and the one landed on, where the pawn stands, which
//! is the piece a capture there takes: berolina's `c5d6`, after a diagonal step from e7).
//! The square landed on is written beside the target only where it is not straight behind.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::core::{BoardShape, Color, KindId, Piece, Position, Rules, Sq, Square};

use super::{fen_board, fen_gates, fen_hand};

/// The FEN field an error is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The piece placement, ranks from the top.
    Board,
    /// `w` or `b`.
    Side,
    /// `KQkq` or `-`.
    Castling,
    /// The en passant target square or `-`.
    EnPassant,
    /// Half-moves since a capture or pawn move (the fifty-move rule).
    Halfmove,
    /// The move number, from 1.
    Fullmove,
    /// More than six fields.
    Extra,
}

impl FenField {
    fn name(self) -> &'static str {
        match self {
            FenField::Board => "board",
            FenField::Side => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
            FenField::Extra => "end",
        }
    }
}

/// A FEN that cannot be read: the field, the 1-based column and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid fen: {} field, column {column}: {message}", field.name())]
pub struct FenError {
    /// The field the fault is in.
    pub field: FenField,
    /// 1-based column, in characters of the whole text (one past the end for a missing field).
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
}

fn err(field: FenField, column: usize, message: impl Into<String>) -> FenError {
    FenError {
        field,
        column,
        message: message.into(),
    }
}

/// Reads a FEN into a position of `rules`.
pub fn parse(rules: Arc<Rules>, text: &str) -> Result<Position, FenError> {
    let mut fields = split_fields(text);
    let end_col = text.chars().count() + 1;
    let checks = match rules.options.check_limit {
        Some(limit) => take_checks(&mut fields, limit)?,
        None => None,
    };
    fill_left_out(&mut fields);
    let field = |i: usize, f: FenField| {
        fields
            .get(i)
            .copied()
            .ok_or_else(|| err(f, end_col, "missing"))
    };
    if fields.len() > 6 {
        return Err(err(FenField::Extra, fields[6].0, "more than six fields"));
    }
    let mut pos = Position::empty(rules.clone());

    let (col0, board) = field(0, FenField::Board)?;
    let (board, hand) = fen_hand::split_hand(&rules, col0, board);
    read_board(&mut pos, &rules, col0, board)?;
    if let Some((c, text)) = hand {
        fen_hand::read_hand(&mut pos, c, text)?;
    }

    let (c, side) = field(1, FenField::Side)?;
    pos.set_side_to_move(match side {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(err(FenField::Side, c, format!("'{side}' is not w or b"))),
    });
    let (c, castling) = field(2, FenField::Castling)?;
    let rights = castling_rights(&rules, c, castling, |ch| fen_gates::read_gate(&mut pos, ch))?;
    pos.set_castling_rights(rights);
    fen_gates::rights_from_gates(&mut pos);
    let (c, ep) = field(3, FenField::EnPassant)?;
    if ep != "-" {
        let empty = |sq: Sq| pos.piece_at(sq).is_none();
        let (square, victim) = en_passant_square(&rules.shape, c, ep, empty)?;
        pos.set_en_passant(Some(square));
        if let Some(victim) = victim {
            pos.set_en_passant_victim(victim);
        }
    }

    let halfmove = number(&fields, 4, FenField::Halfmove, 0)?;
    let fullmove = number(&fields, 5, FenField::Fullmove, 1)?;
    if fullmove == 0 {
        return Err(err(FenField::Fullmove, fields[5].0, "must be at least 1"));
    }
    pos.set_clocks(halfmove, fullmove);
    if let Some(given) = checks {
        for color in Color::BOTH {
            pos.set_checks_given(color, given[color.index()]);
        }
    }
    if rules.king_safety {
        refuse_unplayable_kings(&pos, &rules, col0, fields[1].0)?;
    }
    Ok(pos)
}

/// The space-separated fields with the 1-based column each starts at (runs of spaces are one
/// separator, so that a column points at the field's own first character).
fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, ch) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (ch == ' ', start) {
            (true, Some(s)) => {
                fields.push((text[..s].chars().count() + 1, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    fields
}

/// Castling and en passant left out before the clocks: "-" stands in for them.
fn fill_left_out(fields: &mut Vec<(usize, &str)>) {
    let is_clock = |fields: &[(usize, &str)], i: usize| {
        fields
            .get(i)
            .is_some_and(|(_, t)| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
    };
    if is_clock(fields, 2) {
        let at = fields[2].0;
        fields.splice(2..2, [(at, "-"), (at, "-")]);
    } else if is_clock(fields, 3) {
        let at = fields[3].0;
        if fields.len() >= 6 {
            // All six fields are there: a number where the en passant square goes is read
            // as none, as Fairy-Stockfish reads it (its cambodian table's `b DEe 0 0 5`).
            fields[3] = (at, "-");
        } else {
            fields.insert(3, (at, "-"));
        }
    }
}

/// The piece placement (without its hand), ranks from the top, `col0` its first column.
fn read_board(pos: &mut Position, rules: &Rules, col0: usize, board: &str) -> Result<(), FenError> {
    let shape = &rules.shape;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != shape.ranks() as usize {
        return Err(err(
            FenField::Board,
            col0,
            format!("{} ranks, expected {}", rows.len(), shape.ranks()),
        ));
    }
    let mut col = col0;
    for (i, row) in rows.iter().enumerate() {
        let rank = shape.ranks() as usize - 1 - i;
        read_rank(pos, rules, rank, col, row)?;
        col += row.chars().count() + 1;
    }
    Ok(())
}

/// One rank of the placement: pieces (`+P` promoted, `P~` promoted from a pawn) and runs of
/// empty squares, which together must fill the rank exactly.
fn read_rank(
    pos: &mut Position,
    rules: &Rules,
    rank: usize,
    col: usize,
    row: &str,
) -> Result<(), FenError> {
    let shape = &rules.shape;
    let mut file = 0usize;
    let mut run = 0usize;
    let mut placed = None;
    let mut plus = false;
    for (j, ch) in row.chars().enumerate() {
        let c = col + j;
        if ch == '~' {
            fen_hand::mark_promoted(pos, placed.take(), c)?;
            continue;
        }
        placed = None;
        if plus && !ch.is_ascii_alphabetic() {
            return Err(err(
                FenField::Board,
                c,
                "'+' must come before a piece letter",
            ));
        }
        if ch == '+' {
            plus = true;
            continue;
        }
        if let Some(d) = ch.to_digit(10) {
            if run == 0 && d == 0 {
                return Err(err(FenField::Board, c, "an empty run cannot start with 0"));
            }
            run = run * 10 + d as usize;
            if file + run > shape.files() as usize {
                return Err(err(FenField::Board, c, "rank too long"));
            }
            continue;
        }
        file += run;
        run = 0;
        if ch == '*' && (rules.options.walling.is_some() || rules.options.holes) {
            // A blocker (Fairy-Stockfish's wall square: the duck, an arrow, a hole).
            if file >= shape.files() as usize {
                return Err(err(FenField::Board, c, "rank too long"));
            }
            let sq = shape.sq(Square::new(file as u8, rank as u8));
            if !pos.put_blocker(sq) {
                return Err(err(FenField::Board, c, "a second duck"));
            }
            file += 1;
            continue;
        }
        let spelled = if plus { "+" } else { "" };
        let kind = rules
            .kind_by_spelling(ch, std::mem::take(&mut plus))
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or_else(|| err(FenField::Board, c, format!("unknown piece '{spelled}{ch}'")))?;
        if file >= shape.files() as usize {
            return Err(err(FenField::Board, c, "rank too long"));
        }
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let sq = shape.sq(Square::new(file as u8, rank as u8));
        pos.put(sq, Piece::new(color, kind));
        placed = Some(sq);
        file += 1;
    }
    if plus {
        return Err(err(
            FenField::Board,
            col + row.chars().count() - 1,
            "'+' must come before a piece letter",
        ));
    }
    file += run;
    if file != shape.files() as usize {
        return Err(err(
            FenField::Board,
            col,
            format!("rank has {file} squares, expected {}", shape.files()),
        ));
    }
    Ok(())
}

/// The castling field (`KQkq` or `-`, starting at column `c`) as rights: bit `i` for
/// `rules.castling[i]`.
/// Where the rules gate, `gate_only` reads each character's gates first and answers whether
/// it named gates alone (a file letter), which then names no right.
fn castling_rights(
    rules: &Rules,
    c: usize,
    castling: &str,
    mut gate_only: impl FnMut(char) -> bool,
) -> Result<u8, FenError> {
    let mut rights = 0u8;
    if castling == "-" {
        return Ok(rights);
    }
    for (j, ch) in castling.chars().enumerate() {
        if gate_only(ch) {
            continue;
        }
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let named = |r: &crate::core::rules::CastlingRule| match ch.to_ascii_uppercase() {
            'K' => r.king_side,
            'Q' => !r.king_side,
            // Shredder-FEN: the castling rook's file (`AHah`).
            f => u32::from(r.rook_from.file) + u32::from(b'A') == f as u32,
        };
        let upper = ch.to_ascii_uppercase() as u32;
        let a_file = u32::from(b'A');
        let on_a_file = ch.is_ascii_alphabetic() && upper < a_file + u32::from(rules.shape.files());
        if !matches!(ch.to_ascii_uppercase(), 'K' | 'Q') && !on_a_file {
            return Err(err(
                FenField::Castling,
                c + j,
                format!("unknown right '{ch}'"),
            ));
        }
        let i = rules
            .castling
            .iter()
            .position(|r| r.color == color && named(r))
            .ok_or_else(|| {
                err(
                    FenField::Castling,
                    c + j,
                    format!("no castling '{ch}' here"),
                )
            })?;
        if rights >> i & 1 == 1 {
            return Err(err(FenField::Castling, c + j, format!("'{ch}' repeated")));
        }
        rights |= 1 << i;
    }
    Ok(rights)
}

/// The en passant field (not `-`): a square, or two squares of which the first `empty` one
/// is kept (the first, if neither is), and the other, where it holds a piece, is the piece
/// a capture there removes (Fairy-Stockfish's `c5d6` after berolina's diagonal step).
fn en_passant_square(
    shape: &BoardShape,
    c: usize,
    ep: &str,
    empty: impl Fn(Sq) -> bool,
) -> Result<(Sq, Option<Sq>), FenError> {
    let two = || {
        (2..ep.len()).find_map(|cut| {
            let (a, b) = (ep.get(..cut)?, ep.get(cut..)?);
            let (a, b) = (shape.parse_square(a)?, shape.parse_square(b)?);
            // A victim stands next to the square its double step passed.
            let near = |x: Sq, y: Sq| {
                shape.file_of(x).abs_diff(shape.file_of(y)) <= 1
                    && shape.rank_of(x).abs_diff(shape.rank_of(y)) <= 1
            };
            Some(match (empty(a), empty(b)) {
                (false, true) => (b, near(a, b).then_some(a)),
                (true, false) => (a, near(a, b).then_some(b)),
                _ => (a, None),
            })
        })
    };
    shape
        .parse_square(ep)
        .map(|sq| (sq, None))
        .or_else(two)
        .ok_or_else(|| err(FenField::EnPassant, c, format!("'{ep}' is not a square")))
}

/// A clock field, `default` when the FEN stops before it.
fn number(fields: &[(usize, &str)], i: usize, f: FenField, default: u32) -> Result<u32, FenError> {
    match fields.get(i) {
        None => Ok(default),
        Some(&(c, t)) => t
            .parse::<u32>()
            .ok()
            .filter(|_| t.bytes().all(|b| b.is_ascii_digit()) && t.len() <= 6)
            .ok_or_else(|| err(f, c, format!("'{t}' is not a number"))),
    }
}

/// Where kings must be kept safe, a position without exactly one king a side (unless the
/// rules let a side go without), or whose side not to move is in check, is not a game.
fn refuse_unplayable_kings(
    pos: &Position,
    rules: &Rules,
    col0: usize,
    side_col: usize,
) -> Result<(), FenError> {
    for color in Color::BOTH {
        // A king still in hand (a placement setup) counts as the side's king.
        let royals = pos.royal_count(color)
            + (0..rules.pieces.len() as KindId)
                .filter(|&k| rules.kind(k).royal)
                .map(|k| pos.hand_count(color, k) as usize)
                .sum::<usize>();
        // Where royal pieces are of one kind and no promotion makes another, a side has
        // exactly one; where several are royal (coregal's king and queens), at least one.
        let many = rules.royals_may_multiply();
        // An explosion may have taken the side to move's king: the game is over, and the
        // position is one python-chess's atomic board reads.
        let exploded = rules.options.blast && color == pos.side_to_move();
        if (royals > 1 && !many) || (royals == 0 && !rules.options.royal_optional && !exploded) {
            let count = if many { "at least one" } else { "exactly one" };
            return Err(err(
                FenField::Board,
                col0,
                format!("{} must have {count} king", color.name()),
            ));
        }
    }
    if pos.in_check(pos.side_to_move().other()) {
        return Err(err(
            FenField::Side,
            side_col,
            "the side not to move is in check",
        ));
    }
    Ok(())
}

/// Takes the check counts out of `fields`, where the rules count checks: the checks each side
/// has left as a field after the en passant square (`3+3`, as Fairy-Stockfish and python-chess
/// write it), or the checks given as the last field (`+0+0`, as lichess writes it). Returns the
/// checks given, `None` when the FEN has no such field (no check given yet).
fn take_checks(fields: &mut Vec<(usize, &str)>, limit: u8) -> Result<Option<[u8; 2]>, FenError> {
    let pair = |t: &str| -> Option<(u8, u8)> {
        let (a, b) = t.split_once('+')?;
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
        (digits(a) && digits(b)).then(|| Some((a.parse().ok()?, b.parse().ok()?)))?
    };
    let too_many = |c: usize| {
        err(
            FenField::Extra,
            c,
            format!("a side gives at most {limit} checks"),
        )
    };
    if let Some(&(c, t)) = fields.last().filter(|(_, t)| t.starts_with('+')) {
        let (w, b) = pair(&t[1..])
            .ok_or_else(|| err(FenField::Extra, c, format!("'{t}' is not the checks given")))?;
        if w > limit || b > limit {
            return Err(too_many(c));
        }
        fields.pop();
        return Ok(Some([w, b]));
    }
    if let Some(i) = (4..fields.len()).find(|&i| fields[i].1.contains('+')) {
        let (c, t) = fields[i];
        let (w, b) = pair(t)
            .ok_or_else(|| err(FenField::Extra, c, format!("'{t}' is not the checks left")))?;
        if w > limit || b > limit {
            return Err(too_many(c));
        }
        fields.remove(i);
        return Ok(Some([limit - w, limit - b]));
    }
    Ok(None)
}

/// Writes a position as FEN.
pub fn write(pos: &Position) -> String {
    let rules = pos.rules();
    let shape = &rules.shape;
    let mut out = String::with_capacity(96);
    fen_board::write(&mut out, pos);
    fen_hand::write_hand(&mut out, pos);
    out.push_str(if pos.side_to_move() == Color::White {
        " w "
    } else {
        " b "
    });
    let mut any = false;
    for color in Color::BOTH {
        for king_side in [true, false] {
            if let Some(i) = rules
                .castling
                .iter()
                .position(|r| r.color == color && r.king_side == king_side)
            {
                if pos.castling_rights() >> i & 1 == 1 {
                    let l = if king_side { 'K' } else { 'Q' };
                    out.push(if color == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                    any = true;
                }
            }
        }
        any |= fen_gates::write_gates(&mut out, pos, color);
    }
    if !any {
        out.push('-');
    }
    match pos.en_passant() {
        Some(sq) => {
            out.push(' ');
            // A victim not straight behind the square (a diagonal double step's) is named
            // beside it, the two in Fairy-Stockfish's order (by rank, then file): `c5d6`.
            let victim = pos
                .en_passant_victim()
                .filter(|&v| v != pos.square_behind(sq));
            let mut squares = [Some(sq), victim];
            squares.sort_by_key(|s| s.map(|s| (shape.rank_of(s), shape.file_of(s))));
            for s in squares.into_iter().flatten() {
                shape.square(s).push_name(&mut out);
            }
        }
        None => out.push_str(" -"),
    }
    if let Some(limit) = rules.options.check_limit {
        let left = |c: Color| limit.saturating_sub(pos.checks_given(c));
        let _ = write!(out, " {}+{}", left(Color::White), left(Color::Black));
    }
    // Without the formatting machinery: a FEN is written per game `standard validate` reads.
    let mut number = itoa::Buffer::new();
    out.push(' ');
    out.push_str(number.format(pos.halfmove_clock()));
    out.push(' ');
    out.push_str(number.format(pos.fullmove_number()));
    out
}
