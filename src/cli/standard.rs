//! `chessrules standard play | validate | status`: FIDE chess as the course rules define it.

mod board;
mod computer;
mod generate;
mod json;
mod play;
mod status;
mod validate;

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
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

/// The game of `play` and `status`: from FEN (or the initial position), then the `--strict`
/// checks when asked. On refusal, the error is printed on stderr and the exit code returned.
fn load_game(
    fen: Option<&str>,
    strict: bool,
) -> std::result::Result<chessrules::variants::standard::game::StandardGame, ExitCode> {
    let fen = fen.unwrap_or(chessrules::variants::standard::START_FEN);
    let game = chessrules::variants::standard::game::StandardGame::from_fen(fen).map_err(|e| {
        errln!("error: {e}");
        ExitCode::from(1)
    })?;
    if strict {
        if let Err(issue) = chessrules::variants::strict::standard::check(game.position()) {
            errln!("{issue}");
            return Err(ExitCode::from(1));
        }
    }
    Ok(game)
}

/// Writes a file whole or not at all (`chessrules::io::atomic`: temporary file, fsync, rename).
fn write_whole(path: &Path, contents: &[u8]) -> Result<()> {
    chessrules::io::atomic::write_atomic(path, contents)
        .with_context(|| format!("writing {}", path.display()))
}
