//! Board shapes, squares and colours.
//!
//! A board is a rectangle of `files × ranks` (1×1 up to 26×99). Internally squares live in a
//! padded mailbox: the rectangle is surrounded by `pad` rings of off-board cells so that any
//! leap or ride step of at most `pad` files/ranks lands on a sentinel instead of wrapping.

use std::fmt;

/// Largest number of files (a letter per file: `a`..`z`).
pub const MAX_FILES: u8 = 26;
/// Largest number of ranks (two decimal digits).
pub const MAX_RANKS: u8 = 99;

/// Index of a cell in the padded mailbox.
pub type Sq = u16;

/// The two sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first; index 0.
    White = 0,
    /// The side that moves second; index 1.
    Black = 1,
}

impl Color {
    /// Both sides in index order, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The side with index `i`: 0 is White, anything else Black.
    #[inline]
    pub fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// 0 for White, 1 for Black: the index into per-side tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `white` / `black`, as the web API and file formats write a side.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `White` / `Black`, as a sentence names a side.
    pub fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// A square named by file and rank (both 0-based): `a1` is `(0, 0)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// File, 0-based: `a` is 0.
    pub file: u8,
    /// Rank, 0-based: rank 1 is 0.
    pub rank: u8,
}

impl Square {
    /// The square at (file, rank), both 0-based; not checked against any board.
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Parses `a1`, `j10`, `z99` (letters then digits, no sign, no leading zero).
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&f, digits) = bytes.split_first()?;
        if !f.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        // One or two digits, the first not 0: 1..=99.
        let rank = digits.iter().fold(0u8, |r, d| r * 10 + (d - b'0'));
        Some(Square::new(f - b'a', rank - 1))
    }
}

impl Square {
    /// Appends the square's name (`e3`, `j10`), as `Display` writes it, to `out` without the
    /// formatting machinery: a FEN's en passant field is written so, once per game that
    /// `standard validate` reads (the formatted name cost 440 instructions a game).
    pub fn push_name(self, out: &mut String) {
        out.push((b'a' + self.file) as char);
        out.push_str(itoa::Buffer::new().format(u32::from(self.rank) + 1));
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// The rectangle and its padded-mailbox layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardShape {
    files: u8,
    ranks: u8,
    pad: u8,
    stride: usize,
    /// Per mailbox cell: its rank and file (padding cells hold 0; they are never asked).
    ranks_of: Vec<u8>,
    files_of: Vec<u8>,
}

/// Why a board shape cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// More files than the limit, or none; holds the number asked for.
    #[error("a board needs 1 to {MAX_FILES} files, not {0}")]
    Files(usize),
    /// More ranks than the limit, or none; holds the number asked for.
    #[error("a board needs 1 to {MAX_RANKS} ranks, not {0}")]
    Ranks(usize),
}

impl BoardShape {
    /// A shape whose padding is wide enough for steps of up to `reach` files or ranks.
    pub fn new(files: usize, ranks: usize, reach: u8) -> Result<BoardShape, ShapeError> {
        if files == 0 || files > MAX_FILES as usize {
            return Err(ShapeError::Files(files));
        }
        if ranks == 0 || ranks > MAX_RANKS as usize {
            return Err(ShapeError::Ranks(ranks));
        }
        let pad = reach.max(1);
        let stride = files + 2 * pad as usize;
        let cells = stride * (ranks + 2 * pad as usize);
        let p = pad as usize;
        let ranks_of = (0..cells)
            .map(|i| (i / stride).saturating_sub(p) as u8)
            .collect();
        let files_of = (0..cells)
            .map(|i| (i % stride).saturating_sub(p) as u8)
            .collect();
        Ok(BoardShape {
            files: files as u8,
            ranks: ranks as u8,
            pad,
            stride,
            ranks_of,
            files_of,
        })
    }

    /// Number of files (board width).
    #[inline]
    pub fn files(&self) -> u8 {
        self.files
    }
    /// Number of ranks (board height).
    #[inline]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }
    /// Number of cells in the padded mailbox.
    #[inline]
    pub fn cells(&self) -> usize {
        self.stride * (self.ranks as usize + 2 * self.pad as usize)
    }
    /// Mailbox offset of a step of `(dx, dy)`.
    #[inline]
    pub fn delta(&self, dx: i32, dy: i32) -> isize {
        dy as isize * self.stride as isize + dx as isize
    }

