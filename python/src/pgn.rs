//! `chessrules.pgn.validate`: replays every game of a PGN stream as it reads it, one result
//! per game, with the fields `chessrules standard validate --json` prints.
//!
//! The reading is the command's (`chessrules::variants::standard::bounded`): a game keeps a
//! bounded number of moves, tags and warnings, and a longer game is replayed as it is read, so
//! memory is bounded whatever the input.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chessrules::io::compressed::{decompressing, Compression};
use chessrules::notation::pgn::{GameSink, PgnReader, ReadError};
use chessrules::variants::standard::bounded::read_game;
use chessrules::variants::standard::replay::{Replay, Verdict};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::errors::{self, guard};
use crate::interrupt::Interruptible;
use crate::limits;
use crate::pyread::PyRead;

/// The next game's replay, `None` at the end (the library's bounded reading, as the command
/// reads).
fn next_replay<R: Read>(
    reader: &mut PgnReader<R>,
    default_variant: Option<&'static str>,
) -> io::Result<Option<Replay>> {
    read_game(reader, default_variant)
        .transpose()
        .map(|read| read.map(|(game, _)| game.replay()))
}

/// One game's verdict: the fields of `chessrules standard validate --json`.
///
/// `game` is the 1-based index, `legal`, `plies` (main-line moves written); a legal game has
/// `fen` (final position) and `status` (checkmate, stalemate, insufficient material, check,
/// ongoing); an illegal one has `ply` (1-based), `move` (as written), `fen` (before it) and
/// `error` (why); an unreadable one only `error`. `warnings` lists what was read leniently.
#[pyclass(module = "chessrules.pgn", name = "GameResult", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct GameResult {
    pub game: u64,
    pub legal: bool,
    pub plies: u64,
    pub fen: Option<String>,
    pub status: Option<String>,
    pub ply: Option<u64>,
    pub r#move: Option<String>,
    pub error: Option<String>,
    pub warnings: Vec<String>,
}

impl GameResult {
    fn of(game: u64, r: Replay) -> GameResult {
        let mut out = GameResult {
            game,
            legal: r.is_legal(),
            plies: r.plies as u64,
            fen: None,
            status: None,
            ply: None,
            r#move: None,
            error: None,
            warnings: r.warnings,
        };
        match r.verdict {
            Verdict::Legal { fen, status } => {
                out.fen = Some(fen);
                out.status = Some(status.name().to_string());
            }
            Verdict::Illegal {
                ply,
                text,
                fen_before,
                reason,
            } => {
                out.ply = Some(ply as u64);
                out.r#move = Some(text);
                out.fen = Some(fen_before);
                out.error = Some(reason);
            }
            Verdict::Unreadable { reason } => out.error = Some(reason),
        }
        out
    }
}

#[pymethods]
impl GameResult {
    /// The fields as a dict, in the command's order, absent ones left out (what
    /// `json.loads` gives for the command's line).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("game", self.game)?;
        d.set_item("legal", self.legal)?;
        d.set_item("plies", self.plies)?;
        if let Some(ply) = self.ply {
            d.set_item("ply", ply)?;
        }
        if let Some(m) = &self.r#move {
            d.set_item("move", m)?;
        }
        if let Some(fen) = &self.fen {
            d.set_item("fen", fen)?;
        }
        if let Some(status) = &self.status {
            d.set_item("status", status)?;
        }
        if let Some(error) = &self.error {
            d.set_item("error", error)?;
        }
        if !self.warnings.is_empty() {
            d.set_item("warnings", self.warnings.clone())?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        match (&self.error, self.legal) {
            (_, true) => format!(
                "GameResult(game={}, legal=True, plies={}, status={:?})",
                self.game,
                self.plies,
                self.status.as_deref().unwrap_or("")
            ),
            (Some(e), false) => format!(
                "GameResult(game={}, legal=False, plies={}, error={e:?})",
                self.game, self.plies
            ),
            (None, false) => format!("GameResult(game={}, legal=False)", self.game),
        }
    }
}

