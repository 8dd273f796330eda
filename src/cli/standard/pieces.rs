//! `standard validate --jobs N` on a plain file: reading in parallel, by pieces of the file.
//!
//! One reader reading the whole file is the serial part of validation, so with more than one
//! thread the file is cut into pieces where games seem to start (a line that begins with `[`
//! after a blank line) and each piece is read and replayed by a reader of its own, started at
//! its cut's byte offset and line number. A cut is a guess until the reader of the piece
//! before it reaches it: only when that reader says a game starts cleanly exactly there
//! (`PgnReader::clean_start`) does every game after it read as one reader of the whole file
//! reads it. A guess the reader does not confirm (a blank line and a tag line inside a
//! comment, say) ends the parallel reading: that piece's reader goes on alone to the end of
//! the file and the later pieces' work is dropped. Games are numbered across the file and
//! reported in file order, so the output is `--jobs 1`'s, byte for byte.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use chessrules::notation::pgn::PgnReader;
use chessrules::variants::standard::bounded::read_game;
use chessrules::variants::standard::replay::Replay;
use rayon::prelude::*;

/// Where a piece starts: a byte offset at a line start, and that line's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Bytes before the piece.
    pub offset: u64,
    /// The 1-based line the piece starts on.
    pub line: u64,
}

/// The size of a piece for a file of `size` bytes read by `threads` threads: enough pieces
/// that the threads finish together, few enough that each reader's start-up is nothing.
pub fn piece_bytes(size: u64, threads: usize) -> u64 {
    (size / (threads as u64 * 16)).clamp(1 << 20, 8 << 20)
}

/// How many pieces' bytes past where a cut was due the planner looks for one before it gives
/// up and leaves the rest of the file as one piece.
const LOOK_AHEAD: u64 = 8;

/// Finds the cuts of a file one after another, as they are needed: the first at its start,
/// then the first line at or after every `piece_bytes` that begins with `[` and follows a
/// blank line. It reads the bytes once, looking only at line ends, a chunk ahead of the
/// pieces being validated (so a huge file's first pieces start at once).
pub struct Planner<R> {
    input: R,
    chunk: Vec<u8>,
    /// Bytes in `chunk`, and the next one to look at.
    len: usize,
    at: usize,
    /// Offset of `chunk[0]` in the file.
    base: u64,
    /// The line that starts at `line_start`, and whether the line before it was blank.
    line: u64,
    line_start: u64,
    last_blank: bool,
    /// The byte before `chunk[0]`.
    previous_byte: u8,
    piece_bytes: u64,
    /// No cut before this offset.
    target: u64,
    started: bool,
    /// No more cuts will come.
    finished: bool,
}

impl<R: Read> Planner<R> {
    /// A planner of `input`'s cuts, about `piece_bytes` apart.
    pub fn new(input: R, piece_bytes: u64) -> Planner<R> {
        Planner {
            input,
            chunk: vec![0u8; 1 << 20],
            len: 0,
            at: 0,
            base: 0,
            line: 1,
            line_start: 0,
            last_blank: false,
            previous_byte: 0,
            piece_bytes: piece_bytes.max(1),
            target: piece_bytes.max(1),
            started: false,
            finished: false,
        }
    }

    fn cut_here(&mut self) -> Cut {
        self.target = self.line_start + self.piece_bytes;
        Cut {
            offset: self.line_start,
            line: self.line,
        }
    }

