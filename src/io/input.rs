//! Reading an input file whole, with a size limit: board, move, game and variant files are
//! small by nature, and a cap keeps memory bounded whatever a grader gives us (a 100 MB line,
//! ten million lines). Streaming readers (`follow`, `standard validate`) read line by line,
//! and lines read from standard input are capped too ([`read_line_within`]).
use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;
use std::time::Duration;

/// Largest board, move, game or variant file read whole: a board file is under 1 KB, and
/// 1 MiB of moves is over 100 000 moves. The readers keep a line table (up to 24 bytes per
/// line), so ten million empty lines would cost 240 MB; under this cap they cost at most 25 MB.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// How long an input that is a FIFO waits for a program to write to it.
pub const FIFO_WRITER_WAIT: Duration = Duration::from_secs(10);

/// Opens an input file. A FIFO is opened without waiting for a writer (a plain `open` would
/// wait forever when none comes) and then given [`FIFO_WRITER_WAIT`] for one to write or
/// close; after that it is a `TimedOut` error. Everything else opens as usual.
pub fn open_input(path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            return fifo::open(path, FIFO_WRITER_WAIT);
        }
    }
    File::open(path)
}

#[cfg(unix)]
mod fifo {
    use std::fs::{File, OpenOptions};
    use std::io;
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;
    use std::path::Path;
    use std::time::{Duration, Instant};

    /// Opens the FIFO at `path` for reading once a writer has written or closed, within `wait`.
    pub fn open(path: &Path, wait: Duration) -> io::Result<File> {
        let file = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?;
        let fd = file.as_raw_fd();
        let deadline = Instant::now() + wait;
        loop {
            // A FIFO that never had a writer is neither readable nor hung up (Linux, BSD), so
            // poll waits for the first writer's bytes or its close.
            let mut pfd = libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            };
            let left = deadline.saturating_duration_since(Instant::now());
            let ms = left.as_millis().min(i32::MAX as u128) as i32;
            // SAFETY: `pfd` is one valid pollfd that lives across the call.
            let rc = unsafe { libc::poll(&mut pfd, 1, ms) };
            if rc > 0 {
                break;
            }
            if rc < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!(
                    "it is a FIFO and no program wrote to it within {} s",
                    wait.as_secs()
                ),
            ));
        }
        // Reads block again from here on, like any file's.
        // SAFETY: plain fcntl calls on a descriptor this function owns.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) < 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(file)
    }
}

/// Reads `path` whole if it has at most `limit` bytes; a larger file is an
/// `InvalidData` error ("the file is larger than N MiB") and only `limit + 1` bytes are read.
pub fn read_limited(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = open_input(path)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the file is larger than {} MiB", limit >> 20),
        ));
    }
    Ok(bytes)
}

/// Reads a small input file whole (at most [`MAX_INPUT_BYTES`]) as text; invalid UTF-8 becomes
/// U+FFFD, which no board or move format accepts, so the format's own error reports it.
pub fn read_small_text(path: &Path) -> io::Result<String> {
    read_limited(path, MAX_INPUT_BYTES).map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// Skips a UTF-8 byte order mark at the start of a stream (editors on Windows write one); the
/// board readers already accept it, so every text input does.
pub fn skip_bom<R: BufRead>(reader: &mut R) -> io::Result<()> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if reader.fill_buf()?.starts_with(BOM) {
        reader.consume(BOM.len());
    }
    Ok(())
}

/// Longest part of a typed line that is kept (a move is a few bytes; the rest of a longer line
/// is read and dropped, so a huge line costs no memory).
pub const MAX_LINE: usize = 256;

/// Reads one line (its first `MAX_LINE` bytes, with the `\n` if it fits) into `line`, which is
/// not cleared first; false at end of input. Used for lines typed at a prompt.
pub fn read_line_capped(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        input.consume(used);
        if done {
            return Ok(true);
        }
    }
}

/// One line read by [`read_line_within`].
#[derive(Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A whole line (without its line ending) in the buffer.
    Line,
    /// A line longer than the limit: read to its end and dropped (the buffer is empty).
    TooLong,
    /// End of input before any byte.
    End,
}

/// Reads one line into `line` (cleared first, line ending stripped) when it has at most
/// `limit` bytes; a longer line is read to its end and dropped, so that no line costs more
/// memory than `limit` whatever the input (`/dev/zero` never ends a line: it is refused once
/// `limit` bytes are seen, and reading goes on until a newline).
pub fn read_line_within(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: usize,
) -> io::Result<LineRead> {
    read_line(input, line, limit, true)
}

/// [`read_line_within`] for a reader that stops at a line too long (a file name asked for
/// at a prompt): `TooLong` as soon as `limit` bytes are passed, the rest of the line unread,
/// so that an endless line (`/dev/zero`) ends the reading at once.
pub fn read_line_or_stop(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: usize,
) -> io::Result<LineRead> {
    read_line(input, line, limit, false)
}

