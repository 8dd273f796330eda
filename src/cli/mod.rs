//! Command-line front end: one file per subcommand.
//!
//! Exit codes shared by every subcommand (a variant's spec may define its own on top, as the
//! fairy board and move errors do): 0 success, 1 input rejected, 2 usage error, 3 I/O error.

// First: the printing macros must be defined before the modules that use them.
#[macro_use]
mod output;

mod bench;
mod engine_match;
mod fairy;
mod find;
mod follow;
mod obstacle;
mod pawnrace;
mod perft;
mod play;
mod serve;
mod standard;
mod uci;
mod variant;

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "chessrules",
    version,
    about = "Reads, validates and plays chess variants from their written rules"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(perft::PerftArgs),
    /// FollowChess: follow a move sequence on a rectangular board and print the final board.
    Follow(follow::FollowArgs),
    /// Obstacle chess: validate INBOARD, play GAME on it, write OUTBOARD.
    Obstacle(obstacle::ObstacleArgs),
    /// Fairy chess 10×10: validate a board file, play a move file on it, print the board.
    Fairy(fairy::FairyArgs),
    /// Variant files: `variant check FILE` reads and checks one (docs/variant-files.md).
    Variant(variant::VariantArgs),
    /// Play at the terminal: any variant (`--variant`) or a variant file (`--variant-file`);
    /// each side a person, our engine (`ai`) or a UCI engine.
    Play(play::PlayArgs),
    /// The board in a browser: serve the interactive page on 127.0.0.1.
    Serve(serve::ServeArgs),
    /// FIDE chess: play, validate PGN, position status.
    Standard(standard::StandardArgs),
    /// Pawn race: `pawnrace P C H A` to play, `pawnrace match …` for computer matches.
    Pawnrace(pawnrace::PawnraceArgs),
    /// Our engine behind the UCI protocol (for GUIs and match runners).
    Uci(uci::UciArgs),
    /// A shortest legal move sequence from one position to another.
    Find(find::FindArgs),
    /// Engine matches: our engine against itself, a random mover or a UCI engine, colours
    /// alternating; prints the first player's score (scripts/bench-engine).
    EngineMatch(engine_match::EngineMatchArgs),
    /// Search a fixed set of positions per variant to fixed depths: nodes, time, nodes/s and a
    /// total node count that changes only when the search does.
    Bench(bench::BenchArgs),
}

/// The subcommand an alias name stands for: the variant whose record names the program
/// (`fairychess` → `fairy`, `obstacleChess` → `obstacle`).
fn alias_subcommand(argv0: &OsString) -> Option<&'static str> {
    let name = Path::new(argv0).file_stem()?.to_str()?;
    chessrules::variants::registry::builtins()
        .iter()
        .find(|r| r.programs.contains(&name))
        .map(|r| r.name)
}

/// Runs the program on its full argument list (argv[0] included).
pub fn run(mut args: Vec<OsString>) -> ExitCode {
    if let Some(sub) = args.first().and_then(alias_subcommand) {
        args.insert(1, OsString::from(sub));
    }
    find::rewrite_variant_find(&mut args);
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = match cli.command {
        Command::Perft(a) => perft::run(a),
        Command::Follow(a) => follow::run(a),
        Command::Obstacle(a) => obstacle::run(a),
        Command::Fairy(a) => fairy::run(a),
        Command::Variant(a) => variant::run(a),
        Command::Play(a) => play::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Standard(a) => standard::run(a),
        Command::Pawnrace(a) => pawnrace::run(a),
        Command::Uci(a) => uci::run(a),
        Command::Find(a) => find::run(a),
        Command::EngineMatch(a) => engine_match::run(a),
        Command::Bench(a) => bench::run(a),
    };
    match result {
        Ok(code) => code,
        // A reader that closed our output pipe has all it wanted (see `output`).
        Err(e) if output::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e:#}");
            ExitCode::from(3)
        }
    }
}
