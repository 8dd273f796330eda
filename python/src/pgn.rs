//! `chessrules.pgn.validate`: replays every game of a PGN stream as it reads it, one result
//! per game, with the fields `chessrules standard validate --json` prints.
//!
//! The reading is the command's (`chessrules::variants::standard::bounded`): a game keeps a
//! bounded number of moves, tags and warnings, and a longer game is replayed as it is read, so
//! memory is bounded whatever the input.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use chessrules::io::compressed::decompressing;
use chessrules::notation::pgn::PgnReader;
use chessrules::variants::standard::bounded::read_game_replayed;
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
    read_game_replayed(reader, default_variant)
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

pub(crate) type Source = Box<dyn Read + Send>;

/// Streams the verdicts of a PGN source, one game at a time.
#[pyclass(module = "chessrules.pgn", name = "Validator")]
pub struct Validator {
    reader: Mutex<PgnReader<Source>>,
    default_variant: Option<&'static str>,
    games: u64,
}

/// The bytes of `source`: a path (str or os.PathLike), bytes, or a binary or text file object.
pub(crate) fn open_source(source: &Bound<'_, PyAny>) -> PyResult<Source> {
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
pub(crate) fn default_variant(
    variant: Option<&Bound<'_, PyString>>,
) -> PyResult<Option<&'static str>> {
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
