//! The terminal of an interactive game: prompts and reports on stdout, refusals on stderr,
//! one bounded input line at a time (binary or endless input never hangs or panics).

use std::io::{self, BufRead, Read, StdoutLock, Write};

use anyhow::Result;

/// Longest input line read (the rest of a longer line is skipped).
const MAX_LINE: u64 = 4096;

pub struct Terminal {
    input: Box<dyn BufRead>,
    out: StdoutLock<'static>,
}

impl Terminal {
    pub fn new() -> Terminal {
        Terminal {
            input: Box::new(io::stdin().lock()),
            out: io::stdout().lock(),
        }
    }

    /// A line of output.
    pub fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Text without a line end (a board that ends in its own newline).
    pub fn show(&mut self, text: &str) -> Result<()> {
        write!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(())
    }

    /// A refusal (stderr).
    pub fn refuse(&mut self, text: &str) {
        errln!("{text}");
    }

    pub fn prompt(&mut self, text: &str) -> Result<()> {
        write!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(())
    }

    /// The next input line, trimmed (`None` at the end of input). Invalid UTF-8 becomes
    /// U+FFFD, which no move accepts.
    pub fn read_line(&mut self) -> Option<String> {
        let mut bytes = Vec::new();
        let n = (&mut self.input)
            .take(MAX_LINE)
            .read_until(b'\n', &mut bytes)
            .ok()?;
        if n == 0 {
            return None;
        }
        if !bytes.ends_with(b"\n") && n as u64 == MAX_LINE {
            // Skip the rest of an over-long line, a bounded piece at a time.
            loop {
                let mut rest = Vec::new();
                match (&mut self.input)
                    .take(MAX_LINE)
                    .read_until(b'\n', &mut rest)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) if rest.ends_with(b"\n") => break,
                    Ok(_) => {}
                }
            }
        }
        Some(String::from_utf8_lossy(&bytes).trim().to_string())
    }
}
