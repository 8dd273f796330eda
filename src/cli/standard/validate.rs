//! `chessrules standard validate GAMES.pgn… [--json] [--jobs N] [--stats]`
//!
//! Streams the file, decompressing it on a thread of its own when it is gzip, bzip2 or zstd
//! (`io::compressed`): one batch of games is replayed on the thread pool while the next batch
//! is read, so memory holds two batches whatever the file size. A batch holds at most
//! `BATCH` games and `BATCH_MOVES` moves; a game longer than `bounded::MOVES_KEPT` moves is
//! replayed as it is read instead of kept, so memory is bounded whatever one game's size.
//! Several files are validated one after another, each game's line naming its file.
//! With more than one thread, a plain file of `PIECES_FROM` bytes or more is first read by
//! pieces in parallel (`pieces`), and what those leave is streamed so. Reports come out in
//! file order. Exit 0 only if every game is legal; 1 if any is not; 3 if the file cannot be
//! read.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use chessrules::io::compressed::{decompressing, decompressing_ahead, Compression};
use chessrules::io::input::open_input;
use chessrules::notation::pgn::PgnReader;
use chessrules::variants::standard::bounded::{read_game, read_game_replayed, ReadGame};
use chessrules::variants::standard::replay::{Replay, Verdict};
use clap::Args;
use rayon::prelude::*;

use super::{json, pieces};

#[derive(Args)]
#[command(
    after_help = "Exit status: 0 if every game is legal, 1 if any is not (or the input is not PGN), 3 if the file cannot be read."
)]
pub struct ValidateArgs {
    /// The PGN files (`-` for standard input), plain or compressed with gzip, bzip2 or zstd
    /// (`.pgn.gz`, `.pgn.bz2`, `.pgn.zst`: recognised by their first bytes). With more than
    /// one, each game's line names its file (text: `FILE: game N: …`; JSON: a `file` field)
    /// and games are numbered per file.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// One JSON object per game and line instead of text.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print games/s and moves/s to standard error at the end.
    #[arg(long)]
    stats: bool,
    /// The rules of games without a `Variant` tag: `standard`, or `chess960` (their FEN tags
    /// in X-FEN or Shredder-FEN; without one, start position 518). A game's own tag wins.
    #[arg(long, value_enum, default_value = "standard")]
    variant: super::GameVariant,
}

/// Games read per batch.
const BATCH: usize = 2048;
/// Moves kept across one batch (a batch closes early when its games reach it).
const BATCH_MOVES: usize = 1 << 18;
/// Bytes of move texts, tags and warnings kept across one batch (long tag values add up).
const BATCH_BYTES: usize = 32 << 20;
/// Games in the first batch, which is read before anything can run beside it: small, so the
/// pool starts early. Each batch after it holds twice as many, up to `BATCH`.
const FIRST_BATCH: usize = 64;

fn read_batch<R: Read>(
    reader: &mut PgnReader<R>,
    default_variant: Option<&'static str>,
    games: usize,
    failed: &mut Option<io::Error>,
) -> io::Result<Vec<ReadGame>> {
    // One thread replays each game as it reads it (its moves still in the cache, none kept);
    // more replay a batch in parallel while the next is read.
    let replay_now = rayon::current_num_threads() == 1;
    // An error found while the last batch was read comes after that batch's games.
    if let Some(e) = failed.take() {
        return Err(e);
    }
    let mut batch = Vec::with_capacity(games);
    let (mut moves, mut bytes) = (0, 0);
    while batch.len() < games && moves < BATCH_MOVES && bytes < BATCH_BYTES {
        // The games read so far are reported before the error that ends the reading.
        if reader.has_failed() && !batch.is_empty() {
            break;
        }
        let read = if replay_now {
            read_game_replayed(reader, default_variant)
        } else {
            read_game(reader, default_variant)
        };
        let Some(read) = read else {
            break;
        };
        let (game, kept) = match read {
            Ok(read) => read,
            Err(e) if batch.is_empty() => return Err(e),
            Err(e) => {
                *failed = Some(e);
                break;
            }
        };
        bytes += kept;
        moves += game.moves_kept();
        batch.push(game);
    }
    Ok(batch)
}

