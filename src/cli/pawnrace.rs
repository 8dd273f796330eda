//! `chessrules pawnrace WHITE BLACK WGAP BGAP` (alias `pawnrace`): an interactive pawn race,
//! `chessrules pawnrace match …`: computer against computer, and `chessrules pawnrace analyse`:
//! one search from the start position (for benchmarks).
//!
//! The interactive game runs on the one play loop every variant uses (`cli/play/game.rs`),
//! talking in the course's dialogue (`pawnrace/dialogue.rs`).

mod dialogue;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use anyhow::Result;
use chessrules::game::VariantId;
use chessrules::variants::pawnrace::player::{Strategy, MAX_MOVETIME_MS};
use chessrules::variants::pawnrace::seat_view::board_text;
use chessrules::variants::pawnrace::tournament::{play_match, GapSchedule, MatchConfig};
use chessrules::variants::pawnrace::{self, notation, Gap};

use crate::cli::play::{self, SeatSpec, Setup};
use clap::{Args, Subcommand, ValueEnum};
use dialogue::Course;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct PawnraceArgs {
    #[command(subcommand)]
    command: Option<PawnraceCommand>,
    /// White's player: P (person) or C (computer).
    #[arg(value_parser = parse_seat, required = true)]
    white: Option<Seat>,
    /// Black's player: P (person) or C (computer).
    #[arg(value_parser = parse_seat, required = true)]
    black: Option<Seat>,
    /// File of White's missing pawn, a-h (either case).
    #[arg(value_parser = parse_gap, required = true)]
    white_gap: Option<Gap>,
    /// File of Black's missing pawn, a-h (either case).
    #[arg(value_parser = parse_gap, required = true)]
    black_gap: Option<Gap>,
    /// Thinking time of the computer per move in milliseconds (at most 4500).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Seed of the computer's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print only the computer's moves and the result (for relaying moves between programs).
    #[arg(long)]
    quiet: bool,
}

#[derive(Subcommand)]
enum PawnraceCommand {
    /// Computer against computer, no prompts; ends with `N games: W white wins, B black wins,
    /// D draws`.
    Match(MatchArgs),
    /// One search from a start position: depth, nodes, speed, score and line.
    Analyse(AnalyseArgs),
}

#[derive(Args)]
struct MatchArgs {
    /// Who plays White.
    #[arg(long, value_enum)]
    white: Player,
    /// Who plays Black.
    #[arg(long, value_enum)]
    black: Player,
    /// Games to play (colours as given; gaps as `--gaps` says).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Thinking time of the search per move in milliseconds (at most 4500).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// White's thinking time, if not `--movetime` (to match two budgets).
    #[arg(long)]
    white_movetime: Option<u64>,
    /// Black's thinking time, if not `--movetime`.
    #[arg(long)]
    black_movetime: Option<u64>,
    /// `random`: seeded random gaps per game; `all`: game i plays gap pair i mod 64.
    #[arg(long, value_enum, default_value = "random")]
    gaps: Gaps,
    /// Seed of the random gaps (and of the random player).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also print the longest time one move took, on stderr.
    #[arg(long)]
    stats: bool,
}

