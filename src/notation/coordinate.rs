//! Long algebraic / UCI move text: `e2e4`, `e7e8q`, castling as the king's move (`e1g1`),
//! drops as the piece's letter, `@` and the square (`N@f3`).
//! Input also accepts a `-` or `x` between the squares, and castling written as the king
//! taking its own rook (`e1h1`, UCI's Chess960 form: in Chess960 the king's move alone can be
//! a plain king step too, or no step at all).

use crate::core::moves::Part;
use crate::core::{Move, MoveFlag, Position};

/// A castling move as the course specifications write it, with zeros (`0-0` on the king's
/// side, `0-0-0` on the queen's); `None` for any other move.
pub fn castle_zeros(pos: &Position, m: Move) -> Option<&'static str> {
    let MoveFlag::Castle(i) = m.flag else {
        return None;
    };
    let king_side = pos
        .rules()
        .castling
        .get(i as usize)
        .is_some_and(|c| c.king_side);
    Some(if king_side { "0-0" } else { "0-0-0" })
}

/// Move text that names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Not move text on this board: bad squares, an unknown promotion letter, extra characters.
    #[error("'{text}' is not a move (column {column})")]
    Syntax {
        /// The text as given.
        text: String,
        /// 1-based column of the fault (1: the text is refused as a whole).
        column: usize,
    },
    /// Well-formed, but no legal move here has these squares and promotion.
    #[error("'{text}' is not a legal move here")]
    Illegal {
        /// The text as given.
        text: String,
    },
}

/// UCI text of a move.
pub fn to_uci(pos: &Position, m: Move) -> String {
    if m.gate_kind().is_some() {
        return gated_uci(pos, m, false);
    }
    if let Some(wall) = m.wall() {
        return walled_uci(pos, m, to_uci(pos, m.alone()), wall);
    }
    let rules = pos.rules();
    if let Some(kind) = m.dropped() {
        // Dropped promoted (kyoto shogi): `+L@c3`, as Fairy-Stockfish writes it.
        let up = if m.promotion.is_some() { "+" } else { "" };
        return format!("{up}{}@{}", rules.kind(kind).letter, rules.shape.name(m.to));
    }
    let mut s = rules.shape.name(m.from);
    s.push_str(&rules.shape.name(m.to));
    if let Some(k) = m.promotion {
        let kind = rules.kind(k);
        let mover = pos.piece_at(m.from).map(|p| p.kind);
        if mover.is_some_and(|p| rules.kind(p).demotes_to == Some(k)) {
            // A `+` kind turning back into its own (kyoto shogi): `-`, as Fairy-Stockfish.
            s.push('-');
        } else if kind.plus {
            // A promotion to a `+` kind, as Fairy-Stockfish writes it (`b8h2+`); one to a kind
            // of its own letter (makruk's met) is written with that letter (`c6c7m`).
            s.push('+');
        } else {
            s.push(kind.letter.to_ascii_lowercase());
        }
    }
    s
}

/// UCI text of a move in Chess960 mode (`UCI_Chess960`): castling as the king taking its
/// own rook (`g1h1`), every other move as [`to_uci`] writes it.
pub fn to_uci960(pos: &Position, m: Move) -> String {
    if m.gate_kind().is_some() {
        return gated_uci(pos, m, true);
    }
    if let Some(wall) = m.wall() {
        return walled_uci(pos, m, to_uci960(pos, m.alone()), wall);
    }
    let rules = pos.rules();
    match m.flag {
        MoveFlag::Castle(i) => match rules.castling.get(i as usize) {
            Some(c) => format!("{}{}", c.king_from, c.rook_from),
            None => to_uci(pos, m),
        },
        _ => to_uci(pos, m),
    }
}

/// A gated move as Fairy-Stockfish writes it: the one-part move and the gated piece's
/// letter (`g1f3h`); a castling gated on its rook's square starts from that square instead
/// (`h1e1e`, the rook's square and the king's), and on the king's square is the castling and
/// the letter (`e1g1e`).
fn gated_uci(pos: &Position, m: Move, chess960: bool) -> String {
    let Some((kind, at)) = pos.gate_of(m) else {
        return to_uci(pos, m.alone());
    };
    let rules = pos.rules();
    let alone = m.alone();
    let mut s = match m.flag {
        MoveFlag::Castle(i) if at != m.from => match rules.castling.get(i as usize) {
            Some(c) => format!("{}{}", c.rook_from, c.king_from),
            None => to_uci(pos, alone),
        },
        _ if chess960 => to_uci960(pos, alone),
        _ => to_uci(pos, alone),
    };
    s.push(rules.kind(kind).letter.to_ascii_lowercase());
    s
}

/// A move with a blocker as Fairy-Stockfish writes it: the move alone, a comma, and the
/// blocker's move from the square the piece landed on (`e2e4,e4d5`).
fn walled_uci(pos: &Position, m: Move, alone: String, wall: crate::core::Sq) -> String {
    let shape = &pos.rules().shape;
    let landed = match m.flag {
        MoveFlag::Castle(i) => pos
            .rules()
            .castling
            .get(i as usize)
            .map_or(m.to, |c| shape.sq(c.king_to)),
        _ => m.to,
    };
    format!("{alone},{}{}", shape.name(landed), shape.name(wall))
}

/// The legal move with a second part (a gate, a blocker) that `text` names, where the rules
/// give moves one: the legal move whose text it is, in either castling form.
fn parse_gated(pos: &mut Position, text: &str) -> Option<Move> {
    let options = pos.rules().options;
    if !options.gating && options.walling.is_none() {
        return None;
    }
    let legal = pos.legal_move_list();
    legal.into_iter().find(|&m| {
        m.part != crate::core::Part::None && (to_uci(pos, m) == text || to_uci960(pos, m) == text)
    })
}

