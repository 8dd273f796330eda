//! `chessrules engine-match` (used by `scripts/bench-engine`): our engine against
//! itself or a random mover in any variant the registry opens (`--board FILE`, default its
//! initial board), or against a UCI engine (Fairy-Stockfish's `UCI_Variant` of the variant's
//! name). The first player alternates colours game by game; prints the first player's score.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use chessrules::engine::arena::{play_game, Player};
use chessrules::engine::uci_client::UciClient;
use chessrules::engine::{Engine, Limits, Rng};
use chessrules::game::game_seat_view::TableGame;
use chessrules::game::{Game, Score, Searchable, Terminal, VariantId};
use chessrules::notation::{coordinate, fen};
use chessrules::variants::core_game::CoreGame;
use chessrules::variants::registry::{self, AnyGame, Visit};
use clap::Args;

#[derive(Args)]
pub struct EngineMatchArgs {
    /// The variant played.
    #[arg(long, default_value = "standard")]
    variant: VariantId,
    /// Start board: a board file of the variant (default: its initial board).
    #[arg(long)]
    board: Option<PathBuf>,
    /// Games to play; colours alternate.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// First player: milliseconds per move, or `random`.
    #[arg(long, default_value = "100")]
    first: String,
    /// Second player: milliseconds per move, or `random`.
    #[arg(long, default_value = "random")]
    second: String,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 200)]
    max_plies: u32,
    /// Seed of the random player.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// `Skill Level` option of a `uci:PATH` second player.
    #[arg(long)]
    skill: Option<u32>,
    /// Milliseconds per move of a `uci:PATH` second player.
    #[arg(long, default_value_t = 100)]
    external_ms: u64,
}

fn player(text: &str) -> Result<Player> {
    if text == "random" {
        return Ok(Player::Random);
    }
    Ok(Player::Search(
        text.parse().with_context(|| format!("player '{text}'"))?,
    ))
}

/// A match as work for any game the registry opens.
struct Match<'a> {
    args: &'a EngineMatchArgs,
}

impl Visit for Match<'_> {
    type Output = Result<()>;
    fn visit<V: Searchable>(self, start: V) -> Result<()> {
        run_match(&start, self.args)
    }
}

fn run_match<G: Searchable>(start: &G, args: &EngineMatchArgs) -> Result<()> {
    let (a, b) = (player(&args.first)?, player(&args.second)?);
    let mut rng = Rng::new(args.seed);
    let mut score = 0.0;
    for g in 0..args.games {
        let s = if g % 2 == 0 {
            play_game(start, a, b, args.max_plies, &mut rng)
        } else {
            1.0 - play_game(start, b, a, args.max_plies, &mut rng)
        };
        score += s;
        outln!("game {} first player {s}", g + 1);
    }
    outln!(
        "score {score}/{} ({} vs {})",
        args.games,
        args.first,
        args.second
    );
    Ok(())
}

pub fn run(args: EngineMatchArgs) -> Result<ExitCode> {
    let board = match &args.board {
        Some(p) => Some(
            chessrules::io::input::read_limited(p, chessrules::io::input::MAX_INPUT_BYTES)
                .with_context(|| format!("cannot read {}", p.display()))?,
        ),
        None => None,
    };
    if let Some(path) = args.second.strip_prefix("uci:") {
        external_match(path, &args)?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = match &board {
        Some(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        None => registry::info(args.variant).initial.to_string(),
    };
    let game = registry::open(args.variant, &text).map_err(|d| anyhow::anyhow!(d.full()))?;
    game.visit(Match { args: &args })?;
    Ok(ExitCode::SUCCESS)
}

/// Our engine (`--first` ms) against an external UCI engine in `--variant` (Fairy-Stockfish's
/// `UCI_Variant` of the same name; `chess` for standard chess), from the variant's start.
fn external_match(path: &str, args: &EngineMatchArgs) -> Result<()> {
    let Player::Search(ours_ms) = player(&args.first)? else {
        bail!("the first player must be our engine");
    };
    let record = registry::record(args.variant);
    let start = match registry::open(args.variant, record.text.initial) {
        Ok(AnyGame::Core(game)) => game,
        _ => bail!("{}: not a game of the core's rules", record.name),
    };
    let mut client = UciClient::spawn(std::path::Path::new(path), &[])?;
    if args.variant != VariantId::Standard {
        let name = record.name;
        if !client.supports_variant(name) {
            bail!("{path} does not offer UCI_Variant {name}");
        }
        client.set_option("UCI_Variant", name)?;
    }
    if let Some(skill) = args.skill {
        client.set_option("Skill Level", &skill.to_string())?;
    }
    let mut score = 0.0;
    for g in 0..args.games {
        client.new_game()?;
        let ours_white = g % 2 == 0;
        let s = external_game(
            &mut client,
            start.clone(),
            ours_ms,
            args.external_ms,
            ours_white,
            args.max_plies,
        )?;
        score += s;
        outln!("game {} first player {s}", g + 1);
    }
    outln!(
        "score {score}/{} ({} vs {} skill {:?} at {} ms, {})",
        args.games,
        args.first,
        path,
        args.skill,
        args.external_ms,
        record.name
    );
    Ok(())
}

/// Points for the side to move if the game is over by the rules as the table plays them: the
/// variant's own ends, checkmate and stalemate, a position on the board a third time, fifty
/// moves where the variant has the rule.
fn over(game: &mut CoreGame) -> Option<f64> {
    let mover = game.side_to_move();
    if let Some(end) = game.rule_end() {
        return Some(match end.score() {
            Score::Win(winner) if winner == mover => 1.0,
            Score::Win(_) => 0.0,
            _ => 0.5,
        });
    }
    let fifty = game.ends().move_rule_reached(game.position());
    if let Some(result) = game.repetition_end() {
        return Some(match result {
            Terminal::Win => 1.0,
            Terminal::Loss => 0.0,
            Terminal::Draw => 0.5,
        });
    }
    fifty.then_some(0.5)
}

fn external_game(
    client: &mut UciClient,
    mut game: CoreGame,
    ours_ms: u64,
    theirs_ms: u64,
    ours_white: bool,
    max_plies: u32,
) -> Result<f64> {
    let start_fen = fen::write(game.position());
    let mut engine = Engine::new(18);
    let mut played: Vec<String> = Vec::new();
    for ply in 0..max_plies {
        let ours_to_move = (ply % 2 == 0) == ours_white;
        if let Some(mover) = over(&mut game) {
            return Ok(if ours_to_move { mover } else { 1.0 - mover });
        }
        let m = if ours_to_move {
            let mut search = game.rooted_here();
            engine.search(&mut search, &Limits::movetime(ours_ms)).best
        } else {
            match client.best_move_after(&start_fen, &played, theirs_ms, &[])? {
                // A move we cannot read is a broken match (another notation, another
                // variant), not a win: it stops the match.
                Some(t) => match game.with_position(|pos| coordinate::parse(pos, &t)) {
                    Ok(m) => Some(m),
                    Err(e) => bail!("the engine's move {t} after {played:?}: {e}"),
                },
                None => None,
            }
        };
        match m {
            Some(m) => {
                played.push(game.coordinate_text(m));
                game.make(m);
            }
            // An external engine without a move (`bestmove (none)`) forfeits.
            None => return Ok(if ours_to_move { 0.5 } else { 1.0 }),
        }
    }
    Ok(0.5)
}