#[derive(Args)]
struct AnalyseArgs {
    /// The file of White's gap (a-h).
    #[arg(value_parser = parse_gap, default_value = "h")]
    white_gap: Gap,
    /// The file of Black's gap (a-h).
    #[arg(value_parser = parse_gap, default_value = "a")]
    black_gap: Gap,
    /// Thinking time in milliseconds.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Use the whole budget instead of stopping when the next iteration would not finish.
    #[arg(long)]
    full_time: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Seat {
    Person,
    Computer,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Player {
    Ai,
    Random,
    Greedy,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Gaps {
    Random,
    All,
}

fn parse_seat(text: &str) -> Result<Seat, String> {
    match text {
        "P" | "p" => Ok(Seat::Person),
        "C" | "c" => Ok(Seat::Computer),
        _ => Err("expected P (person) or C (computer)".into()),
    }
}

fn parse_gap(text: &str) -> Result<Gap, String> {
    Gap::parse(text).ok_or_else(|| "expected a file letter a-h".into())
}

pub fn run(args: PawnraceArgs) -> Result<ExitCode> {
    match args.command {
        Some(PawnraceCommand::Match(m)) => run_match(m),
        Some(PawnraceCommand::Analyse(a)) => analyse(a),
        None => match (args.white, args.black, args.white_gap, args.black_gap) {
            (Some(w), Some(b), Some(wg), Some(bg)) => interactive(
                [w, b],
                wg,
                bg,
                args.movetime.clamp(1, MAX_MOVETIME_MS),
                args.quiet,
            ),
            // clap requires all four when there is no subcommand.
            _ => Ok(ExitCode::from(2)),
        },
    }
}

/// An interactive pawn race on the one play loop, in the course's dialogue. The end of input
/// before the game ends is an error (exit 1) for a grader's input file; at a terminal (Ctrl-D)
/// the game stops quietly, exit 0.
fn interactive(
    seats: [Seat; 2],
    white_gap: Gap,
    black_gap: Gap,
    movetime: u64,
    quiet: bool,
) -> Result<ExitCode> {
    let seat = |s: Seat| match s {
        Seat::Person => SeatSpec::Human,
        Seat::Computer => SeatSpec::Ai,
    };
    play::game::run(Setup {
        variant: VariantId::PawnRace,
        board: board_text(&pawnrace::start(white_gap, black_gap)),
        white: seat(seats[0]),
        black: seat(seats[1]),
        movetime,
        save: None,
        title: String::new(),
        seed: None,
        tags: Vec::new(),
        dialogue: Box::new(Course { quiet }),
        input_ended: (!io::stdin().is_terminal())
            .then_some((1, "error: input ended before the game did")),
    })
}

fn run_match(args: MatchArgs) -> Result<ExitCode> {
    let strategy = |p: Player| match p {
        Player::Ai => Strategy::Ai,
        Player::Random => Strategy::Random,
        Player::Greedy => Strategy::Greedy,
    };
    let config = MatchConfig {
        white: strategy(args.white),
        black: strategy(args.black),
        games: args.games,
        movetime_ms: [args.white_movetime, args.black_movetime]
            .map(|t| t.unwrap_or(args.movetime).clamp(1, MAX_MOVETIME_MS)),
        gaps: match args.gaps {
            Gaps::Random => GapSchedule::Random,
            Gaps::All => GapSchedule::All,
        },
        seed: args.seed,
    };
    let bar = io::stderr().is_terminal();
    let total = args.games;
    let tally = play_match(&config, |t| {
        if bar {
            let width = 30;
            let done = (t.games as usize * width)
                .checked_div(total as usize)
                .unwrap_or(width);
            err!(
                "\r[{}{}] {}/{}  W {} B {} D {}",
                "#".repeat(done),
                ".".repeat(width - done),
                t.games,
                total,
                t.white_wins,
                t.black_wins,
                t.draws
            );
        }
    });
    if bar {
        errln!();
    }
    if args.stats {
        errln!("longest move: {} ms", tally.longest_move.as_millis());
    }
    outln!("{}", tally.summary());
    Ok(ExitCode::SUCCESS)
}

fn analyse(args: AnalyseArgs) -> Result<ExitCode> {
    let mut search = pawnrace::new_game(args.white_gap, args.black_gap);
    let mut engine = chessrules::engine::Engine::new(19);
    let mut limits = chessrules::engine::Limits::movetime(args.movetime.clamp(1, MAX_MOVETIME_MS));
    limits.full_time = args.full_time;
    let r = engine.search(&mut search, &limits);
    let mut pos = search.position().clone();
    let mut line = Vec::new();
    for &m in &r.pv {
        line.push(notation::san(&pos, m));
        pos.make(m);
    }
    let secs = r.elapsed.as_secs_f64().max(1e-9);
    outln!("depth {}", r.depth);
    outln!("nodes {}", r.nodes);
    outln!("time {} ms", r.elapsed.as_millis());
    outln!("nps {}", (r.nodes as f64 / secs) as u64);
    outln!("score {}", r.score());
    outln!("pv {}", line.join(" "));
    Ok(ExitCode::SUCCESS)
}
