//! The PGN tokenizer: a byte-level state machine over any `Read`, holding one fixed-size
//! buffer, so memory stays flat however large the file or however long a line is.
//!
//! It knows PGN's import format: tag pairs with `\"` and `\\` escapes, `{}` and `;`
//! comments, `%` escape lines, NAGs (`$12`), annotation glyphs (`!?`), variations, move
//! numbers with one or three dots (also glued to the move, `1.e4`), results, a leading BOM,
//! CRLF line ends.

use std::borrow::Cow;
use std::io::{self, Read};

/// Longest token, tag name or tag value kept; longer ones are an error (movetext symbols)
/// or cut (comments are skipped, tag values truncated is never silent: it is an error).
pub const MAX_TOKEN: usize = 4096;

/// A token and the 1-based line and column it starts at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What was read.
    pub kind: TokenKind,
    /// 1-based line of its first character.
    pub line: u64,
    /// 1-based column of its first character, counted in characters, not bytes.
    pub column: u64,
}

/// What a token is. Move numbers, comments, NAGs, annotation glyphs and `%` lines are
/// skipped, not tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `[Name "value"]` (its name and unescaped value are [`Lexer::tag_pair`]: kept in the
    /// lexer, so that reading a tag allocates nothing).
    Tag,
    /// A SAN or coordinate move (its text, annotation glyphs removed, is
    /// [`Lexer::move_text`]).
    Move,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (a constant: a token is copied through three calls
    /// per move, and a `String` in it made every copy larger).
    Result(&'static str),
    /// A line with nothing but white space: in movetext, the end of a game (as python-chess
    /// reads PGN).
    BlankLine,
    /// `(`
    VariationStart,
    /// `)`
    VariationEnd,
}

/// Longest move or result symbol: a longer one is a syntax error.
pub const MAX_SYMBOL: usize = 32;

/// A move symbol as written: up to [`MAX_SYMBOL`] ASCII bytes, kept in the lexer so that
/// reading a move neither allocates nor moves its text around.
#[derive(Clone, Copy)]
struct Symbol {
    len: u8,
    /// The symbol, then whatever followed it in the input (see `fill`).
    bytes: [u8; MAX_SYMBOL],
}

impl Symbol {
    /// Becomes the first `len` bytes of `input` (`len` at most [`MAX_SYMBOL`]), written in
    /// place: built on the stack and moved in, it was copied twice per move.
    fn fill(&mut self, input: &[u8], len: usize) {
        debug_assert!(len <= MAX_SYMBOL && len <= input.len());
        match input.get(..MAX_SYMBOL) {
            // A fixed-size copy is two vector moves; copying just `len` bytes is a call.
            Some(window) => self.bytes.copy_from_slice(window),
            None => self.bytes[..len].copy_from_slice(&input[..len]),
        }
        self.len = len as u8;
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    fn as_str(&self) -> &str {
        let bytes = self.as_bytes();
        debug_assert!(bytes.is_ascii());
        // SAFETY: a symbol is made of bytes `is_symbol_byte` accepted (the fast path's class
        // scan and the byte path both stop at the first other byte), and every such byte is
        // ASCII (checked at compile time, below `SYMBOL_CLASS`): valid UTF-8. Testing
        // it again here cost 2.5% of reading a tournament file (`from_utf8` cost 3%).
        unsafe { std::str::from_utf8_unchecked(bytes) }
    }
}

/// A malformed PGN file: where and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct SyntaxError {
    /// 1-based line of the fault.
    pub line: u64,
    /// 1-based column of the fault, in characters.
    pub column: u64,
    /// What is wrong, in words.
    pub message: String,
}

/// Reading failed: the file itself or its syntax.
#[derive(Debug, thiserror::Error)]
pub enum LexError {
    /// The input could not be read, or is plainly not PGN (a comment or line past its limit).
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The text is not PGN at this point.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
}

/// Most bytes skipped after an unreadable game while looking for the next one: a real file's
/// unreadable game and the junk after it are far shorter (lichess's longest games are under
/// 100 KB); past it the input is not PGN (`/dev/zero`, a binary file) and reading on could
/// take forever.
pub const MAX_RESYNC_BYTES: u64 = 8 << 20;

/// Most bytes one comment or one skipped line may have. Comments are streamed, not held, and
/// a 64 MiB comment is read (an earlier decision); an endless one (`{` and then `/dev/zero`)
/// ends here, in well under a second of reading.
pub const MAX_SKIP_BYTES: u64 = 256 << 20;

/// Does `b` start a character (it is not a UTF-8 continuation byte, 0x80-0xBF)? Columns
/// count characters.
pub(super) fn starts_char(b: u8) -> bool {
    b & 0xC0 != 0x80
}

/// Blank bytes: a line of only these has no content (a blank line ends a game).
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0B | 0x0C)
}

/// The error that ends reading an input that is not PGN: `what` is followed by `limit`.
fn not_pgn(what: String, limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "{what} {} MiB: the rest of the input is not PGN",
            limit >> 20
        ),
    )
}

/// The PGN tokenizer over `input`: [`next_token`](Lexer::next_token) one token at a time,
/// with a 64 KiB buffer whatever the input's size.
pub struct Lexer<R> {
    input: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    eof: bool,
    line: u64,
    column: u64,
    /// Bytes consumed so far (for progress reports).
    consumed: u64,
    /// Bytes consumed before the current line began: where it starts in the input.
    line_offset: u64,
    started: bool,
    /// A tag pair is being read (still true after an error inside one).
    in_tag: bool,
    /// What was read leniently since the last `take_warnings`, each with its position.
    warnings: Vec<String>,
    /// The current line has had something but white space (a blank line ends a game).
    line_has_content: bool,
    /// The last symbol read: the text of a `Move` token.
    symbol: Symbol,
    /// The last tag pair read (its value unescaped): the text of a `Tag` token, kept here
    /// and reused so that a tag costs no allocation.
    tag_name: Vec<u8>,
    tag_value: Vec<u8>,
    /// Where a tag read whole from the buffer (`plain_tag`) lies in it: its name's and its
    /// value's ranges, read in place until the next token (two copies a tag, a tenth of
    /// reading a file's tags, before). `None`: the pair is in `tag_name` and `tag_value`.
    tag_in_buf: Option<[std::ops::Range<usize>; 2]>,
    /// The last line a tag pair ended by taking its line end (`plain_tag`): its number, where
    /// it starts, and the bytes of its line end.
    ended_line: (u64, u64, u64),
}