type Source = Box<dyn Read + Send>;

/// Streams the verdicts of a PGN source, one game at a time.
#[pyclass(module = "chessrules.pgn", name = "Validator")]
pub struct Validator {
    reader: Mutex<PgnReader<Source>>,
    default_variant: Option<&'static str>,
    games: u64,
}

/// The bytes of `source`: a path (str or os.PathLike), bytes, or a binary or text file object.
fn open_source(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    if let Ok(b) = source.cast::<PyBytes>() {
        return Ok(Box::new(io::Cursor::new(b.as_bytes().to_vec())));
    }
    if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        let file = File::open(&path)?;
        return Ok(Box::new(BufReader::with_capacity(1 << 16, file)));
    }
    if source.hasattr("read")? {
        return Ok(Box::new(PyRead::new(source.clone().unbind())));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "expected a path, bytes or a file object",
    ))
}

/// The `Variant` tag a game without one is read with: `variant` is `standard` (or `chess`,
/// the default) or `chess960`.
fn default_variant(variant: Option<&Bound<'_, PyString>>) -> PyResult<Option<&'static str>> {
    let variant = match variant {
        Some(v) => limits::name(v)?,
        None => "standard".into(),
    };
    match variant.trim().to_ascii_lowercase().as_str() {
        "standard" | "chess" => Ok(None),
        "chess960" => Ok(Some("Chess960")),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "variant '{other}': expected standard or chess960"
        ))),
    }
}

