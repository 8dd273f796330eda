//! `standard validate --jobs N` on a plain file: reading in parallel, by pieces of the file.
//!
//! One reader reading the whole file is the serial part of validation, so with more than one
//! thread the file is cut into pieces where games seem to start (`notation::pgn::cuts`) and
//! each piece is read and replayed by a reader of its own, started at
//! its cut's byte offset. A cut is a guess until the reader of the piece
//! before it reaches it: only when that reader says a game starts cleanly exactly there
//! (`PgnReader::clean_start`) does every game after it read as one reader of the whole file
//! reads it. A guess the reader does not confirm (a blank line and a tag line inside a
//! comment, say) ends the parallel reading: that piece's reader goes on alone to the end of
//! the file and the later pieces' work is dropped. Games are numbered across the file and
//! reported in file order, so the output is `--jobs 1`'s, byte for byte.
//!
//! A cut's line number is not known when the planner does not count lines
//! (`cuts::Seeker`): its piece is read with lines counted from 1, which changes nothing until
//! a verdict names a line (a warning, an unreadable game). Then the piece's line is found
//! (`cuts::LineIndex`, mostly from the lines the readers of the pieces before it counted)
//! and a reader with the file's line numbers takes over from the last clean game start.
//!
//! Whichever thread finishes a piece reports the pieces now next in file order and starts the
//! next ones (a few per thread ahead of the reporting): the reporting runs beside the reading,
//! and no thread waits for a batch's slowest piece (only, briefly, for the lock while another
//! reports).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use chessrules::notation::pgn::cuts::{Cut, CutPlan, LineIndex};
use chessrules::notation::pgn::PgnReader;
use chessrules::variants::standard::bounded::read_game_replayed;
use chessrules::variants::standard::replay::{Replay, Verdict};

/// The size of a piece for a file of `size` bytes read by `threads` threads: enough pieces
/// that the threads finish together, few enough that each reader's start-up is nothing.
pub fn piece_bytes(size: u64, threads: usize) -> u64 {
    (size / (threads as u64 * 16)).clamp(1 << 20, 8 << 20)
}

/// The smallest piece, where pieces shrink towards the end of the file
/// (`Seeker::shrinking`): a few milliseconds' reading, so that the threads finish within
/// that of each other, and still many times a reader's start-up.
pub const LEAST_PIECE: u64 = 256 << 10;

/// Where and why a piece's reading stopped (a reading's end, not a game's).
pub enum PieceStop {
    /// The next piece's cut was confirmed: a game starts cleanly there.
    Confirmed,
    /// The cut after the piece was inside a game (a blank line and a tag line in a comment):
    /// this reader, past the cut, is the one that reads the rest of the file; with the
    /// offset it started at (the piece's start, or where a reader with the file's lines took
    /// over), for the progress line.
    ReadsOn(Box<PgnReader<File>>, u64),
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
    pub end: PieceStop,
}

/// A reader of the file at `path` from byte `offset` on, which is the start of line `line`.
fn reader_at(path: &Path, offset: u64, line: u64) -> io::Result<PgnReader<File>> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(offset))?;
    Ok(PgnReader::starting_at_line(file, line))
}

/// Whether a verdict's text holds a line number (a warning's or a syntax error's position):
/// such a verdict is only right from a reader that knows the file's lines.
fn names_a_line(replay: &Replay) -> bool {
    !replay.warnings.is_empty() || matches!(replay.verdict, Verdict::Unreadable { .. })
}

/// How a reading of a piece with its lines counted from 1 ended.
enum Reading {
    /// Nothing read depends on the file's line numbers (or they were known).
    Done(PieceResult),
    /// A verdict names a line, the reading failed, or it goes on past the piece: from where
    /// this says, the piece must be read with the file's line numbers.
    NeedsLines(Resume),
}

/// Where a piece read with its lines counted from 1 goes on with the file's lines: the start
/// of a game that starts cleanly (a reader started there reads what one reader of the whole
/// file reads), or the piece's start; that line as counted; and the verdicts before it.
struct Resume {
    offset: u64,
    counted_line: u64,
    replays: Vec<Replay>,
}

