//! How a game talks at the terminal. The one play loop (`game.rs`) decides what happens; a
//! [`Dialogue`] says it. [`Grid`] is every variant's: the board with coordinates, prompts,
//! refusals on stderr, the log at the end. A course whose graders read a fixed dialogue (pawn
//! race) brings its own (`cli/pawnrace/dialogue.rs`).

use anyhow::Result;
use chessrules::core::Color;
use chessrules::game::seat_view::BoardStyle;
use chessrules::play::session::View;

use super::render::{self, Style};
use super::term::Terminal;

pub trait Dialogue {
    /// Show the board before every move (and at the end), not only when a person is to move
    /// after a change.
    fn board_before_every_move(&self) -> bool {
        false
    }
    /// The board as this dialogue draws it.
    fn board(&self, t: &mut Terminal, view: &View) -> Result<()>;
    /// The text `help` prints.
    fn help(&self) -> &str;
    /// Are empty lines passed over (or refused as moves)?
    fn skips_empty_lines(&self) -> bool {
        true
    }
    /// A command that cannot be done now, and why.
    fn cannot(&self, t: &mut Terminal, reason: &str) -> Result<()>;
    /// The prompt for a person's move (`None`: no prompt).
    fn prompt(&self, me: Color, placing: bool) -> Option<String>;
    /// A person's move the rules refused.
    fn refused(&self, t: &mut Terminal, text: &str, reason: &str) -> Result<()>;
    /// Are coordinates (`e2e4`, `e2-e4`) and SAN read besides the variant's own notation? A
    /// course dialogue that graders read byte for byte keeps its own notation only.
    fn reads_any_notation(&self) -> bool {
        true
    }
    /// A text that is no move in any notation the board reads (`own`: the variant's own
    /// reader's words about it).
    fn not_understood(&self, t: &mut Terminal, text: &str, own: &str) -> Result<()> {
        self.refused(t, text, own)
    }
    /// A computer's move (`secret`: a placement the viewer may not see).
    fn computer_played(&self, t: &mut Terminal, me: Color, text: &str, secret: bool) -> Result<()>;
    /// What trapdoors and mines did, one sentence each.
    fn effects(&self, t: &mut Terminal, sentences: &[String]) -> Result<()> {
        for s in sentences {
            t.say(&format!("  {s}"))?;
        }
        Ok(())
    }
    /// Moves taken back, as this terminal may show them.
    fn took_back(&self, t: &mut Terminal, taken: &[String]) -> Result<()> {
        t.say(&format!("Took back {}.", taken.join(" and ")))
    }
    /// The end: the result (`stopped`: no result, the players stopped) and the game's log.
    fn ended(&self, t: &mut Terminal, view: &View, stopped: bool, log: &str) -> Result<()>;
    /// The words that take a move back.
    fn is_undo(&self, word: &str) -> bool {
        word == "undo"
    }
}

/// Every variant's dialogue.
pub struct Grid {
    pub style: Style,
    /// The variant's move syntax and the commands, for `help`.
    pub help: String,
    /// How the last board drawn is drawn: the sides' names follow it (xiangqi's Red and
    /// Black, shogi's Sente and Gote).
    look: std::cell::Cell<BoardStyle>,
}

impl Grid {
    /// The grid for a variant whose moves are written as `syntax`; colour only at a terminal
    /// and not `plain`; the board turned when the person plays Black (`from_black`).
    pub fn new(syntax: &str, plain: bool, from_black: bool) -> Grid {
        Grid {
            style: Style {
                colour: !plain && std::io::IsTerminal::is_terminal(&std::io::stdout()),
                from_black,
                letters: false,
            },
            help: format!("{syntax}\n{}", super::game::COMMANDS),
            look: std::cell::Cell::new(BoardStyle::Chess),
        }
    }

    /// Letters for the pieces even where the variant's players draw characters.
    pub fn with_letters(mut self, letters: bool) -> Grid {
        self.style.letters = letters;
        self
    }

    /// A side's name as the variant's players say it.
    fn side(&self, color: Color) -> &'static str {
        match (self.look.get(), color) {
            (BoardStyle::Xiangqi, Color::White) => "Red",
            (BoardStyle::Shogi, Color::White) => "Sente",
            (BoardStyle::Shogi, Color::Black) => "Gote",
            (_, c) => c.title(),
        }
    }
}

impl Dialogue for Grid {
    fn board(&self, t: &mut Terminal, view: &View) -> Result<()> {
        self.look.set(view.style);
        t.show(&render::board(view, self.style))?;
        let mut lines = view.info.clone();
        if view.status.check && !view.over {
            lines.push("check".to_string());
        }
        for line in lines {
            t.say(&format!("  {line}"))?;
        }
        Ok(())
    }

    fn help(&self) -> &str {
        &self.help
    }

    fn cannot(&self, t: &mut Terminal, reason: &str) -> Result<()> {
        let mut chars = reason.chars();
        let sentence: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        t.refuse(&format!("{sentence}."));
        Ok(())
    }

    fn prompt(&self, me: Color, placing: bool) -> Option<String> {
        Some(if placing {
            format!(
                "{} places a trapdoor (Dc6) or mine (Md5) in secret, ... to skip, or moves: ",
                me.title()
            )
        } else {
            format!("{} to move: ", self.side(me))
        })
    }

    fn refused(&self, t: &mut Terminal, text: &str, reason: &str) -> Result<()> {
        t.refuse(&format!(
            "Illegal move {}: {}. Type moves for the legal moves.",
            shown(text, 32),
            shown(reason, 160)
        ));
        Ok(())
    }

    fn not_understood(&self, t: &mut Terminal, text: &str, own: &str) -> Result<()> {
        t.refuse(&format!(
            "Not understood: {} ({}). Type a move as e2e4, e2-e4 or Nf3 (moves lists the legal \
             ones), or a command (help).",
            shown(text, 32),
            shown(own, 160)
        ));
        Ok(())
    }

    fn computer_played(&self, t: &mut Terminal, me: Color, text: &str, secret: bool) -> Result<()> {
        if secret {
            t.say(&format!("{} places its secret obstacle.", me.title()))
        } else {
            t.say(&format!("{} plays {text}", self.side(me)))
        }
    }

    fn ended(&self, t: &mut Terminal, view: &View, _stopped: bool, log: &str) -> Result<()> {
        self.board(t, view)?;
        let result = view.result.as_deref().unwrap_or("no result");
        t.say(&format!("Game over: {result}."))?;
        // Placements are secret until the game is over; now the whole game file is shown.
        t.say("Moves:")?;
        t.show(log)
    }
}

/// Typed text as a message may echo it: control characters as `?`, at most `limit`
/// characters (then `...`), so a pasted line cannot garble the screen or flood it.
fn shown(text: &str, limit: usize) -> String {
    let head: String = text.chars().take(limit).collect();
    let mut s = chessrules::io::input::printable(&head);
    if text.chars().count() > limit {
        s.push_str("...");
    }
    s
}
