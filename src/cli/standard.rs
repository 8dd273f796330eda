//! `chessrules standard play | validate | status`: FIDE chess as the course rules define it.

mod generate;
mod json;
mod pieces;
mod play;
mod status;
mod validate;

use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Subcommand};

#[derive(Args)]
pub struct StandardArgs {
    #[command(subcommand)]
    command: StandardCommand,
}

#[derive(Subcommand)]
enum StandardCommand {
    /// Play at one terminal, two people or against the computer (`--opponent ai`); the game
    /// is written as PGN when it ends.
    Play(play::PlayArgs),
    /// Replay every game of a PGN file and report the first illegal move of each.
    Validate(validate::ValidateArgs),
    /// Check, checkmate, stalemate, impossible checkmate, claimable draws and legal moves.
    Status(status::StatusArgs),
    /// Write random legal games as PGN (input for benchmarks and tests of `validate`).
    GenPgn(generate::GenerateArgs),
}

pub fn run(args: StandardArgs) -> Result<ExitCode> {
    match args.command {
        StandardCommand::Play(a) => play::run(a),
        StandardCommand::Validate(a) => validate::run(a),
        StandardCommand::Status(a) => status::run(a),
        StandardCommand::GenPgn(a) => generate::run(a),
    }
}

/// FIDE chess or Chess960 (`--variant` of `play`, `status` and `validate`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameVariant {
    Standard,
    Chess960,
}

impl GameVariant {
    /// The PGN `Variant` tag a game without one is read as (none for standard chess).
    fn tag(self) -> Option<&'static str> {
        match self {
            GameVariant::Standard => None,
            GameVariant::Chess960 => Some("Chess960"),
        }
    }
}

/// Where a game starts: `--variant`, `--fen`, and for Chess960 `--start N` (the 960
/// numbering, 518 = FIDE chess's position) or `--start random`.
#[derive(Args, Clone, Debug)]
pub struct StartArgs {
    /// The rules: FIDE chess, or Chess960 (X-FEN or Shredder-FEN castling).
    #[arg(long, value_enum, default_value = "standard")]
    variant: GameVariant,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// Chess960's start position: a number 0-959 (518 is FIDE chess's) or `random`.
    #[arg(long, conflicts_with = "fen", value_parser = parse_start)]
    start: Option<u16>,
}

/// `--start`: 0-959, or `random` (a number drawn from the clock).
fn parse_start(text: &str) -> std::result::Result<u16, String> {
    if text == "random" {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(518);
        return Ok((nanos % 960) as u16);
    }
    match text.parse::<u16>() {
        Ok(n) if n < 960 => Ok(n),
        _ => Err(format!("'{text}': expected a number 0-959 or random")),
    }
}

/// The game of `play` and `status`: from the start arguments, then the `--strict` checks
/// when asked. On refusal, the error is printed on stderr and the exit code returned.
fn load_game(
    start: &StartArgs,
    strict: bool,
) -> std::result::Result<chessrules::variants::standard::game::StandardGame, ExitCode> {
    use chessrules::variants::standard::game::StandardGame;
    let refuse = |e: &dyn std::fmt::Display| {
        errln!("error: {e}");
        ExitCode::from(1)
    };
    let game = match (start.variant, start.fen.as_deref(), start.start) {
        (GameVariant::Standard, _, Some(_)) => {
            return Err(refuse(
                &"--start numbers Chess960 positions: add --variant chess960",
            ))
        }
        (GameVariant::Standard, fen, None) => {
            let fen = fen.unwrap_or(chessrules::variants::standard::START_FEN);
            StandardGame::from_fen(fen).map_err(|e| refuse(&e))?
        }
        (GameVariant::Chess960, Some(fen), _) => {
            StandardGame::chess960_from_fen(fen).map_err(|e| refuse(&e))?
        }
        (GameVariant::Chess960, None, n) => {
            let n = n.unwrap_or(518);
            StandardGame::chess960_start(n)
                .ok_or_else(|| refuse(&format!("no Chess960 start position {n}")))?
        }
    };
    if strict {
        if let Err(issue) = chessrules::variants::standard::strict::check(game.position()) {
            errln!("{issue}");
            return Err(ExitCode::from(1));
        }
    }
    Ok(game)
}