/// Reads and replays the games of piece `index`, from `cut` to the next cut at byte `end`.
/// A piece that reads past its end stops there and hands its reader on; every later piece
/// is then not needed: `needed` (the first piece not needed) drops to the next index, and
/// the later pieces stop early. A piece whose line is not known is read with lines counted
/// from 1; from the first game that needs the file's lines (or from the last clean game
/// start before it), it is read on with them.
fn read_piece(job: &Job<'_>, index: usize, cut: Cut, end: u64) -> PieceResult {
    let (mut offset, mut line, mut replays) = (cut.offset, cut.line, Vec::new());
    // Twice at most: a reading that knows its lines never needs them.
    loop {
        let resume = match read_from(job, index, offset, line, end, replays) {
            Reading::Done(result) => return result,
            Reading::NeedsLines(resume) => resume,
        };
        let stop = |replays, end| PieceResult { replays, end };
        if index >= job.needed.load(Ordering::Relaxed) {
            return stop(resume.replays, PieceStop::Cancelled);
        }
        match job.lines.line_at(cut.offset) {
            Ok(first) => line = Some(first + resume.counted_line - 1),
            Err(e) => return stop(resume.replays, PieceStop::Failed(e)),
        }
        (offset, replays) = (resume.offset, resume.replays);
    }
}

/// [`read_piece`] from `offset` after the verdicts `replays`, `offset` being the start of line
/// `line` when it is known; when it is not (`offset` is then the piece's start), lines are
/// counted from 1 until something read needs the file's.
fn read_from(
    job: &Job<'_>,
    index: usize,
    offset: u64,
    line: Option<u64>,
    end: u64,
    mut replays: Vec<Replay>,
) -> Reading {
    let counted = line.is_some();
    let done = |replays, end| Reading::Done(PieceResult { replays, end });
    let mut reader = match reader_at(job.path, offset, line.unwrap_or(1)) {
        Ok(r) => r,
        Err(e) => return done(replays, PieceStop::Failed(e)),
    };
    // Counting lines from 1: the last game start a reader with the file's lines may take
    // over from, as (offset, counted line, verdicts before it).
    let mut last_clean = (offset, 1, replays.len());
    let resume = |replays: Vec<Replay>, (offset, counted_line, before): (u64, u64, usize)| {
        let mut replays = replays;
        replays.truncate(before);
        Reading::NeedsLines(Resume {
            offset,
            counted_line,
            replays,
        })
    };
    loop {
        if index >= job.needed.load(Ordering::Relaxed) {
            return done(replays, PieceStop::Cancelled);
        }
        let Some(read) = read_game_replayed(&mut reader, job.default_variant) else {
            return done(replays, PieceStop::EndOfFile);
        };
        let game = match read {
            Ok((game, _)) => game,
            // The error may name a line.
            Err(_) if !counted => return resume(replays, last_clean),
            Err(e) => return done(replays, PieceStop::Failed(e)),
        };
        let clean = reader.clean_start().map(|o| offset + o);
        if clean == Some(end) {
            // The game just read starts the next piece, on the line it names.
            let next_line = reader.game_line();
            match line {
                Some(_) => job.lines.line_is(end, next_line),
                None => job
                    .lines
                    .lines_between(offset, end, next_line.saturating_sub(1)),
            }
            return done(replays, PieceStop::Confirmed);
        }
        if let (false, Some(start)) = (counted, clean) {
            last_clean = (start, reader.game_line(), replays.len());
        }
        let replay = game.into_replay();
        if !counted && names_a_line(&replay) {
            return resume(replays, last_clean);
        }
        replays.push(replay);
        if offset + reader.consumed() > end {
            if !counted {
                // This reader would read the rest of the file: one that knows its lines
                // takes over from this game (or before it).
                return resume(replays, last_clean);
            }
            // The cut was inside a game: this reader is the file's from here on.
            job.needed.fetch_min(index + 1, Ordering::Relaxed);
            return done(replays, PieceStop::ReadsOn(Box::new(reader), offset));
        }
    }
}

/// The reader left to read the rest of the file one game after another, with the offset it
/// started at, if any is left.
type Rest = Option<(PgnReader<File>, u64)>;

