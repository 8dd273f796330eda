//! `chessrules standard play [--fen FEN] [--pgn OUT.pgn]`: FIDE chess at one terminal, two
//! people or against the computer (`--opponent`, `--white`/`--black` `ai` or `uci:PATH`).
//!
//! Reads one line at a time from standard input: a move (SAN or coordinates) or a command.
//! Prompts and reports go to standard output, refusals to standard error. When the game ends
//! (or input ends, or `quit`), the PGN is written to `--pgn` (whole or not at all) or, without
//! it, printed on standard output.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Result;
use chessrules::core::Color;
use chessrules::io::input::read_typed_line;
use chessrules::variants::standard::game::{GameError, StandardGame};

use crate::cli::play::PlayAs;
use clap::Args;

use super::board::diagram;

#[derive(Args)]
pub struct PlayArgs {
    /// The rules and the position (default: the initial position).
    #[command(flatten)]
    start: super::StartArgs,
    /// Also reject a FEN no real game can reach (README, "--strict").
    #[arg(long)]
    strict: bool,
    /// Write the game's PGN here when it ends (default: print it).
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// Name of the White player (PGN `White` tag); `ai` (our engine) or `uci:PATH` (an
    /// external UCI engine) makes the computer play White.
    #[arg(long, default_value = "?")]
    white: String,
    /// Name of the Black player (PGN `Black` tag); `ai` or `uci:PATH` as for `--white`.
    #[arg(long, default_value = "?")]
    black: String,
    /// The computer side, ai or uci:PATH, playing the colour you do not (`--play-as`);
    /// instead of `--white`/`--black`.
    #[arg(long, value_parser = computer_name, conflicts_with_all = ["white", "black"])]
    opponent: Option<String>,
    /// Your colour against `--opponent`.
    #[arg(long, value_enum, default_value = "white", requires = "opponent")]
    play_as: PlayAs,
    /// Thinking time of a computer side per move (milliseconds).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// The PGN `Date` tag (default: today, UTC).
    #[arg(long, hide = true)]
    date: Option<String>,
}

/// clap's value parser of `--opponent`: `ai` or `uci:PATH` (also the PGN name of that side).
fn computer_name(text: &str) -> Result<String, String> {
    match text.strip_prefix("uci:") {
        _ if text == "ai" => Ok(text.to_string()),
        Some(path) if !path.is_empty() => Ok(text.to_string()),
        _ => Err(format!("'{text}': expected ai or uci:PATH")),
    }
}

const HELP: &str = "Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4, e7e8q).
Commands:
  draw         offer a draw (the other side answers yes or no)
  claim        claim a draw by threefold repetition or the fifty-move rule
  claim MOVE   claim a draw that MOVE would bring about (the move is written, not played)
  resign       the side to move resigns
  undo         take back the last move (against the computer: yours and its reply)
  board        show the board
  fen          show the position as FEN
  pgn          show the game so far as PGN
  help         show this text
  quit         stop without a result";

/// Today's date as PGN writes it (`2026.11.21`), from the system clock, UTC.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Input echoed in a message: at most 32 characters, control characters as `?`.
fn shown(text: &str) -> String {
    let head: String = text.chars().take(32).collect();
    let mut s = chessrules::io::input::printable(&head);
    if text.chars().count() > 32 {
        s.push_str("...");
    }
    s
}

/// The last move as a line: `12. Nf3` or `12... Nf6`.
fn numbered(game: &StandardGame, san: &str) -> String {
    let pos = game.position();
    // The position is after the move: the mover is the side not to move now.
    match pos.side_to_move() {
        Color::Black => format!("{}. {san}", pos.fullmove_number()),
        Color::White => format!("{}... {san}", pos.fullmove_number().saturating_sub(1)),
    }
}

struct Session<'a> {
    game: StandardGame,
    input: Box<dyn BufRead + 'a>,
    out: io::StdoutLock<'a>,
    /// Which colours the computer plays (indexed by `Color::index`).
    computer: [bool; 2],
}