    /// The next cut; `None` after the last.
    pub fn next_cut(&mut self) -> io::Result<Option<Cut>> {
        if !self.started {
            self.started = true;
            return Ok(Some(Cut { offset: 0, line: 1 }));
        }
        while !self.finished {
            if self.at >= self.len {
                if self.len > 0 {
                    self.previous_byte = self.chunk[self.len - 1];
                }
                self.base += self.len as u64;
                self.len = loop {
                    match self.input.read(&mut self.chunk) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        read => break read?,
                    }
                };
                self.at = 0;
                // No game start for many pieces (games not parted by blank lines): the rest
                // of the file is one piece, read as one stream.
                if self.len == 0
                    || self.base > self.target.saturating_add(LOOK_AHEAD * self.piece_bytes)
                {
                    self.finished = true;
                    break;
                }
                // A line start found at the end of the last chunk, its first byte in this one.
                if self.line_start == self.base
                    && self.last_blank
                    && self.line_start >= self.target
                    && self.chunk[0] == b'['
                {
                    return Ok(Some(self.cut_here()));
                }
            }
            let Some(i) =
                memchr::memchr(b'\n', &self.chunk[self.at..self.len]).map(|i| i + self.at)
            else {
                self.at = self.len;
                continue;
            };
            self.at = i + 1;
            let end = self.base + i as u64;
            let before = if i > 0 {
                self.chunk[i - 1]
            } else {
                self.previous_byte
            };
            self.last_blank =
                end == self.line_start || (end == self.line_start + 1 && before == b'\r');
            self.line += 1;
            self.line_start = end + 1;
            if self.last_blank
                && self.line_start >= self.target
                && i + 1 < self.len
                && self.chunk[i + 1] == b'['
            {
                return Ok(Some(self.cut_here()));
            }
        }
        Ok(None)
    }
}

/// Every cut of `input` (see [`Planner`]).
#[cfg(test)]
fn plan(input: &mut impl Read, piece_bytes: u64) -> io::Result<Vec<Cut>> {
    let mut planner = Planner::new(input, piece_bytes);
    let mut cuts = Vec::new();
    while let Some(cut) = planner.next_cut()? {
        cuts.push(cut);
    }
    Ok(cuts)
}

/// How a piece's reading ended.
pub enum PieceEnd {
    /// The next piece's cut was confirmed: a game starts cleanly there.
    Confirmed,
    /// The cut after the piece was inside a game (a blank line and a tag line in a comment):
    /// this reader, past the cut, is the one that reads the rest of the file.
    ReadsOn(Box<PgnReader<File>>),
    /// A piece after one that reads on: its work is not needed.
    Cancelled,
    /// The reader came to the end of the file before its cut (not expected: a cut is a
    /// line that begins with `[`).
    EndOfFile,
    /// The reading failed after these games (not PGN any more, or an I/O error).
    Failed(io::Error),
}

/// One piece's games, replayed, and how its reading ended.
pub struct PieceResult {
    /// Each game's verdict, in file order.
    pub replays: Vec<Replay>,
    /// How the reading ended.
    pub end: PieceEnd,
}

/// A reader of the file at `path` from `cut` on, with the file's line numbers.
fn reader_at(path: &Path, cut: Cut) -> io::Result<PgnReader<File>> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(cut.offset))?;
    Ok(if cut.offset == 0 {
        PgnReader::new(file)
    } else {
        PgnReader::starting_at_line(file, cut.line)
    })
}

/// Reads and replays the games of piece `index`, from `cut` to the next cut at byte `end`.
/// A piece that reads past its end stops there and hands its reader on; every later piece
/// is then not needed: `needed` (the first piece not needed) drops to the next index, and
/// the later pieces stop early.
fn read_piece(
    path: &Path,
    index: usize,
    cut: Cut,
    end: u64,
    default_variant: Option<&'static str>,
    needed: &AtomicUsize,
) -> PieceResult {
    let done = |replays, end| PieceResult { replays, end };
    let mut reader = match reader_at(path, cut) {
        Ok(r) => r,
        Err(e) => return done(Vec::new(), PieceEnd::Failed(e)),
    };
    let mut replays = Vec::new();
    loop {
        if index >= needed.load(Ordering::Relaxed) {
            return done(replays, PieceEnd::Cancelled);
        }
        let Some(read) = read_game(&mut reader, default_variant) else {
            return done(replays, PieceEnd::EndOfFile);
        };
        let game = match read {
            Ok((game, _)) => game,
            Err(e) => return done(replays, PieceEnd::Failed(e)),
        };
        if reader.clean_start().map(|o| cut.offset + o) == Some(end) {
            return done(replays, PieceEnd::Confirmed);
        }
        replays.push(game.replay());
        if cut.offset + reader.consumed() > end {
            // The cut was inside a game: this reader is the file's from here on.
            needed.fetch_min(index + 1, Ordering::Relaxed);
            return done(replays, PieceEnd::ReadsOn(Box::new(reader)));
        }
    }
}

