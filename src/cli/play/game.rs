//! The one terminal play loop, for every variant: a [`Session`] (the same game the web page and
//! the network game play) between two seats, each a person at this terminal, our engine or a
//! UCI engine. The variant is only named to the registry: the board, the moves, the
//! computer's answer and what each seat may see come from there. How the game talks is the
//! [`Dialogue`]'s.
//!
//! One command set everywhere (`help`, `moves`, `board`, `undo`, `draw`, `claim`, `resign`,
//! `log`, `fen`, `quit`). Effects of trapdoors and mines are announced in words. The board is
//! shown again before a person's turn once the position changed (or before every move, as the
//! dialogue asks), and after every second move when no person plays.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use chessrules::core::Color;
use chessrules::game::{GameEnd, VariantId};
use chessrules::play::session::{Session, Viewer};
use chessrules::play::typed::Reading;
use chessrules::variants::registry;
use chessrules::variants::seat::{prepare_uci, Think};

use super::dialogue::Dialogue;
use super::seat::{Seat, SeatSpec};
use super::term::{Terminal, Typed};

/// Commands every game understands (after the variant's own move syntax).
pub const COMMANDS: &str = "Commands: moves (the legal moves), board, undo (against the \
computer: your move and its reply), draw (offer a draw), claim (a draw by repetition or the \
fifty-move rule), claim MOVE (play MOVE and claim the draw it brings), resign, log (the game so \
far), fen (the position: its FEN, or the board file where that is no FEN), help, quit";

/// A game of two computers stops here if the rules have not ended it (a variant file may switch
/// off the fifty-move rule and repetition).
const MAX_COMPUTER_PLIES: usize = 1000;

