//! The FollowChess board file: one line per row, the first line the top row (Black's side),
//! `.` for an empty square, lower-case letters White's pieces and upper-case Black's.
//!
//! Leading and trailing blank lines (empty or spaces/tabs only) are ignored, `\r\n` line ends
//! and a UTF-8 byte-order mark are accepted. Everything else that is not a rectangle of
//! square characters with exactly one king per colour is rejected with its line and column.

use std::io::{self, BufRead};

use crate::core::geometry::{MAX_FILES, MAX_RANKS};
use crate::core::{Color, Piece, Position, RulesError, Square};
use crate::variants::follow::lines::{self, Line};
use crate::variants::follow::rules::{self, KING};

/// Why a board file was rejected. Lines and columns count from 1.
#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    /// The reader failed.
    #[error("cannot read the board: {0}")]
    Io(#[from] io::Error),
    /// No row: the file is empty or blank.
    #[error("the board is empty")]
    Empty,
    /// A character that is neither `.` nor a piece letter.
    #[error(
        "line {line}, column {column}: '{found}' is not a square ('.' or one of pnbrqk PNBRQK)"
    )]
    BadSquare {
        /// The line.
        line: usize,
        /// The character's column (after a byte-order mark, if any).
        column: usize,
        /// The character, or its byte value (`\xNN`) when it cannot be shown.
        found: String,
    },
    /// A blank line between rows (`line` is the first blank one).
    #[error("line {line}: blank line inside the board")]
    BlankInside {
        /// The line.
        line: usize,
    },
    /// A row whose length differs from the first row's: the board is not a rectangle.
    #[error("line {line}: row has {found} squares, the first row has {expected}")]
    Ragged {
        /// The line.
        line: usize,
        /// Squares in this row.
        found: usize,
        /// Squares in the first row.
        expected: usize,
    },
    /// A row longer than the core's widest board.
    #[error("line {line}: row has more than {MAX_FILES} squares")]
    TooWide {
        /// The line.
        line: usize,
    },
    /// More rows than the core's tallest board.
    #[error("line {line}: board has more than {MAX_RANKS} rows")]
    TooTall {
        /// The line of the first row too many.
        line: usize,
    },
    /// More than a million lines, blank ones included.
    #[error("line {line}: too many lines")]
    TooManyLines {
        /// The first line too many.
        line: usize,
    },
    /// A colour without exactly one king (the spec's rule for a valid board).
    #[error("the board has {count} {} kings, it needs exactly one", color.name())]
    KingCount {
        /// The colour.
        color: Color,
        /// Its kings on the board.
        count: usize,
    },
    /// The core refused the board's size.
    #[error("unusable board shape: {0}")]
    Shape(#[from] RulesError),
}

impl From<BoardError> for crate::game::Diagnostic {
    fn from(e: BoardError) -> Self {
        let line = match &e {
            BoardError::BadSquare { line, .. }
            | BoardError::BlankInside { line }
            | BoardError::Ragged { line, .. }
            | BoardError::TooWide { line }
            | BoardError::TooTall { line }
            | BoardError::TooManyLines { line } => Some(*line),
            _ => None,
        };
        crate::game::Diagnostic {
            message: e.to_string(),
            detail: None,
            line,
            square: None,
            exit_code: 1,
        }
    }
}

/// Longest line looked at: a full row plus room for stray trailing blanks.
const LINE_LIMIT: usize = 256;
/// More lines than this (blank ones included) is not a board file.
const MAX_LINES: usize = 1_000_000;
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The letter of a piece in this variant's convention (White lower case, Black upper case).
pub fn piece_letter(pos: &Position, piece: Piece) -> char {
    let letter = pos.rules().kind(piece.kind).letter;
    match piece.color {
        Color::White => letter.to_ascii_lowercase(),
        Color::Black => letter.to_ascii_uppercase(),
    }
}

/// The piece a square character stands for: `Ok(None)` for `.`, `Err` for anything else.
fn square_char(b: u8) -> Result<Option<(Color, u8)>, ()> {
    let color = match b {
        b'.' => return Ok(None),
        b'a'..=b'z' => Color::White,
        b'A'..=b'Z' => Color::Black,
        _ => return Err(()),
    };
    match b.to_ascii_uppercase() {
        l @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P') => Ok(Some((color, l))),
        _ => Err(()),
    }
}