/// The move number as written before a ply: `12.` or `12...` (from the FEN before it).
/// The move number is the FEN's last field of digits: a three-check FEN has its checks
/// (`3+3`) before the clocks, lichess's (`+0+0`) after them.
fn move_label(fen_before: &str, text: &str) -> String {
    let side = fen_before.split(' ').nth(1).unwrap_or("w");
    let number = fen_before
        .split(' ')
        .skip(2)
        .filter(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
        .last()
        .unwrap_or("1");
    let dots = if side == "b" { "..." } else { "." };
    format!("{number}{dots} {text}")
}

/// Appends game `n`'s verdict line (without its line end) to `line`.
fn text_line(line: &mut String, n: u64, r: &Replay) {
    match &r.verdict {
        Verdict::Legal { fen, status } => {
            // `game N: legal, P plies, STATUS, final FEN FEN`, pushed piece by piece: one
            // such line per game read, where `format!` cost 1,400 instructions a line.
            let mut number = itoa::Buffer::new();
            line.push_str("game ");
            line.push_str(number.format(n));
            line.push_str(": legal, ");
            line.push_str(number.format(r.plies));
            line.push_str(if r.plies == 1 { " ply, " } else { " plies, " });
            line.push_str(status.name());
            line.push_str(", final FEN ");
            line.push_str(fen);
        }
        Verdict::Illegal {
            ply,
            text,
            fen_before,
            reason,
        } => {
            let _ = write!(
                line,
                "game {n}: illegal move at ply {ply} ({}): {reason}; FEN before it {fen_before}",
                move_label(fen_before, text)
            );
        }
        Verdict::Unreadable { reason } => {
            let _ = write!(line, "game {n}: unreadable: {reason}");
        }
    }
}

fn json_line(n: u64, r: &Replay, file: Option<&str>) -> String {
    let mut o = json::Object::new();
    if let Some(file) = file {
        o.string("file", file);
    }
    o.number("game", n);
    o.boolean("legal", r.is_legal());
    o.number("plies", r.plies as u64);
    match &r.verdict {
        Verdict::Legal { fen, status } => {
            o.string("fen", fen);
            o.string("status", status.name());
        }
        Verdict::Illegal {
            ply,
            text,
            fen_before,
            reason,
        } => {
            o.number("ply", *ply as u64);
            o.string("move", text);
            o.string("fen", fen_before);
            o.string("error", reason);
        }
        Verdict::Unreadable { reason } => o.string("error", reason),
    }
    if !r.warnings.is_empty() {
        o.strings("warnings", &r.warnings);
    }
    o.finish()
}

/// Games reported together: a run's lines are one text, where a text per game cost an
/// allocation and its release a game.
const REPORT_RUN: usize = 16;

/// The verdicts of games in a row, counted and written as the lines the command prints for
/// them.
#[derive(Default)]
struct Report {
    games: u64,
    illegal: u64,
    /// Plies of the legal games.
    plies: u64,
    lines: String,
}

/// How verdicts are written: text or JSON lines, naming their file when there are several.
#[derive(Clone, Copy)]
struct Format<'a> {
    json: bool,
    file: Option<&'a str>,
}

impl Report {
    /// Adds game `n`: its verdict line (text or JSON), then in text its leniencies on lines
    /// of their own, so the verdict line keeps its form.
    fn add(&mut self, n: u64, r: &Replay, format: Format<'_>) {
        if format.json {
            self.lines.push_str(&json_line(n, r, format.file));
        } else {
            if let Some(file) = format.file {
                self.lines.push_str(file);
                self.lines.push_str(": ");
            }
            text_line(&mut self.lines, n, r);
        }
        self.lines.push('\n');
        if !format.json {
            for w in &r.warnings {
                if let Some(file) = format.file {
                    self.lines.push_str(file);
                    self.lines.push_str(": ");
                }
                let _ = writeln!(self.lines, "game {n}: warning: {w}");
            }
        }
        self.games += 1;
        if r.is_legal() {
            self.plies += r.plies as u64;
        } else {
            self.illegal += 1;
        }
    }

    /// The report of `replays` (borrowed, or verdicts made as they are read), numbered from
    /// `first`: one game at a time, none collected first.
    fn of<R: std::ops::Deref<Target = Replay>>(
        first: u64,
        replays: impl IntoIterator<Item = R>,
        format: Format<'_>,
    ) -> Report {
        let mut report = Report::default();
        for (i, r) in replays.into_iter().enumerate() {
            report.add(first + i as u64, &r, format);
        }
        report
    }
}

fn write_reports(out: &mut impl Write, reports: &[Report]) -> io::Result<()> {
    reports
        .iter()
        .try_for_each(|r| out.write_all(r.lines.as_bytes()))
}

/// A one-line progress report on a terminal's standard error.
struct Progress {
    enabled: bool,
    total: Option<u64>,
    last: Instant,
}

impl Progress {
    fn show(&mut self, games: u64, bytes: u64, force: bool) {
        if !self.enabled || (!force && self.last.elapsed() < Duration::from_millis(200)) {
            return;
        }
        self.last = Instant::now();
        let mb = bytes as f64 / 1e6;
        let line = match self.total {
            Some(t) if t > 0 => format!(
                "{games} games, {mb:.1} / {:.1} MB ({:.0}%)",
                t as f64 / 1e6,
                bytes as f64 * 100.0 / t as f64
            ),
            _ => format!("{games} games, {mb:.1} MB"),
        };
        err!("\r{line}\x1b[K");
    }