/// A piece as a shogi drop names it before its `*` (`B`, `+B` never drops but reads alike).
fn is_piece_prefix(text: &[u8]) -> bool {
    matches!(text, [l] | [b'+', l] if l.is_ascii_uppercase())
}

/// `@` is a drop's (`N@f3`, `@e4`); one not followed by a square is refused (`stray_at`).
fn is_symbol_byte(b: u8) -> bool {
    SYMBOL_CLASS[b as usize] != NOT_SYMBOL
}

/// What a byte is to a symbol, looked up: a symbol is scanned once for its end, for digits
/// only (a move number) and for `@`, instead of a pass and a chain of compares for each.
/// The classes are bits, so the scan ORs a byte's class into what it has seen without a
/// shift (a variable shift is three micro-ops on Intel).
const NOT_SYMBOL: u8 = 0;
const DIGIT: u8 = 1;
const OTHER_SYMBOL: u8 = 2;
const AT: u8 = 4;
static SYMBOL_CLASS: [u8; 256] = {
    let mut class = [NOT_SYMBOL; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        class[b] = if c.is_ascii_digit() {
            DIGIT
        } else if c == b'@' {
            AT
        } else if c.is_ascii_alphabetic()
            // `/` and `,` join a move's second part (`Nf3/H` gating, `e4,d5` the duck).
            || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b',')
        {
            OTHER_SYMBOL
        } else {
            NOT_SYMBOL
        };
        b += 1;
    }
    class
};

/// Every byte `SYMBOL_CLASS` takes into a symbol is ASCII (`Symbol::as_str` relies on it),
/// checked when the crate compiles.
const _: () = {
    let mut b = 0x80;
    while b < 256 {
        assert!(SYMBOL_CLASS[b] == NOT_SYMBOL);
        b += 1;
    }
};

/// A tag name's characters: the standard's (letters, digits, `_`), and after the first one
/// those python-chess also takes (`+#=:-`, `is_unusual_name_byte`). All ASCII.
pub(super) const fn is_tag_name_byte(b: u8, first: bool) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || !first && is_unusual_name_byte(b)
}

/// A tag-name character outside the standard's, taken with a warning.
const fn is_unusual_name_byte(b: u8) -> bool {
    matches!(b, b'+' | b'#' | b'=' | b':' | b'-')
}

/// Where a symbol has an `@` that does not start a drop's square (`N@f3`, `@e4`): a stray one.
fn stray_at(symbol: &[u8]) -> Option<usize> {
    symbol
        .iter()
        .enumerate()
        .find(|&(i, &b)| b == b'@' && !symbol.get(i + 1).is_some_and(u8::is_ascii_lowercase))
        .map(|(i, _)| i)
}

/// How many spaces `bytes` starts with.
#[inline(always)]
fn spaces_at(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|&&c| c == b' ').count()
}

/// A symbol that is not a move number: a result or a move.
#[inline]
fn symbol_kind(symbol: &Symbol) -> TokenKind {
    // Moves, by far the most symbols, never start with a digit.
    if !symbol.bytes[0].is_ascii_digit() {
        return TokenKind::Move;
    }
    match symbol.as_bytes() {
        b"1-0" => TokenKind::Result("1-0"),
        b"0-1" => TokenKind::Result("0-1"),
        b"1/2-1/2" => TokenKind::Result("1/2-1/2"),
        _ => TokenKind::Move,
    }
}

impl<R: Read> Lexer<R> {
    /// A lexer at the start of `input` (a leading BOM is skipped).
    pub fn new(input: R) -> Lexer<R> {
        Lexer {
            input,
            buf: vec![0; 64 * 1024].into_boxed_slice(),
            pos: 0,
            len: 0,
            eof: false,
            line: 1,
            column: 1,
            consumed: 0,
            line_offset: 0,
            started: false,
            in_tag: false,
            warnings: Vec::new(),
            line_has_content: false,
            symbol: Symbol {
                len: 0,
                bytes: [0; MAX_SYMBOL],
            },
            tag_name: Vec::new(),
            tag_value: Vec::new(),
            tag_in_buf: None,
            ended_line: (0, 0, 0),
        }
    }

    /// A lexer at the start of `input`, which begins at line `line` of a larger text (a piece
    /// cut out of a file at a line start): positions in warnings and errors are the file's.
    pub fn starting_at_line(input: R, line: u64) -> Lexer<R> {
        Lexer {
            line: line.max(1),
            ..Lexer::new(input)
        }
    }

    /// Bytes of input consumed so far.
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// The last error (if any) was inside a tag pair.
    pub fn error_was_in_tag(&self) -> bool {
        self.in_tag
    }

    /// What was read leniently since the last call, each with its position.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Is there a warning to take?
    #[inline]
    pub fn has_warnings(&self) -> bool {
        !self.warnings.is_empty()
    }

    /// The 1-based line the lexer is on.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Where the current line starts in the input (bytes consumed before it; a BOM is part
    /// of the first line).
    pub fn line_offset(&self) -> u64 {
        self.line_offset
    }

    /// Where line `line` starts in the input, if it is the line the lexer is on or the one a
    /// tag pair just ended (the token before may have taken its line end).
    pub fn line_start(&self, line: u64) -> Option<u64> {
        if line == self.line {
            Some(self.line_offset)
        } else if line == self.ended_line.0 {
            Some(self.ended_line.1)
        } else {
            None
        }
    }

