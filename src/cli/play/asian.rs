//! Xiangqi and shogi at the terminal as their players draw them (a variant file's `[board]
//! style`): characters instead of letters, each game's own coordinates beside the internal
//! ones that moves are typed in.
//!
//! Shogi is drawn as a KIF diagram: files ９…１ from Sente's left, ranks 一…九 from the top,
//! Gote's pieces marked `v`, promoted kinds in their own kanji, the hands as `先手の持駒：…` below
//! and `後手の持駒：…` above. Xiangqi's pieces stand on the intersections of lines, with the
//! river and the palaces' diagonals, Black's files numbered １…９ above and Red's 九…一 below.
//! The internal coordinates (a…, 1…) stand beside them. Characters are found by the piece
//! table's names (`general`, `lance`, …); a kind with another name keeps its letter.
//! Every CJK character is two columns wide, which is what keeps the columns aligned.

use std::fmt::Write;

use chessrules::game::seat_view::{HandView, PieceView};
use chessrules::play::session::View;

use super::render::Style;

/// Shogi's kanji for a kind by its name: (Sente's, Gote's). The senior side's king is 王 by
/// custom; here Gote's, Sente's being 玉.
const SHOGI: [(&str, &str, &str); 14] = [
    ("king", "玉", "王"),
    ("rook", "飛", "飛"),
    ("bishop", "角", "角"),
    ("gold", "金", "金"),
    ("silver", "銀", "銀"),
    ("knight", "桂", "桂"),
    ("lance", "香", "香"),
    ("pawn", "歩", "歩"),
    ("dragon", "龍", "龍"),
    ("horse", "馬", "馬"),
    ("promoted silver", "全", "全"),
    ("promoted knight", "圭", "圭"),
    ("promoted lance", "杏", "杏"),
    ("tokin", "と", "と"),
];

/// Xiangqi's characters for a kind by its name: (Red's, Black's).
const XIANGQI: [(&str, &str, &str); 7] = [
    ("general", "帥", "將"),
    ("advisor", "仕", "士"),
    ("elephant", "相", "象"),
    ("horse", "傌", "馬"),
    ("chariot", "俥", "車"),
    ("cannon", "炮", "砲"),
    ("soldier", "兵", "卒"),
];

/// The character of `piece` from `table`, or its letter made two columns wide.
fn glyph(table: &[(&str, &str, &str)], piece: &PieceView) -> String {
    let white = piece.color == "white";
    match table.iter().find(|(name, _, _)| *name == piece.kind) {
        Some((_, w, b)) => (if white { w } else { b }).to_string(),
        None => {
            // A kind the table does not name: its letter in the fullwidth forms.
            let letter = if white {
                piece.letter.to_ascii_uppercase()
            } else {
                piece.letter.to_ascii_lowercase()
            };
            char::from_u32(letter as u32 - 0x21 + 0xFF01)
                .map(String::from)
                .unwrap_or_else(|| format!("{letter} "))
        }
    }
}

/// Numbers as shogi writes them in kanji (1–99).
fn kanji_number(n: u32) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let (tens, units) = ((n / 10) as usize, (n % 10) as usize);
    let mut s = String::new();
    if tens > 1 {
        s.push_str(DIGITS[tens.min(9)]);
    }
    if tens > 0 {
        s.push('十');
    }
    s.push_str(DIGITS[units]);
    s
}

/// Fullwidth digits for a number (１, １０).
fn fullwidth_number(n: u32) -> String {
    n.to_string()
        .chars()
        .filter_map(|c| char::from_u32(c as u32 - '0' as u32 + '０' as u32))
        .collect()
}

/// The piece on (file, rank) of `view`, if any.
fn piece_at(view: &View, file: u8, rank: u8) -> Option<&PieceView> {
    let name = format!("{}{}", char::from(b'a' + file), rank + 1);
    view.cells
        .iter()
        .find(|c| c.square == name)
        .and_then(|c| c.piece.as_ref())
}

/// Is (file, rank) one of the last move's squares?
fn marked(view: &View, file: u8, rank: u8) -> bool {
    let name = format!("{}{}", char::from(b'a' + file), rank + 1);
    view.last_move.iter().flatten().any(|s| *s == name)
}

/// Files left to right and ranks top to bottom, as the side at the bottom sees them.
fn order(view: &View, style: Style) -> (Vec<u8>, Vec<u8>) {
    if style.from_black {
        ((0..view.files).rev().collect(), (0..view.ranks).collect())
    } else {
        ((0..view.files).collect(), (0..view.ranks).rev().collect())
    }
}

/// A shogi hand as KIF writes it: `角　歩二`, or `なし`.
fn shogi_hand(held: &[HandView]) -> String {
    if held.is_empty() {
        return "なし".to_string();
    }
    held.iter()
        .map(|h| {
            let kanji = glyph(&SHOGI, &h.piece);
            match h.count {
                1 => kanji,
                n => format!("{kanji}{}", kanji_number(u32::from(n))),
            }
        })
        .collect::<Vec<_>>()
        .join("　")
}

