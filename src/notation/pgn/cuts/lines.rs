//! The file's line numbers at the cuts a [`Seeker`](super::Seeker) found without counting
//! them, found when a piece's reader needs one: from what the readers of earlier pieces
//! learnt, and by counting line ends only where nobody did.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::count_line_ends;

/// The bytes counted at a time.
const CHUNK: usize = 64 << 10;

/// What is known of a file's lines at some offsets, shared by the readers of its pieces.
/// Every offset it is told of or asked about must be a line start.
pub struct LineIndex {
    path: PathBuf,
    known: Mutex<Known>,
}

#[derive(Default)]
struct Known {
    /// The line that starts at each offset, where that is known.
    lines: BTreeMap<u64, u64>,
    /// Pieces read with lines counted from their start: from an offset, the offset they end
    /// at and the lines between.
    spans: BTreeMap<u64, (u64, u64)>,
}

impl Known {
    /// The last offset at or before `offset` whose line is known, following the spans of
    /// pieces from known lines as far as they go.
    fn nearest(&mut self, offset: u64) -> (u64, u64) {
        let mut at = self
            .lines
            .range(..=offset)
            .next_back()
            .map_or((0, 1), |(&o, &l)| (o, l));
        while let Some(&(end, lines)) = self.spans.get(&at.0) {
            if end > offset || end <= at.0 {
                break;
            }
            at = (end, at.1 + lines);
            self.lines.insert(at.0, at.1);
            if let Some((&o, &l)) = self.lines.range(at.0..=offset).next_back() {
                at = (o, l);
            }
        }
        at
    }
}

impl LineIndex {
    /// Nothing known of the lines of the file at `path` but that the first is at its start.
    pub fn new(path: &Path) -> LineIndex {
        let mut known = Known::default();
        known.lines.insert(0, 1);
        LineIndex {
            path: path.to_path_buf(),
            known: Mutex::new(known),
        }
    }

    fn known(&self) -> std::sync::MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The line that starts at `offset` is `line`.
    pub fn line_is(&self, offset: u64, line: u64) {
        self.known().lines.insert(offset, line);
    }

    /// The bytes from `from` to `to` hold `lines` line ends (a piece read with its lines
    /// counted from 1: its next cut's line, less one).
    pub fn lines_between(&self, from: u64, to: u64, lines: u64) {
        self.known().spans.insert(from, (to, lines));
    }

    /// The line that starts at `offset`: from the nearest offset before it whose line is
    /// known, the line ends between them counted (and then known too).
    pub fn line_at(&self, offset: u64) -> io::Result<u64> {
        let (from, line) = self.known().nearest(offset);
        if from == offset {
            return Ok(line);
        }
        let line = line + self.count(from, offset)?;
        self.line_is(offset, line);
        Ok(line)
    }

    /// The line ends in the file from `from` to `to`.
    fn count(&self, from: u64, to: u64) -> io::Result<u64> {
        let mut file = File::open(&self.path)?;
        file.seek(SeekFrom::Start(from))?;
        let mut left = to - from;
        let mut chunk = vec![0u8; CHUNK];
        let mut lines = 0;
        while left > 0 {
            let want = usize::try_from(left).map_or(CHUNK, |l| l.min(CHUNK));
            let read = match file.read(&mut chunk[..want]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                read => read?,
            };
            if read == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the file ended before a piece's start: was it cut short while read?",
                ));
            }
            lines += count_line_ends(&chunk[..read]);
            left -= read as u64;
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_file(name: &str, text: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("chessrules-lines-{name}-{}", std::process::id()));
        std::fs::write(&path, text).expect("written");
        path
    }

    /// The line starts of `text`, with their lines.
    fn line_starts(text: &str) -> Vec<(u64, u64)> {
        let mut starts = vec![(0, 1)];
        starts.extend(
            text.match_indices('\n')
                .enumerate()
                .map(|(n, (i, _))| (i as u64 + 1, n as u64 + 2)),
        );
        starts
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// Whatever spans and lines are known, in any order, each line start's line is the
        /// count of line ends before it, plus one.
        #[test]
        fn a_line_found_is_the_line_counted(
            lines in proptest::collection::vec("[a-z\r]{0,30}", 1..200),
            told in proptest::collection::vec((0usize..400, 0usize..400, proptest::bool::ANY), 0..12),
            asked in proptest::collection::vec(0usize..400, 1..12),
        ) {
            let text = lines.join("\n");
            let starts = line_starts(&text);
            let path = text_file("prop", &text);
            let index = LineIndex::new(&path);
            let pick = |i: usize| starts[i % starts.len()];
            for (a, b, span) in told {
                let (a, b) = (pick(a), pick(b));
                let (from, to) = if a.0 <= b.0 { (a, b) } else { (b, a) };
                if span {
                    index.lines_between(from.0, to.0, to.1 - from.1);
                } else {
                    index.line_is(to.0, to.1);
                }
            }
            for a in asked {
                let (offset, line) = pick(a);
                proptest::prop_assert_eq!(index.line_at(offset).expect("counted"), line);
            }
            let _ = std::fs::remove_file(&path);
        }
    }

    #[test]
    fn a_span_saves_the_count_and_a_file_cut_short_is_an_error() {
        let text = "a\nb\n\nc\n".repeat(50_000);
        let path = text_file("span", &text);
        let index = LineIndex::new(&path);
        let end = text.len() as u64;
        index.lines_between(0, end, 200_000);
        // Past the end: only the span can answer, and it does.
        assert_eq!(index.line_at(end).expect("from the span"), 200_001);
        let error = index.line_at(end + 10).expect_err("the file is shorter");
        assert_eq!(error.kind(), io::ErrorKind::UnexpectedEof);
        let _ = std::fs::remove_file(&path);
    }
}