/// What the file's reading by pieces has come to, shared by the pool's threads: the plan, the
/// pieces read but not yet reported, and the report writer. Whichever thread finishes a piece
/// reports every piece now next in file order and starts new ones, so no thread waits for a
/// window's slowest piece and reporting runs beside the reading.
struct Shared<'a, P, E> {
    planner: &'a mut P,
    /// The next piece's cut, if any is left.
    next: Option<Cut>,
    /// The index the next piece started will have.
    started: usize,
    /// Pieces read and not yet reported, by index, with the offset each ends at.
    read: BTreeMap<usize, (PieceResult, u64)>,
    /// The index of the next piece to report.
    reported: usize,
    /// Planning stopped before the end of the file: no piece starts after that.
    plan_stopped: Option<PlanStop>,
    /// Set when the reading by pieces is over: the reader left to read the rest, or the error.
    outcome: Option<io::Result<Rest>>,
    emit: &'a mut E,
}

/// Why no piece starts after the ones started; what it means comes once they are reported.
enum PlanStop {
    /// Finding the next cut failed: the error.
    Failed(io::Error),
    /// The planner gave up at this cut (no game start for many pieces' bytes): what follows
    /// it, of any size, is read as a stream.
    RestFrom(Cut),
}

/// What every piece's reading needs besides the shared state.
struct Job<'a> {
    path: &'a Path,
    default_variant: Option<&'static str>,
    needed: &'a AtomicUsize,
    /// The file's lines at the cuts, as they come to be known.
    lines: &'a LineIndex,
    /// Most pieces started and not yet reported.
    ahead: usize,
}

impl<P: CutPlan, E: FnMut(&[Replay], u64) -> io::Result<bool>> Shared<'_, P, E> {
    /// The next piece to read, as (index, cut, the offset it ends at), while the plan has one
    /// and fewer than `ahead` pieces are waiting to be reported.
    fn take_piece(&mut self, ahead: usize) -> Option<(usize, Cut, u64)> {
        if self.outcome.is_some() || self.plan_stopped.is_some() {
            return None;
        }
        if self.started - self.reported >= ahead {
            return None;
        }
        let cut = self.next?;
        self.next = match self.planner.next_cut() {
            Ok(next) => next,
            Err(e) => {
                // The games before this piece are still reported; then the error.
                self.plan_stopped = Some(PlanStop::Failed(e));
                return None;
            }
        };
        if self.next.is_none() && self.planner.gave_up() {
            self.plan_stopped = Some(PlanStop::RestFrom(cut));
            return None;
        }
        // The last piece, read to the end of the file: at most the planner's look-ahead of
        // pieces long, since it found the end.
        let index = self.started;
        self.started += 1;
        Some((index, cut, self.next.map_or(u64::MAX, |c| c.offset)))
    }

    /// Reports the pieces now next in file order, and settles the outcome when one ends the
    /// reading by pieces.
    fn report_ready(&mut self, needed: &AtomicUsize) {
        while self.outcome.is_none() {
            let Some((result, end)) = self.read.remove(&self.reported) else {
                break;
            };
            self.reported += 1;
            let outcome = match (self.emit)(&result.replays, end) {
                Err(e) => Some(Err(e)),
                Ok(go_on) => match result.end {
                    PieceStop::Confirmed if go_on => None,
                    PieceStop::ReadsOn(reader, from) if go_on => Some(Ok(Some((*reader, from)))),
                    PieceStop::Failed(e) => Some(Err(e)),
                    _ => Some(Ok(None)),
                },
            };
            if outcome.is_some() {
                // The pieces still being read are not needed.
                needed.store(0, Ordering::Relaxed);
                self.outcome = outcome;
            }
        }
    }
}

/// Reads piece `index` on the pool, reports what is ready, and starts the pieces that may
/// start now.
fn read_and_go_on<'s, 'a: 's, P, E>(
    scope: &rayon::ScopeFifo<'s>,
    shared: &'s Mutex<Shared<'a, P, E>>,
    job: &'s Job<'a>,
    (index, cut, end): (usize, Cut, u64),
) where
    P: CutPlan + Send,
    E: FnMut(&[Replay], u64) -> io::Result<bool> + Send,
{
    let result = read_piece(job, index, cut, end);
    let mut state = shared.lock().unwrap_or_else(PoisonError::into_inner);
    state.read.insert(index, (result, end));
    state.report_ready(job.needed);
    while let Some(piece) = state.take_piece(job.ahead) {
        scope.spawn_fifo(move |scope| read_and_go_on(scope, shared, job, piece));
    }
}

