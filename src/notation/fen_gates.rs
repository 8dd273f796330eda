//! The gates of gating rules (`RuleOptions::gating`) in a FEN's castling field, as
//! Fairy-Stockfish writes them: `K`/`Q` open the castling rook's square and the king's as well
//! as the right, and a file letter (`B`, `c`) opens that file's square on its side's first
//! rank; letters that only repeat a castling right's squares are not written.

use crate::core::{Color, Position, Sq, Square};

/// The gate square a file letter names: on `color`'s first rank.
fn back_rank_square(pos: &Position, color: Color, file: u8) -> Option<Sq> {
    let shape = &pos.rules().shape;
    if file >= shape.files() {
        return None;
    }
    let rank = match color {
        Color::White => 0,
        Color::Black => shape.ranks() - 1,
    };
    Some(shape.sq(Square::new(file, rank)))
}

/// Opens `color`'s gate on `sq` if one of its pieces stands there (Fairy-Stockfish opens no
/// gate on an empty square or under the other side's piece).
fn open_if_own(pos: &mut Position, color: Color, sq: Sq) {
    if pos.piece_at(sq).is_some_and(|p| p.color == color) {
        pos.set_gate(color, sq, true);
    }
}

/// Reads one character of the castling field as gates, where the rules gate: `K`/`Q` (their
/// castling rule's rook and king squares) or a file letter. Returns whether it named gates
/// alone (a file letter), which the castling rights then skip.
pub(super) fn read_gate(pos: &mut Position, ch: char) -> bool {
    let options = &pos.rules().options;
    if !(options.gating || options.first_moves) {
        return false;
    }
    let color = if ch.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let upper = ch.to_ascii_uppercase();
    if upper == 'K' || upper == 'Q' {
        let rule = pos
            .rules()
            .castling
            .iter()
            .find(|r| r.color == color && r.king_side == (upper == 'K'))
            .map(|r| (r.king_from, r.rook_from));
        if let Some((king, rook)) = rule {
            let shape = &pos.rules().shape;
            let (king, rook) = (shape.sq(king), shape.sq(rook));
            open_if_own(pos, color, rook);
            open_if_own(pos, color, king);
        }
        return false;
    }
    if !upper.is_ascii_uppercase() {
        return false;
    }
    match back_rank_square(pos, color, upper as u8 - b'A') {
        Some(sq) => {
            open_if_own(pos, color, sq);
            true
        }
        None => false,
    }
}

/// Appends `color`'s gate letters after its castling rights, where the rules gate and the side
/// still holds a piece to gate (or captures refill hands): each gated file once, in file order,
/// leaving out the king's and rooks' files its castling letters already name.
pub(super) fn write_gates(out: &mut String, pos: &Position, color: Color) -> bool {
    let rules = pos.rules();
    if !pos.gates_live(color) {
        return false;
    }
    let shape = &rules.shape;
    let mut named = Vec::new();
    for (i, r) in rules.castling.iter().enumerate() {
        if r.color == color && pos.castling_rights() >> i & 1 == 1 {
            named.push(r.king_from.file);
            named.push(r.rook_from.file);
        }
    }
    let mut any = false;
    for file in 0..shape.files() {
        let gated = back_rank_square(pos, color, file).is_some_and(|sq| pos.is_gate(color, sq));
        if gated && !named.contains(&file) {
            let letter = (b'A' + file) as char;
            out.push(match color {
                Color::White => letter,
                Color::Black => letter.to_ascii_lowercase(),
            });
            any = true;
        }
    }
    any
}

/// Castling rights a gating FEN gives by its gates alone, as Fairy-Stockfish reads S-chess
/// from a Chess960 start (`ABCDEFGHabcdefgh`: every first-rank square a gate, no `K` or `Q`):
/// a side with no right, whose king's square is a gate and who holds a piece to gate (or
/// whose captures refill the hand), may castle with each castling rook on a gate.
pub(super) fn rights_from_gates(pos: &mut Position) {
    let rules = pos.rules().clone();
    if !rules.options.gating {
        return;
    }
    let mut rights = pos.castling_rights();
    for color in Color::BOTH {
        let of_color = |i: &usize| rules.castling[*i].color == color;
        if (0..rules.castling.len())
            .filter(of_color)
            .any(|i| rights >> i & 1 == 1)
        {
            continue;
        }
        if !pos.gates_live(color) {
            continue;
        }
        for i in (0..rules.castling.len()).filter(of_color) {
            let r = &rules.castling[i];
            let (king, rook) = (rules.shape.sq(r.king_from), rules.shape.sq(r.rook_from));
            let rook_there = pos
                .piece_at(rook)
                .is_some_and(|p| p.color == color && p.kind == r.rook_kind);
            if pos.is_gate(color, king) && pos.is_gate(color, rook) && rook_there {
                rights |= 1 << i;
            }
        }
    }
    pos.set_castling_rights(rights);
}
