//! Reading the board file: eight rank lines (rank 8 first) and a status line, `%` comment
//! lines anywhere. Parsing validates as spec §2.2.1–2.2.2 says, reporting the first position
//! (from a8, in file order) where a rule is known to fail.

use crate::core::{Color, Piece, Square};
use crate::variants::standard::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

use super::board::{Obstacle, ObstacleBoard};
use super::error::{BoardError, BoardFault};
use super::walls::WallSide;

/// Total walls the two players own.
pub const TOTAL_WALLS: u32 = 6;
/// Walls each player starts with.
pub const WALLS_PER_PLAYER: u8 = 3;
/// Clocks above this are refused (no game reaches them; keeps the arithmetic far from overflow).
const MAX_CLOCK: u32 = 1_000_000_000;

/// Splits a file into its non-comment lines: LF or CRLF, a leading UTF-8 BOM dropped, lines
/// starting with `%` skipped.
pub fn content_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut lines: Vec<&[u8]> = bytes
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines.retain(|l| l.first() != Some(&b'%'));
    lines
}

/// Running counts for the piece and obstacle limits, updated square by square.
#[derive(Default)]
struct Tally {
    kings: [u32; 2],
    pawns: [u32; 2],
    /// Queens, rooks, bishops, knights per colour.
    officers: [[u32; 4]; 2],
    mines: u32,
    trapdoors: u32,
}

impl Tally {
    /// Officers beyond the initial set, each needing a promoted pawn.
    fn extras(&self, c: usize) -> u32 {
        let [q, r, b, n] = self.officers[c];
        q.saturating_sub(1) + r.saturating_sub(2) + b.saturating_sub(2) + n.saturating_sub(2)
    }

    /// Records a piece; the fault if the piece breaks rule 1 (a second king), 5 or 6.
    fn add_piece(&mut self, p: Piece, s: Square) -> Option<BoardFault> {
        let c = p.color.index();
        match p.kind {
            KING => {
                self.kings[c] += 1;
                if self.kings[c] > 1 {
                    return Some(BoardFault::SecondKing);
                }
            }
            PAWN => {
                if s.rank == 0 || s.rank == 7 {
                    return Some(BoardFault::PawnOnBackRank);
                }
                self.pawns[c] += 1;
            }
            QUEEN => self.officers[c][0] += 1,
            ROOK => self.officers[c][1] += 1,
            BISHOP => self.officers[c][2] += 1,
            _ => self.officers[c][3] += 1,
        }
        // 8 pawns at most, and each officer beyond the initial set replaces a pawn; together
        // these also keep the total at 16 or below.
        (self.pawns[c] + self.extras(c) > 8).then_some(BoardFault::TooManyPieces)
    }

    fn add_obstacle(&mut self, o: Obstacle, s: Square) -> Option<BoardFault> {
        let rank = s.rank + 1;
        if o.mine {
            self.mines += 1;
            if self.mines > 2 {
                return Some(BoardFault::TooManyMines);
            }
        }
        if o.has_trapdoor() {
            self.trapdoors += 1;
            if self.trapdoors > 2 {
                return Some(BoardFault::TooManyTrapdoors);
            }
        }
        if o.mine && !(4..=5).contains(&rank) {
            return Some(BoardFault::MineOffRanks);
        }
        if o.has_trapdoor() && !(3..=6).contains(&rank) {
            return Some(BoardFault::TrapdoorOffRanks);
        }
        None
    }
}

fn piece_of(c: u8) -> Option<Piece> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let kind = match c.to_ascii_uppercase() {
        b'K' => KING,
        b'Q' => QUEEN,
        b'R' => ROOK,
        b'B' => BISHOP,
        b'N' => KNIGHT,
        b'P' => PAWN,
        _ => return None,
    };
    Some(Piece::new(color, kind))
}

/// The obstacle a board-file letter stands for: `M` a mine, `D` a hidden trapdoor, `O` an open
/// one, `X` a mine and a hidden trapdoor on one square.
pub fn obstacle_of(c: u8) -> Option<Obstacle> {
    let mut o = Obstacle::NONE;
    match c {
        b'M' => o.mine = true,
        b'D' => o.hidden_trapdoor = true,
        b'O' => o.open_trapdoor = true,
        b'X' => {
            o.mine = true;
            o.hidden_trapdoor = true;
        }
        _ => return None,
    }
    Some(o)
}