#[pymethods]
impl Validator {
    /// `source`: a path, bytes, or a file object (binary or text). `variant`: the rules of
    /// games without a `Variant` tag (`standard` or `chess960`). `first_line`: the line
    /// number the source starts at (for a piece cut out of a larger file).
    #[new]
    #[pyo3(signature = (source, *, variant = None, first_line = 1))]
    fn new(
        source: &Bound<'_, PyAny>,
        variant: Option<&Bound<'_, PyString>>,
        first_line: u64,
    ) -> PyResult<Validator> {
        guard(|| {
            let default_variant = default_variant(variant)?;
            // Compressed sources (gzip, bzip2, zstd) are read decompressed, as by the command.
            let (inner, _) = decompressing(open_source(source)?)?;
            // Blank lines before the text: the reader's line numbers are the file's.
            let padding = io::repeat(b'\n').take(first_line.saturating_sub(1));
            let input: Source = Box::new(Interruptible::new(padding.chain(inner)));
            Ok(Validator {
                reader: Mutex::new(PgnReader::new(input)),
                default_variant,
                games: 0,
            })
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<GameResult>> {
        guard(|| {
            let default_variant = self.default_variant;
            let reader = self
                .reader
                .get_mut()
                .map_err(|_| errors::InternalError::new_err("reader poisoned"))?;
            let next = py
                .detach(|| next_replay(reader, default_variant))
                .map_err(errors::from_io)?;
            Ok(next.map(|r| {
                self.games += 1;
                GameResult::of(self.games, r)
            }))
        })
    }

    /// Bytes read so far.
    fn consumed(&mut self) -> u64 {
        self.reader.get_mut().map(|r| r.consumed()).unwrap_or(0)
    }
}

/// Reads a game and keeps only where it starts.
#[derive(Default)]
struct StartLine(u64);

impl GameSink for StartLine {
    fn start(&mut self, line: u64) {
        self.0 = line;
    }
    fn tag(&mut self, _: String, _: String) {}
    fn main_move(&mut self, _: &str) {}
    fn result(&mut self, _: String) {}
    fn warning(&mut self, _: String) {}
}

/// A place to cut a file: its byte offset, its line, and the games before it.
struct Cut {
    offset: u64,
    line: u64,
    games_before: u64,
}

/// Finds the cuts of a file one after another (see `split_points`), counting games.
struct Cutter {
    /// `None` for a compressed file, which is not read: it is one piece.
    reader: Option<PgnReader<Interruptible<BufReader<File>>>>,
    piece_bytes: u64,
    next: u64,
    game: StartLine,
    /// Games read, as `validate` counts them: a game with a syntax error is one too.
    games: u64,
    /// The file's games, once the reading came to its end (`None` if it stopped because
    /// the rest is not PGN, or the file is compressed).
    total: Option<u64>,
}

impl Cutter {
    fn open(path: &Path, piece_bytes: u64) -> io::Result<Cutter> {
        let mut file = File::open(path)?;
        let mut head = [0u8; 4];
        let n = file.read(&mut head)?;
        // A compressed file cannot be cut at byte offsets: it is one piece.
        let reader = if Compression::sniff(&head[..n]) == Compression::None {
            file.seek(io::SeekFrom::Start(0))?;
            let input = Interruptible::new(BufReader::with_capacity(1 << 16, file));
            Some(PgnReader::new(input))
        } else {
            None
        };
        let piece_bytes = piece_bytes.max(1);
        Ok(Cutter {
            reader,
            piece_bytes,
            next: piece_bytes,
            game: StartLine::default(),
            games: 0,
            total: None,
        })
    }

    /// The next cut, `None` at the end (then `total` says how many games the file holds).
    fn next_cut(&mut self) -> io::Result<Option<Cut>> {
        let Some(reader) = &mut self.reader else {
            return Ok(None);
        };
        while let Some(read) = reader.next_game_into(&mut self.game) {
            match read {
                // The rest is not PGN: no more cuts; the last piece's reading reports its
                // games and then that error, as the command does.
                Err(ReadError::Io(e)) if e.kind() == io::ErrorKind::InvalidData => {
                    self.reader = None;
                    return Ok(None);
                }
                Err(ReadError::Io(e)) => return Err(e),
                _ => {}
            }
            let before = self.games;
            self.games += 1;
            if let Some(offset) = reader.clean_start() {
                if offset >= self.next {
                    self.next = offset.saturating_add(self.piece_bytes);
                    return Ok(Some(Cut {
                        offset,
                        line: self.game.0,
                        games_before: before,
                    }));
                }
            }
        }
        self.total = Some(self.games);
        self.reader = None;
        Ok(None)
    }
}

/// The cuts of a file (see `split_points`).
fn plan_cuts(py: Python<'_>, path: &Path, piece_bytes: u64) -> PyResult<Vec<Cut>> {
    let mut cutter = Cutter::open(path, piece_bytes)?;
    py.detach(|| {
        let mut cuts = Vec::new();
        while let Some(cut) = cutter.next_cut()? {
            cuts.push(cut);
        }
        Ok(cuts)
    })
    .map_err(errors::from_io)
}

/// Where a PGN file can be cut into pieces that `validate` reads, each with
/// `first_line=line`, exactly as it reads the whole file (`chessrules standard validate`
/// too): the `(byte offset, line)` of game starts at least `piece_bytes` apart, the first at
/// or after byte `piece_bytes`. Each is a game whose first token begins its line and that the
/// reader came to afresh (after a result, a blank line or a syntax error), as the PGN reader
/// itself finds them: a tag line in a comment is no game start. The file is read once, its
/// games not replayed. A compressed file (gzip, bzip2, zstd) has no cuts: it is one piece.
#[pyfunction]
pub fn split_points(py: Python<'_>, path: PathBuf, piece_bytes: u64) -> PyResult<Vec<(u64, u64)>> {
    guard(|| {
        let cuts = plan_cuts(py, &path, piece_bytes)?;
        Ok(cuts.into_iter().map(|c| (c.offset, c.line)).collect())
    })
}

/// A piece: `(start, end, first_line, first_game, games)`.
type Piece = (u64, u64, u64, u64, Option<u64>);

/// The pieces of a file, planned as it is read (see `pieces`).
#[pyclass(module = "chessrules.pgn", name = "Pieces")]
pub struct Pieces {
    cutter: Mutex<Cutter>,
    size: u64,
    /// Where the next piece starts; `None` once the last piece is given.
    start: Option<Cut>,
}

#[pymethods]
impl Pieces {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Piece>> {
        guard(|| {
            let Some(start) = self.start.take() else {
                return Ok(None);
            };
            let cutter = self
                .cutter
                .get_mut()
                .map_err(|_| errors::InternalError::new_err("planner poisoned"))?;
            let cut = py.detach(|| cutter.next_cut()).map_err(errors::from_io)?;
            let first_game = start.games_before.saturating_add(1);
            Ok(Some(match cut {
                Some(cut) => {
                    let games = cut.games_before.saturating_sub(start.games_before);
                    let piece = (
                        start.offset,
                        cut.offset,
                        start.line,
                        first_game,
                        Some(games),
                    );
                    self.start = Some(cut);
                    piece
                }
                None => {
                    let games = cutter.total.map(|t| t.saturating_sub(start.games_before));
                    (start.offset, self.size, start.line, first_game, games)
                }
            }))
        })
    }
}

/// The pieces a PGN file is cut into (at `split_points`' cuts), planned as the file is read
/// (an iterator: a piece comes as soon as the next cut is found), each
/// `(start, end, first_line, first_game, games)`: bytes `start..end`, read by
/// `validate_batch` with `first_line` and `first_game`, give the whole file's results for its
/// games, numbered as the whole file numbers them. `first_game` is 1-based; `games` is how
/// many games the piece holds, `None` where the reading did not count them (a compressed file,
/// one piece; the last piece of a file whose rest is not PGN). An empty file has no piece.
#[pyfunction]
pub fn pieces(path: PathBuf, piece_bytes: u64) -> PyResult<Pieces> {
    guard(|| {
        let size = std::fs::metadata(&path)?.len();
        let cutter = Cutter::open(&path, piece_bytes)?;
        Ok(Pieces {
            cutter: Mutex::new(cutter),
            size,
            start: (size > 0).then_some(Cut {
                offset: 0,
                line: 1,
                games_before: 0,
            }),
        })
    })
}

/// The games of one piece of PGN, validated in one call: their results as JSON lines, and
/// counts.
#[pyclass(module = "chessrules.pgn", name = "Batch", frozen, get_all)]
pub struct Batch {
    /// One JSON object per game and line (each ending in a newline), UTF-8: the fields of
    /// `chessrules standard validate --json` in its order, after `"file"` when a file name was
    /// given, written as Python's `json.dumps(..., ensure_ascii=False, separators=(",", ":"))`
    /// writes them (so `json.loads` of a line equals `GameResult.to_dict()`).
    pub lines: Py<PyBytes>,
    /// Games read.
    pub games: u64,
    /// Legal games among them.
    pub legal: u64,
    /// Moves (plies) of the legal games, as `standard validate --stats` counts them.
    pub moves: u64,
    /// With `until`: the byte offset where reading stopped, the start of the first game at or
    /// after `until` that the reader came to cleanly (`None`: it read to the end).
    pub next_start: Option<u64>,
    /// The line `next_start` is on.
    pub next_line: Option<u64>,
    /// With `errors="stop"`: the reading stopped because the rest is not PGN (what the command
    /// says after the games before it); `next_start` is then `None`.
    pub error: Option<String>,
}

#[pymethods]
impl Batch {
    /// Games that are not legal (illegal or unreadable).
    #[getter]
    fn illegal(&self) -> u64 {
        self.games - self.legal
    }

    fn __repr__(&self) -> String {
        format!(
            "Batch(games={}, legal={}, moves={})",
            self.games, self.legal, self.moves
        )
    }
}

/// A JSON string as Python's `json.dumps(s, ensure_ascii=False)` writes it: `"`, `\`, and
/// control characters escaped (`\n \r \t \b \f` by name, the others as `\u00XX`).
fn push_json_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let mut plain = 0;
    for (i, b) in s.bytes().enumerate() {
        let escaped: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&s.as_bytes()[plain..i]);
        plain = i + 1;
        if escaped.is_empty() {
            out.extend_from_slice(format!("\\u{b:04x}").as_bytes());
        } else {
            out.extend_from_slice(escaped);
        }
    }
    out.extend_from_slice(&s.as_bytes()[plain..]);
    out.push(b'"');
}

/// One game's JSON line (with its newline): `head` (`{` and the file's field, if any), then
/// the fields of `GameResult.to_dict()` in its order.
fn push_json_line(out: &mut Vec<u8>, head: &[u8], game: u64, r: &Replay) {
    use std::io::Write as _;
    out.extend_from_slice(head);
    // Writing to a Vec cannot fail.
    let _ = write!(out, "\"game\":{game},\"legal\":{},", r.is_legal());
    let _ = write!(out, "\"plies\":{}", r.plies);
    let field = |out: &mut Vec<u8>, key: &str, value: &str| {
        out.extend_from_slice(b",\"");
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(b"\":");
        push_json_string(out, value);
    };
    match &r.verdict {
        Verdict::Legal { fen, status } => {
            field(out, "fen", fen);
            field(out, "status", status.name());
        }
        Verdict::Illegal {
            ply,
            text,
            fen_before,
            reason,
        } => {
            let _ = write!(out, ",\"ply\":{ply}");
            field(out, "move", text);
            field(out, "fen", fen_before);
            field(out, "error", reason);
        }
        Verdict::Unreadable { reason } => field(out, "error", reason),
    }
    if !r.warnings.is_empty() {
        out.extend_from_slice(b",\"warnings\":[");
        for (i, w) in r.warnings.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            push_json_string(out, w);
        }
        out.push(b']');
    }
    out.extend_from_slice(b"}\n");
}

