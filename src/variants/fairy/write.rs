//! Writing a board file in the course's reference format: allocation lines as given, the
//! divider, ten rows where every square is followed by one space, the divider, the status line.

use std::fmt::Write as _;

use crate::core::{Color, Position, Square};
use crate::variants::fairy::board_file::DIVIDER;
use crate::variants::fairy::rules::{FILES, LETTERS, RANKS};

/// The board file text of `position` under these allocation lines (ends with a newline).
pub fn board_file(allocation_lines: &[String], position: &Position) -> String {
    let mut out = String::with_capacity(400);
    for line in allocation_lines {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(DIVIDER);
    out.push('\n');
    let shape = &position.rules().shape;
    for rank in (0..RANKS as u8).rev() {
        for file in 0..FILES as u8 {
            let c = match position.piece_at(shape.sq(Square::new(file, rank))) {
                None => '.',
                Some(p) => {
                    let l = LETTERS.get(p.kind as usize).copied().unwrap_or('?');
                    match p.color {
                        Color::White => l.to_ascii_uppercase(),
                        Color::Black => l,
                    }
                }
            };
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str(DIVIDER);
    out.push('\n');
    out.push_str(&status_line(position));
    out.push('\n');
    out
}

/// `P:CCCC:H:M`: next player, castling flags in rule order, halfmove clock, move counter.
pub fn status_line(position: &Position) -> String {
    let mut s = String::with_capacity(16);
    s.push(match position.side_to_move() {
        Color::White => 'w',
        Color::Black => 'b',
    });
    s.push(':');
    for i in 0..4 {
        s.push(if position.castling_rights() >> i & 1 == 1 {
            '+'
        } else {
            '-'
        });
    }
    let _ = write!(
        s,
        ":{}:{}",
        position.halfmove_clock(),
        position.fullmove_number()
    );
    s
}