/// Reads and validates a board file.
pub fn parse_board(bytes: &[u8]) -> Result<ObstacleBoard, BoardError> {
    let lines = content_lines(bytes);
    let mut board = ObstacleBoard::empty();
    let mut tally = Tally::default();
    for row in 0..8u8 {
        let rank = 7 - row;
        let line = lines.get(row as usize).copied().unwrap_or(b"");
        parse_rank(&mut board, &mut tally, line, rank)?;
    }
    if tally.kings != [1, 1] {
        return Err(BoardError::At {
            square: Square::new(7, 0),
            fault: BoardFault::MissingKing,
        });
    }
    let status_error = |fault| BoardError::StatusLine { fault };
    let status = lines.get(8).ok_or(status_error(BoardFault::StatusFormat))?;
    parse_status(&mut board, status).ok_or(status_error(BoardFault::StatusFormat))?;
    let walls = board.terrain.walls.count()
        + board.walls_left(Color::White) as u32
        + board.walls_left(Color::Black) as u32;
    if walls > TOTAL_WALLS {
        return Err(status_error(BoardFault::TooManyWalls));
    }
    if lines
        .iter()
        .skip(9)
        .any(|l| l.iter().any(|b| !b.is_ascii_whitespace()))
    {
        return Err(status_error(BoardFault::ExtraLine));
    }
    board.sync_walls();
    Ok(board)
}

/// One rank line: optional `|` then optional `_` before each of eight square characters.
fn parse_rank(
    board: &mut ObstacleBoard,
    tally: &mut Tally,
    line: &[u8],
    rank: u8,
) -> Result<(), BoardError> {
    let mut file = 0u8;
    let mut west = false;
    let mut south = false;
    for &c in line {
        if file == 8 {
            return Err(BoardError::At {
                square: Square::new(7, rank),
                fault: BoardFault::TooManySquares,
            });
        }
        let square = Square::new(file, rank);
        let fail = |fault| BoardError::At { square, fault };
        match c {
            b'|' if west || south => return Err(fail(BoardFault::BadWallOrder)),
            b'|' => west = true,
            b'_' if south => return Err(fail(BoardFault::BadWallOrder)),
            b'_' => south = true,
            _ => {
                for (on, side) in [(west, WallSide::West), (south, WallSide::South)] {
                    if on {
                        board.terrain.walls.add(square, side);
                    }
                }
                if board.terrain.walls.count() > TOTAL_WALLS {
                    return Err(fail(BoardFault::TooManyWallsOnBoard));
                }
                if let Some(p) = piece_of(c) {
                    if let Some(fault) = tally.add_piece(p, square) {
                        return Err(fail(fault));
                    }
                    let sq = board.sq(square);
                    board.pos.put(sq, p);
                } else if let Some(o) = obstacle_of(c) {
                    if let Some(fault) = tally.add_obstacle(o, square) {
                        return Err(fail(fault));
                    }
                    board.set_obstacle(square, o);
                } else if c != b'.' {
                    return Err(fail(BoardFault::BadCharacter));
                }
                west = false;
                south = false;
                file += 1;
            }
        }
    }
    if file < 8 {
        return Err(BoardError::At {
            square: Square::new(file, rank),
            fault: BoardFault::TooFewSquares,
        });
    }
    Ok(())
}

/// `a1`..`h8`.
pub fn parse_square(text: &[u8]) -> Option<Square> {
    match *text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::new(f - b'a', r - b'1')),
        _ => None,
    }
}

