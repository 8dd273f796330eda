//! `chessrules play --variant ID [BOARD] [--white S] [--black S] [--movetime MS] [--save FILE]`:
//! any variant at the terminal, each seat S `human`, `ai` (our engine) or `uci:PATH` (a UCI
//! engine); `--variant-file FILE [--fen FEN]` for a file-defined variant. Every game runs on
//! the one play loop (`play/game.rs`).

mod asian;
pub mod dialogue;
pub mod game;
mod render;
mod seat;
pub mod term;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::game::BoardFormat;
use chessrules::game::VariantId;
use chessrules::variants::registry::{self, ComputerPlay};
use clap::Args;

pub use dialogue::Grid;
pub use game::Setup;

pub use seat::SeatSpec;

#[derive(Args)]
pub struct PlayArgs {
    /// The variant file to play (two people by default; `--black ai` for the computer).
    #[arg(long, required_unless_present = "variant", conflicts_with = "variant")]
    variant_file: Option<PathBuf>,
    /// Start from this position: with --variant-file instead of the file's, with a variant
    /// whose board is a FEN line (standard, chess960) instead of a board file.
    #[arg(long, conflicts_with = "board")]
    fen: Option<String>,
    /// The variant to play: standard, chess960, fairy, obstacle, follow or pawnrace (against
    /// the computer by default; two people in follow, which the computer does not play), or a
    /// shipped variant file by name (kingofthehill, antichess, …: `variant list`), played as
    /// a variant file is.
    #[arg(long)]
    variant: Option<VariantId>,
    /// The start board file (default: the variant's initial board).
    #[arg(requires = "variant")]
    board: Option<PathBuf>,
    /// Who plays White: human, ai (our engine) or uci:PATH (a UCI engine; standard, chess960,
    /// fairy and obstacle chess). Default: human.
    #[arg(long, value_parser = SeatSpec::parse)]
    white: Option<SeatSpec>,
    /// Who plays Black: human, ai or uci:PATH. Default: ai with --variant (human in follow),
    /// human with --variant-file.
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
    /// No colour on the board, even at a terminal.
    #[arg(long)]
    plain: bool,
    /// Letters for the pieces of xiangqi and shogi, not their characters (and the internal
    /// coordinates only).
    #[arg(long)]
    letters: bool,
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

/// A board file as text; invalid UTF-8 becomes U+FFFD, which no board accepts.
pub fn read_text(path: &Path) -> Result<String> {
    chessrules::io::input::read_small_text(path)
        .with_context(|| format!("cannot read {}", path.display()))
}

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    let (variant, board, title) = match (args.variant, &args.variant_file) {
        (Some(VariantId::Custom), _) => {
            errln!("error: a variant file is played with --variant-file FILE");
            return Ok(ExitCode::from(2));
        }
        (Some(id), _) => {
            let record = registry::record(id);
            let board = match (&args.board, &args.fen, record.file) {
                (Some(_), _, Some(_)) => {
                    errln!(
                        "error: {} positions are FENs: give --fen, not a board file",
                        record.name
                    );
                    return Ok(ExitCode::from(2));
                }
                (Some(path), _, None) => read_text(path)?,
                // A shipped file starts at a FEN as a variant file does.
                (None, Some(fen), Some(file)) => format!("# position: {fen}\n{}", file.text),
                // The board of these variants is a FEN line: --fen is that board.
                (None, Some(fen), None) if record.board == BoardFormat::Fen => format!("{fen}\n"),
                (None, Some(_), None) => {
                    errln!(
                        "error: --fen starts a game whose board is a FEN ({}); a {} board is a file: give it as BOARD",
                        "standard, chess960, variant files",
                        record.title
                    );
                    return Ok(ExitCode::from(2));
                }
                (None, None, _) => record.text.initial.to_string(),
            };
            let title = match record.file {
                Some(_) => format!("{} ({})", record.name, record.description),
                None => record.title.to_string(),
            };
            (id, board, title)
        }
        (None, Some(file)) => {
            // Read and checked here, so a bad file's error names the file and the line.
            let title = match super::variant::load(file)? {
                Ok(v) => format!("{} ({})", v.name, v.description),
                Err(code) => return Ok(code),
            };
            let text = read_text(file)?;
            let board = match &args.fen {
                Some(fen) => format!("# position: {fen}\n{text}"),
                None => text,
            };
            (VariantId::Custom, board, title)
        }
        // clap requires one of the two.
        (None, None) => return Ok(ExitCode::from(2)),
    };
    // Against the computer by default, where the computer plays; two people otherwise, and
    // for a variant file (its rules may be anything: the player asks for the computer).
    let record = registry::record(variant);
    let computer_plays = !record.rules_from_file() && !matches!(record.computer, ComputerPlay::No);
    let default_black = if computer_plays {
        SeatSpec::Ai
    } else {
        SeatSpec::Human
    };
    let (white, black) = match args.opponent {
        Some(computer) => args.play_as.seats(SeatSpec::Human, computer),
        None => (
            args.white.unwrap_or(SeatSpec::Human),
            args.black.unwrap_or(default_black),
        ),
    };
    if matches!(record.computer, ComputerPlay::No)
        && (white != SeatSpec::Human || black != SeatSpec::Human)
    {
        errln!("error: the computer does not play {variant}: both seats are human");
        return Ok(ExitCode::from(2));
    }
    let uci = |s: &SeatSpec| matches!(s, SeatSpec::Uci(_));
    if (uci(&white) || uci(&black)) && !chessrules::variants::seat::uci_plays(variant) {
        errln!("error: a UCI engine does not play {variant}: a seat is human or ai");
        return Ok(ExitCode::from(2));
    }
    let info = registry::info(variant);
    // A person playing Black against the computer sees the board from Black's side.
    let from_black = black == SeatSpec::Human && white != SeatSpec::Human;
    // The game's PGN (where the variant writes one) names its players as `standard play` does.
    let tags = chessrules::notation::pgn::roster(&white.player_name(), &black.player_name());
    game::run(Setup {
        variant,
        board,
        white,
        black,
        movetime: args.movetime.max(1),
        save: args.save,
        seed: args.seed,
        title,
        tags,
        dialogue: Box::new(
            Grid::new(info.syntax, args.plain, from_black).with_letters(args.letters),
        ),
        input_ended: None,
    })
}
