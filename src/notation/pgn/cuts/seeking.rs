//! The planner that seeks to where each cut is due and reads from there only until it finds
//! one: a 32 KiB read a cut, where reading every byte to count lines cost as much as a
//! twentieth of validating the file, on a thread the pieces' readers needed (lichess.pgn,
//! 29 MB: about 6 ms of 84).

use std::io::{self, Read, Seek, SeekFrom};

use super::{Cut, CutPlan, Schedule};

/// The bytes read at a time from where a cut is due. Real games are a few kilobytes, so one
/// read almost always holds the next game start.
const WINDOW: usize = 32 << 10;

/// Bytes before a line start that decide whether it follows a blank line (`\n\r\n[`).
const BEFORE: usize = 3;

/// Finds the cuts of a seekable file one after another, as they are needed, by the same rule
/// as [`Planner`](super::Planner): the first at the file's start, then the first line at or
/// after the piece size past the last cut that begins with `[` and follows a blank line. Only
/// the first cut's line is known.
pub struct Seeker<R> {
    input: R,
    window: Vec<u8>,
    /// Where the next cut is due, and how far the cuts have come.
    due: Schedule,
}

impl<R: Read + Seek> Seeker<R> {
    /// A planner of `input`'s cuts, about `piece_bytes` apart.
    pub fn new(input: R, piece_bytes: u64) -> Seeker<R> {
        Seeker {
            input,
            window: vec![0u8; WINDOW],
            due: Schedule::new(piece_bytes),
        }
    }

    /// Cuts due ever closer together towards the end of an input of `total` bytes, as
    /// [`Planner::shrinking`](super::Planner::shrinking) has them.
    pub fn shrinking(mut self, total: u64, parts: u64, least: u64) -> Seeker<R> {
        self.due = self.due.shrinking(total, parts, least);
        self
    }

    /// Reads into the window from `at` on, as much as one read gives.
    fn read_into(&mut self, at: usize) -> io::Result<usize> {
        loop {
            match self.input.read(&mut self.window[at..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                read => return read,
            }
        }
    }

    /// The first cut at or after the target, reading windows from just before it.
    fn find(&mut self) -> io::Result<Option<u64>> {
        let give_up_past = self.due.spacing.give_up_past(self.due.target);
        // The window's first byte is at `start` in the file; `kept` bytes at its front are the
        // last window's end, so a line start's bytes before it are always in the window.
        let mut start = self.due.target.saturating_sub(BEFORE as u64);
        self.input.seek(SeekFrom::Start(start))?;
        let mut kept = 0;
        let mut past_due = false;
        loop {
            let read = self.read_into(kept)?;
            if read == 0 {
                self.due.finished = true;
                return Ok(None);
            }
            // Given up only with bytes left after the limit: at the end of the input, the
            // last piece is an ordinary one.
            if past_due {
                self.due.finished = true;
                self.due.gave_up = true;
                return Ok(None);
            }
            let len = kept + read;
            if let Some(at) = first_cut(&self.window[..len], start, self.due.target) {
                return Ok(Some(at));
            }
            past_due = start + len as u64 > give_up_past;
            kept = BEFORE.min(len);
            self.window.copy_within(len - kept..len, 0);
            start += (len - kept) as u64;
        }
    }
}

/// The offset of the first line start in `window` (whose first byte is at `start` in the
/// file) at or after `target` that begins with `[` after a blank line. A line start needs the
/// bytes before it in the window (or the file's start before them) to count: one too near the
/// window's front was looked at in the window before.
fn first_cut(window: &[u8], start: u64, target: u64) -> Option<u64> {
    let byte = |at: u64| -> Option<u8> {
        let i = usize::try_from(at.checked_sub(start)?).ok()?;
        window.get(i).copied()
    };
    // The line before the one starting at `at` (after the `\n` at `at - 1`) is blank: it is
    // empty or a lone `\r`, from the file's start or after another `\n`.
    let blank_before = |at: u64| -> Option<bool> {
        let line_end = at.checked_sub(1)?;
        if line_end == 0 {
            return Some(true);
        }
        Some(match byte(line_end - 1)? {
            b'\n' => true,
            b'\r' => line_end - 1 == 0 || byte(line_end - 2)? == b'\n',
            _ => false,
        })
    };
    let last = window.len().checked_sub(1)?;
    memchr::memchr_iter(b'\n', &window[..last])
        .map(|i| start + i as u64 + 1)
        .filter(|&at| at >= target)
        .find(|&at| byte(at) == Some(b'[') && blank_before(at) == Some(true))
}

impl<R: Read + Seek> CutPlan for Seeker<R> {
    fn next_cut(&mut self) -> io::Result<Option<Cut>> {
        if !self.due.started {
            self.due.started = true;
            return Ok(Some(Cut::START));
        }
        if self.due.finished {
            return Ok(None);
        }
        Ok(self.find()?.map(|offset| self.due.cut_at(offset)))
    }

    fn gave_up(&self) -> bool {
        self.due.gave_up
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn seek_all(seeker: &mut Seeker<impl Read + Seek>) -> Vec<Cut> {
        let mut cuts = Vec::new();
        while let Some(cut) = seeker.next_cut().expect("in memory") {
            cuts.push(cut);
        }
        cuts
    }

    #[test]
    fn cuts_after_crlf_blank_lines_across_windows_have_no_line() {
        // A game start whose blank line and `[` fall on either side of a window's end.
        for gap in ["\r\n\r\n", "\n\n"] {
            let mut text = "x".repeat(WINDOW - 2);
            text.push_str(gap);
            text.push_str("[Event \"x\"]\r\n");
            let mut seeker = Seeker::new(Cursor::new(text.as_bytes()), 100);
            let at = (WINDOW - 2 + gap.len()) as u64;
            assert_eq!(
                seek_all(&mut seeker),
                [
                    Cut::START,
                    Cut {
                        offset: at,
                        line: None
                    }
                ],
                "{gap:?}"
            );
            assert!(!seeker.gave_up());
        }
    }

    #[test]
    fn no_cut_for_many_pieces_leaves_the_rest_as_one_piece() {
        let mut text = "[Event \"x\"]\n1. e4 *\n".repeat((1 << 20) / 20);
        text.push_str("\n[Event \"y\"]\n1. d4 *\n");
        let mut seeker = Seeker::new(Cursor::new(text.as_bytes()), 1 << 10);
        assert_eq!(seek_all(&mut seeker), [Cut::START]);
        assert!(seeker.gave_up(), "the rest is not one piece's worth");
        // No cut and past the limit, but at the end: nothing is left to give up on.
        let text = format!("[a\n{}", "x".repeat(95));
        let mut seeker = Seeker::new(Cursor::new(text.as_bytes()), 10);
        assert_eq!(seek_all(&mut seeker), [Cut::START]);
        assert!(!seeker.gave_up());
    }
}
