//! `chessrules.pgn.validate_batch`: the games of a piece of PGN validated in one call, their
//! results as JSON lines written here (what Spark's tasks run: no Python object per game).

use std::fs::File;
use std::io::{self, BufReader, Read, Seek};
use std::path::PathBuf;

use chessrules::io::compressed::{decompressing, Compression};
use chessrules::notation::pgn::PgnReader;
use chessrules::variants::standard::bounded::read_game_replayed;
use chessrules::variants::standard::replay::{Replay, Verdict};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::errors::{self, guard};
use crate::interrupt::Interruptible;
use crate::pgn::{default_variant, open_source, Source};

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
    /// With `errors="stop"`: why the reading stopped before the end, after the games before
    /// it, as the command says it (the rest is not PGN, or the source could not be read on: a
    /// damaged compressed file); `next_start` is then `None`.
    pub error: Option<String>,
    /// What `error` is, and so the command's exit code: `"not_pgn"` (the rest is not PGN:
    /// exit 1) or `"read"` (the source could not be read on: exit 3).
    pub error_kind: Option<&'static str>,
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

/// A batch's lines, games, legal games, moves, where the reading stopped, and why if it stopped
/// before the end (the message and its kind).
type BatchParts = (
    Vec<u8>,
    u64,
    u64,
    u64,
    Option<(u64, u64)>,
    Option<(String, &'static str)>,
);

/// `error` when a batch told to stop at errors stops there: why, and its kind (see
/// `Batch::error_kind`). An exception raised while reading (Ctrl-C's `KeyboardInterrupt`)
/// is never kept: it goes on up.
fn stopping_error(e: &io::Error) -> Option<(String, &'static str)> {
    if e.get_ref().is_some_and(|inner| inner.is::<PyErr>()) {
        return None;
    }
    let kind = match e.kind() {
        io::ErrorKind::InvalidData => "not_pgn",
        _ => "read",
    };
    Some((e.to_string(), kind))
}

/// Validates the games in bytes `start..end` of `source` (a path, bytes or a file object; a
/// compressed source is read decompressed) in one call, without a Python object per game:
/// a `Batch` of JSON lines and counts. `first_line`: the line the bytes start at;
/// `first_game`: the number of their first game (`pieces` gives both); `file`: a name written
/// as the `"file"` field of every line. Raises as `validate`'s iteration does (`OSError` when
/// the source cannot be read or its rest is not PGN).
///
/// `until` instead of `end` (a plain source; `start` and `first_line` a guess of
/// `quick_cuts`' or where the batch before stopped): the reading goes on to the first game at
/// or after byte `until` that the reader comes to cleanly and stops before it, whatever lies at
/// `until` itself; `Batch.next_start` and `next_line` say where it stopped. When the batch
/// itself started where a game starts cleanly and stopped at `until`, the guess there is
/// confirmed: the piece from it reads as the whole file does. Only a source read from its
/// first byte (`start` 0) is decompressed: further in, the bytes are read as text.
///
/// `errors="stop"`: a rest that is not PGN, or a source that cannot be read on (a damaged or
/// cut-short compressed file), ends the batch instead of raising (`Batch.error` and
/// `error_kind` say why, after the games before it), as a piece that may have started at a
/// wrong guess wants (only the caller knows whether it did), and as the command reports them
/// after the games before. An exception raised while reading (Ctrl-C) still raises.
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
        // A compressed stream is read from its first byte. Bytes further in are text: a piece
        // read from a game start that begins with `BZh` is a game, not a bzip2 stream.
        let range = open_range(source, start, end)?;
        let inner = if start == 0 {
            let (inner, compression) = decompressing(range)?;
            if until.is_some() && compression != Compression::None {
                return Err(pyo3::exceptions::PyValueError::new_err(
                    "a compressed source cannot be cut: until is for plain text",
                ));
            }
            inner
        } else {
            range
        };
        let mut reader = if start > 0 || until.is_some() {
            // At a cut: offsets count from `start`, lines from `first_line`.
            let input: Source = Box::new(Interruptible::new(inner));
            PgnReader::starting_at_line(input, first_line)
        } else {
            // A text that begins at line `first_line` of a larger one.
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
                while let Some(read) = read_game_replayed(&mut reader, default_variant) {
                    let (game, _) = match read {
                        // The rest is not PGN, or cannot be read: the games before it are
                        // kept and the error is the batch's (the command reports it after them
                        // too).
                        Err(e) if stop_at_error => match stopping_error(&e) {
                            Some(stop) => {
                                error = Some(stop);
                                break;
                            }
                            None => return Err(e),
                        },
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
            error_kind: error.as_ref().map(|(_, kind)| *kind),
            error: error.map(|(message, _)| message),
        })
    })
}