/// What a terminal game is played with.
pub struct Setup {
    pub variant: VariantId,
    /// The start board, as the variant's board file.
    pub board: String,
    pub white: SeatSpec,
    pub black: SeatSpec,
    pub movetime: u64,
    /// Where the game's log goes when it ends (whole or not at all).
    pub save: Option<PathBuf>,
    /// The header line.
    pub title: String,
    /// Seed of the computer's secret choices (default: the clock).
    pub seed: Option<u64>,
    /// The game record's tags where the variant writes PGN (the players, the date; empty:
    /// the default roster), for the log when the game ends and for the `log` command.
    pub tags: Vec<(String, String)>,
    pub dialogue: Box<dyn Dialogue>,
    /// What the end of input means: `None`, the game stops quietly (exit 0); else the exit
    /// code and the message for standard error (a grader's input that stops early).
    pub input_ended: Option<(u8, &'static str)>,
}

/// Plays the game; the exit code is the board file's when the board is refused.
pub fn run(setup: Setup) -> Result<ExitCode> {
    if let Err(d) = registry::seat_view(setup.variant, &setup.board) {
        errln!("error: {}", d.full());
        return Ok(ExitCode::from(d.exit_code));
    }
    let mut session = Session::new("terminal".to_string(), setup.variant, &setup.board)
        .map_err(|r| anyhow!(r.message))?;
    let mut seats = [Seat::start(&setup.white)?, Seat::start(&setup.black)?];
    for seat in &mut seats {
        if let Seat::External(client) = seat {
            prepare_uci(client, setup.variant).map_err(|e| anyhow!(e))?;
        }
    }
    let viewer = match (seats[0].is_human(), seats[1].is_human()) {
        (true, false) => Viewer::Player(Color::White),
        (false, true) => Viewer::Player(Color::Black),
        // Two people at one terminal see nobody's secrets; two engines are watched with
        // everything shown.
        (true, true) => Viewer::Nobody,
        (false, false) => Viewer::All,
    };
    let mut t = Terminal::new();
    if !setup.title.is_empty() {
        t.say(&format!(
            "{}. White: {}. Black: {}. Type a move or help.",
            setup.title,
            seats[0].label(setup.movetime),
            seats[1].label(setup.movetime)
        ))?;
    }
    let mut game = TerminalGame {
        setup: &setup,
        viewer,
        shown: usize::MAX,
    };
    let end = loop {
        if setup.dialogue.board_before_every_move() {
            game.show_if_changed(&mut t, &session, viewer)?;
        }
        if session.is_over() {
            break LoopExit::Over;
        }
        let mover = session.mover();
        if seats[mover.index()].is_human() {
            match game.person(&mut t, &mut session, mover, &seats)? {
                Turn::Stop => break LoopExit::Stopped,
                Turn::InputEnded => break LoopExit::InputEnded,
                Turn::Again | Turn::Played => continue,
            }
        }
        let computers = !seats.iter().any(Seat::is_human);
        if computers && session.length() >= MAX_COMPUTER_PLIES {
            session.end_with(GameEnd::StoppedAfter {
                plies: MAX_COMPUTER_PLIES,
            });
            break LoopExit::Over;
        }
        game.computer(&mut t, &mut session, mover, &mut seats[mover.index()])?;
        if computers && session.cursor() % 2 == 0 && !session.is_over() {
            game.show(&mut t, &session, viewer)?;
        }
    };
    if end == LoopExit::InputEnded {
        if let Some((code, message)) = setup.input_ended {
            errln!("{message}");
            return Ok(ExitCode::from(code));
        }
    }
    let stopped = end != LoopExit::Over;
    if stopped {
        session.end_with(GameEnd::Stopped);
    }
    let log = session.log_text_with(&setup.tags);
    setup
        .dialogue
        .ended(&mut t, &session.view(viewer), stopped, &log)?;
    if let Some(path) = &setup.save {
        chessrules::io::atomic::write_atomic(path, log.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
        t.say(&format!("Written to {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Why the terminal's loop of turns stopped (not how the game ended: that is the session's
/// `GameEnd`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum LoopExit {
    Over,
    Stopped,
    InputEnded,
}

/// What a person's turn came to.
enum Turn {
    Played,
    /// A command, or a refused move: ask again.
    Again,
    Stop,
    InputEnded,
}

struct TerminalGame<'a> {
    setup: &'a Setup,
    viewer: Viewer,
    /// The cursor at which the board was last shown.
    shown: usize,
}

impl TerminalGame<'_> {
    fn dialogue(&self) -> &dyn Dialogue {
        self.setup.dialogue.as_ref()
    }

    fn show(&mut self, t: &mut Terminal, s: &Session, viewer: Viewer) -> Result<()> {
        self.dialogue().board(t, &s.view(viewer))?;
        self.shown = s.cursor();
        Ok(())
    }

    fn show_if_changed(&mut self, t: &mut Terminal, s: &Session, viewer: Viewer) -> Result<()> {
        if self.shown != s.cursor() {
            self.show(t, s, viewer)?;
        }
        Ok(())
    }

    /// The viewer whose board `me` is shown: a person sees their own secrets.
    fn viewer_for(&self, me: Color) -> Viewer {
        match self.viewer {
            Viewer::Nobody => Viewer::Nobody,
            _ => Viewer::Player(me),
        }
    }

    /// A person's turn: a move, or a command.
    fn person(
        &mut self,
        t: &mut Terminal,
        session: &mut Session,
        me: Color,
        seats: &[Seat; 2],
    ) -> Result<Turn> {
        let viewer = self.viewer_for(me);
        self.show_if_changed(t, session, viewer)?;
        let placing = session.view(viewer).placement.is_some();
        let prompt = self.dialogue().prompt(me, placing).unwrap_or_default();
        let Some(line) = t.read(&prompt)? else {
            return Ok(Turn::InputEnded);
        };
        if line.is_empty() && self.dialogue().skips_empty_lines() {
            return Ok(Turn::Again);
        }
        let line = match Typed::of(line) {
            Typed::Stop => return Ok(Turn::Stop),
            Typed::Help => {
                t.say(self.dialogue().help())?;
                return Ok(Turn::Again);
            }
            Typed::Board => {
                self.show(t, session, viewer)?;
                return Ok(Turn::Again);
            }
            Typed::Moves => {
                let texts = session.move_texts();
                // Texts with spaces in them (FollowChess's `c 2 c 4`) are told apart by commas.
                let gap = if texts.iter().any(|t| t.contains(' ')) {
                    ", "
                } else {
                    " "
                };
                t.say(&texts.join(gap))?;
                return Ok(Turn::Again);
            }
            Typed::Resign => {
                session
                    .action_as(me, "resign")
                    .map_err(|r| anyhow!(r.message))?;
                return Ok(Turn::Played);
            }
            Typed::Text(line) => line,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [word] if self.dialogue().is_undo(word) => {
                self.undo(t, session, seats)?;
                Ok(Turn::Again)
            }
            ["log" | "pgn"] => {
                t.show(&session.log_text_for(viewer, &self.setup.tags))?;
                Ok(Turn::Again)
            }
            ["fen"] => {
                if session.has_secrets() {
                    self.dialogue().cannot(
                        t,
                        "the board file would show the secret placements: it is shown when the game is over",
                    )?;
                } else {
                    // A variant file's position as its FEN line, not the file's text.
                    match session.fen() {
                        Some(fen) => t.show(&format!("{fen}\n"))?,
                        None => t.show(&session.board_file())?,
                    }
                }
                Ok(Turn::Again)
            }
            ["claim"] => match session.action_as(me, "claim_draw") {
                Ok(()) => Ok(Turn::Played),
                Err(r) => {
                    self.dialogue().cannot(t, &r.message)?;
                    Ok(Turn::Again)
                }
            },
            ["claim", text] => self.claim_with(t, session, me, text),
            ["draw"] => self.offer_draw(t, session, me, seats),
            _ => self.play(t, session, &line),
        }
    }

    fn play(&mut self, t: &mut Terminal, s: &mut Session, text: &str) -> Result<Turn> {
        let refusal = match s.play(text, true) {
            Ok(()) => {
                self.effects(t, s)?;
                return Ok(Turn::Played);
            }
            Err(r) => r,
        };
        if !self.dialogue().reads_any_notation() {
            self.dialogue().refused(t, text, &refusal.message)?;
            return Ok(Turn::Again);
        }
        // Not the variant's own notation: coordinates or SAN, as players type them.
        match s.read_typed(text) {
            Reading::Move(own) => match s.play(&own, true) {
                Ok(()) => {
                    self.effects(t, s)?;
                    Ok(Turn::Played)
                }
                Err(r) => {
                    self.dialogue().refused(t, text, &r.message)?;
                    Ok(Turn::Again)
                }
            },
            Reading::NotLegal(why) => {
                self.dialogue().refused(t, text, &why)?;
                Ok(Turn::Again)
            }
            // The same words in every variant, whatever its own reader says of a text in
            // another notation ("not a move (column 1)" for SAN in a variant file).
            Reading::NoSuchMove => {
                let why = format!("'{}' is not a legal move here", text.trim());
                self.dialogue().refused(t, text, &why)?;
                Ok(Turn::Again)
            }
            Reading::NotUnderstood => {
                let why = format!("'{}' is not a move", text.trim());
                self.dialogue().not_understood(t, text, &why)?;
                Ok(Turn::Again)
            }
        }
    }

    /// FIDE 9.2: the move is written and claimed; an incorrect claim leaves the move played.
    fn claim_with(
        &mut self,
        t: &mut Terminal,
        s: &mut Session,
        me: Color,
        text: &str,
    ) -> Result<Turn> {
        if let Turn::Again = self.play(t, s, text)? {
            return Ok(Turn::Again);
        }
        if !s.is_over() && s.action_as(me, "claim_draw").is_err() {
            t.say("The claim is not correct: the move is played and the game goes on.")?;
        }
        Ok(Turn::Played)
    }

    fn offer_draw(
        &mut self,
        t: &mut Terminal,
        s: &mut Session,
        me: Color,
        seats: &[Seat; 2],
    ) -> Result<Turn> {
        if let Err(r) = s.action_as(me, "offer_draw") {
            self.dialogue().cannot(t, &r.message)?;
            return Ok(Turn::Again);
        }
        let other = me.other();
        // The computer plays on: it has no opinion of the position to accept a draw with.
        let accepted = seats[other.index()].is_human() && {
            let question = format!(
                "{} offers a draw. {}, do you accept? (yes/no): ",
                me.title(),
                other.title()
            );
            let answer = t.read(&question)?.unwrap_or_default().to_ascii_lowercase();
            matches!(answer.as_str(), "yes" | "y" | "accept")
        };
        let answer = if accepted {
            "accept_draw"
        } else {
            "decline_draw"
        };
        s.action_as(other, answer).map_err(|r| anyhow!(r.message))?;
        if !accepted {
            t.say(&format!("{} declines the draw.", other.title()))?;
        }
        Ok(Turn::Played)
    }

    /// Takes back the last move of a person, and the computer's replies after it (which the
    /// computer would otherwise play again at once).
    fn undo(&mut self, t: &mut Terminal, s: &mut Session, seats: &[Seat; 2]) -> Result<()> {
        // A move taken back after a hidden trapdoor or mine fired would leave its square known
        // and the move unmade: in a game with secrets, no move is taken back.
        if s.has_secrets() {
            return self.dialogue().cannot(
                t,
                "moves cannot be taken back in a game with secret trapdoors and mines",
            );
        }
        let (moves, movers) = s.line();
        let Some(mut to) = movers.len().checked_sub(1) else {
            return self.dialogue().cannot(t, "there is no move to take back");
        };
        while !seats[movers[to].index()].is_human() {
            let Some(earlier) = to.checked_sub(1) else {
                return self.dialogue().cannot(t, "there is no move to take back");
            };
            to = earlier;
        }
        let taken: Vec<String> = moves[to..].iter().map(|m| self.public_text(s, m)).collect();
        s.take_back(to).map_err(|r| anyhow!(r.message))?;
        self.dialogue().took_back(t, &taken)?;
        self.shown = usize::MAX;
        if !self.dialogue().board_before_every_move() {
            self.show(t, s, self.viewer)?;
        }
        Ok(())
    }

    /// A move text as this terminal may show it: placements stay secret.
    fn public_text(&self, s: &Session, text: &str) -> String {
        if s.is_secret(text) && self.viewer != Viewer::All {
            "a secret placement".to_string()
        } else {
            text.to_string()
        }
    }

    fn computer(
        &mut self,
        t: &mut Terminal,
        s: &mut Session,
        me: Color,
        seat: &mut Seat,
    ) -> Result<()> {
        let think = Think {
            movetime: self.setup.movetime,
            uci: match seat {
                Seat::External(client) => Some(client),
                _ => None,
            },
            seed: self.setup.seed,
        };
        let (moves, _) = s.line();
        let text = registry::computer_move(self.setup.variant, s.initial(), moves, me, think)
            .map_err(|e| anyhow!("the computer found no move: {e}"))?;
        s.play(&text, true)
            .map_err(|r| anyhow!("the computer's move {text} was refused: {}", r.message))?;
        let secret = s.is_secret(&text) && self.viewer != Viewer::All;
        self.dialogue().computer_played(t, me, &text, secret)?;
        self.effects(t, s)
    }

    /// What the last move's trapdoors and mines did.
    fn effects(&self, t: &mut Terminal, s: &Session) -> Result<()> {
        let sentences: Vec<String> = s
            .view(self.viewer)
            .events
            .into_iter()
            .map(|(_, _, sentence)| sentence)
            .collect();
        self.dialogue().effects(t, &sentences)
    }
}
