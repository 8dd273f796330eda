//! The terminal of an interactive game: prompts and reports on stdout, refusals on stderr,
//! one bounded input line at a time (binary or endless input never hangs or panics).

use std::io::{self, BufRead, StdoutLock, Write};

use chessrules::io::input::read_typed_line;

use anyhow::Result;

/// A line typed at a move prompt, the commands every game shares told apart.
pub enum Typed {
    /// `quit` or `exit`.
    Stop,
    Help,
    Board,
    Moves,
    Resign,
    /// Anything else: a move, or a command with words after it.
    Text(String),
}

impl Typed {
    pub fn of(line: String) -> Typed {
        match line.as_str() {
            "quit" | "exit" => Typed::Stop,
            "help" => Typed::Help,
            "board" => Typed::Board,
            "moves" => Typed::Moves,
            "resign" => Typed::Resign,
            _ => Typed::Text(line),
        }
    }
}

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

    /// Text without a line end: a board that ends in its own newline, or a prompt.
    pub fn show(&mut self, text: &str) -> Result<()> {
        write!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(())
    }

    /// A refusal (stderr).
    pub fn refuse(&mut self, text: &str) {
        errln!("{text}");
    }

    /// Prompts (unless `prompt` is empty) and reads one line, trimmed; `None` at the end of
    /// input.
    pub fn read(&mut self, prompt: &str) -> Result<Option<String>> {
        if !prompt.is_empty() {
            self.show(prompt)?;
        }
        Ok(read_typed_line(&mut self.input))
    }
}