/// Finds the legal drop `N@f3` names (the letter in either case).
fn parse_drop(
    pos: &mut Position,
    text: &str,
    letter: &str,
    square: &str,
) -> Result<Move, MoveTextError> {
    let syntax = |column| MoveTextError::Syntax {
        text: text.to_string(),
        column,
    };
    // `+L@c3`: dropped promoted (kyoto shogi), as Fairy-Stockfish writes it.
    let (up, letter) = match letter.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, letter),
    };
    let mut letters = letter.chars();
    let kind = match (letters.next(), letters.next()) {
        (Some(c), None) => pos.rules().kind_by_letter(c).ok_or_else(|| syntax(1))?,
        _ => return Err(syntax(1)),
    };
    let promotion = if up {
        Some(
            pos.rules()
                .kind(kind)
                .promotes_to
                .ok_or_else(|| syntax(1))?,
        )
    } else {
        None
    };
    let to = pos
        .rules()
        .shape
        .parse_square(square)
        .ok_or_else(|| syntax(letter.len() + 2))?;
    let m = Move {
        promotion,
        ..Move::drop(kind, to)
    };
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(MoveTextError::Illegal {
            text: text.to_string(),
        })
    }
}

/// Splits `e2e4` / `e2-e4` / `j9xj10q` into (from, to, promotion letter).
fn split(text: &str) -> Option<(&str, &str, Option<char>)> {
    let b = text.as_bytes();
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let from = &text[..i];
    let mut rest = &text[i..];
    if let Some(r) = rest.strip_prefix('-').or_else(|| rest.strip_prefix('x')) {
        rest = r;
    }
    let rb = rest.as_bytes();
    let mut j = 1;
    while j < rb.len() && rb[j].is_ascii_digit() {
        j += 1;
    }
    if rb.is_empty() {
        return None;
    }
    let to = &rest[..j];
    let tail = &rest[j..];
    let tail = tail.strip_prefix('=').unwrap_or(tail);
    let mut chars = tail.chars();
    let promo = chars.next();
    if chars.next().is_some() {
        return None;
    }
    Some((from, to, promo))
}

/// Finds the legal move that `text` names.
pub fn parse(pos: &mut Position, text: &str) -> Result<Move, MoveTextError> {
    let syntax = || MoveTextError::Syntax {
        text: text.to_string(),
        column: 1,
    };
    if text == "0000" {
        // python-chess's null move: here, the pass where the rules allow one.
        let pass = pos.legal_move_list().into_iter().find(|m| m.is_pass());
        return pass.ok_or_else(|| MoveTextError::Illegal {
            text: text.to_string(),
        });
    }
    if !text.is_ascii() || text.len() < 3 {
        return Err(syntax());
    }
    if let Some((letter, square)) = text.split_once('@') {
        return parse_drop(pos, text, letter, square);
    }
    if text.len() < 4 {
        return Err(syntax());
    }
    if let Some(m) = parse_gated(pos, text) {
        return Ok(m);
    }
    let (from, to, promo) = split(text).ok_or_else(syntax)?;
    let shape = pos.rules().shape.clone();
    let from = shape.parse_square(from).ok_or_else(syntax)?;
    let to = shape.parse_square(to).ok_or_else(syntax)?;
    let promo = match promo {
        None => None,
        // A demotion (`b3c4-`): the kind the `+` kind on `from` came from.
        Some('-') => Some(
            pos.piece_at(from)
                .and_then(|p| pos.rules().kind(p.kind).demotes_to)
                .ok_or_else(syntax)?,
        ),
        // A zone promotion (`b8h2+`): the kind the piece on `from` promotes to, or the `+`
        // kind of its own letter a pawn's promotions list (wolf chess's `h9h10+`).
        Some('+') => Some(
            pos.piece_at(from)
                .and_then(|p| {
                    let rules = pos.rules();
                    rules.kind(p.kind).promotes_to.or_else(|| {
                        rules.promotion_kinds.iter().copied().find(|&k| {
                            rules.kind(k).plus && rules.kind(k).demotes_to == Some(p.kind)
                        })
                    })
                })
                .ok_or_else(syntax)?,
        ),
        Some(c) => Some(pos.rules().kind_by_letter(c).ok_or_else(syntax)?),
    };
    let rules = pos.rules().clone();
    let (from_square, to_square) = (shape.square(from), shape.square(to));
    let legal = pos.legal_move_list();
    // A plain move first: in Chess960 `f1g1` can be a king step and a castling both.
    // Only a one-part move: a text without its second part (`b8c6` in duck chess) names no
    // move, rather than one with an arbitrary blocker or gate.
    let named =
        |m: &&Move| m.from == from && m.to == to && m.promotion == promo && m.part == Part::None;
    let plain = legal
        .iter()
        .filter(named)
        .find(|m| !m.is_castle())
        .or_else(|| legal.iter().find(named));
    // The king taking its own rook: that castling (never a move of its own).
    let castle = || {
        legal.iter().find(|m| match m.flag {
            MoveFlag::Castle(i) if m.part == Part::None => {
                rules.castling.get(i as usize).is_some_and(|c| {
                    c.king_from == from_square && c.rook_from == to_square && promo.is_none()
                })
            }
            _ => false,
        })
    };
    plain
        .or_else(castle)
        .copied()
        .ok_or_else(|| MoveTextError::Illegal {
            text: text.to_string(),
        })
}
