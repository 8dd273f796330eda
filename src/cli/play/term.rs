//! The terminal of an interactive game: prompts and reports on stdout, refusals on stderr,
//! one bounded input line at a time (binary or endless input never hangs or panics).

use std::io::{self, BufRead, StdoutLock, Write};

use chessrules::core::Color;
use chessrules::io::input::read_typed_line;

use anyhow::Result;

/// A line typed at a move prompt, the commands every game shares told apart.
pub enum Typed {
    /// `quit`, `exit`, or the end of input.
    Stop,
    Help,
    Board,
    Moves,
    Resign,
    /// Anything else: a move, or a command of one game only.
    Text(String),
}

/// The result sentence of a resignation.
pub fn resignation(side: Color) -> String {
    format!("{} resigns: {} wins.", side.title(), side.other().title())
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

    /// Prompts until a line that is not empty comes. At the end of input the prompt's line is
    /// ended (the next output starts on its own line) and the answer is `Stop`.
    pub fn ask(&mut self, prompt: &str) -> Result<Typed> {
        loop {
            self.show(prompt)?;
            let Some(line) = read_typed_line(&mut self.input) else {
                self.say("")?;
                return Ok(Typed::Stop);
            };
            return Ok(match line.as_str() {
                "" => continue,
                "quit" | "exit" => Typed::Stop,
                "help" => Typed::Help,
                "board" => Typed::Board,
                "moves" => Typed::Moves,
                "resign" => Typed::Resign,
                _ => Typed::Text(line),
            });
        }
    }
}