impl Session<'_> {
    /// The next input line, trimmed; `None` at the end of input (see `read_typed_line`).
    fn read_line(&mut self) -> Option<String> {
        read_typed_line(&mut self.input)
    }

    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    fn prompt(&mut self, text: &str) -> io::Result<()> {
        write!(self.out, "{text}")?;
        self.out.flush()
    }

    /// Handles one input line. Returns false when the session is over.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let refuse = |e: GameError| errln!("error: {e}");
        match (first.to_ascii_lowercase().as_str(), rest.as_slice()) {
            ("", _) => {}
            ("help", []) => self.say(HELP)?,
            ("board", []) => {
                let d = diagram(self.game.position());
                write!(self.out, "{d}")?;
            }
            ("fen", []) => {
                let f = self.game.fen();
                self.say(&f)?;
            }
            ("pgn", []) => {
                let p = self.game.pgn(&[]);
                write!(self.out, "{p}")?;
            }
            ("quit" | "exit", []) => return Ok(false),
            ("undo", []) => match self.game.undo() {
                Some(san) => {
                    // Against the computer, its reply goes too: otherwise it would play the
                    // same move again at once, and the person's move would never come back.
                    let mut taken = vec![san];
                    while self.computer[self.game.side_to_move().index()] {
                        match self.game.undo() {
                            Some(san) => taken.push(san),
                            None => break,
                        }
                    }
                    taken.reverse();
                    let msg = format!("Took back {}.", taken.join(" and "));
                    self.say(&msg)?;
                }
                None => errln!("error: there is no move to take back"),
            },
            ("resign", []) => match self.game.resign() {
                Ok(()) => {}
                Err(e) => refuse(e),
            },
            ("draw", []) => {
                let us = self.game.side_to_move();
                let question = format!(
                    "{} offers a draw. {}, do you accept? (yes/no): ",
                    us.title(),
                    us.other().title()
                );
                self.prompt(&question)?;
                let answer = self.read_line().unwrap_or_default().to_ascii_lowercase();
                if matches!(answer.as_str(), "yes" | "y" | "accept") {
                    if let Err(e) = self.game.agree_draw() {
                        refuse(e);
                    }
                } else {
                    self.say("Draw declined.")?;
                }
            }
            ("claim", []) => {
                if let Err(e) = self.game.claim() {
                    refuse(e);
                }
            }
            ("claim", [mv]) => match self.game.claim_with(mv) {
                Ok((_, Some(_))) => {}
                Ok((san, None)) => {
                    let line = numbered(&self.game, &san);
                    self.say(&format!(
                        "The claim is not correct: {san} is played and the game goes on."
                    ))?;
                    self.say(&line)?;
                }
                Err(e) => refuse(e),
            },
            _ => match self.game.play_text(line) {
                Ok(san) => {
                    let l = numbered(&self.game, &san);
                    self.say(&l)?;
                }
                Err(GameError::Move(chessrules::notation::san::SanError::Syntax(_))) => {
                    errln!(
                        "error: '{}' is neither a move nor a command (type help)",
                        shown(line)
                    )
                }
                Err(e) => refuse(e),
            },
        }
        Ok(self.game.outcome().is_none())
    }
}

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    let game = match super::load_game(&args.start, args.strict) {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let (white, black) = match &args.opponent {
        Some(computer) => args.play_as.seats("?".to_string(), computer.clone()),
        None => (args.white.clone(), args.black.clone()),
    };
    let mut seats = [
        super::computer::Seat::from_name(&white)?,
        super::computer::Seat::from_name(&black)?,
    ];
    let is_computer = |seat: &super::computer::Seat| !matches!(seat, super::computer::Seat::Person);
    let mut s = Session {
        game,
        input: Box::new(stdin.lock()),
        out: stdout.lock(),
        computer: [is_computer(&seats[0]), is_computer(&seats[1])],
    };
    s.say("Standard chess. Type a move (e4, Nf3, O-O, e2e4) or help.")?;
    let d = diagram(s.game.position());
    write!(s.out, "{d}")?;
    while s.game.outcome().is_none() {
        let seat = &mut seats[s.game.side_to_move().index()];
        if let Some(text) = seat.choose(&s.game, args.movetime)? {
            if !s.handle(&text)? {
                break;
            }
            continue;
        }
        let p = format!("{} to move: ", s.game.side_to_move().title());
        s.prompt(&p)?;
        let Some(line) = s.read_line() else {
            s.say("")?;
            break;
        };
        if !s.handle(&line)? {
            break;
        }
    }
    match s.game.outcome() {
        Some(o) => {
            let msg = format!("{} {}", o.sentence(), o.result());
            s.say(&msg)?;
        }
        None => s.say("Game stopped without a result. *")?,
    }
    let tags = vec![
        ("Event".to_string(), "Casual game".to_string()),
        ("Site".to_string(), "chessrules".to_string()),
        ("Date".to_string(), args.date.clone().unwrap_or_else(today)),
        ("Round".to_string(), "-".to_string()),
        ("White".to_string(), white.clone()),
        ("Black".to_string(), black.clone()),
    ];
    let pgn = s.game.pgn(&tags);
    match &args.pgn {
        Some(path) => match super::write_whole(path, pgn.as_bytes()) {
            Ok(()) => {
                let msg = format!("PGN written to {}", path.display());
                s.say(&msg)?;
            }
            Err(e) => {
                // The game is not lost: its PGN goes to stdout instead.
                errln!("error: {e:#}");
                write!(s.out, "{pgn}")?;
                s.out.flush()?;
                return Ok(ExitCode::from(3));
            }
        },
        None => write!(s.out, "{pgn}")?,
    }
    s.out.flush()?;
    Ok(ExitCode::SUCCESS)
}
