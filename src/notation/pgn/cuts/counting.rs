//! The planner that reads every byte of a file and counts its lines, so that each cut comes
//! with its line number.

use std::io::{self, Read};

use super::{count_line_ends, Cut, CutPlan, Schedule};

/// The bytes the planner reads at a time. Small enough to stay in a core's second-level
/// cache, where the kernel's copy into it and the count of its line ends are cheaper than
/// into a buffer that spills to the third (lichess.pgn with `--jobs 2`: 47.7 ms with 1 MiB,
/// 46.4 ms with this, least wall time of 21, when this planner read the whole file beside the
/// pieces' readers).
const CHUNK: usize = 256 << 10;

/// Finds the cuts of a file one after another, as they are needed: the first at its start,
/// then the first line at or after `piece_bytes` past the last cut (fewer towards the end,
/// with [`Planner::shrinking`]) that begins with `[` and follows a blank line. It reads the
/// bytes once, looking only at line ends, a chunk ahead of the pieces being validated (so a
/// huge file's first pieces start at once).
pub struct Planner<R> {
    input: R,
    chunk: Vec<u8>,
    /// Bytes in `chunk`, and the next one to look at.
    len: usize,
    at: usize,
    /// Offset of `chunk[0]` in the file.
    base: u64,
    /// The line that starts at `line_start`, and whether the line before it was blank.
    line: u64,
    line_start: u64,
    last_blank: bool,
    /// The byte before `chunk[0]`.
    previous_byte: u8,
    /// Where the next cut is due, and how far the cuts have come.
    due: Schedule,
}

impl<R: Read> Planner<R> {
    /// A planner of `input`'s cuts, about `piece_bytes` apart.
    pub fn new(input: R, piece_bytes: u64) -> Planner<R> {
        Planner {
            input,
            chunk: vec![0u8; CHUNK],
            len: 0,
            at: 0,
            base: 0,
            line: 1,
            line_start: 0,
            last_blank: false,
            previous_byte: 0,
            due: Schedule::new(piece_bytes),
        }
    }

    /// Cuts due ever closer together towards the end of an input of `total` bytes: each
    /// piece is about the bytes left after its start over `parts`, at most the planner's
    /// piece size and at least `least` bytes (so that the threads reading them finish
    /// together).
    pub fn shrinking(mut self, total: u64, parts: u64, least: u64) -> Planner<R> {
        self.due = self.due.shrinking(total, parts, least);
        self
    }

    fn cut_here(&mut self) -> Cut {
        Cut {
            line: Some(self.line),
            ..self.due.cut_at(self.line_start)
        }
    }

    /// Did the cuts stop before the end of the input? See [`CutPlan::gave_up`].
    pub fn gave_up(&self) -> bool {
        self.due.gave_up
    }

    /// Passes over the lines of the chunk that end well before the next cut is due, counting
    /// them in bulk: only the lines near a cut are looked at one by one (a call per line
    /// end over the whole file cost as much as a tenth of a piece's reading).
    fn skip_to_target(&mut self) {
        // The lines ending at least two bytes before the target: no cut can come among them
        // (a cut is a line start at or after the target).
        let stop = usize::try_from(self.due.target.saturating_sub(self.base + 2))
            .map_or(self.len, |s| s.min(self.len));
        if stop <= self.at {
            return;
        }
        let region = &self.chunk[self.at..stop];
        let Some(last) = memchr::memrchr(b'\n', region) else {
            return;
        };
        let lines = count_line_ends(&region[..=last]);
        // The next line starts before the target, so whether this one was blank decides no
        // cut; the line end after it (looked at one by one) sets `last_blank` again.
        self.last_blank = false;
        self.line_start = self.base + (self.at + last) as u64 + 1;
        self.line += lines;
        self.at += last + 1;
    }

