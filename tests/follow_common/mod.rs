//! Helpers shared by the FollowChess spec tests: boards built from piece placements, and
//! move attempts that also check the all-or-nothing rule.
#![allow(dead_code)]

use std::io::{self, BufRead, Read, Write};

use chessrules::variants::follow::FollowChess;

/// A stream that fails on first use: what Java's `null` stream stands for here.
pub struct FailingReader;
impl Read for FailingReader {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::other("no stream"))
    }
}
impl BufRead for FailingReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Err(io::Error::other("no stream"))
    }
    fn consume(&mut self, _: usize) {}
}

/// A writer that fails on first use: what Java's `null` writer stands for here.
pub struct FailingWriter;
impl Write for FailingWriter {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("no writer"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::Error::other("no writer"))
    }
}

/// Board text of `files × ranks` with pieces at squares named compactly (`"d4"`), top row first.
pub fn board(files: usize, ranks: usize, pieces: &[(&str, char)]) -> String {
    let mut rows = vec![vec!['.'; files]; ranks];
    for &(sq, c) in pieces {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        rows[ranks - rank][file] = c;
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

pub fn loaded(text: &str) -> FollowChess {
    let mut g = FollowChess::new();
    g.load_board(text.as_bytes())
        .unwrap_or_else(|e| panic!("{text:?} should load: {e}"));
    g
}

pub fn printed(g: &FollowChess) -> String {
    let mut out = Vec::new();
    g.print_board(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Applies `moves`; on failure checks that board, turn and captures are unchanged.
pub fn apply(g: &mut FollowChess, moves: &str) -> bool {
    let before = (
        g.board_text(),
        g.side_to_move(),
        g.capture_order(0).map(<[char]>::to_vec),
        g.capture_order(1).map(<[char]>::to_vec),
    );
    let ok = g.apply_move_sequence(moves.as_bytes()).is_ok();
    if !ok {
        let after = (
            g.board_text(),
            g.side_to_move(),
            g.capture_order(0).map(<[char]>::to_vec),
            g.capture_order(1).map(<[char]>::to_vec),
        );
        assert_eq!(
            before, after,
            "a failed sequence changed the game: {moves:?}"
        );
    }
    ok
}

/// The 7×7 arena of the per-piece tests: White's king on b1, Black's on f7, off every line
/// through d4 and out of a knight's reach from it.
pub const ARENA: usize = 7;
pub const WHITE_KING: (&str, char) = ("b1", 'k');
pub const BLACK_KING: (&str, char) = ("f7", 'K');

/// The six piece letters in White's case.
pub const KINDS: [char; 6] = ['k', 'q', 'r', 'b', 'n', 'p'];

pub fn white(c: char) -> char {
    c.to_ascii_lowercase()
}
pub fn black(c: char) -> char {
    c.to_ascii_uppercase()
}

/// Unit move vectors of a kind (from White's side; Black's pawn is mirrored by the caller).
pub fn one_cell_moves(kind: char) -> Vec<(i32, i32)> {
    let orth = vec![(0, 1), (1, 0), (0, -1), (-1, 0)];
    let diag = vec![(1, 1), (1, -1), (-1, -1), (-1, 1)];
    match kind.to_ascii_lowercase() {
        'k' | 'q' => orth.into_iter().chain(diag).collect(),
        'r' => orth,
        'b' => diag,
        'n' => vec![
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ],
        'p' => vec![(0, 1)],
        _ => vec![],
    }
}

/// Capture vectors of a kind (pawns capture diagonally forward only).
pub fn capture_vectors(kind: char) -> Vec<(i32, i32)> {
    match kind.to_ascii_lowercase() {
        'p' => vec![(-1, 1), (1, 1)],
        k => one_cell_moves(k),
    }
}

/// Black's pawn moves down the board.
pub fn oriented(piece: char, (dx, dy): (i32, i32)) -> (i32, i32) {
    if piece.is_ascii_uppercase() && piece.eq_ignore_ascii_case(&'p') {
        (dx, -dy)
    } else {
        (dx, dy)
    }
}

/// `"d4"` shifted by a vector, compact form.
pub fn shifted(sq: &str, (dx, dy): (i32, i32)) -> String {
    let file = (sq.as_bytes()[0] - b'a') as i32 + dx;
    let rank: i32 = sq[1..].parse::<i32>().unwrap() + dy;
    format!("{}{}", (b'a' + file as u8) as char, rank)
}

/// `"d4"` in move notation (`"d 4"`).
pub fn spaced(sq: &str) -> String {
    format!("{} {}", &sq[..1], &sq[1..])
}

/// A move line, with White's tempo move first when the mover is Black.
pub fn move_text(piece: char, from: &str, to: &str) -> String {
    let tempo = if piece.is_ascii_uppercase() {
        "b 1 c 1\n"
    } else {
        ""
    };
    format!("{tempo}{} {}\n", spaced(from), spaced(to))
}

/// The arena kings that stay when `piece` stands on d4 (a king on d4 replaces its own).
fn arena_kings(piece: char) -> Vec<(&'static str, char)> {
    [WHITE_KING, BLACK_KING]
        .into_iter()
        .filter(|&(_, k)| k != piece)
        .collect()
}

/// Puts `piece` on d4 of the arena with `extra` pieces and tries `d4 → to`.
pub fn try_from_d4(piece: char, to: &str, extra: &[(&str, char)]) -> bool {
    let mut placed = arena_kings(piece);
    placed.push(("d4", piece));
    placed.extend_from_slice(extra);
    let mut g = loaded(&board(ARENA, ARENA, &placed));
    let ok = apply(&mut g, &move_text(piece, "d4", to));
    if ok {
        let text = g.board_text().unwrap();
        let mut after: Vec<(String, char)> = vec![(to.to_string(), piece)];
        for (sq, k) in arena_kings(piece) {
            // Black's moves come after White's tempo move b1-c1.
            let sq = if k == 'k' && piece.is_ascii_uppercase() {
                "c1"
            } else {
                sq
            };
            after.push((sq.to_string(), k));
        }
        for (sq, c) in extra {
            if *sq != to {
                after.push((sq.to_string(), *c));
            }
        }
        let want: Vec<(&str, char)> = after.iter().map(|(s, c)| (s.as_str(), *c)).collect();
        assert_eq!(text, board(ARENA, ARENA, &want), "{piece} d4-{to}");
    }
    ok
}

/// Both colours of every kind.
pub fn every_piece() -> impl Iterator<Item = char> {
    KINDS.into_iter().flat_map(|k| [white(k), black(k)])
}
