//! Where a PGN file can be cut into pieces read in parallel, found from its bytes alone: a
//! line that begins with `[` after a blank line looks like a game start. These are guesses:
//! a blank line and a tag line inside a comment look the same. A reader of the piece before a
//! cut confirms it when it says a game starts cleanly exactly there
//! ([`PgnReader::clean_start`](super::PgnReader::clean_start)); only then does the piece after
//! the cut read as a reader of the whole file reads it.
//!
//! Two planners find the same cuts. [`Planner`] reads every byte and counts the lines, so each
//! cut comes with its line number (the Python package's Spark pieces need it up front).
//! [`Seeker`] reads only one window (32 KiB) at each place a cut is due, so finding the cuts costs
//! nothing beside reading the pieces (`standard validate --jobs N`); its cuts' lines are not
//! known, and a piece's reader counts from 1 until a verdict names a line, when
//! [`LineIndex`] finds the file's.

mod counting;
mod lines;
mod seeking;

use std::io;

pub use counting::Planner;
pub use lines::LineIndex;
pub use seeking::Seeker;

/// Where a piece starts: a byte offset at a line start, and that line's number when the
/// planner counted it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Bytes before the piece.
    pub offset: u64,
    /// The 1-based line the piece starts on: always known for the file's start and from a
    /// [`Planner`], never from a [`Seeker`] past the start.
    pub line: Option<u64>,
}

impl Cut {
    /// The file's start.
    pub const START: Cut = Cut {
        offset: 0,
        line: Some(1),
    };
}

/// The cuts of a file, one after another as they are needed.
pub trait CutPlan {
    /// The next cut; `None` after the last.
    fn next_cut(&mut self) -> io::Result<Option<Cut>>;

    /// Did the cuts stop before the end of the input, because none was found within
    /// `LOOK_AHEAD` times the largest piece of where one was due? Then the bytes after the
    /// last cut are not one piece's worth but the rest of the file, of any size, and are read
    /// as a stream.
    fn gave_up(&self) -> bool;
}

/// How many pieces' bytes past where a cut was due a planner looks for one before it gives
/// up and leaves the rest of the file as one piece (the largest piece's bytes, where pieces
/// shrink).
const LOOK_AHEAD: u64 = 8;

/// How far apart cuts are due: `piece_bytes` after the last, or fewer towards the end of the
/// input (see [`Spacing::shrinking`]).
#[derive(Clone, Copy, Debug)]
struct Spacing {
    piece_bytes: u64,
    shrink: Option<Shrink>,
}

/// How pieces shrink towards the end of the input.
#[derive(Clone, Copy, Debug)]
struct Shrink {
    total: u64,
    parts: u64,
    least: u64,
}

impl Spacing {
    fn new(piece_bytes: u64) -> Spacing {
        Spacing {
            piece_bytes: piece_bytes.max(1),
            shrink: None,
        }
    }

    /// Each piece about the bytes left after its start over `parts`, at most the piece size
    /// and at least `least` bytes. Pieces of one size leave the threads that read them to
    /// finish apart by up to a piece: with 2 threads and an odd number of pieces, one thread
    /// read the last piece alone (tournament-tomgp.pgn: 18 pieces of 14 ms, and 133 ms of
    /// wall time where 125 ms did with an even number).
    fn shrinking(self, total: u64, parts: u64, least: u64) -> Spacing {
        Spacing {
            shrink: Some(Shrink {
                total,
                parts: parts.max(1),
                least: least.max(1),
            }),
            ..self
        }
    }

    /// The bytes of a piece that starts at `offset`.
    fn piece_after(&self, offset: u64) -> u64 {
        match self.shrink {
            Some(s) => (s.total.saturating_sub(offset) / s.parts)
                .min(self.piece_bytes)
                .max(s.least),
            None => self.piece_bytes,
        }
    }

    /// Where a planner that has not found a cut due at `target` gives up.
    fn give_up_past(&self, target: u64) -> u64 {
        target.saturating_add(LOOK_AHEAD * self.piece_bytes)
    }
}

/// Where the next cut is due and how far the cuts have come: what both planners keep.
#[derive(Clone, Copy, Debug)]
struct Schedule {
    spacing: Spacing,
    /// No cut before this offset.
    target: u64,
    /// The first cut (the input's start) was given.
    started: bool,
    /// No more cuts will come.
    finished: bool,
    /// They stopped coming before the end of the input (see [`CutPlan::gave_up`]).
    gave_up: bool,
}

impl Schedule {
    fn new(piece_bytes: u64) -> Schedule {
        Schedule {
            spacing: Spacing::new(piece_bytes),
            target: piece_bytes.max(1),
            started: false,
            finished: false,
            gave_up: false,
        }
    }

    /// Pieces shrinking towards the end of an input of `total` bytes (see
    /// [`Spacing::shrinking`]).
    fn shrinking(self, total: u64, parts: u64, least: u64) -> Schedule {
        let spacing = self.spacing.shrinking(total, parts, least);
        Schedule {
            spacing,
            target: spacing.piece_after(0),
            ..self
        }
    }