/// Reads the pieces of the file at `path` as `planner` cuts it, `window` at a time in parallel
/// on the current thread pool, and hands each piece's games to `emit` in file order, with the
/// offset where the next piece starts (`emit` returns whether to go on). Returns the reader
/// that must read the rest of the file, one game after another (the last piece, or one whose
/// cut was not confirmed), with the offset it started at, if any is left to read.
pub fn read_all(
    path: &Path,
    planner: &mut Planner<impl Read>,
    window: usize,
    default_variant: Option<&'static str>,
    mut emit: impl FnMut(&[Replay], u64) -> io::Result<bool>,
) -> io::Result<Option<(PgnReader<File>, u64)>> {
    let needed = AtomicUsize::new(usize::MAX);
    let mut next = planner.next_cut()?;
    let mut index = 0;
    while let Some(first) = next {
        // This window's cuts, each piece ending where the next cut begins; the last cut
        // with no cut after it begins the rest of the file.
        let mut cuts = vec![first];
        next = planner.next_cut()?;
        while cuts.len() < window.max(1) {
            let Some(cut) = next else { break };
            cuts.push(cut);
            next = planner.next_cut()?;
        }
        let ends: Vec<u64> = cuts[1..]
            .iter()
            .chain(next.as_ref())
            .map(|c| c.offset)
            .collect();
        let results: Vec<PieceResult> = ends
            .par_iter()
            .enumerate()
            .map(|(k, &end)| read_piece(path, index + k, cuts[k], end, default_variant, &needed))
            .collect();
        for ((result, &end), &cut) in results.into_iter().zip(&ends).zip(&cuts) {
            let go_on = emit(&result.replays, end)?;
            match result.end {
                PieceEnd::Confirmed if go_on => {}
                PieceEnd::ReadsOn(reader) if go_on => return Ok(Some((*reader, cut.offset))),
                PieceEnd::Failed(e) => return Err(e),
                _ => return Ok(None),
            }
        }
        if next.is_none() {
            let last = cuts[cuts.len() - 1];
            return reader_at(path, last).map(|r| Some((r, last.offset)));
        }
        index += cuts.len();
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_fall_on_tag_lines_after_blank_lines_with_their_line_numbers() {
        let game = "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 *\n\n";
        let text = game.repeat(20);
        let cuts = plan(&mut text.as_bytes(), 100).expect("in memory");
        assert_eq!(cuts[0], Cut { offset: 0, line: 1 });
        assert!(cuts.len() > 2);
        for c in &cuts[1..] {
            let at = c.offset as usize;
            assert!(text[at..].starts_with("[Event"), "{c:?}");
            assert_eq!(text[..at].matches('\n').count() as u64 + 1, c.line);
        }
        for pair in cuts.windows(2) {
            assert!(pair[1].offset >= pair[0].offset + 100);
        }
    }

    #[test]
    fn a_cut_is_found_across_chunk_ends_and_after_crlf_blank_lines() {
        // A game start whose blank line and `[` fall on either side of a 1 MiB read.
        let mut text = "x".repeat((1 << 20) - 2);
        text.push_str("\r\n\r\n[Event \"x\"]\r\n");
        let cuts = plan(&mut text.as_bytes(), 1 << 20).expect("in memory");
        assert_eq!(
            cuts,
            [
                Cut { offset: 0, line: 1 },
                Cut {
                    offset: (1 << 20) + 2,
                    line: 3
                }
            ]
        );
        // The blank line ends a read, its `[` begins the next.
        let mut text = "x".repeat((1 << 20) - 2);
        text.push_str("\n\n[Event \"x\"]\n");
        let cuts = plan(&mut text.as_bytes(), 1 << 20).expect("in memory");
        assert_eq!(
            cuts[1..],
            [Cut {
                offset: 1 << 20,
                line: 3
            }]
        );
    }

    #[test]
    fn no_cut_for_many_pieces_leaves_the_rest_as_one_piece() {
        // Games not parted by blank lines for 12 MiB, then a game start after one.
        let mut text = "[Event \"x\"]\n1. e4 *\n".repeat((12 << 20) / 20);
        text.push_str("\n[Event \"y\"]\n1. d4 *\n");
        let cuts = plan(&mut text.as_bytes(), 1 << 20).expect("in memory");
        assert_eq!(cuts, [Cut { offset: 0, line: 1 }]);
    }
}
