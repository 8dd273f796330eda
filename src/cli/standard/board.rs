//! The board as text for the terminal: rank 8 on top, White in upper case.

use chessrules::core::{Color, Position, Square};

pub fn diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let shape = &rules.shape;
    let files = shape.files();
    let border = format!("  +{}+\n", "-".repeat(files as usize * 2 + 1));
    let mut out = border.clone();
    for r in (0..shape.ranks()).rev() {
        out.push_str(&format!("{} |", r + 1));
        for f in 0..files {
            let c = match pos.piece_at(shape.sq(Square::new(f, r))) {
                None => '.',
                Some(p) => {
                    let l = rules.kind(p.kind).letter;
                    if p.color == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                }
            };
            out.push(' ');
            out.push(c);
        }
        out.push_str(" |\n");
    }
    out.push_str(&border);
    out.push_str("   ");
    for f in 0..files {
        out.push(' ');
        out.push((b'a' + f) as char);
    }
    out.push('\n');
    out
}
