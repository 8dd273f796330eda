//! The pawn race course's dialogue, byte for byte what its graders read (all on stdout, each
//! line ending in `\n`):
//! - the board as the spec draws it, then a blank line, before every move;
//! - a person is prompted with `White's move: ` / `Black's move: ` (no newline);
//! - a refused move prints `Invalid move: <reason>` and the prompt again;
//! - `back` takes back the last move (against the computer: back to the person's last move);
//! - a computer move prints `White plays b4` (with `--quiet`, just `b4`);
//! - the end prints one of `White wins by reaching the last rank`,
//!   `White wins by capturing every black pawn`, `Draw by stalemate: Black cannot move`.
//!
//! `--quiet` prints only the computer's moves (bare SAN) and the result; refusals go to stderr.

use anyhow::Result;
use chessrules::core::Color;
use chessrules::play::session::View;
use chessrules::variants::pawnrace::board::{display, from_diagram};

use crate::cli::play::dialogue::Dialogue;
use crate::cli::play::term::Terminal;

pub struct Course {
    pub quiet: bool,
}

impl Course {
    fn say_or_refuse(&self, t: &mut Terminal, line: &str) -> Result<()> {
        if self.quiet {
            t.refuse(line);
            Ok(())
        } else {
            t.say(line)
        }
    }
}

impl Dialogue for Course {
    fn board_before_every_move(&self) -> bool {
        !self.quiet
    }
    /// The course's graders read the dialogue byte for byte: its own notation only.
    fn reads_any_notation(&self) -> bool {
        false
    }

    fn board(&self, t: &mut Terminal, view: &View) -> Result<()> {
        if self.quiet {
            return Ok(());
        }
        // The spec's drawing, from the squares as the page sees them.
        let mut rows = String::new();
        for rank in (1..=8u8).rev() {
            for file in b'a'..=b'h' {
                let name = format!("{}{rank}", char::from(file));
                let piece = view
                    .cells
                    .iter()
                    .find(|c| c.square == name)
                    .and_then(|c| c.piece.as_ref());
                rows.push(match piece {
                    Some(p) if p.color == "white" => 'W',
                    Some(_) => 'B',
                    None => '.',
                });
            }
            rows.push('\n');
        }
        let side = if view.to_move == "white" {
            Color::White
        } else {
            Color::Black
        };
        let pos = from_diagram(&rows, side, None).map_err(|e| anyhow::anyhow!(e))?;
        t.say(&display(&pos))
    }

    fn help(&self) -> &str {
        "Moves: short algebraic notation (b4, bxc5; en passant is written as the capture). \
back takes back your last move; resign, quit."
    }

    fn skips_empty_lines(&self) -> bool {
        false
    }

    fn cannot(&self, t: &mut Terminal, reason: &str) -> Result<()> {
        self.say_or_refuse(t, &format!("Invalid move: {reason}"))
    }

    fn prompt(&self, me: Color, _placing: bool) -> Option<String> {
        (!self.quiet).then(|| format!("{}'s move: ", me.title()))
    }

    fn refused(&self, t: &mut Terminal, _text: &str, reason: &str) -> Result<()> {
        self.cannot(t, reason)
    }

    fn computer_played(
        &self,
        t: &mut Terminal,
        me: Color,
        text: &str,
        _secret: bool,
    ) -> Result<()> {
        if self.quiet {
            t.say(text)
        } else {
            t.say(&format!("{} plays {text}", me.title()))
        }
    }

    fn took_back(&self, _t: &mut Terminal, _taken: &[String]) -> Result<()> {
        Ok(())
    }

    fn ended(&self, t: &mut Terminal, view: &View, stopped: bool, _log: &str) -> Result<()> {
        if stopped {
            return t.say("Game stopped.");
        }
        t.say(view.result.as_deref().unwrap_or("Game over"))
    }

    fn is_undo(&self, word: &str) -> bool {
        word.eq_ignore_ascii_case("back") || word == "undo"
    }
}