    /// A cut at `offset`: the next is due a piece after it.
    fn cut_at(&mut self, offset: u64) -> Cut {
        self.target = offset + self.spacing.piece_after(offset);
        Cut { offset, line: None }
    }
}

/// How many `\n` bytes `bytes` holds, counted in blocks of 255 (a byte-wide count cannot
/// overflow): the compiler compares and adds 16 bytes at a time, where a plain count widened
/// every byte to 64 bits.
fn count_line_ends(bytes: &[u8]) -> u64 {
    bytes
        .chunks(255)
        .map(|block| u64::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

#[cfg(test)]
mod test_support {
    use super::Cut;

    /// Every cut of `text`, a line at a time: the planners' rule as their docs state it, with
    /// `piece(offset)` the bytes of a piece that starts at `offset`. Every cut's line is
    /// counted.
    pub fn cuts_line_by_line(text: &[u8], piece: impl Fn(u64) -> u64) -> Vec<Cut> {
        let mut cuts = vec![Cut::START];
        let mut target = piece(0);
        let (mut start, mut line, mut blank_before) = (0usize, 1u64, false);
        while start < text.len() {
            let end = text[start..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |i| start + i);
            if blank_before && start as u64 >= target && text[start] == b'[' {
                cuts.push(Cut {
                    offset: start as u64,
                    line: Some(line),
                });
                target = start as u64 + piece(start as u64);
            }
            blank_before = matches!(&text[start..end], [] | [b'\r']);
            (start, line) = (end + 1, line + 1);
        }
        cuts
    }

    /// The bytes of a piece that starts at an offset, as a planner of an input of `total`
    /// bytes spaces them: `piece_bytes`, or with `shrink` (parts, least) the bytes left over
    /// `parts`, within `least..=piece_bytes` (`least` wins if it is the larger).
    pub fn piece_sizes(
        total: u64,
        piece_bytes: u64,
        shrink: Option<(u64, u64)>,
    ) -> impl Fn(u64) -> u64 {
        move |offset| match shrink {
            Some((parts, least)) => ((total - offset.min(total)) / parts)
                .min(piece_bytes)
                .max(least),
            None => piece_bytes,
        }
    }

    /// Lines of PGN-like text for property tests: blank, CR-only, tag-like and movetext-like.
    pub fn line_strategy() -> impl proptest::strategy::Strategy<Value = String> {
        proptest::prop_oneof!["", "\r", "\\[[a-z]{0,5}", "[a-z1. ]{1,12}"]
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{cuts_line_by_line, line_strategy, piece_sizes};
    use super::*;
    use std::io::{Cursor, Read, Seek, SeekFrom};

    /// A reader that hands out at most `most` bytes a read, so chunks and windows end
    /// anywhere.
    struct Trickle {
        text: Cursor<Vec<u8>>,
        most: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let most = self.most.min(buf.len());
            self.text.read(&mut buf[..most])
        }
    }

    impl Seek for Trickle {
        fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
            self.text.seek(to)
        }
    }

    /// Every cut `plan` gives, and whether it gave up.
    fn all_cuts(plan: &mut impl CutPlan) -> (Vec<Cut>, bool) {
        let mut cuts = Vec::new();
        while let Some(cut) = plan.next_cut().expect("in memory") {
            cuts.push(cut);
        }
        (cuts, plan.gave_up())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
        /// Read in chunks or windows of any size, both planners give the cuts a line-by-line
        /// reading gives: the counting one with their lines, the seeking one without. Giving
        /// up (no cut for many pieces' bytes) ends the cuts early, never changes one.
        #[test]
        fn the_cuts_are_the_line_by_line_ones(
            lines in proptest::collection::vec(line_strategy(), 0..400),
            piece_bytes in 1u64..300,
            most in 1usize..200,
            shrink in proptest::option::of((1u64..6, 1u64..40)),
        ) {
            let text = lines.join("\n");
            let total = text.len() as u64;
            let expected = cuts_line_by_line(text.as_bytes(), piece_sizes(total, piece_bytes, shrink));
            let input = || Trickle { text: Cursor::new(text.clone().into_bytes()), most };
            let (mut planner, mut seeker) =
                (Planner::new(input(), piece_bytes), Seeker::new(input(), piece_bytes));
            if let Some((parts, least)) = shrink {
                planner = planner.shrinking(total, parts, least);
                seeker = seeker.shrinking(total, parts, least);
            }
            let (counted, gave_up) = all_cuts(&mut planner);
            let expected_here = if gave_up { &expected[..counted.len()] } else { &expected[..] };
            proptest::prop_assert_eq!(expected_here, &counted[..]);
            let (sought, gave_up) = all_cuts(&mut seeker);
            proptest::prop_assert_eq!(sought[0], Cut::START);
            let without_lines: Vec<Cut> = expected
                .iter()
                .map(|c| Cut { line: None, ..*c })
                .take(sought.len())
                .collect();
            proptest::prop_assert_eq!(&without_lines[1..], &sought[1..]);
            if !gave_up {
                proptest::prop_assert_eq!(sought.len(), expected.len());
            }
        }
    }
}
