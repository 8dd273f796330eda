//! Pieces of a PGN file planned without reading its games (`quick_cuts`), and the game
//! numbers of a piece's JSON lines set once the games before it are known
//! (`renumber_games`). Spark's tasks validate such pieces with `validate_batch(until=...)`:
//! the driver no longer reads the file through the PGN lexer to plan them.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, Write};
use std::path::PathBuf;

use chessrules::io::atomic::write_atomic_with;
use chessrules::io::compressed::Compression;
use chessrules::notation::pgn::cuts::Planner;
use pyo3::prelude::*;

use crate::errors::{self, guard};
use crate::interrupt::Interruptible;

/// Where a PGN file seems to be cut into pieces of about `piece_bytes`, from its bytes alone:
/// `(byte offset, line)` of the file's start and of the first line after every `piece_bytes`
/// that begins with `[` after an empty line. Guesses: an empty line and a tag line in a comment
/// look the same. Validate piece k with `validate_batch(path, start=offset, first_line=line,
/// until=<piece k+1's offset>, errors="stop")`; where its `next_start` is not piece k+1's
/// offset, piece k+1 starts at `next_start` instead, or holds nothing when `next_start` is at
/// or past its own `until`. Fast (the bytes are scanned for line ends, nothing is lexed). A
/// file with no guess for 8 pieces' bytes where one was due (games not parted by empty lines,
/// or by lines of spaces, which the reader takes as blank but this scan does not) is one piece
/// from there on: slower, never wrong. A compressed file is one piece, `[(0, 1)]`; an empty
/// file has none.
#[pyfunction]
pub fn quick_cuts(py: Python<'_>, path: PathBuf, piece_bytes: u64) -> PyResult<Vec<(u64, u64)>> {
    guard(|| {
        let mut file = File::open(&path)?;
        let mut head = [0u8; 4];
        let mut n = 0;
        while n < head.len() {
            match file.read(&mut head[n..])? {
                0 => break,
                k => n += k,
            }
        }
        if n == 0 {
            return Ok(Vec::new());
        }
        if Compression::sniff(&head[..n]) != Compression::None {
            return Ok(vec![(0, 1)]);
        }
        file.seek(io::SeekFrom::Start(0))?;
        py.detach(|| {
            let mut planner = Planner::new(Interruptible::new(file), piece_bytes);
            let mut cuts = Vec::new();
            while let Some(cut) = planner.next_cut()? {
                // This planner counts every cut's line.
                let line = cut
                    .line
                    .ok_or_else(|| io::Error::other("a cut without its line"))?;
                cuts.push((cut.offset, line));
            }
            Ok(cuts)
        })
        .map_err(errors::from_io)
    })
}

/// The key of the game number in a line `validate_batch` writes. A JSON string escapes every
/// `"` inside it, so these bytes are found only as the key.
const GAME_KEY: &[u8] = b"\"game\":";

/// Adds `add` to the `"game"` number of every JSON line in the file at `path` (lines
/// `validate_batch` wrote for a piece numbered from 1, once the games before the piece are
/// known). The file is rewritten whole or not at all. Returns the lines rewritten. Raises
/// `ValueError` (naming the line) for a line without a game number.
#[pyfunction]
pub fn renumber_games(py: Python<'_>, path: PathBuf, add: u64) -> PyResult<u64> {
    guard(|| {
        let input = BufReader::with_capacity(1 << 16, File::open(&path)?);
        let mut count = 0u64;
        let mut bad = None;
        py.detach(|| {
            write_atomic_with(&path, |out| {
                for line in input.split(b'\n') {
                    let line = line?;
                    count += 1;
                    match renumbered(&line, add) {
                        Some((head, number, tail)) => {
                            out.write_all(head)?;
                            write!(out, "{number}")?;
                            out.write_all(tail)?;
                            out.write_all(b"\n")?;
                        }
                        None => {
                            bad = Some(count);
                            return Err(io::Error::new(io::ErrorKind::InvalidData, "bad line"));
                        }
                    }
                }
                Ok(())
            })
        })
        .map_err(|e| match bad {
            Some(line) => pyo3::exceptions::PyValueError::new_err(format!(
                "{}: line {line} has no \"game\" number",
                path.display()
            )),
            None => errors::from_io(e),
        })?;
        Ok(count)
    })
}

/// A line cut around its game number, and the number plus `add`.
fn renumbered(line: &[u8], add: u64) -> Option<(&[u8], u64, &[u8])> {
    let key = line.windows(GAME_KEY.len()).position(|w| w == GAME_KEY)? + GAME_KEY.len();
    let digits = line[key..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let number: u64 = std::str::from_utf8(&line[key..key + digits])
        .ok()?
        .parse()
        .ok()?;
    Some((
        &line[..key],
        number.checked_add(add)?,
        &line[key + digits..],
    ))
}

#[cfg(test)]
mod tests {
    use super::renumbered;

    #[test]
    fn the_game_key_is_found_after_a_file_name_that_holds_it_escaped() {
        let line = br#"{"file":"a\"game\":7.pgn","game":12,"legal":true}"#;
        let (head, n, tail) = renumbered(line, 30).expect("has a game");
        assert_eq!(head, br#"{"file":"a\"game\":7.pgn","game":"#);
        assert_eq!(n, 42);
        assert_eq!(tail, br#","legal":true}"#);
        assert!(renumbered(br#"{"legal":true}"#, 1).is_none());
        assert!(renumbered(br#"{"game":x}"#, 1).is_none());
    }
}