    /// The text of the last `Move` token, as written (annotation glyphs removed).
    pub fn move_text(&self) -> &str {
        self.symbol.as_str()
    }

    /// The name and unescaped value of the last `Tag` token. PGN's own character set is
    /// ISO 8859-1: bytes that are not UTF-8 come out as U+FFFD, not refused.
    pub fn tag_pair(&self) -> (Cow<'_, str>, Cow<'_, str>) {
        (Cow::Borrowed(self.tag_name()), self.tag_value())
    }

    /// The name of the last `Tag` token (names are ASCII: letters, digits and `_+#=:-`).
    pub fn tag_name(&self) -> &str {
        let name = match &self.tag_in_buf {
            Some([name, _]) => &self.buf[name.clone()],
            None => &self.tag_name,
        };
        debug_assert!(name.is_ascii());
        // SAFETY: `tag_name_into` pushes, and `plain_tag` keeps in place, only ASCII letters,
        // digits and `_+#=:-` (each byte is tested before it is taken): valid UTF-8. `from_utf8` cost 0.6% of
        // reading a tournament file.
        unsafe { std::str::from_utf8_unchecked(name) }
    }

    /// The unescaped value of the last `Tag` token, bytes that are not UTF-8 as U+FFFD.
    pub fn tag_value(&self) -> Cow<'_, str> {
        match &self.tag_in_buf {
            Some([_, value]) => String::from_utf8_lossy(&self.buf[value.clone()]),
            None => String::from_utf8_lossy(&self.tag_value),
        }
    }

    #[inline(always)]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos < self.len {
            return Ok(Some(self.buf[self.pos]));
        }
        self.refill()
    }

    /// `peek` at the end of the buffer: reads the next block.
    #[cold]
    fn refill(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.len {
            if self.eof {
                return Ok(None);
            }
            loop {
                match self.input.read(&mut self.buf) {
                    Ok(0) => {
                        self.eof = true;
                        return Ok(None);
                    }
                    Ok(n) => {
                        self.pos = 0;
                        self.len = n;
                        break;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(Some(self.buf[self.pos]))
    }

    #[inline]
    fn bump(&mut self) -> io::Result<Option<u8>> {
        let b = self.peek()?;
        if let Some(b) = b {
            self.pos += 1;
            self.consumed += 1;
            if b == b'\n' {
                self.line += 1;
                self.column = 1;
                self.line_offset = self.consumed;
                self.line_has_content = false;
            } else if starts_char(b) {
                if !is_blank(b) {
                    self.line_has_content = true;
                }
                // Count characters, not UTF-8 continuation bytes.
                self.column += 1;
            }
        }
        Ok(b)
    }

    fn error(&self, line: u64, column: u64, message: impl Into<String>) -> LexError {
        LexError::Syntax(SyntaxError {
            line,
            column,
            message: message.into(),
        })
    }

    /// Skips the rest of the current line (the newline included).
    fn skip_line(&mut self) -> io::Result<()> {
        let from_line = self.line;
        let mut skipped = 0u64;
        while let Some(b) = self.bump()? {
            if b == b'\n' {
                break;
            }
            skipped += 1;
            if skipped > MAX_SKIP_BYTES {
                let what = format!("line {from_line} does not end within");
                return Err(not_pgn(what, MAX_SKIP_BYTES));
            }
        }
        Ok(())
    }

    /// Skips the rest of the current line, then every line that is blank or starts with `[`
    /// (after a syntax error in a tag section).
    pub fn skip_tag_section(&mut self) -> io::Result<()> {
        if self.column != 1 {
            self.skip_line()?;
        }
        while let Some(b) = self.peek()? {
            if matches!(b, b'[' | b'\n' | b'\r' | b' ' | b'\t') {
                self.skip_line()?;
            } else {
                break;
            }
        }
        Ok(())
    }

    /// Skips input up to the next line that starts with `[` (after a syntax error), at most
    /// [`MAX_RESYNC_BYTES`]: past that the input is not PGN (`/dev/zero`, a binary file) and
    /// reading it to its end could take forever, so it is an `InvalidData` error.
    pub fn recover(&mut self) -> io::Result<()> {
        self.skip_to_game(self.line, 0)
    }

    /// `recover` right after a `Tag` token (a tag inside a variation ends its game). A tag
    /// that took its line end left the lexer at the start of the next line, where the byte
    /// path would still be before the line end: the skip starts from the tag's line, its line
    /// end the first bytes skipped, so that the error's line and the limit are the byte
    /// path's whatever the buffer.
    pub fn recover_after_tag(&mut self) -> io::Result<()> {
        let (line, _, line_end) = self.ended_line;
        if self.column == 1 && self.line == line + 1 && self.consumed == self.line_offset {
            self.skip_to_game(line, line_end)
        } else {
            self.recover()
        }
    }

    /// Skips as `recover` does, from line `from_line` with `skipped` bytes already skipped.
    fn skip_to_game(&mut self, from_line: u64, mut skipped: u64) -> io::Result<()> {
        loop {
            if self.column == 1 && self.peek()? == Some(b'[') {
                return Ok(());
            }
            if self.bump()?.is_none() {
                return Ok(());
            }
            skipped += 1;
            if skipped > MAX_RESYNC_BYTES {
                return Err(not_pgn(
                    format!("no game starts after the unreadable game at line {from_line} within"),
                    MAX_RESYNC_BYTES,
                ));
            }
        }
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Result<Option<Token>, LexError> {
        self.in_tag = false;
        if !self.started {
            self.started = true;
            self.skip_bom()?;
        }
        loop {
            let (line, column) = (self.line, self.column);
            let Some(b) = self.peek()? else {
                return Ok(None);
            };
            let token = |kind| Token { kind, line, column };
            // Moves and move numbers, most tokens, asked for first with one predictable
            // branch: the jump on the first byte below was the reader's most mispredicted.
            // No byte the match takes is a symbol's.
            if is_symbol_byte(b) {
                if let Some(kind) = self.symbol(line, column)? {
                    return Ok(Some(token(kind)));
                }
                continue;
            }
            match b {
                b'\n' if !self.line_has_content => {
                    self.bump()?;
                    return Ok(Some(token(TokenKind::BlankLine)));
                }
                b' ' | b'\t' => {
                    // A run of spaces only moves the column: taken as one slice.
                    let avail = &self.buf[self.pos..self.len];
                    let n = avail
                        .iter()
                        .position(|&c| c != b' ' && c != b'\t')
                        .unwrap_or(avail.len());
                    self.pos += n;
                    self.consumed += n as u64;
                    self.column += n as u64;
                }
                b'\r' | b'\n' | 0x0B | 0x0C => {
                    self.bump()?;
                }
                b'%' if column == 1 => self.skip_line()?,
                b';' => self.skip_line()?,
                b'{' => self.skip_comment(line, column)?,
                b'$' => {
                    self.bump()?;
                    let mut digits = 0;
                    while self.peek()?.is_some_and(|b| b.is_ascii_digit()) {
                        self.bump()?;
                        digits += 1;
                    }
                    if digits == 0 {
                        return Err(self.error(line, column, "'$' without a number"));
                    }
                }
                b'!' | b'?' => {
                    self.bump()?;
                }
                b'(' => {
                    self.bump()?;
                    return Ok(Some(token(TokenKind::VariationStart)));
                }
                b')' => {
                    self.bump()?;
                    return Ok(Some(token(TokenKind::VariationEnd)));
                }
                b'*' => {
                    self.bump()?;
                    return Ok(Some(token(TokenKind::Result("*"))));
                }
                b'[' => {
                    self.in_tag = true;
                    self.tag(line, column)?;
                    self.in_tag = false;
                    return Ok(Some(token(TokenKind::Tag)));
                }
                b'.' => {
                    // Stray dots (`1. ... e5`): part of move numbering.
                    self.bump()?;
                }
                _ => {
                    let shown = if b.is_ascii_graphic() {
                        format!("'{}'", b as char)
                    } else {
                        format!("byte 0x{b:02x}")
                    };
                    return Err(self.error(line, column, format!("unexpected {shown}")));
                }
            }
        }
    }

    fn skip_bom(&mut self) -> io::Result<()> {
        // The BOM bytes are all non-ASCII; take them only if all three are there. A pipe may
        // deliver them in more than one read: read on until three bytes are here (or the end).
        if self.peek()? == Some(0xEF) {
            while self.len - self.pos < 3 && !self.eof && self.len < self.buf.len() {
                match self.input.read(&mut self.buf[self.len..]) {
                    Ok(0) => self.eof = true,
                    Ok(n) => self.len += n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
            let rest = &self.buf[self.pos..self.len];
            if rest.starts_with(&[0xEF, 0xBB, 0xBF]) {
                self.pos += 3;
                self.consumed += 3;
            }
        }
        Ok(())
    }

    /// Moves over the next `n` bytes of the buffer as `n` calls of `bump` would, a slice at
    /// a time: comments are most of an annotated file, and byte by byte they were most of
    /// the reading.
    fn skip_buffered(&mut self, n: usize) {
        let seg = &self.buf[self.pos..self.pos + n];
        match memchr::memrchr(b'\n', seg) {
            Some(i) => {
                self.line += memchr::memchr_iter(b'\n', &seg[..=i]).count() as u64;
                self.column = 1;
                self.line_offset = self.consumed + i as u64 + 1;
                self.line_has_content = false;
                self.pos += i + 1;
                self.consumed += i as u64 + 1;
                self.skip_in_line(n - i - 1);
            }
            None => self.skip_in_line(n),
        }
    }

    /// `skip_buffered` for the next `n` bytes when they hold no line end: the column moves,
    /// and they may give the line content.
    #[inline(always)]
    fn skip_in_line(&mut self, n: usize) {
        let seg = &self.buf[self.pos..self.pos + n];
        let chars = if seg.is_ascii() {
            n
        } else {
            seg.iter().filter(|&&b| starts_char(b)).count()
        };
        self.column += chars as u64;
        if !self.line_has_content {
            self.line_has_content = seg.iter().any(|&b| starts_char(b) && !is_blank(b));
        }
        self.pos += n;
        self.consumed += n as u64;
    }

    /// Skips the dots after a move number (`12.`, `12...`) a buffer's worth at a time: a dot
    /// is read as `bump` reads it (content on the line, a column each).
    fn skip_dots(&mut self) -> io::Result<()> {
        loop {
            let avail = &self.buf[self.pos..self.len];
            let n = avail.iter().position(|&b| b != b'.').unwrap_or(avail.len());
            // Stopped inside the buffer, at the first byte that is not a dot: the spaces from
            // there are taken too, as after a move (see `symbol`).
            let spaces = spaces_at(&avail[n..]);
            self.line_has_content |= n > 0;
            let n = n + spaces;
            self.pos += n;
            self.consumed += n as u64;
            self.column += n as u64;
            if self.pos < self.len || self.refill()?.is_none() {
                return Ok(());
            }
        }
    }

    fn skip_comment(&mut self, line: u64, column: u64) -> Result<(), LexError> {
        self.bump()?;
        // Most comments are short, on one line and ASCII (`{ [%clk 0:03:00] }`, one per move
        // in an online game): found whole in the buffer, they only move the column, and the
        // `{` already gave the line content.
        let avail = &self.buf[self.pos..self.len];
        if let Some(i) = super::stops::first_stop(avail, b'}', b'\n', b'\n') {
            if avail[i] == b'}' {
                // The spaces after it too, as after a move (see `symbol`).
                let n = i + 1 + spaces_at(&avail[i + 1..]);
                self.pos += n;
                self.consumed += n as u64;
                self.column += n as u64;
                return Ok(());
            }
        }
        let mut skipped = 0u64;
        loop {
            if self.pos == self.len && self.refill()?.is_none() {
                return Err(self.error(line, column, "comment '{' is not closed"));
            }
            let avail = &self.buf[self.pos..self.len];
            let (n, closed) = match memchr::memchr(b'}', avail) {
                Some(i) => (i, true),
                None => (avail.len(), false),
            };
            skipped += n as u64;
            if skipped > MAX_SKIP_BYTES {
                let what = format!(
                    "the comment opened at line {line}, column {column}, does not close within"
                );
                return Err(LexError::Io(not_pgn(what, MAX_SKIP_BYTES)));
            }
            self.skip_buffered(n);
            if closed {
                self.bump()?;
                return Ok(());
            }
        }
    }

    /// A move, a move number (returns `None`, it is skipped) or a result.
    fn symbol(&mut self, line: u64, column: u64) -> Result<Option<TokenKind>, LexError> {
        // Fast path: the symbol ends inside the buffer. Symbol bytes are ASCII and not line
        // ends, so reading them only moves the column.
        let avail = &self.buf[self.pos..self.len];
        // The first byte not in a symbol, and which classes came before it (a bit each).
        let mut seen = 0u8;
        let mut n = 0;
        let end = loop {
            let Some(&b) = avail.get(n) else { break None };
            let class = SYMBOL_CLASS[b as usize];
            if class == NOT_SYMBOL {
                // A shogi drop as Fairy-Stockfish writes it (`B*55`): the `*` is the move's,
                // not a result's (asked only where a symbol ends at a `*`).
                if b == b'*' && is_piece_prefix(&avail[..n]) {
                    seen |= OTHER_SYMBOL;
                    n += 1;
                    continue;
                }
                break Some(n);
            }
            seen |= class;
            n += 1;
        };
        if let Some(n) = end {
            if seen & AT != 0 {
                if let Some(at) = stray_at(&avail[..n]) {
                    return Err(self.error(line, column + at as u64, "unexpected '@'"));
                }
            }
            if n <= MAX_SYMBOL {
                let number = seen & (OTHER_SYMBOL | AT) == 0;
                // A move number is skipped: only moves and results are kept.
                let kind = if number {
                    None
                } else {
                    self.symbol.fill(avail, n);
                    Some(symbol_kind(&self.symbol))
                };
                let dots = number && n > 0 && avail[n] == b'.';
                // The spaces after a move only move the column: taken with it, so that the
                // next dispatch on a token's first byte is not a space's (one branch less to
                // mispredict per move). A line end stops them, so the line and every line
                // start stay where the byte path puts them.
                let mut taken = n;
                if matches!(kind, Some(TokenKind::Move)) {
                    taken += spaces_at(&avail[n..]);
                } else if dots {
                    // A move number's dots and the spaces after them, as `skip_dots` takes
                    // them, when both end inside the buffer (one call less per move number).
                    let d = avail[n..].iter().take_while(|&&c| c == b'.').count();
                    let after = n + d + spaces_at(&avail[n + d..]);
                    if after < avail.len() {
                        taken = after;
                    }
                }
                self.pos += taken;
                self.consumed += taken as u64;
                self.column += taken as u64;
                self.line_has_content |= taken > 0;
                if dots && taken == n {
                    // A move number: `12.` or `12...`, possibly glued to the move.
                    self.skip_dots()?;
                }
                return Ok(kind);
            }
        }
        // On the stack: move numbers, the most common symbol, never reach the heap.
        let mut buf = [0u8; MAX_SYMBOL];
        let mut len = 0;
        while let Some(b) = self.peek()? {
            let text = &buf[..len];
            if b == b'.' && !text.is_empty() && text.iter().all(u8::is_ascii_digit) {
                // A move number: `12.` or `12...`, possibly glued to the move.
                self.skip_dots()?;
                return Ok(None);
            }
            if !(is_symbol_byte(b) || b == b'*' && is_piece_prefix(&buf[..len])) {
                break;
            }
            if len >= buf.len() {
                return Err(self.error(line, column, "symbol too long"));
            }
            buf[len] = b;
            len += 1;
            self.bump()?;
        }
        if buf[..len].iter().all(u8::is_ascii_digit) {
            return Ok(None);
        }
        if let Some(at) = stray_at(&buf[..len]) {
            return Err(self.error(line, column + at as u64, "unexpected '@'"));
        }
        self.symbol = Symbol {
            len: len as u8,
            bytes: buf,
        };
        Ok(Some(symbol_kind(&self.symbol)))
    }

    /// Reads a tag pair into `tag_name` and `tag_value`.
    fn tag(&mut self, line: u64, column: u64) -> Result<(), LexError> {
        if self.plain_tag() {
            return Ok(());
        }
        self.tag_in_buf = None;
        self.bump()?;
        self.skip_spaces()?;
        let mut name = std::mem::take(&mut self.tag_name);
        name.clear();
        let read = self.tag_name_into(&mut name, line, column);
        self.tag_name = name;
        read?;
        let mut value = std::mem::take(&mut self.tag_value);
        value.clear();
        let read = self.tag_value_into(&mut value, line, column);
        self.tag_value = value;
        read
    }

    /// The common tag, `[Name "value"]` whole in the buffer with its line end
    /// ([`tag_line`](super::tag_line)), read in place; anything else (and nothing is taken
    /// then) is left to the byte path, which reads the same tag the same way and also knows
    /// its warnings and errors. The line end is taken with the tag, so that the next token
    /// is not a pass through the dispatch for one byte; the line the tag was on is kept
    /// (`ended_line`) for [`line_start`](Lexer::line_start).
    fn plain_tag(&mut self) -> bool {
        let Some(tag) = super::tag_line::plain_tag(&self.buf[self.pos..self.len]) else {
            return false;
        };
        let at = self.pos;
        self.tag_in_buf = Some([
            at + tag.name.start..at + tag.name.end,
            at + tag.value.start..at + tag.value.end,
        ]);
        let n = tag.len + tag.line_end;
        self.pos += n;
        self.consumed += n as u64;
        if tag.line_end > 0 {
            self.ended_line = (self.line, self.line_offset, tag.line_end as u64);
            self.line += 1;
            self.column = 1;
            self.line_offset = self.consumed;
            self.line_has_content = false;
        } else {
            self.column += tag.chars as u64;
            self.line_has_content = true;
        }
        true
    }

    fn tag_name_into(
        &mut self,
        name: &mut Vec<u8>,
        line: u64,
        column: u64,
    ) -> Result<(), LexError> {
        let mut unusual = false;
        // A name that ends inside the buffer is taken as one slice; one cut by the buffer's
        // end goes on byte by byte below.
        let avail = &self.buf[self.pos..self.len];
        let end = avail
            .iter()
            .enumerate()
            .position(|(i, &b)| !is_tag_name_byte(b, i == 0));
        if let Some(n) = end.filter(|&n| n <= MAX_TOKEN) {
            let taken = &avail[..n];
            unusual = taken.iter().any(|&b| is_unusual_name_byte(b));
            name.extend_from_slice(taken);
            // Name characters are ASCII and not blank: a column each, content on the line.
            self.pos += n;
            self.consumed += n as u64;
            self.column += n as u64;
            self.line_has_content |= n > 0;
        }
        while let Some(b) = self.peek()? {
            if !is_tag_name_byte(b, name.is_empty()) {
                break;
            }
            unusual |= is_unusual_name_byte(b);
            if name.len() >= MAX_TOKEN {
                return Err(self.error(line, column, "tag name too long"));
            }
            name.push(b);
            self.bump()?;
        }
        if name.is_empty() {
            return Err(self.error(self.line, self.column, "tag without a name"));
        }
        if unusual {
            self.warnings.push(format!(
                "line {line}, column {column}: tag name {} has characters outside the standard's",
                String::from_utf8_lossy(name)
            ));
        }
        Ok(())
    }

    fn tag_value_into(
        &mut self,
        value: &mut Vec<u8>,
        line: u64,
        column: u64,
    ) -> Result<(), LexError> {
        self.skip_spaces()?;
        if self.peek()? != Some(b'"') {
            return Err(self.error(self.line, self.column, "tag value must be in quotes"));
        }
        self.bump()?;
        loop {
            // The plain bytes up to the next quote, backslash or line end, as one slice (and
            // never past the length limit, so a too long value stops where it always did).
            let avail = &self.buf[self.pos..self.len];
            let plain = memchr::memchr3(b'"', b'\\', b'\n', avail).unwrap_or(avail.len());
            let n = plain.min((MAX_TOKEN + 1).saturating_sub(value.len()));
            if n > 0 {
                value.extend_from_slice(&avail[..n]);
                // No line end among them: the search stops at one.
                self.skip_in_line(n);
                if value.len() > MAX_TOKEN {
                    return Err(self.error(line, column, "tag value too long"));
                }
                continue;
            }
            let (l, c) = (self.line, self.column);
            match self.bump()? {
                Some(b'"') => {
                    // The closing quote is the one before `]`. Another (`"LA CC Tour "C""`,
                    // an unescaped quote inside the value) is kept, as python-chess does,
                    // and reported.
                    let mut spaces = 0;
                    while self.peek()?.is_some_and(|b| b == b' ' || b == b'\t') {
                        self.bump()?;
                        spaces += 1;
                    }
                    if matches!(self.peek()?, Some(b']') | Some(b'\n') | Some(b'\r') | None) {
                        break;
                    }
                    self.warnings.push(format!(
                        "line {l}, column {c}: a quote inside a tag value, kept as text (write it \\\")"
                    ));
                    value.push(b'"');
                    value.extend(std::iter::repeat_n(b' ', spaces));
                }
                Some(b'\\') => match self.bump()? {
                    Some(b) if b == b'"' || b == b'\\' => value.push(b),
                    Some(b) => {
                        value.push(b'\\');
                        value.push(b);
                    }
                    None => return Err(self.error(line, column, "tag value is not closed")),
                },
                Some(b'\n') | None => {
                    return Err(self.error(l, c, "tag value is not closed on its line"))
                }
                Some(b) => value.push(b),
            }
            if value.len() > MAX_TOKEN {
                return Err(self.error(line, column, "tag value too long"));
            }
        }
        self.skip_spaces()?;
        if self.peek()? != Some(b']') {
            return Err(self.error(self.line, self.column, "expected ']' after the tag value"));
        }
        self.bump()?;
        Ok(())
    }

    fn skip_spaces(&mut self) -> io::Result<()> {
        while self.peek()?.is_some_and(|b| b == b' ' || b == b'\t') {
            self.bump()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `text`, a move as `Move(text)`.
    fn kinds(text: &str) -> Vec<String> {
        let mut lx = Lexer::new(text.as_bytes());
        let mut out = Vec::new();
        while let Some(t) = lx.next_token().unwrap() {
            out.push(match t.kind {
                TokenKind::Move => format!("Move({})", lx.move_text()),
                TokenKind::Tag => {
                    let (name, value) = lx.tag_pair();
                    format!("Tag({name:?}, {value:?})")
                }
                other => format!("{other:?}"),
            });
        }
        out
    }

    #[test]
    fn symbols_hold_up_to_their_limit() {
        let longest = "a".repeat(MAX_SYMBOL);
        // Long symbols, also across the lexer's buffer refills (the slow path).
        for pad in [0, 64 * 1024 - 20] {
            let text = format!("{} {longest} e4 {longest}a", " ".repeat(pad));
            let mut lx = Lexer::new(text.as_bytes());
            assert_eq!(lx.next_token().unwrap().unwrap().kind, TokenKind::Move);
            assert_eq!(lx.move_text(), longest);
            assert_eq!(lx.next_token().unwrap().unwrap().kind, TokenKind::Move);
            assert_eq!(lx.move_text(), "e4");
            let e = lx.next_token().unwrap_err();
            assert!(e.to_string().ends_with("symbol too long"), "{e}");
        }
        let mut lx = Lexer::new(&b"Nf3"[..]);
        lx.next_token().unwrap();
        assert_eq!(lx.move_text(), "Nf3");
    }

    #[test]
    fn tokens_of_import_format() {
        let text = "\u{feff}[Event \"a \\\"b\\\" c\"]\r\n\r\n1.e4 {x} e5 $1 2. Nf3!? ; c\n% esc\n2... Nc6 (2... d6) 1/2-1/2";
        assert_eq!(
            kinds(text),
            [
                r#"Tag("Event", "a \"b\" c")"#,
                "BlankLine",
                "Move(e4)",
                "Move(e5)",
                "Move(Nf3)",
                "Move(Nc6)",
                "VariationStart",
                "Move(d6)",
                "VariationEnd",
                r#"Result("1/2-1/2")"#,
            ]
        );
    }

    /// A reader that hands out one byte per read, as a slow pipe may.
    struct ByteAtATime<'a>(&'a [u8]);

    impl std::io::Read for ByteAtATime<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    /// Everything a lexer says about `input`, token by token: kind, position, text, the
    /// warnings, the bytes consumed and where the line began; an error ends it. After a move
    /// the bytes consumed may or may not count the spaces that follow it (the slice path takes
    /// those in its buffer with the move), and after a tag its line end: they are compared at
    /// the next token instead.
    fn transcript<R: Read>(mut lx: Lexer<R>) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let step = lx.next_token();
            let warnings = lx.take_warnings();
            let token = step.as_ref().ok().copied().flatten();
            let at = match token.map(|t| t.kind) {
                Some(TokenKind::Move) => format!("{:?}", (lx.line(), lx.line_offset())),
                // A tag read whole may have taken its line end, the byte path not yet:
                // the position is compared at the next token. Where the tag's line
                // starts is known either way.
                Some(TokenKind::Tag) => format!("{:?}", token.map(|t| lx.line_start(t.line))),
                _ => format!("{:?}", (lx.line(), lx.consumed(), lx.line_offset())),
            };
            match step {
                Ok(Some(t)) => {
                    let text = match t.kind {
                        TokenKind::Move => lx.move_text().to_string(),
                        TokenKind::Tag => format!("{:?}", lx.tag_pair()),
                        _ => String::new(),
                    };
                    out.push(format!("{t:?} {text} {warnings:?} {at:?}"));
                }
                Ok(None) => {
                    out.push(format!("end {at:?}"));
                    return out;
                }
                Err(e) => {
                    out.push(format!("{e} {warnings:?} {at:?}"));
                    return out;
                }
            }
        }
    }

    proptest::proptest! {
        /// Text taken from the buffer a slice at a time (move numbers' dots, one-line comments,
        /// whole tags) is read as the byte-by-byte path reads it: a reader that hands out one
        /// byte per read leaves the lexer nothing but that path.
        #[test]
        fn slices_and_single_bytes_read_alike(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "[Event \"x\"]", "[E \"x\\\ny\"]", "[Time+Zone \"1\"]", "[A-b:c \"\u{e9}\"]", "[ Bad", "[9x \"\"]",
                "[ Site\t\"a b\" ]", "[Q \"a \\\"q\\\" b\"]", "[In \"say \"hi\" now\"]", "[V \"\u{e9}t\u{e9}\"]",
                "[N\"v\"]", "[W \"x\"", "[_a \"\"]",
                "12.", "12...", "3. ", "1...", "..", "Nf3", "e4", "exd8=Q+", "O-O", "1-0", "*",
                "{ [%clk 0:03:00] }", "{a\u{e9}b}", "{two\nlines}", "{", "}", "$1", "!?",
                "(", ")", " ", "  ", "\n", "\r\n", "\n\n", ";c\n", "\t", "\u{e9}",
            ]), 0..40)
        ) {
            let text = parts.concat();
            let whole = transcript(Lexer::new(text.as_bytes()));
            let bytes = transcript(Lexer::new(ByteAtATime(text.as_bytes())));
            proptest::prop_assert_eq!(whole, bytes, "{:?}", text);
        }
    }

    #[test]
    fn a_bom_split_across_reads_is_skipped() {
        let mut lx = Lexer::new(ByteAtATime("\u{feff}[Event \"a\"]".as_bytes()));
        let t = lx.next_token().unwrap().unwrap();
        assert_eq!(t.kind, TokenKind::Tag);
        assert_eq!(lx.tag_pair(), ("Event".into(), "a".into()));
        // Two of its three bytes and then the end: an error, not a hang or a panic.
        let mut lx = Lexer::new(ByteAtATime(&[0xEF, 0xBB]));
        assert!(lx.next_token().is_err());
    }

    #[test]
    fn latin1_tag_values_are_kept_lossily() {
        let mut lx = Lexer::new(&b"[White \"M\xfcller\"]"[..]);
        let t = lx.next_token().unwrap().unwrap();
        assert_eq!(t.kind, TokenKind::Tag);
        assert_eq!(lx.tag_pair(), ("White".into(), "M\u{fffd}ller".into()));
    }

    /// Tags read in place (whole in the buffer, plain) and tags read byte by byte (an
    /// escape, a long name, split across reads) alternate: each pair reads as written, the
    /// byte path's never shadowed by the last in-place one, nor the other way round.
    #[test]
    fn tags_read_in_place_and_byte_by_byte_alternate() {
        let text = b"[Event \"a\"]\n[Site \"b \\\"c\\\" d\"]\n[Date \"e\"]\n[Round\t \"\\\\f\"]\n[W \"g\"]\n";
        let want = [
            ("Event", "a"),
            ("Site", "b \"c\" d"),
            ("Date", "e"),
            ("Round", "\\f"),
            ("W", "g"),
        ];
        fn pairs<R: std::io::Read>(mut lx: Lexer<R>) -> Vec<(String, String)> {
            let mut out = Vec::new();
            while let Some(t) = lx.next_token().expect("reads") {
                if t.kind == TokenKind::Tag {
                    let (name, value) = lx.tag_pair();
                    out.push((name.into_owned(), value.into_owned()));
                }
            }
            out
        }
        let want: Vec<(String, String)> = want
            .iter()
            .map(|&(n, v)| (n.to_string(), v.to_string()))
            .collect();
        assert_eq!(pairs(Lexer::new(&text[..])), want);
        assert_eq!(pairs(Lexer::new(ByteAtATime(&text[..]))), want);
    }

    /// The error a text ends in, read whole and a byte per read (comments and tag values are
    /// skipped a slice at a time: lines and columns must come out as byte by byte).
    fn last_error(text: &[u8]) -> [String; 2] {
        fn run<R: std::io::Read>(mut lx: Lexer<R>) -> String {
            loop {
                match lx.next_token() {
                    Ok(Some(_)) => {}
                    Ok(None) => return "no error".to_string(),
                    Err(e) => return e.to_string(),
                }
            }
        }
        [run(Lexer::new(text)), run(Lexer::new(ByteAtATime(text)))]
    }

    #[test]
    fn comments_and_tag_values_keep_lines_and_columns() {
        let expect = |text: &[u8], error: &str| {
            for got in last_error(text) {
                assert_eq!(got, error, "{:?}", String::from_utf8_lossy(text));
            }
        };
        // Characters, not bytes, count: é is two bytes and one column.
        expect(
            "{ é\n  cé } @".as_bytes(),
            "line 2, column 8: unexpected '@'",
        );
        expect("{ é } e4 @".as_bytes(), "line 1, column 10: unexpected '@'");
        // A quote not before `]` is kept as text: the value then runs to the end.
        expect(
            "[Event \"é x\" x".as_bytes(),
            "line 1, column 15: tag value is not closed on its line",
        );
        expect(
            "[Event \"é x\"]]".as_bytes(),
            "line 1, column 14: unexpected ']'",
        );
        expect(
            "[Event \"a\\\"é\"]\n@".as_bytes(),
            "line 2, column 1: unexpected '@'",
        );
        expect(
            "[Event \"é\n".as_bytes(),
            "line 1, column 10: tag value is not closed on its line",
        );
        // A comment longer than the read buffer, over many lines.
        let mut long = b"{".to_vec();
        for _ in 0..50_000 {
            long.extend_from_slice("é\n".as_bytes());
        }
        long.extend_from_slice(b"ab } @");
        expect(&long, "line 50001, column 6: unexpected '@'");
    }

    /// Tag lines whose `]` or line end fall at the end of the lexer's 64 KiB buffer, with `\n`
    /// and `\r\n` line ends, read as the byte path reads them.
    #[test]
    fn tags_at_the_buffer_edge_read_as_byte_by_byte() {
        for line_end in ["\n", "\r\n"] {
            let tag = format!("[Event \"x\"]{line_end}");
            for shift in 0..tag.len() + 2 {
                let pad = 64 * 1024 - shift;
                let mut text = format!("{{{}}}\n", "a".repeat(pad - 3));
                text.push_str(&tag.repeat(3));
                text.push_str(line_end);
                text.push_str("1. e4 *");
                assert_eq!(
                    transcript(Lexer::new(text.as_bytes())),
                    transcript(Lexer::new(ByteAtATime(text.as_bytes()))),
                    "{line_end:?}, shift {shift}"
                );
            }
        }
    }

    /// After a tag ends a game (a tag inside a variation), the skip to the next game starts as
    /// the byte path's does: the error names the tag's line, and the tag's line end counts
    /// towards the limit (junk of exactly the limit after it is one byte too many).
    #[test]
    fn recovery_after_a_tag_that_took_its_line_end_is_the_byte_paths() {
        fn after_the_tag<R: Read>(mut lx: Lexer<R>) -> String {
            loop {
                match lx.next_token() {
                    Ok(Some(t)) if t.kind == TokenKind::Tag && t.line == 2 => break,
                    Ok(Some(_)) => {}
                    other => return format!("no tag on line 2: {other:?}"),
                }
            }
            match lx.recover_after_tag() {
                Ok(()) => format!("recovered at line {}", lx.line()),
                Err(e) => e.to_string(),
            }
        }
        for line_end in ["\n", "\r\n"] {
            for junk in [MAX_RESYNC_BYTES as usize - 4, MAX_RESYNC_BYTES as usize] {
                let mut text = format!("1. e4 (e5\n[Bad \"x\"]{line_end}").into_bytes();
                text.extend(b"x\n".iter().cycle().take(junk));
                let whole = after_the_tag(Lexer::new(&text[..]));
                let bytes = after_the_tag(Lexer::new(ByteAtATime(&text)));
                assert_eq!(whole, bytes, "{line_end:?}, {junk} bytes");
                if junk == MAX_RESYNC_BYTES as usize {
                    assert!(whole.contains("unreadable game at line 2 "), "{whole}");
                } else {
                    assert!(whole.starts_with("recovered"), "{whole}");
                }
            }
        }
    }

    #[test]
    fn positions_and_errors() {
        let mut lx = Lexer::new("1. e4\n  @".as_bytes());
        lx.next_token().unwrap();
        let e = lx.next_token().unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 3: unexpected '@'");
        let mut lx = Lexer::new("{ open".as_bytes());
        assert!(lx.next_token().is_err());
        let mut lx = Lexer::new("[Event \"x".as_bytes());
        assert!(lx.next_token().is_err());
    }
}