/// Bytes `start..end` (`end` `None`: to the end) of a path, bytes or a file object.
fn open_range(source: &Bound<'_, PyAny>, start: u64, end: Option<u64>) -> PyResult<Source> {
    if let Some(end) = end {
        if end < start {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "end {end} is before start {start}"
            )));
        }
    }
    let limit = end.map_or(u64::MAX, |e| e - start);
    if let Ok(b) = source.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        let from = usize::try_from(start)
            .unwrap_or(usize::MAX)
            .min(bytes.len());
        let to = usize::try_from(limit)
            .unwrap_or(usize::MAX)
            .min(bytes.len() - from);
        return Ok(Box::new(io::Cursor::new(bytes[from..from + to].to_vec())));
    }
    if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        let mut file = File::open(&path)?;
        file.seek(io::SeekFrom::Start(start))?;
        return Ok(Box::new(BufReader::with_capacity(
            1 << 16,
            file.take(limit),
        )));
    }
    let mut inner = open_source(source)?;
    // A file object: the bytes before `start` are read and dropped.
    io::copy(&mut inner.by_ref().take(start), &mut io::sink())?;
    Ok(Box::new(inner.take(limit)))
}

/// A batch's lines, games, legal games, moves, where the reading stopped, and why if the rest
/// is not PGN.
type BatchParts = (Vec<u8>, u64, u64, u64, Option<(u64, u64)>, Option<String>);