/// Reads the pieces of the file at `path` as `planner` cuts it, up to `ahead` pieces at a time
/// on the current thread pool, and hands each piece's games to `emit` in file order, with the
/// offset where the next piece starts (`emit` returns whether to go on). The last piece is read
/// to the end of the file like the others, unless the planner gave up finding cuts before the
/// end. Returns the reader that must read the rest of the file as a stream, one game after
/// another (from a cut not confirmed, or where the planner gave up), with the offset it
/// started at, if any is left.
pub fn read_all<P: CutPlan + Send>(
    path: &Path,
    planner: &mut P,
    ahead: usize,
    default_variant: Option<&'static str>,
    mut emit: impl FnMut(&[Replay], u64) -> io::Result<bool> + Send,
) -> io::Result<Rest> {
    let needed = AtomicUsize::new(usize::MAX);
    let lines = LineIndex::new(path);
    let next = planner.next_cut()?;
    let job = Job {
        path,
        default_variant,
        needed: &needed,
        lines: &lines,
        ahead: ahead.max(1),
    };
    let shared = Mutex::new(Shared {
        planner,
        next,
        started: 0,
        read: BTreeMap::new(),
        reported: 0,
        plan_stopped: None,
        outcome: None,
        emit: &mut emit,
    });
    // First in, first out: pieces are read in file order, so each is reported soon after it
    // is read.
    rayon::scope_fifo(|scope| {
        let mut state = shared.lock().unwrap_or_else(PoisonError::into_inner);
        while let Some(piece) = state.take_piece(job.ahead) {
            let (shared, job) = (&shared, &job);
            scope.spawn_fifo(move |scope| read_and_go_on(scope, shared, job, piece));
        }
    });
    // Every piece started has been read and reported, up to the first that ended the reading.
    let state = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    match (state.outcome, state.plan_stopped) {
        (Some(outcome), _) => outcome,
        // The pieces before the one that could not be planned, reported; then the error.
        (None, Some(PlanStop::Failed(e))) => Err(e),
        (None, Some(PlanStop::RestFrom(cut))) => {
            let line = match cut.line {
                Some(line) => line,
                None => lines.line_at(cut.offset)?,
            };
            reader_at(path, cut.offset, line).map(|r| Some((r, cut.offset)))
        }
        (None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessrules::notation::pgn::cuts::Planner;
    use std::io::Read;

    /// The first `at` bytes of `data`, then a read that fails.
    struct BreaksAt {
        data: Vec<u8>,
        at: usize,
        pos: usize,
    }

    impl Read for BreaksAt {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.pos >= self.at {
                return Err(io::Error::other("the disk failed"));
            }
            let n = buf.len().min(self.at - self.pos);
            buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
            self.pos += n;
            Ok(n)
        }
    }

    /// `size` bytes of games, parted by blank lines for their first `parted` bytes, written
    /// to a file of this test's own: its path and its text.
    fn games_file(name: &str, size: usize, parted: usize) -> (std::path::PathBuf, String) {
        let mut text = String::new();
        let mut games = 0;
        while text.len() < size {
            games += 1;
            let gap = if text.len() < parted { "\n" } else { "" };
            text.push_str(&format!(
                "[Event \"{games}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{ game {games} }} 1-0\n{gap}"
            ));
        }
        let path =
            std::env::temp_dir().join(format!("chessrules-{name}-{}.pgn", std::process::id()));
        std::fs::write(&path, &text).expect("written");
        (path, text)
    }

    /// A pool of `threads` threads.
    fn pool_of(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
    }

    /// Every game's verdict from one reader of the whole file at `path`.
    fn one_reader(path: &Path) -> Vec<Replay> {
        let mut reader = PgnReader::new(File::open(path).expect("opens"));
        read_rest(&mut reader)
    }

    /// Every game's verdict from `reader` on.
    fn read_rest(reader: &mut PgnReader<File>) -> Vec<Replay> {
        let mut replays = Vec::new();
        while let Some(read) = read_game_replayed(reader, None) {
            replays.push(read.expect("no read error").0.into_replay());
        }
        replays
    }

    /// The games of `kinds`, one after another: plain, with a warning (a quote in a tag), a
    /// syntax error, without a result (the next game's tag ends it, so that game has no clean
    /// start), with a comment holding a blank line and a tag line, with CRLF line ends.
    fn mixed_games(kinds: &[u8]) -> String {
        let mut text = String::new();
        for (i, kind) in kinds.iter().enumerate() {
            let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { a note on the game }";
            text.push_str(&match kind % 6 {
                0 => format!("[Event \"{i}\"]\n\n{moves} 1-0\n\n"),
                1 => format!("[Event \"{i} \"q\" x\"]\n\n{moves} 1-0\n\n"),
                2 => format!("[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 ) Nc6 *\n\n"),
                3 => format!("[Event \"{i}\"]\n\n{moves}\n"),
                4 => format!("[Event \"{i}\"]\n\n1. e4 {{ a\n\n[Event \"no\"]\n}} e5 *\n\n"),
                _ => format!("[Event \"{i}\"]\r\n\r\n{moves} 0-1\r\n\r\n"),
            });
        }
        text
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]
        /// Pieces cut by a `Seeker` (no lines) and read in parallel give one reader's verdicts,
        /// line numbers included, whatever games fall where: a piece that needs the file's
        /// lines goes on with them from a clean game start.
        #[test]
        fn pieces_cut_without_lines_read_as_one_reader(
            kinds in proptest::collection::vec(proptest::prop_oneof![
                6 => proptest::strategy::Just(0u8),
                1 => 1u8..6,
            ], 200..1500),
            piece in 2_000u64..20_000,
            threads in 1usize..4,
        ) {
            let text = mixed_games(&kinds);
            let path = std::env::temp_dir().join(format!(
                "chessrules-mixed-{}-{piece}-{}.pgn",
                std::process::id(),
                kinds.len()
            ));
            std::fs::write(&path, &text).expect("written");
            let expected = one_reader(&path);
            let pool = pool_of(threads);
            let mut seeker = chessrules::notation::pgn::cuts::Seeker::new(
                File::open(&path).expect("opens"),
                piece,
            );
            let mut got = Vec::new();
            let rest = pool.install(|| {
                read_all(&path, &mut seeker, 4, None, |replays, _| {
                    got.extend_from_slice(replays);
                    Ok(true)
                })
            });
            if let Some((mut rest, _)) = rest.expect("no error") {
                got.extend(read_rest(&mut rest));
            }
            let _ = std::fs::remove_file(&path);
            proptest::prop_assert!(got == expected, "{} games against {}", got.len(), expected.len());
        }
    }

    /// A piece read with its lines counted from 1 (a `Seeker` does not count them) whose
    /// cut proves to be inside a comment reads again with the file's lines before it reads on
    /// through the rest of the file: a syntax error there names the file's line, as one
    /// reader's does.
    #[test]
    fn a_piece_without_its_line_reads_on_with_the_files_lines() {
        let piece = 64 << 10;
        let game =
            |i: usize, note: &str| format!("[Event \"{i}\"]\n\n1. e4 {{ {note} }} e5 1-0\n\n");
        let mut text = String::new();
        let mut i = 0;
        let mut add_games_to = |text: &mut String, size: usize| {
            while text.len() < size {
                i += 1;
                text.push_str(&game(i, "quiet"));
            }
        };
        add_games_to(&mut text, piece * 3 / 2);
        // A comment from 1.5 to 4 pieces in, full of lines that look like game starts: the
        // second cut, due two pieces in, falls inside it.
        let bait = "a note\n\n[Event \"not a game\"]\n".repeat(piece * 5 / 2 / 30);
        text.push_str(&game(0, &bait));
        add_games_to(&mut text, piece * 6);
        // The movetext's line, two after the tag's.
        let bad_line = text.matches('\n').count() + 3;
        text.push_str("[Event \"bad\"]\n\n1. e4 e5 2. Nf3 ) Nc6 *\n\n");
        add_games_to(&mut text, piece * 7);
        let path =
            std::env::temp_dir().join(format!("chessrules-reads-on-{}.pgn", std::process::id()));
        std::fs::write(&path, &text).expect("written");
        let expected = one_reader(&path);
        let named = format!("line {bad_line}");
        assert!(
            expected
                .iter()
                .any(|r| r.warnings.iter().any(|w| w.contains(&named))),
            "the game after the comment has a warning naming line {bad_line}"
        );
        for threads in [1, 2, 3] {
            let pool = pool_of(threads);
            let mut seeker = chessrules::notation::pgn::cuts::Seeker::new(
                File::open(&path).expect("opens"),
                piece as u64,
            );
            let mut got = Vec::new();
            let rest = pool.install(|| {
                read_all(&path, &mut seeker, 4, None, |replays, _| {
                    got.extend_from_slice(replays);
                    Ok(true)
                })
            });
            let (mut rest, _) = rest.expect("no error").expect("a piece read on");
            got.extend(read_rest(&mut rest));
            assert!(got == expected, "{threads} threads");
        }
        let _ = std::fs::remove_file(&path);
    }

    /// The offsets of `text`'s cuts `piece` bytes apart, and whether the planner gave up.
    fn cut_offsets(text: &str, piece: u64) -> (Vec<u64>, bool) {
        let mut whole = Planner::new(text.as_bytes(), piece);
        let mut cuts = Vec::new();
        while let Some(cut) = whole.next_cut().expect("reads") {
            cuts.push(cut.offset);
        }
        (cuts, whole.gave_up())
    }

    /// Where the planner gives up finding cuts (games not parted by blank lines, for many
    /// pieces' bytes), what follows its last cut is not read as a piece, of any size and on one
    /// thread, but handed back to be read as a stream, after the pieces before it.
    #[test]
    fn the_rest_after_the_planner_gives_up_is_read_as_a_stream() {
        // Parted by blank lines for the first megabyte only.
        let (path, text) = games_file("rest", 4 << 20, 1 << 20);
        let piece = 64 << 10;
        let (cuts, gave_up) = cut_offsets(&text, piece);
        let last = cuts[cuts.len() - 1];
        assert!(gave_up);
        assert!(
            last < 2 << 20,
            "the last cut is near the first megabyte: {last}"
        );
        for threads in [1, 2, 3] {
            let pool = pool_of(threads);
            let mut planner = Planner::new(File::open(&path).expect("opens"), piece);
            let mut handed = 0;
            let outcome = pool.install(|| {
                read_all(&path, &mut planner, 4, None, |replays, _| {
                    handed += replays.len();
                    Ok(true)
                })
            });
            let rest = outcome.expect("no error").map(|(_, offset)| offset);
            assert_eq!(rest, Some(last), "{threads} threads");
            let before = text[..last as usize].matches("[Event ").count();
            assert_eq!(handed, before, "{threads} threads");
        }
        let _ = std::fs::remove_file(&path);
    }

    /// When finding the cuts fails partway, every game of the pieces before the failure is
    /// handed over, in file order, and then the error, whatever the number of threads.
    #[test]
    fn games_before_a_planning_error_come_in_order_before_it() {
        let (path, text) = games_file("plan", 3 << 20, usize::MAX);
        let piece = 256 << 10;
        // Where the cuts fall, from a planner that reads the whole file.
        let (cuts, _) = cut_offsets(&text, piece);
        // A planner whose reads fail past 1.1 MiB cannot find the cut after the one at ~1 MiB
        // (it finds cuts a megabyte chunk at a time): the pieces before that cut are reported.
        let break_at = (1 << 20) + (100 << 10);
        for threads in [1, 2, 3] {
            let pool = pool_of(threads);
            let mut planner = Planner::new(
                BreaksAt {
                    data: text.clone().into_bytes(),
                    at: break_at,
                    pos: 0,
                },
                piece,
            );
            let mut handed = Vec::new();
            let outcome = pool.install(|| {
                read_all(&path, &mut planner, 4, None, |replays, end| {
                    handed.push((replays.len(), end));
                    Ok(true)
                })
            });
            let error = outcome.err().map(|e| e.to_string());
            assert_eq!(
                error.as_deref(),
                Some("the disk failed"),
                "{threads} threads"
            );
            // Each piece handed over ends where the next cut begins, in order.
            let ends: Vec<u64> = handed.iter().map(|h| h.1).collect();
            assert!(!ends.is_empty(), "{threads} threads");
            assert_eq!(ends, cuts[1..=ends.len()].to_vec(), "{threads} threads");
            // And holds every game before that cut.
            let last = ends[ends.len() - 1] as usize;
            let before = text[..last].matches("[Event ").count();
            let got: usize = handed.iter().map(|h| h.0).sum();
            assert_eq!(got, before, "{threads} threads");
        }
        let _ = std::fs::remove_file(&path);
    }
}
