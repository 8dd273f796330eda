//! The board file's status line `P:CCCC:H:M` (spec §2.4.3 and §3.4): next player, castling
//! flags (black queenside, black kingside, white queenside, white kingside), halfmove clock
//! and move counter.

use crate::core::{Color, Piece, Position};
use crate::variants::fairy::errors::BoardError;
use crate::variants::fairy::rules::{KING, ROOK};
use crate::variants::fairy::text::is_comment;

/// §3.4: the status line `P:CCCC:H:M`, the first non-comment line after the second divider.
/// Anything after it is ignored.
pub fn read<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    end_line: usize,
    position: &mut Position,
) -> Result<(), BoardError> {
    let (n, line) = lines
        .find(|(_, l)| !is_comment(l))
        .unwrap_or((end_line, ""));
    let mut fields = line.splitn(4, ':');
    let side = match fields.next() {
        Some("w") => Color::White,
        Some("b") => Color::Black,
        _ => return Err(BoardError::NextPlayer(n)),
    };
    let flags = fields.next().unwrap_or("").as_bytes();
    let mut rights = 0u8;
    // Flag i is castling rule i of the variant's rules (the same order as the status line).
    let rules = position.rules().clone();
    for index in 0..4 {
        let bad = BoardError::Castling { index, line: n };
        match flags.get(index) {
            Some(b'-') => {}
            Some(b'+') => {
                let rule = rules.castling.get(index).ok_or(bad.clone())?;
                let king = position.piece_at(rules.shape.sq(rule.king_from));
                let rook = position.piece_at(rules.shape.sq(rule.rook_from));
                if king != Some(Piece::new(rule.color, KING))
                    || rook != Some(Piece::new(rule.color, ROOK))
                {
                    return Err(bad);
                }
                rights |= 1 << index;
            }
            _ => return Err(bad),
        }
    }
    if flags.len() > 4 {
        return Err(BoardError::Castling { index: 4, line: n });
    }
    let halfmove = number(fields.next())
        .filter(|&h| h <= 50)
        .ok_or(BoardError::HalfmoveClock(n))?;
    let counter = number(fields.next()).ok_or(BoardError::MoveCounter(n))?;
    position.set_side_to_move(side);
    position.set_castling_rights(rights);
    position.set_clocks(halfmove, counter);
    Ok(())
}

/// The largest accepted clock or counter: Java's `int` range, which the course's own programs
/// parse these fields into; it also keeps the move counter far from overflowing while moves
/// are played.
const MAX_NUMBER: u32 = i32::MAX as u32;

/// A non-negative decimal integer (digits only, no sign) of at most `MAX_NUMBER`.
fn number(field: Option<&str>) -> Option<u32> {
    let f = field?;
    if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    f.parse().ok().filter(|&n| n <= MAX_NUMBER)
}
