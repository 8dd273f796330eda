//! Writing the board file: the canonical 9 lines (no comments, single-spaced status, every
//! line ending in `\n`), walls before their square's character with `|` before `_`.

use crate::core::{Color, Square};

use super::board::{Obstacle, ObstacleBoard};
use super::walls::WallSide;

/// The board-file letter of an obstacle (`M`, `D`, `O`, `X`), or `None` for no obstacle. A
/// mine beside an open trapdoor cannot arise (mines are placed before any trapdoor opens, and
/// go off when the square is entered) and is written as `O`.
pub fn letter(o: Obstacle) -> Option<char> {
    match (o.mine, o.hidden_trapdoor, o.open_trapdoor) {
        (_, _, true) => Some('O'),
        (true, true, false) => Some('X'),
        (true, false, false) => Some('M'),
        (false, true, false) => Some('D'),
        (false, false, false) => None,
    }
}

/// The canonical board file: 8 rank lines and the status line, each ending in `\n`.
pub fn write_board(board: &ObstacleBoard) -> String {
    let mut out = String::with_capacity(120);
    let rules = board.pos.rules().clone();
    for rank in (0..8).rev() {
        for file in 0..8 {
            let s = Square::new(file, rank);
            if board.walls().has(s, WallSide::West) {
                out.push('|');
            }
            if board.walls().has(s, WallSide::South) {
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
                None => letter(board.obstacle(s)).unwrap_or('.'),
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