    /// The next cut; `None` after the last.
    pub fn next_cut(&mut self) -> io::Result<Option<Cut>> {
        if !self.due.started {
            self.due.started = true;
            return Ok(Some(Cut::START));
        }
        while !self.due.finished {
            if self.at >= self.len {
                if self.len > 0 {
                    self.previous_byte = self.chunk[self.len - 1];
                }
                self.base += self.len as u64;
                self.len = loop {
                    match self.input.read(&mut self.chunk) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        read => break read?,
                    }
                };
                self.at = 0;
                // No game start for many pieces (games not parted by blank lines): the rest
                // of the file is one piece, read as one stream.
                if self.len == 0 || self.base > self.due.spacing.give_up_past(self.due.target) {
                    self.due.finished = true;
                    self.due.gave_up = self.len > 0;
                    break;
                }
                // A line start found at the end of the last chunk, its first byte in this one.
                if self.line_start == self.base
                    && self.last_blank
                    && self.line_start >= self.due.target
                    && self.chunk[0] == b'['
                {
                    return Ok(Some(self.cut_here()));
                }
            }
            self.skip_to_target();
            let Some(i) =
                memchr::memchr(b'\n', &self.chunk[self.at..self.len]).map(|i| i + self.at)
            else {
                self.at = self.len;
                continue;
            };
            self.at = i + 1;
            let end = self.base + i as u64;
            let before = if i > 0 {
                self.chunk[i - 1]
            } else {
                self.previous_byte
            };
            self.last_blank =
                end == self.line_start || (end == self.line_start + 1 && before == b'\r');
            self.line += 1;
            self.line_start = end + 1;
            if self.last_blank
                && self.line_start >= self.due.target
                && i + 1 < self.len
                && self.chunk[i + 1] == b'['
            {
                return Ok(Some(self.cut_here()));
            }
        }
        Ok(None)
    }
}

impl<R: Read> CutPlan for Planner<R> {
    fn next_cut(&mut self) -> io::Result<Option<Cut>> {
        Planner::next_cut(self)
    }

    fn gave_up(&self) -> bool {
        Planner::gave_up(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cut of `input`.
    fn plan(input: &mut impl Read, piece_bytes: u64) -> io::Result<Vec<Cut>> {
        let mut planner = Planner::new(input, piece_bytes);
        let mut cuts = Vec::new();
        while let Some(cut) = planner.next_cut()? {
            cuts.push(cut);
        }
        Ok(cuts)
    }

    #[test]
    fn cuts_fall_on_tag_lines_after_blank_lines_with_their_line_numbers() {
        let game = "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 *\n\n";
        let text = game.repeat(20);
        let cuts = plan(&mut text.as_bytes(), 100).expect("in memory");
        assert_eq!(cuts[0], Cut::START);
        assert!(cuts.len() > 2);
        for c in &cuts[1..] {
            let at = c.offset as usize;
            assert!(text[at..].starts_with("[Event"), "{c:?}");
            assert_eq!(Some(text[..at].matches('\n').count() as u64 + 1), c.line);
        }
        for pair in cuts.windows(2) {
            assert!(pair[1].offset >= pair[0].offset + 100);
        }
    }

    #[test]
    fn a_cut_is_found_across_chunk_ends_and_after_crlf_blank_lines() {
        // A game start whose blank line and `[` fall on either side of a 1 MiB read.
        let mut text = "x".repeat((1 << 20) - 2);
        text.push_str("\r\n\r\n[Event \"x\"]\r\n");
        let cuts = plan(&mut text.as_bytes(), 1 << 20).expect("in memory");
        assert_eq!(
            cuts,
            [
                Cut::START,
                Cut {
                    offset: (1 << 20) + 2,
                    line: Some(3)
                }
            ]
        );
        // The blank line ends a read, its `[` begins the next.
        let mut text = "x".repeat((1 << 20) - 2);
        text.push_str("\n\n[Event \"x\"]\n");
        let cuts = plan(&mut text.as_bytes(), 1 << 20).expect("in memory");
        assert_eq!(
            cuts[1..],
            [Cut {
                offset: 1 << 20,
                line: Some(3)
            }]
        );
    }

    #[test]
    fn no_cut_for_many_pieces_leaves_the_rest_as_one_piece() {
        // Games not parted by blank lines for 12 MiB, then a game start after one.
        let mut text = "[Event \"x\"]\n1. e4 *\n".repeat((12 << 20) / 20);
        text.push_str("\n[Event \"y\"]\n1. d4 *\n");
        let mut planner = Planner::new(text.as_bytes(), 1 << 20);
        assert_eq!(planner.next_cut().expect("in memory"), Some(Cut::START));
        assert_eq!(planner.next_cut().expect("in memory"), None);
        assert!(planner.gave_up(), "the rest is not one piece's worth");
        // Cuts found to the end of the input: not given up.
        let text = "[Event \"x\"]\n\n1. e4 *\n\n".repeat(100);
        let mut planner = Planner::new(text.as_bytes(), 100);
        while planner.next_cut().expect("in memory").is_some() {}
        assert!(!planner.gave_up());
    }
}