/// How a rejected character is shown: itself if printable, else its byte value.
fn shown(line: &[u8], i: usize) -> String {
    match line.get(i) {
        Some(&b) if b.is_ascii_graphic() || b == b' ' => (b as char).to_string(),
        Some(&b) if b >= 0x80 => {
            // Show a whole UTF-8 character when there is one.
            let rest = &line[i..line.len().min(i + 4)];
            match std::str::from_utf8(rest) {
                Ok(s) => s.chars().next().map(String::from).unwrap_or_default(),
                Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .map(String::from)
                    .unwrap_or_else(|| format!("\\x{b:02X}")),
            }
        }
        Some(&b) => format!("\\x{b:02X}"),
        None => String::new(),
    }
}

/// Reads a board file into a position with White to move.
pub fn read<R: BufRead + ?Sized>(reader: &mut R) -> Result<Position, BoardError> {
    let mut rows: Vec<Vec<u8>> = Vec::new();
    let mut blank_after_rows: Option<usize> = None;
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        let kind = lines::read_line(reader, LINE_LIMIT, &mut buf)?;
        if kind == Line::End {
            break;
        }
        line_no += 1;
        if line_no > MAX_LINES {
            return Err(BoardError::TooManyLines { line: line_no });
        }
        let mut text: &[u8] = &buf;
        if line_no == 1 {
            text = text.strip_prefix(BOM).unwrap_or(text);
        }
        if kind == Line::Text && lines::is_blank(text) {
            if !rows.is_empty() && blank_after_rows.is_none() {
                blank_after_rows = Some(line_no);
            }
            continue;
        }
        if let Some(line) = blank_after_rows {
            return Err(BoardError::BlankInside { line });
        }
        if let Some(i) = text.iter().position(|&b| square_char(b).is_err()) {
            return Err(BoardError::BadSquare {
                line: line_no,
                column: i + 1,
                found: shown(text, i),
            });
        }
        if kind == Line::TooLong || text.len() > MAX_FILES as usize {
            return Err(BoardError::TooWide { line: line_no });
        }
        if let Some(first) = rows.first() {
            if first.len() != text.len() {
                return Err(BoardError::Ragged {
                    line: line_no,
                    found: text.len(),
                    expected: first.len(),
                });
            }
        }
        if rows.len() == MAX_RANKS as usize {
            return Err(BoardError::TooTall { line: line_no });
        }
        rows.push(text.to_vec());
    }
    build(&rows)
}

/// Places the rows (top row first) on a fresh position of their size.
fn build(rows: &[Vec<u8>]) -> Result<Position, BoardError> {
    let files = rows.first().map_or(0, Vec::len);
    if files == 0 {
        return Err(BoardError::Empty);
    }
    let ranks = rows.len();
    let rules = rules::rules_for(files, ranks)?;
    let mut pos = Position::empty(rules.clone());
    let mut kings = [0usize; 2];
    for (i, row) in rows.iter().enumerate() {
        let rank = (ranks - 1 - i) as u8;
        for (file, &b) in row.iter().enumerate() {
            if let Ok(Some((color, letter))) = square_char(b) {
                let Some(kind) = rules.kind_by_letter(letter as char) else {
                    continue;
                };
                if kind == KING {
                    kings[color.index()] += 1;
                }
                let sq = rules.shape.sq(Square::new(file as u8, rank));
                pos.put(sq, Piece::new(color, kind));
            }
        }
    }
    for color in Color::BOTH {
        let count = kings[color.index()];
        if count != 1 {
            return Err(BoardError::KingCount { color, count });
        }
    }
    pos.set_side_to_move(Color::White);
    Ok(pos)
}

/// The board as its file text: top row first, every row ending in `\n`.
pub fn write(pos: &Position) -> String {
    let shape = &pos.rules().shape;
    let (files, ranks) = (shape.files(), shape.ranks());
    let mut out = String::with_capacity((files as usize + 1) * ranks as usize);
    for rank in (0..ranks).rev() {
        for file in 0..files {
            let sq = shape.sq(Square::new(file, rank));
            out.push(pos.piece_at(sq).map_or('.', |p| piece_letter(pos, p)));
        }
        out.push('\n');
    }
    out
}
