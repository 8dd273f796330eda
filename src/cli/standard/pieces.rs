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
    (size / (threads as u64 * 16)).clamp(1 << 20, 32 << 20)
}

/// The cuts of a file: the first at its start, then the first line at or after every
/// `piece_bytes` that begins with `[` and follows a blank line. One pass over the bytes,
/// looking only at line ends.
pub fn plan(input: &mut impl Read, piece_bytes: u64) -> io::Result<Vec<Cut>> {
    let mut cuts = vec![Cut { offset: 0, line: 1 }];
    let mut chunk = vec![0u8; 1 << 20];
    let mut base = 0u64; // offset of chunk[0]
    let mut line = 1u64; // the line that starts at `line_start`
    let mut line_start = 0u64;
    let mut last_blank = false; // the line before `line_start` was blank
    let mut previous_byte = 0u8; // the byte before chunk[0]
    let mut target = piece_bytes;
    loop {
        let n = input.read(&mut chunk)?;
        if n == 0 {
            return Ok(cuts);
        }
        let bytes = &chunk[..n];
        // A line start found at the end of the last chunk, its first byte in this one.
        if line_start == base && last_blank && line_start >= target && bytes[0] == b'[' {
            cuts.push(Cut {
                offset: line_start,
                line,
            });
            target = line_start + piece_bytes;
        }
        for i in memchr::memchr_iter(b'\n', bytes) {
            let at = base + i as u64;
            let before = if i > 0 { bytes[i - 1] } else { previous_byte };
            last_blank = at == line_start || (at == line_start + 1 && before == b'\r');
            line += 1;
            line_start = at + 1;
            if last_blank && line_start >= target && i + 1 < n && bytes[i + 1] == b'[' {
                cuts.push(Cut {
                    offset: line_start,
                    line,
                });
                target = line_start + piece_bytes;
            }
        }
        previous_byte = bytes[n - 1];
        base += n as u64;
    }
}

/// How a piece's reading ended.
#[derive(Debug)]
pub enum PieceEnd {
    /// The next piece's cut was confirmed: a game starts cleanly there.
    Confirmed,
    /// The reader came to the end of the file (the last piece, or one whose end was no game
    /// start and which read on to the end).
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

/// Reads and replays the games of the piece from `cut` to `end` (`None`: the last piece).
/// Once a piece reads on past its end, no later piece is needed: `needed` (the first piece
/// not needed) drops to its index and the later pieces stop early.
fn read_piece(
    path: &Path,
    index: usize,
    cut: Cut,
    end: Option<u64>,
    default_variant: Option<&'static str>,
    needed: &AtomicUsize,
) -> PieceResult {
    let failed = |replays, e| PieceResult {
        replays,
        end: PieceEnd::Failed(e),
    };
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) => return failed(Vec::new(), e),
    };
    if let Err(e) = file.seek(SeekFrom::Start(cut.offset)) {
        return failed(Vec::new(), e);
    }
    let mut reader = if cut.offset == 0 {
        PgnReader::new(file)
    } else {
        PgnReader::starting_at_line(file, cut.line)
    };
    let mut end = end;
    let mut replays = Vec::new();
    loop {
        if index >= needed.load(Ordering::Relaxed) {
            return PieceResult {
                replays,
                end: PieceEnd::EndOfFile,
            };
        }
        let Some(read) = read_game(&mut reader, default_variant) else {
            return PieceResult {
                replays,
                end: PieceEnd::EndOfFile,
            };
        };
        let game = match read {
            Ok((game, _)) => game,
            Err(e) => return failed(replays, e),
        };
        if let Some(next) = end {
            if reader.clean_start().map(|o| cut.offset + o) == Some(next) {
                return PieceResult {
                    replays,
                    end: PieceEnd::Confirmed,
                };
            }
        }
        replays.push(game.replay());
        if let Some(next) = end {
            if cut.offset + reader.consumed() > next {
                // The cut was inside a game: this reader is the file's from here on.
                end = None;
                needed.fetch_min(index + 1, Ordering::Relaxed);
            }
        }
    }
}

/// Reads the pieces of the file at `path` from `cuts`, `window` at a time in parallel on the
/// current thread pool, and hands each piece's result to `emit` in file order. Stops after a
/// piece that read to the end of the file or failed.
pub fn read_all(
    path: &Path,
    cuts: &[Cut],
    window: usize,
    default_variant: Option<&'static str>,
    mut emit: impl FnMut(PieceResult, u64) -> io::Result<bool>,
) -> io::Result<()> {
    let needed = AtomicUsize::new(cuts.len());
    let mut first = 0;
    while first < cuts.len() {
        let last = (first + window.max(1)).min(cuts.len());
        let results: Vec<PieceResult> = (first..last)
            .into_par_iter()
            .map(|k| {
                let end = cuts.get(k + 1).map(|c| c.offset);
                read_piece(path, k, cuts[k], end, default_variant, &needed)
            })
            .collect();
        for (k, result) in (first..).zip(results) {
            let reached = cuts.get(k + 1).map_or(u64::MAX, |c| c.offset);
            if !emit(result, reached)? {
                return Ok(());
            }
        }
        first = last;
    }
    Ok(())
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
        let cuts = plan(&mut text.as_bytes(), 1).expect("in memory");
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
        let cuts = plan(&mut text.as_bytes(), 1).expect("in memory");
        assert_eq!(
            cuts[1..],
            [Cut {
                offset: 1 << 20,
                line: 3
            }]
        );
    }
}