/// Validates the games in bytes `start..end` of `source` (a path, bytes or a file object; a
/// compressed source is read decompressed) in one call, without a Python object per game:
/// a `Batch` of JSON lines and counts. `first_line`: the line the bytes start at;
/// `first_game`: the number of their first game (`pieces` gives both); `file`: a name written
/// as the `"file"` field of every line. Raises as `validate`'s iteration does (`OSError` when
/// the source cannot be read or its rest is not PGN).
///
/// `until` instead of `end` (a plain source, `start` and `first_line` one of `quick_cuts`'):
/// the reading goes on to the first game at or after byte `until` that the reader comes to
/// cleanly and stops before it, whatever lies at `until` itself; `Batch.next_start` and
/// `next_line` say where it stopped. When that is `until`, the guessed cut there is
/// confirmed: the piece from it reads as the whole file does.
///
/// `errors="stop"`: a rest that is not PGN ends the batch instead of raising (`Batch.error`
/// says why, after the games before it), as a piece that may have started at a wrong guess
/// wants (only the caller knows whether it did). I/O errors still raise.
#[pyfunction]
#[pyo3(signature = (source, *, variant = None, first_line = 1, first_game = 1, start = 0, end = None, until = None, file = None, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
pub fn validate_batch(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    variant: Option<&Bound<'_, PyString>>,
    first_line: u64,
    first_game: u64,
    start: u64,
    end: Option<u64>,
    until: Option<u64>,
    file: Option<String>,
    errors: &str,
) -> PyResult<Batch> {
    guard(|| {
        let default_variant = default_variant(variant)?;
        let stop_at_error = match errors {
            "raise" => false,
            "stop" => true,
            other => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "errors must be \"raise\" or \"stop\", not {other:?}"
                )))
            }
        };
        if until.is_some() && end.is_some() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "give end (read bytes start..end) or until (read on to a game start at or after it), not both",
            ));
        }
        if let Some(until) = until.filter(|&u| u < start) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "until {until} is before start {start}"
            )));
        }
        let (inner, compression) = decompressing(open_range(source, start, end)?)?;
        if until.is_some() && compression != Compression::None {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "a compressed source cannot be cut: until is for plain text",
            ));
        }
        let mut reader = if until.is_some() {
            // Offsets are counted from `start`: the reader starts there, with its line number.
            let input: Source = Box::new(Interruptible::new(inner));
            PgnReader::starting_at_line(input, first_line)
        } else {
            let padding = io::repeat(b'\n').take(first_line.saturating_sub(1));
            let input: Source = Box::new(Interruptible::new(padding.chain(inner)));
            PgnReader::new(input)
        };
        let mut head = b"{".to_vec();
        if let Some(name) = &file {
            head.extend_from_slice(b"\"file\":");
            push_json_string(&mut head, name);
            head.push(b',');
        }
        let (lines, games, legal, moves, next, error) = py
            .detach(|| -> io::Result<BatchParts> {
                let mut lines = Vec::new();
                let (mut games, mut legal, mut moves) = (0u64, 0u64, 0u64);
                let (mut next, mut error) = (None, None);
                while let Some(read) = read_game(&mut reader, default_variant) {
                    let (game, _) = match read {
                        // The rest is not PGN: the games before it are kept and the error is
                        // the batch's (the command reports it after them too).
                        Err(e) if stop_at_error && e.kind() == io::ErrorKind::InvalidData => {
                            error = Some(e.to_string());
                            break;
                        }
                        read => read?,
                    };
                    if let (Some(until), Some(at)) = (until, reader.clean_start()) {
                        let at = start.saturating_add(at);
                        if at >= until {
                            // The next piece's first game: not this piece's.
                            next = Some((at, reader.game_line()));
                            break;
                        }
                    }
                    let r = game.replay();
                    push_json_line(&mut lines, &head, first_game.saturating_add(games), &r);
                    games += 1;
                    if r.is_legal() {
                        legal += 1;
                        moves += r.plies as u64;
                    }
                }
                Ok((lines, games, legal, moves, next, error))
            })
            .map_err(errors::from_io)?;
        Ok(Batch {
            lines: PyBytes::new(py, &lines).unbind(),
            games,
            legal,
            moves,
            next_start: next.map(|(at, _)| at),
            next_line: next.map(|(_, line)| line),
            error,
        })
    })
}