/// `ACTIVE WHITE_WALLS BLACK_WALLS WK WQ BK BQ EP HALFMOVE`, single spaces (trailing blanks
/// allowed). Castling and en passant are checked for form only, as the spec says.
fn parse_status(board: &mut ObstacleBoard, line: &[u8]) -> Option<()> {
    let end = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    let tokens: Vec<&[u8]> = line[..end].split(|&b| b == b' ').collect();
    let [side, white, black, c0, c1, c2, c3, ep, clock] = tokens.as_slice() else {
        return None;
    };
    let side = match *side {
        b"w" => Color::White,
        b"b" => Color::Black,
        _ => return None,
    };
    let walls = |t: &[u8]| match *t {
        [d @ b'0'..=b'9'] if d - b'0' <= WALLS_PER_PLAYER => Some(d - b'0'),
        _ => None,
    };
    let (white, black) = (walls(white)?, walls(black)?);
    let mut rights = 0u8;
    for (i, t) in [c0, c1, c2, c3].into_iter().enumerate() {
        match **t {
            [b'+'] => rights |= 1 << i,
            [b'-'] => {}
            _ => return None,
        }
    }
    let ep = match *ep {
        b"-" => None,
        t => Some(parse_square(t)?),
    };
    if clock.is_empty() || !clock.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let clock: u32 = std::str::from_utf8(clock).ok()?.parse().ok()?;
    if clock > MAX_CLOCK {
        return None;
    }
    board.set_walls_left(Color::White, white);
    board.set_walls_left(Color::Black, black);
    let ep = ep.map(|s| board.sq(s));
    let pos = &mut board.pos;
    pos.set_side_to_move(side);
    pos.set_castling_rights(rights);
    pos.set_en_passant(ep);
    pos.set_clocks(clock, 1);
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::obstacle::write_board;

    const INITIAL: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

    fn fault(text: &str) -> (String, BoardFault) {
        let e = parse_board(text.as_bytes()).unwrap_err();
        (e.to_string(), e.fault())
    }

    #[test]
    fn initial_board_round_trips() {
        let board = parse_board(INITIAL.as_bytes()).unwrap();
        assert_eq!(write_board(&board), INITIAL);
    }

    #[test]
    fn each_rule_names_its_fault() {
        let cases = [
            (
                INITIAL.replace("rnbqkbnr\n", "rnbqkbnr.\n"),
                "h8",
                BoardFault::TooManySquares,
            ),
            (
                INITIAL.replace("pppppppp\n", "ppppp\n"),
                "f7",
                BoardFault::TooFewSquares,
            ),
            (
                INITIAL.replace("RNBQKBNR", "RNBQ.BNR"),
                "h1",
                BoardFault::MissingKing,
            ),
            (
                INITIAL.replace("rnbqkbnr", "rnbqkbnk"),
                "h8",
                BoardFault::SecondKing,
            ),
            (
                INITIAL.replace("RNBQKBNR", "PNBQKBNR"),
                "a1",
                BoardFault::PawnOnBackRank,
            ),
            (
                INITIAL.replace("pppppppp", "ppppDppp"),
                "e7",
                BoardFault::TrapdoorOffRanks,
            ),
            (
                INITIAL.replacen("........\n", "M.......\n", 1),
                "a6",
                BoardFault::MineOffRanks,
            ),
            (
                INITIAL.replace("pppppppp", "ppp_|pppp"),
                "d7",
                BoardFault::BadWallOrder,
            ),
            (
                INITIAL.replace("pppppppp", "pppZpppp"),
                "d7",
                BoardFault::BadCharacter,
            ),
        ];
        for (text, at, want) in cases {
            assert_eq!(
                fault(&text),
                (format!("illegal board at {at}"), want),
                "{text}"
            );
        }
        let status = |s: &str| fault(&INITIAL.replace("w 3 3 + + + + - 0", s));
        for bad in [
            "w 3 3 + + + + - ",
            "w 3 3 + + + + - 0 0",
            "w 3 3 + + + ? - 0",
            "w 3 3 + + + + e9 0",
        ] {
            assert_eq!(status(bad).1, BoardFault::StatusFormat, "{bad}");
        }
        assert_eq!(status("w 3 4 + + + + - 0").1, BoardFault::StatusFormat);
        let walls = INITIAL.replacen("........\n", "|.|.|......\n", 2);
        assert_eq!(
            fault(&walls),
            (
                "illegal board at status line".into(),
                BoardFault::TooManyWalls
            )
        );
    }

    #[test]
    fn comments_crlf_and_bom_are_accepted() {
        let text = format!("\u{feff}% c\r\n{}", INITIAL.replace('\n', "\r\n% x\r\n"));
        let board = parse_board(text.as_bytes()).unwrap();
        assert_eq!(write_board(&board), INITIAL);
    }
}
