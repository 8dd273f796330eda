//! `chessrules play --variant fairy|obstacle [BOARD] [--white S] [--black S] [--movetime MS]
//! [--save FILE]`: a person against the computer (or two people, or two engines) in fairy or
//! obstacle chess; a seat S is `human`, `ai` (our engine) or `uci:PATH` (a UCI engine). See
//! `play/fairy.rs` and `play/obstacle.rs`.
//!
//! `chessrules play --variant-file FILE [--fen FEN] [--white S] [--black S]`: a file-defined
//! variant at a terminal, two people by default, or against our engine (`ai`). See
//! `play/variant_file.rs`.

mod fairy;
mod obstacle;
mod seat;
mod term;
mod variant_file;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use seat::SeatSpec;

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum PlayVariant {
    Fairy,
    Obstacle,
}

#[derive(Args)]
pub struct PlayArgs {
    /// The variant file to play (two people by default; `--black ai` for the computer).
    #[arg(long, required_unless_present = "variant", conflicts_with = "variant")]
    variant_file: Option<PathBuf>,
    /// Start from this position instead of the file's.
    #[arg(long, requires = "variant_file", conflicts_with = "variant")]
    fen: Option<String>,
    /// A course variant to play against the computer.
    #[arg(long, value_enum)]
    variant: Option<PlayVariant>,
    /// The start board file (default: the variant's initial board).
    #[arg(requires = "variant")]
    board: Option<PathBuf>,
    /// Who plays White: human, ai (our engine) or uci:PATH (a UCI engine; not for variant
    /// files). Default: human.
    #[arg(long, value_parser = SeatSpec::parse)]
    white: Option<SeatSpec>,
    /// Who plays Black: human, ai or uci:PATH. Default: ai with --variant, human with
    /// --variant-file.
    #[arg(long, value_parser = SeatSpec::parse)]
    black: Option<SeatSpec>,
    /// The computer side, ai or uci:PATH, playing the colour you do not (`--play-as`);
    /// instead of `--white`/`--black`.
    #[arg(long, value_parser = computer_seat, conflicts_with_all = ["white", "black"])]
    opponent: Option<SeatSpec>,
    /// Your colour against `--opponent`.
    #[arg(long, value_enum, default_value = "white", requires = "opponent")]
    play_as: PlayAs,
    /// Thinking time of a computer side per move (milliseconds).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// When the game ends, write its move file / game file here (whole or not at all).
    #[arg(long, requires = "variant")]
    save: Option<PathBuf>,
    /// Seed of the computer's secret trapdoor and mine squares (obstacle; default: the clock).
    #[arg(long, requires = "variant")]
    seed: Option<u64>,
}

/// The person's colour against `--opponent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PlayAs {
    White,
    Black,
}

impl PlayAs {
    /// (White's seat, Black's seat) with `person` on this colour and `computer` on the other.
    pub fn seats<T>(self, person: T, computer: T) -> (T, T) {
        match self {
            PlayAs::White => (person, computer),
            PlayAs::Black => (computer, person),
        }
    }
}

/// clap's value parser of `--opponent`: a computer seat (`ai` or `uci:PATH`), not `human`.
fn computer_seat(text: &str) -> Result<SeatSpec, String> {
    match SeatSpec::parse(text)? {
        SeatSpec::Human => Err("the opponent is the computer: ai or uci:PATH".to_string()),
        seat => Ok(seat),
    }
}

/// The options of a game against the computer.
pub struct GameOptions {
    pub board: Option<PathBuf>,
    pub white: SeatSpec,
    pub black: SeatSpec,
    pub movetime: u64,
    pub save: Option<PathBuf>,
    pub seed: Option<u64>,
}

/// A board file as text; invalid UTF-8 becomes U+FFFD, which no board accepts.
pub fn read_text(path: &Path) -> Result<String> {
    chessrules::io::input::read_small_text(path)
        .with_context(|| format!("cannot read {}", path.display()))
}

/// Prints the game's moves (one per line, the variant's file notation) and writes them to
/// `save` when given.
pub fn save_log(t: &mut term::Terminal, save: Option<&Path>, log: &[String]) -> Result<()> {
    let mut text = String::new();
    for line in log {
        text.push_str(line);
        text.push('\n');
    }
    t.say("Moves:")?;
    t.show(&text)?;
    if let Some(path) = save {
        chessrules::io::atomic::write_atomic(path, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
        t.say(&format!("Moves written to {}", path.display()))?;
    }
    Ok(())
}

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    // Against the computer by default in the course variants; two people with a variant file.
    let default_black = match args.variant {
        Some(_) => SeatSpec::Ai,
        None => SeatSpec::Human,
    };
    let (white, black) = match args.opponent {
        Some(computer) => args.play_as.seats(SeatSpec::Human, computer),
        None => (
            args.white.unwrap_or(SeatSpec::Human),
            args.black.unwrap_or(default_black),
        ),
    };
    let options = GameOptions {
        board: args.board,
        white,
        black,
        movetime: args.movetime.max(1),
        save: args.save,
        seed: args.seed,
    };
    let variant_file = match (args.variant, args.variant_file) {
        (Some(PlayVariant::Fairy), _) => return fairy::run(&options),
        (Some(PlayVariant::Obstacle), _) => return obstacle::run(&options),
        (None, Some(file)) => file,
        // clap requires one of the two.
        (None, None) => return Ok(ExitCode::from(2)),
    };
    variant_file::run(&variant_file, args.fen.as_deref(), &options)
}
