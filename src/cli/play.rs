//! `chessrules play --variant fairy|obstacle [BOARD] [--white S] [--black S] [--movetime MS]
//! [--save FILE]`: a person against the computer (or two people, or two engines) in fairy or
//! obstacle chess; a seat S is `human`, `ai` (our engine) or `uci:PATH` (a UCI engine). See
//! `play/fairy.rs` and `play/obstacle.rs`.
//!
//! `chessrules play --variant-file FILE [--fen FEN]`: two people at a terminal play a
//! file-defined variant. A move is coordinate text (`e2e4`, `e7e8q`, castling as the king's
//! move); `wall e4-e5`, `trapdoor a5`, `mine h4` place an obstacle instead of moving (when the
//! file gives the players some); `moves`, `fen`, `undo`, `help`, `quit` are commands. The board
//! is shown as a diagram and a FEN after every change; the game ends by the file's rules.

mod fairy;
mod obstacle;
mod seat;
mod term;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::core::{Game, Position};
use chessrules::notation::{coordinate, fen};
use chessrules::variants::custom::field::{Field, ObstacleKind};
use chessrules::variants::custom::outcome;
use clap::{Args, ValueEnum};

use seat::SeatSpec;

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum PlayVariant {
    Fairy,
    Obstacle,
}

#[derive(Args)]
pub struct PlayArgs {
    /// The variant file to play (two people).
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
    /// Who plays White: human, ai (our engine) or uci:PATH (a UCI engine).
    #[arg(long, default_value = "human", value_parser = SeatSpec::parse, requires = "variant")]
    white: SeatSpec,
    /// Who plays Black: human, ai or uci:PATH.
    #[arg(long, default_value = "ai", value_parser = SeatSpec::parse, requires = "variant")]
    black: SeatSpec,
    /// The computer side, ai or uci:PATH, playing the colour you do not (`--play-as`);
    /// instead of `--white`/`--black`.
    #[arg(long, value_parser = computer_seat, requires = "variant", conflicts_with_all = ["white", "black"])]
    opponent: Option<SeatSpec>,
    /// Your colour against `--opponent`.
    #[arg(long, value_enum, default_value = "white", requires = "opponent")]
    play_as: PlayAs,
    /// Thinking time of a computer side per move (milliseconds).
    #[arg(long, default_value_t = 1000, requires = "variant")]
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

pub fn side_name(c: chessrules::core::Color) -> &'static str {
    match c {
        chessrules::core::Color::White => "White",
        chessrules::core::Color::Black => "Black",
    }
}

/// A board file as text; invalid UTF-8 becomes U+FFFD, which no board accepts.
pub fn read_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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

const HELP: &str = "moves: e2e4, e7e8q (promotion), e1g1 (castling); wall e4-e5, trapdoor a5, \
mine h4 (place an obstacle instead of moving); moves, fen, undo, help, quit";

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    let (white, black) = match args.opponent {
        Some(computer) => args.play_as.seats(SeatSpec::Human, computer),
        None => (args.white, args.black),
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
    let variant = match super::variant::load(&variant_file)? {
        Ok(v) => v,
        Err(code) => return Ok(code),
    };
    let start = match &args.fen {
        Some(f) => variant.position_from_fen(f),
        None => variant.start_position(),
    };
    let pos = match start {
        Ok(p) => p,
        Err(e) => {
            errln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut game = Game::new(pos);
    let mut field = Field::new(&variant.obstacles);
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}: {}", variant.name, variant.description)?;
    writeln!(out, "{HELP}")?;
    let mut lines = std::io::stdin().lock().lines();
    let mut changed = true;
    loop {
        if changed {
            show(&mut out, game.position(), &field)?;
            if let Some(o) = outcome(&variant, &mut game) {
                writeln!(out, "Game over: {o}")?;
                return Ok(ExitCode::SUCCESS);
            }
        }
        changed = false;
        let side = game.position().side_to_move();
        write!(out, "{} to move> ", side.name())?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(ExitCode::SUCCESS);
        };
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["quit" | "exit"] => return Ok(ExitCode::SUCCESS),
            ["help"] => writeln!(out, "{HELP}")?,
            ["fen"] => writeln!(out, "{}", fen::write(game.position()))?,
            ["moves"] => {
                let mut pos = game.position().clone();
                let list: Vec<String> = pos
                    .legal_move_list()
                    .iter()
                    .map(|&m| coordinate::to_uci(&pos, m))
                    .collect();
                writeln!(out, "{}", list.join(" "))?;
            }
            ["undo"] if field.has_effects() => writeln!(
                out,
                "undo is not available with obstacles that change the board"
            )?,
            ["undo"] => changed = game.undo().is_some(),
            [word, at] if ObstacleKind::parse(word).is_some() => {
                let kind = ObstacleKind::parse(word).unwrap_or(ObstacleKind::Wall);
                let mut pos = game.position().clone();
                match field.place(&mut pos, side, kind, at) {
                    Ok(()) => {
                        pass_turn(&mut pos);
                        // The obstacle cannot be taken back: earlier positions no longer count
                        // for repetition.
                        game = Game::new(pos);
                        changed = true;
                    }
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            [text] => {
                let mut pos = game.position().clone();
                match coordinate::parse(&mut pos, text) {
                    Ok(m) => {
                        game.play(m);
                        let to = game.position().rules().shape.square(m.to);
                        if field.arrive(game.position_mut(), to) {
                            game.refresh_key();
                        }
                        changed = true;
                    }
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            _ => writeln!(out, "not understood; {HELP}")?,
        }
    }
}

/// Placing an obstacle is the player's move: the other side moves next.
fn pass_turn(pos: &mut Position) {
    let side = pos.side_to_move();
    pos.set_en_passant(None);
    let (half, full) = (pos.halfmove_clock(), pos.fullmove_number());
    pos.set_clocks(
        half + 1,
        full + u32::from(side == chessrules::core::Color::Black),
    );
    pos.set_side_to_move(side.other());
}

/// The board with rank numbers and file letters, trapdoors (`^`) and mines (`*`) on empty
/// squares, walls listed below, then the FEN.
fn show(out: &mut impl Write, pos: &Position, field: &Field) -> Result<()> {
    let shape = &pos.rules().shape;
    writeln!(out)?;
    for rank in (0..shape.ranks()).rev() {
        write!(out, "{:>2} ", rank + 1)?;
        for file in 0..shape.files() {
            let s = chessrules::core::Square::new(file, rank);
            let c = match pos.piece_at(shape.sq(s)) {
                Some(p) => {
                    let l = pos.rules().kind(p.kind).letter;
                    if p.color == chessrules::core::Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                }
                None if field.trapdoors.contains(&s) => '^',
                None if field.mines.contains(&s) => '*',
                None => '.',
            };
            write!(out, " {c}")?;
        }
        writeln!(out)?;
    }
    write!(out, "   ")?;
    for file in 0..shape.files() {
        write!(out, " {}", (b'a' + file) as char)?;
    }
    writeln!(out)?;
    if !field.walls.is_empty() {
        let names: Vec<String> = field
            .walls
            .iter()
            .map(|&(s, d)| {
                let (dx, dy) = chessrules::core::rules::direction_vector(d);
                let t = chessrules::core::Square::new(
                    (s.file as i32 + dx) as u8,
                    (s.rank as i32 + dy) as u8,
                );
                format!("{s}-{t}")
            })
            .collect();
        writeln!(out, "walls: {}", names.join(" "))?;
    }
    writeln!(out, "{}", fen::write(pos))?;
    Ok(())
}