    fn clear(&self) {
        if self.enabled {
            err!("\r\x1b[K");
        }
    }
}

/// Games counted as their reports are written.
#[derive(Default)]
struct Tally {
    games: u64,
    illegal: u64,
    plies: u64,
}

impl Tally {
    /// Counts a report's games.
    fn add(&mut self, report: &Report) {
        self.games += report.games;
        self.illegal += report.illegal;
        self.plies += report.plies;
    }
}

/// Plain files from this size on are read by pieces when there is more than one thread.
const PIECES_FROM: u64 = 4 << 20;

/// Validates a stream read by one reader, on the current thread pool (`offset`: where the
/// reader started in the file, for the progress line). Three stages overlap:
/// while the pool replays batch n (and writes each game's report lines), one thread writes
/// batch n-1's reports and reads batch n+1. Only the first read and the last write run alone.
fn validate_stream<R: Read + Send>(
    reader: &mut PgnReader<R>,
    default_variant: Option<&'static str>,
    format: Format<'_>,
    out: &mut (impl Write + Send),
    tally: &mut Tally,
    (progress, offset): (&mut Progress, u64),
) -> io::Result<()> {
    let mut size = FIRST_BATCH;
    let mut failed = None;
    let mut batch = read_batch(reader, default_variant, size, &mut failed)?;
    let mut written: Vec<Report> = Vec::new();
    while !batch.is_empty() {
        let base = tally.games;
        size = (size * 2).min(BATCH);
        let (next, reports) = rayon::join(
            || -> io::Result<Vec<ReadGame>> {
                write_reports(out, &written)?;
                read_batch(reader, default_variant, size, &mut failed)
            },
            || {
                batch
                    .par_chunks(REPORT_RUN)
                    .enumerate()
                    .map(|(c, games)| {
                        let first = base + (c * REPORT_RUN) as u64 + 1;
                        Report::of(first, games.iter().map(ReadGame::verdict), format)
                    })
                    .collect::<Vec<Report>>()
            },
        );
        for r in &reports {
            tally.add(r);
        }
        written = reports;
        progress.show(tally.games, offset + reader.consumed(), false);
        batch = match next {
            Ok(batch) => batch,
            Err(e) => {
                // The games read before the error are reported before it.
                write_reports(out, &written)?;
                return Err(e);
            }
        };
    }
    write_reports(out, &written)
}

/// Validates one file (`-`: standard input) on `pool`, writing its games' lines to `out`: its
/// games counted, and 3 when it could not be read to its end, 1 when its rest is not PGN, 0
/// otherwise (its illegal games are in the count).
fn validate_file(
    path: &std::path::Path,
    format: Format<'_>,
    default_variant: Option<&'static str>,
    pool: &rayon::ThreadPool,
    out: &mut BufWriter<io::Stdout>,
) -> Result<(Tally, u8)> {
    let mut tally = Tally::default();
    let (input, total): (Box<dyn Read + Send>, Option<u64>) = if path.as_os_str() == "-" {
        (Box::new(io::stdin()), None)
    } else {
        let f = match open_input(path) {
            Ok(f) => f,
            Err(e) => {
                errln!("error: cannot read {}: {e}", path.display());
                return Ok((tally, 3));
            }
        };
        let len = f.metadata().ok().map(|m| m.len());
        (Box::new(f), len)
    };
    let threads = pool.current_num_threads();
    // A compressed stream (gzip, bzip2, zstd: by its first bytes) is read decompressed; the
    // progress line then counts decompressed bytes, with no total to compare them with. With
    // one thread the reader decodes as it reads (least CPU time); with more, a thread of its
    // own decodes ahead of the reader.
    let open = if threads > 1 {
        decompressing_ahead
    } else {
        decompressing
    };
    let (input, total) = match open(input) {
        Ok((input, Compression::None)) => (input, total),
        Ok((input, _)) => (input, None),
        Err(e) => {
            // The first read failed (a directory, say): as a read error of the stream.
            errln!("error: reading {}: {e}", path.display());
            return Ok((tally, 3));
        }
    };
    let mut progress = Progress {
        enabled: io::stderr().is_terminal(),
        total,
        last: Instant::now(),
    };
    // A plain file big enough to share is read by pieces in parallel (`pieces`); anything
    // else (standard input, a compressed stream, one thread) by one reader.
    let by_pieces = match total {
        Some(size) if threads > 1 && size >= PIECES_FROM && path.as_os_str() != "-" => Some(size),
        _ => None,
    };
    let outcome: io::Result<()> = pool.install(|| match by_pieces {
        // The pieces read in parallel; then, by one reader, whatever is left (the rest of a
        // file from a cut that proved to be inside a game, or from where the planner found no
        // more cuts).
        Some(size) => {
            drop(input);
            let file = File::open(path)?;
            let mut planner = chessrules::notation::pgn::cuts::Seeker::new(
                file,
                pieces::piece_bytes(size, threads),
            )
            .shrinking(size, 2 * threads as u64, pieces::LEAST_PIECE);
            let emit = |replays: &[Replay], reached: u64| -> io::Result<bool> {
                // A run at a time: a piece's games are up to megabytes of lines.
                for run in replays.chunks(REPORT_RUN) {
                    let report = Report::of(tally.games + 1, run, format);
                    tally.add(&report);
                    out.write_all(report.lines.as_bytes())?;
                }
                progress.show(tally.games, reached.min(size), false);
                Ok(true)
            };
            // Pieces read ahead of the reporting: a few per thread.
            let ahead = threads * 4;
            match pieces::read_all(path, &mut planner, ahead, default_variant, emit)? {
                Some((mut rest, offset)) => {
                    let progress = (&mut progress, offset);
                    validate_stream(
                        &mut rest,
                        default_variant,
                        format,
                        out,
                        &mut tally,
                        progress,
                    )
                }
                None => Ok(()),
            }
        }
        None => {
            let mut reader = PgnReader::new(input);
            let progress = (&mut progress, 0);
            validate_stream(
                &mut reader,
                default_variant,
                format,
                out,
                &mut tally,
                progress,
            )
        }
    });
    progress.clear();
    out.flush()?;
    if let Err(e) = outcome {
        if e.kind() == io::ErrorKind::InvalidData {
            // The reader found no game for megabytes after an unreadable one: what follows is
            // not PGN. A verdict on the content, like an unreadable game: exit 1.
            errln!("error: {}: {e}", path.display());
            return Ok((tally, 1));
        }
        errln!("error: reading {}: {e}", path.display());
        return Ok((tally, 3));
    }
    Ok((tally, 0))
}