fn read_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: usize,
    read_past_a_long_line: bool,
) -> io::Result<LineRead> {
    line.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        if !too_long {
            if line.len() + chunk.len() > limit {
                too_long = true;
                line.clear();
                if !read_past_a_long_line {
                    return Ok(LineRead::TooLong);
                }
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + done as usize;
        input.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(LineRead::TooLong);
    }
    if !any {
        return Ok(LineRead::End);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(LineRead::Line)
}

/// The next typed line as text (a move or a command at a prompt): its first `MAX_LINE` bytes,
/// trimmed, invalid UTF-8 replaced by U+FFFD, which no move or command accepts. `None` at the
/// end of input, or when reading fails (a closed terminal ends the game like end of input).
pub fn read_typed_line(input: &mut impl BufRead) -> Option<String> {
    let mut line = Vec::new();
    match read_line_capped(input, &mut line) {
        Ok(true) => Some(String::from_utf8_lossy(&line).trim().to_string()),
        Ok(false) | Err(_) => None,
    }
}

/// Input text as it may be echoed in a message to a terminal: control characters (NUL, escape
/// sequences, a lone CR) become `?`, so a typed or piped line cannot garble the screen.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn printable_replaces_control_characters_only() {
        assert_eq!(super::printable("c7-c5\0\u{1b}[2J\r é"), "c7-c5??[2J? é");
    }

    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_fifo_without_a_writer_is_an_error_after_the_wait_and_one_with_a_writer_reads() {
        let dir = std::env::temp_dir().join(format!("fifo-input-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("in.fifo");
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path that lives across the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = fifo::open(&path, Duration::from_millis(200)).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::TimedOut, "{e}");
        let writer_path = path.clone();
        let writer = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            std::fs::write(writer_path, b"e2-e4\n").unwrap();
        });
        let mut text = String::new();
        fifo::open(&path, Duration::from_secs(10))
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        writer.join().unwrap();
        assert_eq!(text, "e2-e4\n");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_line_within_the_limit_is_read_and_a_longer_one_dropped() {
        let text = b"short\r\n0123456789\nlast";
        let mut r = io::BufReader::with_capacity(4, &text[..]);
        let mut line = Vec::new();
        assert_eq!(
            read_line_within(&mut r, &mut line, 8).unwrap(),
            LineRead::Line
        );
        assert_eq!(line, b"short");
        assert_eq!(
            read_line_within(&mut r, &mut line, 8).unwrap(),
            LineRead::TooLong
        );
        assert!(line.is_empty());
        assert_eq!(
            read_line_within(&mut r, &mut line, 8).unwrap(),
            LineRead::Line
        );
        assert_eq!(line, b"last");
        assert_eq!(
            read_line_within(&mut r, &mut line, 8).unwrap(),
            LineRead::End
        );
    }

    #[test]
    fn an_endless_line_costs_no_more_than_the_limit() {
        // 64 MiB of zero bytes with no newline: refused, and the buffer never grew past it.
        let mut r = io::BufReader::new(io::repeat(0).take(64 << 20));
        let mut line = Vec::new();
        assert_eq!(
            read_line_within(&mut r, &mut line, 1024).unwrap(),
            LineRead::TooLong
        );
        assert!(line.capacity() <= 2 * 1024);
    }

    #[test]
    fn capped_lines_keep_256_bytes_and_drop_the_rest() {
        let mut text = vec![b'x'; 100_000];
        text.extend_from_slice(b"\nb4\n");
        let mut r = text.as_slice();
        let mut line = Vec::new();
        assert!(read_line_capped(&mut r, &mut line).unwrap());
        assert_eq!(line.len(), MAX_LINE);
        line.clear();
        assert!(read_line_capped(&mut r, &mut line).unwrap());
        assert_eq!(line, b"b4\n");
        line.clear();
        assert!(!read_line_capped(&mut r, &mut line).unwrap());
    }

    #[test]
    fn typed_lines_are_trimmed_cut_and_never_fail() {
        let mut text = b"  e2e4 \r\n\xFF\xFEb4\n".to_vec();
        text.extend_from_slice(&[b'q'; 5000]);
        text.extend_from_slice(b"\nquit");
        let mut r = text.as_slice();
        assert_eq!(read_typed_line(&mut r).as_deref(), Some("e2e4"));
        assert_eq!(
            read_typed_line(&mut r).as_deref(),
            Some("\u{fffd}\u{fffd}b4")
        );
        assert_eq!(read_typed_line(&mut r).map(|l| l.len()), Some(MAX_LINE));
        assert_eq!(read_typed_line(&mut r).as_deref(), Some("quit"));
        assert_eq!(read_typed_line(&mut r), None);
    }

    #[test]
    fn skips_one_leading_bom_only() {
        let mut r: &[u8] = b"\xEF\xBB\xBFe 2 e 4\n";
        skip_bom(&mut r).unwrap();
        assert_eq!(r, b"e 2 e 4\n");
        let mut plain: &[u8] = b"e 2";
        skip_bom(&mut plain).unwrap();
        assert_eq!(plain, b"e 2");
    }

    #[test]
    fn reads_small_files_and_refuses_large_ones() {
        let dir = std::env::temp_dir().join(format!("input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f");
        std::fs::write(&path, vec![b'x'; 4096]).unwrap();
        assert_eq!(read_limited(&path, 4096).unwrap().len(), 4096);
        let err = read_limited(&path, 4095).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert!(read_limited(&dir, 10).is_err(), "a directory is an error");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
