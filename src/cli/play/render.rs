//! The board at the terminal, one rendering for every variant: file letters and rank numbers,
//! columns that stay aligned whatever walls stand, the last move's squares in brackets, and
//! (unless `--plain`, or when output is not a terminal) colour.
//!
//! Each square is three characters wide with one character between squares, where a wall on
//! the west edge of a square shows as `|`; a line of `---` under a rank marks walls on the
//! south edges of its squares. The edges of the zones pieces are confined to (xiangqi's
//! palace and river) show the same way as `:` and `~~~`, where no wall stands. White's pieces are upper case, Black's lower case, whatever the
//! variant's own board file writes. Empty squares show `.`, or what lies there as the viewer
//! may know it: `O` an open trapdoor, `D` a trapdoor, `M` a mine, `X` both; a `*` after a
//! piece says something lies under it.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use chessrules::game::seat_view::{BoardStyle, Cell};
use chessrules::play::session::View;

/// ANSI colours, or none.
#[derive(Clone, Copy)]
pub struct Style {
    pub colour: bool,
    /// The board seen from Black's side: rank 1 on top, the h-file on the left.
    pub from_black: bool,
    /// Letters for the pieces even where the variant's players draw characters.
    pub letters: bool,
}

impl Style {
    pub(super) fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// File letters `a`, `b`, … for `files` files.
fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

/// The board of `view` as lines of text, ending in a newline: as its players draw it where the
/// variant says (xiangqi, shogi: `asian`), else with letters.
pub fn board(view: &View, style: Style) -> String {
    match view.style {
        BoardStyle::Xiangqi if !style.letters => super::asian::xiangqi_board(view, style),
        BoardStyle::Shogi if !style.letters => super::asian::shogi_board(view, style),
        _ => letter_board(view, style),
    }
}

/// The board with a letter for each piece.
fn letter_board(view: &View, style: Style) -> String {
    let cells: HashMap<&str, &Cell> = view.cells.iter().map(|c| (c.square.as_str(), c)).collect();
    let west: HashSet<&str> = view
        .walls
        .iter()
        .filter(|w| w.side == "west")
        .map(|w| w.square.as_str())
        .collect();
    let south: HashSet<&str> = view
        .walls
        .iter()
        .filter(|w| w.side == "south")
        .map(|w| w.square.as_str())
        .collect();
    let edges = |side: &str| -> HashSet<&str> {
        view.zone_edges
            .iter()
            .filter(|e| e.side == side)
            .map(|e| e.square.as_str())
            .collect()
    };
    let (zone_west, zone_south) = (edges("west"), edges("south"));
    let marked: Vec<&str> = view
        .last_move
        .iter()
        .flat_map(|m| m.iter().map(String::as_str))
        .collect();
    let label_width = view.ranks.to_string().len();
    // A promoted piece (`+B`) takes a character more: every square does then, so columns stay
    // in line and the last move's brackets keep the `+`.
    let wide = view
        .cells
        .iter()
        .any(|c| c.piece.as_ref().is_some_and(|p| p.plus));
    let files: Vec<u8> = if style.from_black {
        (0..view.files).rev().collect()
    } else {
        (0..view.files).collect()
    };
    let ranks: Vec<u8> = if style.from_black {
        (0..view.ranks).collect()
    } else {
        (0..view.ranks).rev().collect()
    };
    let name = |file: u8, rank: u8| format!("{}{}", file_letter(file), rank + 1);
    // The wall between two neighbouring files stands on the west edge of the eastern one;
    // between two ranks, on the south edge of the upper one.
    let wall_between_files = |a: u8, b: u8, rank: u8| west.contains(name(a.max(b), rank).as_str());
    let zone_between_files =
        |a: u8, b: u8, rank: u8| zone_west.contains(name(a.max(b), rank).as_str());
    let mut out = String::new();
    let files_line = {
        let mut l = " ".repeat(label_width + 1);
        for &f in &files {
            let _ = write!(l, "  {}{} ", if wide { " " } else { "" }, file_letter(f));
        }
        l.trim_end().to_string()
    };
    out.push_str(&files_line);
    out.push('\n');
    for (row, &rank) in ranks.iter().enumerate() {
        let number = rank + 1;
        let mut line = format!("{number:>label_width$} ");
        let mut under = " ".repeat(label_width + 1);
        let next_rank = ranks.get(row + 1).copied();
        for (column, &file) in files.iter().enumerate() {
            let here = name(file, rank);
            let (wall, zone) = match column.checked_sub(1) {
                Some(before) => (
                    wall_between_files(files[before], file, rank),
                    zone_between_files(files[before], file, rank),
                ),
                // The board's edge: only the a-file's west edge can hold a wall there.
                None => (file == 0 && west.contains(here.as_str()), false),
            };
            line.push(match (wall, zone) {
                (true, _) => '|',
                (false, true) => ':',
                (false, false) => ' ',
            });
            let cell = cells.get(here.as_str()).copied();
            line.push_str(&square(cell, marked.contains(&here.as_str()), wide, style));
            under.push(' ');
            let below = next_rank.map(|r| name(file, rank.max(r)));
            let below = below.as_deref().unwrap_or_default();
            let edge = if south.contains(below) {
                '-'
            } else if zone_south.contains(below) {
                '~'
            } else {
                ' '
            };
            under.extend(std::iter::repeat_n(edge, if wide { 4 } else { 3 }));
        }
        // Seen from Black, the a-file's west edge is on the right.
        let edge = style.from_black && west.contains(name(0, rank).as_str());
        let _ = writeln!(out, "{line}{}{number}", if edge { '|' } else { ' ' });
        if under.contains(['-', '~']) {
            out.push_str(under.trim_end());
            out.push('\n');
        }
    }
    out.push_str(&files_line);
    out.push('\n');
    out
}

/// One square, three characters: `[N]` on the last move's squares, ` N*` over an obstacle; four
/// on a board with a promoted kind written with a `+` (`wide`): ` +P `, `[+P]`, `  N `.
fn square(cell: Option<&Cell>, marked: bool, wide: bool, style: Style) -> String {
    let obstacle = cell.and_then(|c| c.obstacle).map(|o| match o {
        "open_trapdoor" => 'O',
        "trapdoor" => 'D',
        "mine" => 'M',
        _ => 'X',
    });
    let plus = cell.and_then(|c| c.piece.as_ref()).is_some_and(|p| p.plus);
    let (middle, after) = match cell.and_then(|c| c.piece.as_ref()) {
        Some(p) => {
            let letter = if p.color == "white" {
                p.letter.to_ascii_uppercase()
            } else {
                p.letter.to_ascii_lowercase()
            };
            let code = if p.color == "white" { "1;33" } else { "1;36" };
            (
                style.paint(code, &letter.to_string()),
                if obstacle.is_some() { '*' } else { ' ' },
            )
        }
        None => match obstacle {
            Some(o) => (style.paint("31", &o.to_string()), ' '),
            None => (".".to_string(), ' '),
        },
    };
    let sign = match (wide, plus) {
        (false, _) => "",
        (true, true) => "+",
        (true, false) => " ",
    };
    if marked {
        format!(
            "{}{sign}{middle}{}",
            style.paint("7", "["),
            style.paint("7", "]")
        )
    } else {
        format!(" {sign}{middle}{after}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessrules::game::VariantId;
    use chessrules::play::session::{Session, Viewer};

    /// The obstacle spec's example: a wall west of d4 and one south of e4, a mine, a hidden
    /// trapdoor.
    const WALLED: &str = "r..qk..r\nppp..ppp\n..n.bn..\n...pp.D.\n.M.|P_....\n..NP.N..\n\
PPP..PPP\nR.BQKB.R\nw 2 2 + + + + - 0\n";

    fn board_of(session: &Session, colour: bool) -> String {
        board(
            &session.view(Viewer::All),
            Style {
                colour,
                from_black: false,
                letters: true,
            },
        )
    }

    #[test]
    fn columns_stay_aligned_whatever_walls_stand() {
        let s = Session::new("t".into(), VariantId::Obstacle, WALLED).expect("a board");
        let text = board_of(&s, false);
        let ranks: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert_eq!(ranks.len(), 8, "{text}");
        assert!(ranks.iter().all(|l| l.len() == 36), "{text}");
        // The west wall of d4 stands just before d4's cell; the south wall of e4 under it.
        let rank4 = ranks[4];
        assert_eq!(&rank4[14..18], "| P ", "{text}");
        let below = text
            .lines()
            .skip_while(|l| !l.starts_with('4'))
            .nth(1)
            .expect("a line under rank 4");
        assert_eq!(below.get(18..22), Some(" ---"), "{text}");
        assert!(rank4.contains(" M "), "the mine, shown to all: {text}");
        assert!(!text.contains('\x1b'), "no colour: {text}");
        assert!(board_of(&s, true).contains("\x1b["), "colour");
    }

    #[test]
    fn xiangqi_shows_its_palaces_and_river() {
        let s = shipped("xiangqi");
        let text = board_of(&s, false);
        let lines: Vec<&str> = text.lines().collect();
        // Rank 1 (the last rank line): the palace d1–f3 between c and d, f and g.
        let rank1 = lines.iter().find(|l| l.starts_with(" 1 ")).expect("rank 1");
        assert_eq!(rank1.matches(':').count(), 2, "{text}");
        // The river between ranks 5 and 6, across the board; the palaces' tops and bottoms.
        let river = lines
            .iter()
            .skip_while(|l| !l.starts_with(" 6 "))
            .nth(1)
            .expect("a line under rank 6");
        assert_eq!(river.matches("~~~").count(), 9, "{text}");
        let palace_top = lines
            .iter()
            .skip_while(|l| !l.starts_with(" 4 "))
            .nth(1)
            .expect("a line under rank 4");
        assert_eq!(palace_top.matches("~~~").count(), 3, "{text}");
        assert_eq!(
            lines.iter().filter(|l| l.contains("~~~")).count(),
            3,
            "{text}"
        );
        // No zone, no mark: the standard board is as it was.
        let standard = Session::new(
            "t".into(),
            VariantId::Standard,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .expect("a board");
        assert!(!board_of(&standard, false).contains([':', '~']));
    }

    #[test]
    fn from_blacks_side_rank_one_is_on_top_and_the_h_file_on_the_left() {
        let s = Session::new(
            "t".into(),
            VariantId::Standard,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .expect("a board");
        let style = Style {
            colour: false,
            from_black: true,
            letters: false,
        };
        let text = board(&s.view(Viewer::All), style);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    h   g   f   e   d   c   b   a", "{text}");
        assert_eq!(lines[1], "1   R   N   B   K   Q   B   N   R  1", "{text}");
        assert_eq!(lines[8], "8   r   n   b   k   q   b   n   r  8", "{text}");
        // Walls turn with the board: the west wall of d4 stands right of d4, the south wall of
        // e4 above e4's line (between ranks 3 and 4, now below rank 3).
        let w = Session::new("t".into(), VariantId::Obstacle, WALLED).expect("a board");
        let text = board(&w.view(Viewer::All), style);
        let rank4 = text.lines().find(|l| l.starts_with('4')).expect("rank 4");
        assert!(rank4.contains(" P |"), "{text}");
        let below3 = text
            .lines()
            .skip_while(|l| !l.starts_with('3'))
            .nth(1)
            .expect("a line under rank 3");
        assert_eq!(below3.get(14..18), Some(" ---"), "{text}");
    }

    fn shipped(name: &str) -> Session {
        let record = chessrules::variants::registry::find(name).expect("shipped");
        Session::new("t".into(), record.id, record.text.initial).expect("a board")
    }

    fn plain(from_black: bool) -> Style {
        Style {
            colour: false,
            from_black,
            letters: false,
        }
    }

    /// Issue 68: shogi as a KIF diagram, Gote's pieces marked `v`, a promoted piece in its own
    /// kanji (the last move's too), the hands in kanji, shogi's and the internal coordinates.
    #[test]
    fn shogi_is_drawn_as_a_kif_diagram() {
        let mut s = shipped("shogi");
        for m in ["c3c4", "g7g6", "b2h8+"] {
            s.play(m, false).expect("a legal move");
        }
        let text = board(&s.view(Viewer::All), plain(false));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "後手の持駒：なし", "{text}");
        assert_eq!(lines[1], "  ９ ８ ７ ６ ５ ４ ３ ２ １", "{text}");
        assert_eq!(lines[3], "|v香v桂v銀v金v王v金v銀v桂v香|一 9", "{text}");
        assert_eq!(lines[4], "| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二 8", "{text}");
        assert_eq!(lines[11], "| 香 桂 銀 金 玉 金 銀 桂 香|九 1", "{text}");
        assert_eq!(lines[13], "   a  b  c  d  e  f  g  h  i", "{text}");
        assert_eq!(lines[14], "先手の持駒：角", "{text}");
        // Every board line is as wide on screen (each kanji two columns).
        let width = |l: &str| {
            l.chars()
                .map(|c| if c.is_ascii() { 1 } else { 2 })
                .sum::<usize>()
        };
        assert!(
            lines[3..12].iter().all(|l| width(l) == width(lines[3])),
            "{text}"
        );
        // From Gote's side the board turns: file 1 on the left, rank 九 on top.
        let turned = board(&s.view(Viewer::All), plain(true));
        let lines: Vec<&str> = turned.lines().collect();
        assert_eq!(lines[0], "先手の持駒：角", "{turned}");
        assert_eq!(lines[1], "  １ ２ ３ ４ ５ ６ ７ ８ ９", "{turned}");
        assert_eq!(lines[3], "| 香 桂 銀 金 玉 金 銀 桂 香|九 1", "{turned}");
        // Letters when asked.
        let letters = Style {
            letters: true,
            ..plain(false)
        };
        assert!(board(&s.view(Viewer::All), letters).contains("+B"));
    }

    /// Issue 68: xiangqi's pieces on the intersections, Red's and Black's characters, the
    /// river, the palaces' diagonals, each side's file numbers and the internal coordinates.
    #[test]
    fn xiangqi_is_drawn_on_its_lines() {
        let s = shipped("xiangqi");
        let text = board(&s.view(Viewer::All), plain(false));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " １  ２  ３  ４  ５  ６  ７  ８  ９", "{text}");
        assert_eq!(
            lines[1], " 車－馬－象－士－將－士－象－馬－車  10",
            "{text}"
        );
        assert_eq!(lines[2], " ｜　｜　｜　｜＼｜／｜　｜　｜　｜", "{text}");
        assert_eq!(lines[4], " ｜　｜　｜　｜／｜＼｜　｜　｜　｜", "{text}");
        assert_eq!(lines[5], " ＋－砲－＋－＋－＋－＋－＋－砲－＋  8", "{text}");
        assert!(
            lines[10].contains("楚  河") && lines[10].contains("漢  界"),
            "{text}"
        );
        assert_eq!(
            lines[19], " 俥－傌－相－仕－帥－仕－相－傌－俥  1",
            "{text}"
        );
        assert_eq!(lines[20], " 九  八  七  六  五  四  三  二  一", "{text}");
        assert_eq!(lines[21], " a   b   c   d   e   f   g   h   i", "{text}");
        // The palace diagonals turn with the board and stay where the palaces are.
        let turned = board(&s.view(Viewer::All), plain(true));
        let lines: Vec<&str> = turned.lines().collect();
        assert_eq!(lines[0], " 一  二  三  四  五  六  七  八  九", "{turned}");
        assert_eq!(
            lines[1], " 俥－傌－相－仕－帥－仕－相－傌－俥  1",
            "{turned}"
        );
        assert_eq!(lines[2], " ｜　｜　｜　｜＼｜／｜　｜　｜　｜", "{turned}");
    }

    #[test]
    fn the_last_move_is_bracketed() {
        let mut s = Session::new(
            "t".into(),
            VariantId::Standard,
            "8/8/8/8/8/8/4P3/K6k w - - 0 1",
        )
        .expect("a board");
        s.play("e4", false).expect("a legal move");
        let text = board_of(&s, false);
        assert!(text.contains("  [P]  "), "{text}");
        assert!(text.contains("  [.]  "), "{text}");
    }
}