/// The shogi board as a KIF diagram, with the internal coordinates beside it.
pub fn shogi_board(view: &View, style: Style) -> String {
    let (files, ranks) = order(view, style);
    let hands = view.hands.clone().unwrap_or_default();
    let (top_hand, bottom_hand) = if style.from_black {
        (("先手", &hands.white), ("後手", &hands.black))
    } else {
        (("後手", &hands.black), ("先手", &hands.white))
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}の持駒：{}", top_hand.0, shogi_hand(top_hand.1));
    // Shogi numbers files from Sente's right: the a-file is the highest.
    out.push(' ');
    for &f in &files {
        let _ = write!(out, " {}", fullwidth_number(u32::from(view.files - f)));
    }
    out.push('\n');
    let border = format!("+{}+\n", "-".repeat(3 * files.len()));
    out.push_str(&border);
    for &rank in &ranks {
        out.push('|');
        for &file in &files {
            let cell = match piece_at(view, file, rank) {
                Some(p) => {
                    let kanji = glyph(&SHOGI, p);
                    let kanji = if p.plus {
                        style.paint("31", &kanji)
                    } else {
                        kanji
                    };
                    format!("{}{kanji}", if p.color == "black" { 'v' } else { ' ' })
                }
                None => " ・".to_string(),
            };
            out.push_str(&if marked(view, file, rank) {
                style.paint("7", &cell)
            } else {
                cell
            });
        }
        let _ = writeln!(
            out,
            "|{} {}",
            kanji_number(u32::from(view.ranks - rank)),
            rank + 1
        );
    }
    out.push_str(&border);
    out.push(' ');
    for &f in &files {
        let _ = write!(out, "  {}", char::from(b'a' + f));
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "{}の持駒：{}",
        bottom_hand.0,
        shogi_hand(bottom_hand.1)
    );
    out
}

/// The xiangqi board: pieces on the intersections, the river, the palaces' diagonals.
pub fn xiangqi_board(view: &View, style: Style) -> String {
    let (files, ranks) = order(view, style);
    let last_file = files.len().saturating_sub(1);
    // Black numbers the files from its right (the a-file), Red from its right (the i-file).
    let black_numbers: Vec<String> = files
        .iter()
        .map(|&f| fullwidth_number(u32::from(f) + 1))
        .collect();
    let red_numbers: Vec<String> = files
        .iter()
        .map(|&f| kanji_number(u32::from(view.files - f)))
        .collect();
    let (top, bottom) = if style.from_black {
        (red_numbers, black_numbers)
    } else {
        (black_numbers, red_numbers)
    };
    let mut out = String::new();
    let _ = writeln!(out, " {}", top.join("  "));
    // The palaces, in display columns and rows: the three middle columns, the three rows at
    // each end. A diagonal between two columns and two rows of a palace runs `＼` where the
    // column pair and the row pair are both its first or both its second (the square's two
    // diagonals cross at its centre); a half turn of the board keeps that so.
    let mid = files.len() / 2;
    let last_row = ranks.len().saturating_sub(1);
    let diagonal = |column: usize, row: usize| -> Option<char> {
        let left = column + 1 == mid;
        let palace_column = left || column == mid;
        let upper = row == 0 || row + 2 == last_row;
        let palace_row = row <= 1 || row + 2 >= last_row;
        (palace_column && palace_row).then_some(if left == upper { '＼' } else { '／' })
    };
    for (row, &rank) in ranks.iter().enumerate() {
        let mut line = String::from(" ");
        for (column, &file) in files.iter().enumerate() {
            let point = match piece_at(view, file, rank) {
                Some(p) => {
                    let code = if p.color == "white" { "1;31" } else { "1" };
                    style.paint(code, &glyph(&XIANGQI, p))
                }
                None => "＋".to_string(),
            };
            line.push_str(&if marked(view, file, rank) {
                style.paint("7", &point)
            } else {
                point
            });
            if column < last_file {
                line.push('－');
            }
        }
        let _ = writeln!(out, "{line}  {}", rank + 1);
        let Some(&next) = ranks.get(row + 1) else {
            break;
        };
        // Between two ranks: the river across the middle, else the lines down, with the
        // palace's diagonals inside it.
        if rank.min(next) + 1 == view.ranks / 2 {
            let inner = 4 * last_file - 2;
            let words = "楚  河          漢  界";
            let pad = inner.saturating_sub(22) / 2;
            let _ = writeln!(
                out,
                " ｜{}{words}{}｜",
                " ".repeat(pad),
                " ".repeat(inner.saturating_sub(22 + pad))
            );
            continue;
        }
        let mut gap = String::from(" ");
        for column in 0..files.len() {
            gap.push('｜');
            if column < last_file {
                gap.push(diagonal(column, row).unwrap_or('　'));
            }
        }
        out.push_str(gap.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, " {}", bottom.join("  "));
    out.push(' ');
    for &f in &files {
        let _ = write!(out, "{}   ", char::from(b'a' + f));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
