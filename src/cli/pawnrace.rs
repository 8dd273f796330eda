//! `chessrules pawnrace WHITE BLACK WGAP BGAP` (alias `pawnrace`): an interactive pawn race,
//! `chessrules pawnrace match …`: computer against computer, and `chessrules pawnrace analyse`:
//! one search from the start position (for benchmarks).
//!
//! The dialogue (all on stdout, each line ends with `\n`):
//! - the board as the spec draws it, then a blank line, before every move;
//! - a person is prompted with `White's move: ` / `Black's move: ` (no newline; flushed) and
//!   one line is read per prompt from one buffered reader, so moves typed ahead are kept;
//! - a refused move prints `Invalid move: <reason>` and the prompt again;
//! - `back` takes back the last move (against the computer: back to the person's last move);
//! - a computer move prints `White plays b4` (with `--quiet`, just `b4`);
//! - the end prints one of `White wins by reaching the last rank`,
//!   `White wins by capturing every black pawn`, `Draw by stalemate: Black cannot move`.
//!
//! `--quiet` prints only the computer's moves (bare SAN) and the result; refusals go to stderr.
//! End of input before the game ends: `error: input ended before the game did` on stderr, exit 1
//! (a grader's input file that stops early); at a terminal (Ctrl-D) the game stops quietly, exit 0.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Result;
use chessrules::core::Color;
use chessrules::engine::Score;
use chessrules::io::input::read_line_capped;
use chessrules::variants::pawnrace::board::display;
use chessrules::variants::pawnrace::player::{ComputerPlayer, Strategy, MAX_MOVETIME_MS};
use chessrules::variants::pawnrace::search::PawnRaceSearch;
use chessrules::variants::pawnrace::tournament::{play_match, GapSchedule, MatchConfig};
use chessrules::variants::pawnrace::{notation, start, Gap, Outcome, PawnRace};
use clap::{Args, Subcommand, ValueEnum};

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
            (Some(w), Some(b), Some(wg), Some(bg)) => Interactive {
                seats: [w, b],
                quiet: args.quiet,
                computer: ComputerPlayer::new(Strategy::Ai, args.movetime, args.seed),
                game: PawnRace::new(wg, bg),
            }
            .play(),
            // clap requires all four when there is no subcommand.
            _ => Ok(ExitCode::from(2)),
        },
    }
}

struct Interactive {
    seats: [Seat; 2],
    quiet: bool,
    computer: ComputerPlayer,
    game: PawnRace,
}

fn result_line(o: Outcome, side_to_move: Color) -> String {
    match o {
        Outcome::Promotion(c) => format!("{} wins by reaching the last rank", c.title()),
        Outcome::AllCaptured(c) => format!(
            "{} wins by capturing every {} pawn",
            c.title(),
            c.other().name()
        ),
        Outcome::Stalemate => format!("Draw by stalemate: {} cannot move", side_to_move.title()),
    }
}

impl Interactive {
    fn play(mut self) -> Result<ExitCode> {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut out = io::stdout().lock();
        let mut line = Vec::new();
        let mut show_board = !self.quiet;
        loop {
            if show_board {
                writeln!(out, "{}", display(self.game.position()))?;
            }
            show_board = !self.quiet;
            if let Some(o) = self.game.outcome() {
                writeln!(out, "{}", result_line(o, self.game.side_to_move()))?;
                out.flush()?;
                return Ok(ExitCode::SUCCESS);
            }
            let side = self.game.side_to_move();
            if self.seats[side.index()] == Seat::Computer {
                self.computer_move(&mut out, side)?;
                continue;
            }
            if !self.quiet {
                write!(out, "{}'s move: ", side.title())?;
            }
            out.flush()?;
            line.clear();
            // One line per prompt from the one buffered reader: what was typed ahead stays
            // buffered for the next prompt. Bytes that are not UTF-8 become U+FFFD and are
            // then refused as a move like any other text.
            if !read_line_capped(&mut input, &mut line)? {
                if io::stdin().is_terminal() {
                    // A person pressed Ctrl-D: they are done playing, nothing went wrong.
                    writeln!(out)?;
                    writeln!(out, "Game stopped.")?;
                    return Ok(ExitCode::SUCCESS);
                }
                errln!("error: input ended before the game did");
                return Ok(ExitCode::from(1));
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            if text.eq_ignore_ascii_case("back") {
                if !self.take_back(side) {
                    self.refuse(&mut out, "there is no move to take back")?;
                    show_board = false;
                }
                continue;
            }
            if let Err(e) = self.game.play_text(text) {
                self.refuse(&mut out, &e.to_string())?;
                show_board = false;
            }
        }
    }

    fn refuse(&self, out: &mut impl Write, reason: &str) -> io::Result<()> {
        if self.quiet {
            errln!("Invalid move: {reason}");
            Ok(())
        } else {
            writeln!(out, "Invalid move: {reason}")
        }
    }

    fn computer_move(&mut self, out: &mut impl Write, side: Color) -> Result<()> {
        let (choice, result) = self.computer.choose(&self.game);
        let Some(m) = choice else {
            return Ok(());
        };
        let san = notation::san(self.game.position(), m);
        self.game.play(m);
        if self.quiet {
            writeln!(out, "{san}")?;
        } else {
            writeln!(out, "{} plays {san}", side.title())?;
            match result.map(|r| r.score()) {
                Some(Score::WinIn(n)) => writeln!(
                    out,
                    "({} has a forced win in {} moves)",
                    side.title(),
                    n.div_ceil(2)
                )?,
                Some(Score::LossIn(n)) => writeln!(
                    out,
                    "({} expects to lose in {} moves)",
                    side.title(),
                    n.div_ceil(2)
                )?,
                _ => {}
            }
        }
        out.flush()?;
        Ok(())
    }

    /// Takes back moves up to and including the person's last one (the computer's replies
    /// after it too). False if `person` has not moved yet.
    fn take_back(&mut self, person: Color) -> bool {
        let both_people = self.seats == [Seat::Person, Seat::Person];
        let plies = self.game.plies();
        // Ply i was played by White when i is even (games start with White to move).
        let mover = |i: usize| {
            if i.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            }
        };
        let last_own = if both_people {
            plies.checked_sub(1)
        } else {
            (0..plies).rev().find(|&i| mover(i) == person)
        };
        let Some(target) = last_own else {
            return false;
        };
        for _ in target..plies {
            self.game.undo();
        }
        true
    }
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
    let mut search = PawnRaceSearch::new(start(args.white_gap, args.black_gap));
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
