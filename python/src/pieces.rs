//! `chessrules.pgn.split_points` and `pieces`: where a PGN file can be cut, found by reading it
//! through the PGN reader (exact game starts, the games before each counted).

use std::fs::File;
use std::io::{self, BufReader, Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chessrules::io::compressed::Compression;
use chessrules::notation::pgn::{GameSink, PgnReader, ReadError};
use pyo3::prelude::*;

use crate::errors::{self, guard};
use crate::interrupt::Interruptible;

/// Reads a game and keeps only where it starts.
#[derive(Default)]
struct StartLine(u64);

impl GameSink for StartLine {
    fn start(&mut self, line: u64) {
        self.0 = line;
    }
    fn tag(&mut self, _: &str, _: &str) {}
    fn wants_tag(&self, _: &str) -> bool {
        false
    }
    fn main_move(&mut self, _: &str) {}
    fn result(&mut self, _: &'static str) {}
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