    /// Whether the square lies on this board.
    pub fn contains(&self, s: Square) -> bool {
        s.file < self.files && s.rank < self.ranks
    }

    /// Whether the mailbox cell `sq` is a square of this board (not padding).
    pub fn on_board(&self, sq: Sq) -> bool {
        let (i, pad) = (sq as usize, self.pad as usize);
        i < self.cells()
            && (pad..pad + self.files as usize).contains(&(i % self.stride))
            && (pad..pad + self.ranks as usize).contains(&(i / self.stride))
    }

    /// The mailbox cell of an on-board square.
    #[inline]
    pub fn sq(&self, s: Square) -> Sq {
        ((s.rank as usize + self.pad as usize) * self.stride + s.file as usize + self.pad as usize)
            as Sq
    }

    /// The mailbox cell of (file, rank), or `None` off the board.
    pub fn try_sq(&self, file: i32, rank: i32) -> Option<Sq> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        Some(self.sq(Square::new(file as u8, rank as u8)))
    }

    /// The square of an on-board mailbox cell.
    #[inline]
    pub fn square(&self, sq: Sq) -> Square {
        let i = sq as usize;
        Square::new(
            (i % self.stride - self.pad as usize) as u8,
            (i / self.stride - self.pad as usize) as u8,
        )
    }

    /// The 0-based rank of an on-board mailbox cell.
    #[inline]
    pub fn rank_of(&self, sq: Sq) -> u8 {
        self.ranks_of[sq as usize]
    }

    /// The 0-based file of an on-board mailbox cell.
    #[inline]
    pub fn file_of(&self, sq: Sq) -> u8 {
        self.files_of[sq as usize]
    }

    /// Every on-board cell, rank 1 first, files a→ within a rank.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| self.sq(Square::new(f, r))))
    }

    /// The name of a mailbox cell (`e4`).
    pub fn name(&self, sq: Sq) -> String {
        self.square(sq).to_string()
    }

    /// Parses a square name on this board.
    pub fn parse_square(&self, text: &str) -> Option<Sq> {
        Square::parse(text)
            .filter(|s| self.contains(*s))
            .map(|s| self.sq(s))
    }

    /// A rank counted from `color`'s own side (0 = its back rank).
    #[inline]
    pub fn relative_rank(&self, color: Color, rank: u8) -> u8 {
        match color {
            Color::White => rank,
            Color::Black => self.ranks - 1 - rank,
        }
    }

    /// Light or dark square colour parity (`a1` is dark: 0).
    #[inline]
    pub fn parity(&self, sq: Sq) -> u8 {
        (self.file_of(sq) + self.rank_of(sq)) & 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pushed_name_is_the_displayed_one() {
        for file in 0..26 {
            for rank in 0..26 {
                let sq = Square::new(file, rank);
                let mut out = String::from("x");
                sq.push_name(&mut out);
                assert_eq!(out, format!("x{sq}"));
            }
        }
    }

    #[test]
    fn square_names_round_trip() {
        for name in ["a1", "j10", "z99", "h8"] {
            assert_eq!(
                Square::parse(name).map(|s| s.to_string()).as_deref(),
                Some(name)
            );
        }
        for bad in ["", "a", "a0", "A1", "a100", "a01", "1a", "a-1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn shape_limits() {
        assert!(BoardShape::new(1, 1, 1).is_ok());
        assert!(BoardShape::new(26, 99, 2).is_ok());
        assert_eq!(BoardShape::new(27, 8, 1), Err(ShapeError::Files(27)));
        assert_eq!(BoardShape::new(8, 100, 1), Err(ShapeError::Ranks(100)));
        assert_eq!(BoardShape::new(0, 8, 1), Err(ShapeError::Files(0)));
    }

    #[test]
    fn mailbox_round_trip() {
        let shape = BoardShape::new(10, 10, 2).unwrap();
        for sq in shape.squares() {
            let s = shape.square(sq);
            assert_eq!(shape.sq(s), sq);
            assert_eq!(shape.rank_of(sq), s.rank);
            assert_eq!(shape.file_of(sq), s.file);
        }
        assert_eq!(shape.squares().count(), 100);
    }
}
