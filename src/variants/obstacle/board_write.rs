//! Writing the board file: the canonical 9 lines (no comments, single-spaced status, every
//! line ending in `\n`), walls before their square's character with `|` before `_`.

use crate::core::{Color, Square};

use super::board::ObstacleBoard;
use super::walls::WallSide;

/// The canonical board file: 8 rank lines and the status line, each ending in `\n`.
pub fn write_board(board: &ObstacleBoard) -> String {
    let mut out = String::with_capacity(120);
    let rules = board.pos.rules().clone();
    for rank in (0..8).rev() {
        for file in 0..8 {
            let s = Square::new(file, rank);
            if board.walls.has(s, WallSide::West) {
                out.push('|');
            }
            if board.walls.has(s, WallSide::South) {
                out.push('_');
            }
            let c = match board.piece(s) {
                Some(p) => {
                    let l = rules.kind(p.kind).letter;
                    if p.color == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                }
                None => board.obstacle(s).letter().unwrap_or('.'),
            };
            out.push(c);
        }
        out.push('\n');
    }
    let pos = &board.pos;
    out.push(if pos.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    });
    out.push_str(&format!(
        " {} {}",
        board.walls_left(Color::White),
        board.walls_left(Color::Black)
    ));
    for i in 0..4 {
        out.push_str(if pos.castling_rights() >> i & 1 == 1 {
            " +"
        } else {
            " -"
        });
    }
    match pos.en_passant() {
        Some(sq) => out.push_str(&format!(" {}", board.square(sq))),
        None => out.push_str(" -"),
    }
    out.push_str(&format!(" {}\n", pos.halfmove_clock()));
    out
}
