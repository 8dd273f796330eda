//! `chessrules standard play [--variant chess960] [--fen FEN] [--pgn OUT.pgn]`: FIDE chess (or
//! Chess960) at one terminal, two people or against the computer (`--opponent`,
//! `--white`/`--black` `ai` or `uci:PATH`), on the one play loop every variant uses
//! (`cli/play/game.rs`). When the game ends (or input ends, or `quit`), its PGN, with the
//! players' names and the date, is printed and written to `--pgn` (whole or not at all).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use chessrules::game::VariantId;
use chessrules::variants::registry;

use crate::cli::play::{Grid, PlayAs, SeatSpec, Setup};
use clap::Args;

#[derive(Args)]
pub struct PlayArgs {
    /// The rules and the position (default: the initial position).
    #[command(flatten)]
    start: super::StartArgs,
    /// Also reject a FEN no real game can reach (docs/guide.md, "--strict").
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
    /// No colour on the board, even at a terminal.
    #[arg(long)]
    plain: bool,
}

/// clap's value parser of `--opponent`: `ai` or `uci:PATH` (also the PGN name of that side).
fn computer_name(text: &str) -> Result<String, String> {
    match text.strip_prefix("uci:") {
        _ if text == "ai" => Ok(text.to_string()),
        Some(path) if !path.is_empty() => Ok(text.to_string()),
        _ => Err(format!("'{text}': expected ai or uci:PATH")),
    }
}

/// The seat a player name stands for: `ai`, `uci:PATH`, or any other name a person's.
fn seat_of(name: &str) -> SeatSpec {
    match SeatSpec::parse(name) {
        Ok(SeatSpec::Human) | Err(_) => SeatSpec::Human,
        Ok(seat) => seat,
    }
}

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    let game = match super::load_game(&args.start, args.strict) {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    let variant = if game.is_chess960() {
        VariantId::Chess960
    } else {
        VariantId::Standard
    };
    let (white, black) = match &args.opponent {
        Some(computer) => args.play_as.seats("?".to_string(), computer.clone()),
        None => (args.white.clone(), args.black.clone()),
    };
    let mut tags = chessrules::notation::pgn::roster(&white, &black);
    if let Some(date) = &args.date {
        tags[2].1 = date.clone();
    }
    let info = registry::info(variant);
    let (white_seat, black_seat) = (seat_of(&white), seat_of(&black));
    // A person playing Black against the computer sees the board from Black's side.
    let from_black = black_seat == SeatSpec::Human && white_seat != SeatSpec::Human;
    crate::cli::play::game::run(Setup {
        variant,
        board: format!("{}\n", game.fen()),
        white: white_seat,
        black: black_seat,
        movetime: args.movetime.max(1),
        save: args.pgn,
        seed: None,
        title: info.name.to_string(),
        tags,
        dialogue: Box::new(Grid::new(info.syntax, args.plain, from_black)),
        input_ended: None,
    })
}
