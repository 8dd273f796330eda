//! Pawn race: eight files of pawns less one gap each, first pawn to its last rank (or the last
//! side with pawns) wins. The board file is the diagram (`W`, `B`, `.`; rank 8 first) and a
//! line with the side to move (`w` or `b`) and, optionally, the en passant square.

use crate::core::{Color, Position, Square};
use crate::game::game_seat_view::GameSeatView;
use crate::game::seat_view::SeatView;
use crate::game::Diagnostic;
use crate::variants::pawnrace::{board, game};

/// What the page shows of pawn race.
pub const INFO: crate::variants::registry::BoardText = crate::variants::registry::BoardText {
    initial: "........\nBBBBBBB.\n........\n........\n........\n........\n.WWWWWWW\n........\nw\n",
    format: "eight rows of W, B and . (rank 8 first), then the side to move (w or b) and an optional en passant square",
    syntax: "Moves: short algebraic notation (b4, bxc5; en passant is written as the capture).",
};

/// A pawn race board file (the diagram and the side to move) at the table, in the one generic
/// seat view.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let pos = parse(text).map_err(Diagnostic::plain)?;
    Ok(Box::new(GameSeatView::new(game(pos))))
}

/// The position of a pawn-race board file (also for the computer's search).
pub(crate) fn parse(text: &str) -> Result<Position, String> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let (rows, rest) = lines.split_at(lines.len().min(8));
    let mut fields = rest.first().copied().unwrap_or("w").split_whitespace();
    let side = match fields.next() {
        Some("w") | None => Color::White,
        Some("b") => Color::Black,
        Some(other) => return Err(format!("side to move must be w or b, found '{other}'")),
    };
    if rest.len() > 1 {
        return Err("extra lines after the side to move".to_string());
    }
    board::from_diagram(&rows.join("\n"), side, fields.next()).map_err(|e| e.to_string())
}

/// A position as the pawn race board file writes it: eight rows of `W`, `B` and `.` (rank 8
/// first), then the side to move and the en passant square, if any.
pub fn board_text(pos: &Position) -> String {
    let shape = &pos.rules().shape;
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            out.push(match pos.piece_at(shape.sq(Square::new(file, rank))) {
                Some(p) if p.color == Color::White => 'W',
                Some(_) => 'B',
                None => '.',
            });
        }
        out.push('\n');
    }
    out.push(if pos.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    });
    if let Some(ep) = pos.en_passant() {
        out.push(' ');
        out.push_str(&shape.name(ep));
    }
    out.push('\n');
    out
}