pub fn run(args: ValidateArgs) -> Result<ExitCode> {
    let default_variant = args.variant.tag();
    let jobs = args.jobs.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("starting the worker threads")?;
    let mut out = BufWriter::new(io::stdout());
    let started = Instant::now();
    let several = args.files.len() > 1;
    // Every file's games counted together (for `--stats`), and the worst verdict: a file that
    // cannot be read (3) over an illegal game or a rest that is not PGN (1).
    let mut tally = Tally::default();
    let mut code = 0u8;
    for path in &args.files {
        let name = path.display().to_string();
        let format = Format {
            json: args.json,
            file: several.then_some(name.as_str()),
        };
        let (file_tally, file_code) =
            validate_file(path, format, default_variant, &pool, &mut out)?;
        tally.games += file_tally.games;
        tally.illegal += file_tally.illegal;
        tally.plies += file_tally.plies;
        code = code.max(file_code);
    }
    let Tally {
        games,
        illegal,
        plies,
    } = tally;
    if args.stats {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        errln!(
            "{games} games ({illegal} not legal), {plies} moves in {secs:.3} s: {:.0} games/s, {:.0} moves/s, {} threads",
            games as f64 / secs,
            plies as f64 / secs,
            pool.current_num_threads()
        );
    }
    if illegal > 0 {
        code = code.max(1);
    }
    Ok(ExitCode::from(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three games, then a read that fails.
    struct FailsAfter(&'static [u8]);

    impl Read for FailsAfter {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the disk failed"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_move_is_numbered_from_the_fens_fullmove_field_whatever_comes_before_it() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(move_label(&format!("{fen} w KQkq - 0 13"), "e4"), "13. e4");
        assert_eq!(
            move_label(&format!("{fen} b KQkq - 1+2 0 13"), "Kxe8"),
            "13... Kxe8"
        );
        assert_eq!(
            move_label(&format!("{fen} w KQkq - 0 13 +2+1"), "e4"),
            "13. e4"
        );
    }

    /// The games read before an I/O error are reported, then the error: a batch is not lost
    /// with it (the pieces read in parallel report them so too).
    #[test]
    fn games_read_before_an_io_error_come_before_it() {
        let text = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n\n[Event \"d\"]\n\n1. Nf3";
        let mut reader = PgnReader::new(FailsAfter(text));
        let mut failed = None;
        let batch = read_batch(&mut reader, None, 64, &mut failed).expect("the games first");
        assert_eq!(batch.len(), 3);
        assert!(failed.is_some());
        let error = read_batch(&mut reader, None, 64, &mut failed).err();
        assert_eq!(
            error.map(|e| e.to_string()).as_deref(),
            Some("the disk failed")
        );
    }
}
