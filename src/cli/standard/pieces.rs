//! `standard validate --jobs N` on a plain file: reading in parallel, by pieces of the file.
//!
//! One reader reading the whole file is the serial part of validation, so with more than one
//! thread the file is cut into pieces where games seem to start (`notation::pgn::cuts`) and
//! each piece is read and replayed by a reader of its own, started at
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

use chessrules::notation::pgn::cuts::{Cut, Planner};
use chessrules::notation::pgn::PgnReader;
use chessrules::variants::standard::bounded::read_game_replayed;
use chessrules::variants::standard::replay::Replay;
use rayon::prelude::*;

/// The size of a piece for a file of `size` bytes read by `threads` threads: enough pieces
/// that the threads finish together, few enough that each reader's start-up is nothing.
pub fn piece_bytes(size: u64, threads: usize) -> u64 {
    (size / (threads as u64 * 16)).clamp(1 << 20, 8 << 20)
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
        let Some(read) = read_game_replayed(&mut reader, default_variant) else {
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

/// What [`emit_in_order`] found: go on with the next window, or stop with the reader that
/// must read the rest of the file (and the offset it started at), if any is left to read.
enum Flow {
    Go,
    Stop(Option<(PgnReader<File>, u64)>),
}

/// Hands a window's pieces (each with the offset its piece ends at and the cut it began at) to
/// `emit` in file order, and says whether the next window's pieces are wanted.
fn emit_in_order(
    window: Vec<(PieceResult, u64, Cut)>,
    emit: &mut impl FnMut(&[Replay], u64) -> io::Result<bool>,
) -> io::Result<Flow> {
    for (result, end, cut) in window {
        let go_on = emit(&result.replays, end)?;
        match result.end {
            PieceEnd::Confirmed if go_on => {}
            PieceEnd::ReadsOn(reader) if go_on => {
                return Ok(Flow::Stop(Some((*reader, cut.offset))))
            }
            PieceEnd::Failed(e) => return Err(e),
            _ => return Ok(Flow::Stop(None)),
        }
    }
    Ok(Flow::Go)
}

/// Reads the pieces of the file at `path` as `planner` cuts it, `window` at a time in parallel
/// on the current thread pool, and hands each piece's games to `emit` in file order, with the
/// offset where the next piece starts (`emit` returns whether to go on). A window's games are
/// handed over while the next window is read, and the last piece is read to the end of the
/// file like the others: reporting and the last piece were the serial parts of `--jobs 2`.
/// Returns the reader that must read the rest of the file, one game after another (a piece
/// whose cut after it was not confirmed), with the offset it started at, if any is left.
pub fn read_all(
    path: &Path,
    planner: &mut Planner<impl Read>,
    window: usize,
    default_variant: Option<&'static str>,
    mut emit: impl FnMut(&[Replay], u64) -> io::Result<bool> + Send,
) -> io::Result<Option<(PgnReader<File>, u64)>> {
    let needed = AtomicUsize::new(usize::MAX);
    let mut next = planner.next_cut()?;
    let mut index = 0;
    let mut pending = Vec::new();
    loop {
        // This window's cuts, each piece ending where the next cut begins, the last piece of
        // the file at its end.
        let mut cuts = Vec::new();
        while cuts.len() < window.max(1) {
            let Some(cut) = next else { break };
            cuts.push(cut);
            next = planner.next_cut()?;
        }
        let ends: Vec<u64> = cuts[1.min(cuts.len())..]
            .iter()
            .map(|c| c.offset)
            .chain((!cuts.is_empty()).then(|| next.map_or(u64::MAX, |c| c.offset)))
            .collect();
        let earlier = std::mem::take(&mut pending);
        let (flow, results) = rayon::join(
            || emit_in_order(earlier, &mut emit),
            || -> Vec<PieceResult> {
                ends.par_iter()
                    .enumerate()
                    .map(|(k, &end)| {
                        read_piece(path, index + k, cuts[k], end, default_variant, &needed)
                    })
                    .collect()
            },
        );
        if let Flow::Stop(rest) = flow? {
            return Ok(rest);
        }
        if cuts.is_empty() {
            return Ok(None);
        }
        index += cuts.len();
        pending = results
            .into_iter()
            .zip(ends)
            .zip(cuts)
            .map(|((r, end), cut)| (r, end, cut))
            .collect();
    }
}
