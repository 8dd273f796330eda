//! Shogi's move texts, as Fairy-Stockfish writes them by default (Hodges's notation with
//! numbered squares; `Notation::Shogi`): `P-76`, `Bx22+`, `Bx22=`, `B*55`, `G69-58`, `+B-64`.
//!
//! - The piece: its letter, a promoted kind's as `+` and the letter it promoted from.
//! - The origin square, only when another piece of the same kind can go to the same square
//!   (never a file or a rank alone); never for a drop.
//! - `-` for a move, `x` for a capture, `*` for a drop; then the destination.
//! - Squares are two numbers: the file counted from the first player's right (the a-file is
//!   the highest), then the rank counted from the far side (rank 1 is the highest).
//! - `+` when the move promotes; `=` when it could and does not. Checks are not marked.

use crate::core::geometry::Square;
use crate::core::{Move, Position, Sq};

use super::SanError;

/// A square as shogi numbers it: `76` for c3 on 9×9.
fn square_text(pos: &Position, sq: Sq) -> String {
    let shape = &pos.rules().shape;
    let file = shape.files() - shape.file_of(sq);
    let rank = shape.ranks() - shape.rank_of(sq);
    format!("{file}{rank}")
}

/// The square a shogi number names (`76`), if it is on the board.
fn square_of(pos: &Position, text: &[u8]) -> Option<Sq> {
    let [f, r] = text else {
        return None;
    };
    let shape = &pos.rules().shape;
    let (f, r) = (f.checked_sub(b'0')?, r.checked_sub(b'0')?);
    if f == 0 || r == 0 || f > shape.files() || r > shape.ranks() {
        return None;
    }
    Some(shape.sq(Square::new(shape.files() - f, shape.ranks() - r)))
}

/// The text of a legal move `m` in `pos`.
pub fn to_text(pos: &mut Position, m: Move) -> String {
    let legal = pos.legal_move_list();
    let rules = pos.rules().clone();
    if let Some(kind) = m.dropped() {
        // Dropped promoted (kyoto shogi): `+L*33`, as Fairy-Stockfish writes it.
        let up = if m.promotion.is_some() { "+" } else { "" };
        return format!("{up}{}*{}", rules.kind(kind).letter, square_text(pos, m.to));
    }
    let Some(piece) = pos.piece_at(m.from) else {
        return crate::notation::coordinate::to_uci(pos, m);
    };
    let kind = rules.kind(piece.kind);
    let mut s = String::with_capacity(8);
    if kind.plus {
        s.push('+');
    }
    s.push(kind.letter);
    // Another piece of the kind going there the same way (promoting or not), as
    // Fairy-Stockfish asks it.
    let rival = legal.iter().any(|o| {
        o.to == m.to
            && o.from != m.from
            && o.dropped().is_none()
            && o.promotion == m.promotion
            && pos.piece_at(o.from).map(|p| p.kind) == Some(piece.kind)
    });
    if rival {
        s.push_str(&square_text(pos, m.from));
    }
    s.push(if pos.piece_at(m.to).is_some() {
        'x'
    } else {
        '-'
    });
    s.push_str(&square_text(pos, m.to));
    if m.promotion.is_some() && m.promotion == kind.demotes_to {
        // A `+` kind turning back into its own (kyoto shogi): `-`, as Fairy-Stockfish.
        s.push('-');
    } else if m.promotion.is_some() {
        s.push('+');
    } else if legal
        .iter()
        .any(|o| o.from == m.from && o.to == m.to && o.promotion.is_some())
    {
        s.push('=');
    }
    s
}

/// Reads a move text in shogi's notation: `None` when it is not written so (the caller reads
/// it as another notation), else the legal move it names or why none.
pub fn parse(pos: &mut Position, text: &str) -> Option<Result<Move, SanError>> {
    let b = text.trim().as_bytes();
    let (plus, b) = match b.split_first() {
        Some((b'+', rest)) => (true, rest),
        _ => (false, b),
    };
    let (&letter, b) = b.split_first()?;
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let sep = b.iter().position(|c| matches!(c, b'-' | b'x' | b'*'))?;
    let (origin, rest) = (&b[..sep], &b[sep + 1..]);
    let drop = b[sep] == b'*';
    let (dest, suffix) = rest.split_at(rest.len().min(2));
    let to = square_of(pos, dest)?;
    let from = match origin {
        [] => None,
        o => Some(square_of(pos, o)?),
    };
    let promotes = match suffix {
        [] | [b'='] => false,
        [b'+'] | [b'-'] => true,
        _ => return None,
    };
    let demotes = suffix == b"-";
    let rules = pos.rules().clone();
    let names = |kind: u8| {
        let k = rules.kind(kind);
        k.letter == letter as char && k.plus == plus
    };
    let fitting: Vec<Move> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| m.to == to && from.is_none_or(|f| m.from == f))
        .filter(|m| match m.dropped() {
            // `+L*33`: the hand's lance dropped promoted.
            Some(kind) => {
                let k = rules.kind(kind);
                drop && k.letter == letter as char && !k.plus && m.promotion.is_some() == plus
            }
            None => {
                !drop
                    && pos.piece_at(m.from).is_some_and(|p| names(p.kind))
                    && m.promotion.is_some() == promotes
                    && demotes
                        == (m.promotion.is_some()
                            && pos
                                .piece_at(m.from)
                                .is_some_and(|p| rules.kind(p.kind).demotes_to == m.promotion))
            }
        })
        .collect();
    Some(match fitting.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Illegal(text.to_string())),
        many => Err(SanError::Ambiguous {
            text: text.to_string(),
            candidates: many
                .iter()
                .map(|&m| to_text(pos, m))
                .collect::<Vec<_>>()
                .join(", "),
        }),
    })
}
