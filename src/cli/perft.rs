//! `chessrules perft [--variant V] [--fen FEN | --board FILE] DEPTH [--divide]`

use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::engine::perft::Perft;
use chessrules::io::input::read_small_text;
use chessrules::notation::fen;
use chessrules::variants::core_game::CoreGame;
use chessrules::variants::obstacle::search::ObstacleSearch;
use chessrules::variants::pawnrace::search::PawnRaceSearch;
use chessrules::variants::pawnrace::{self, Gap};
use chessrules::variants::{custom, fairy, follow, obstacle, standard, Variant};
use clap::{Args, ValueEnum};

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum PerftVariant {
    /// FIDE chess; `--fen`, or `--board FILE` holding a FEN (default: the initial position).
    Standard,
    /// FollowChess; needs `--board FILE` (a FollowChess board file).
    Follow,
    /// Chess960; `--fen` in X-FEN or Shredder-FEN (`HAha`), or `--board FILE` holding one
    /// (default: start position 518, FIDE chess's).
    Chess960,
    /// Fairy chess 10×10; needs `--board FILE` (a fairy board file). From halfmove clock
    /// 50 on, the spec's clock rule limits the moves counted.
    Fairy,
    /// Pawn race; default position: the spec's Figure 1 (gaps h and a). A race already won
    /// (a pawn on its last rank, a side without pawns) has no moves.
    Pawnrace,
    /// Obstacle chess; needs `--board FILE` (an obstacle board file). Every action counts:
    /// piece moves (with the effects of trapdoors and mines) and every wall that may be
    /// placed; hidden trapdoors are on the board as the file gives them.
    Obstacle,
}

#[derive(Args)]
pub struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// The rules the tree is counted by.
    #[arg(long, value_enum, default_value = "standard")]
    variant: PerftVariant,
    /// Start position as FEN (default: the variant's initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Start position from a file: a board file of the variant (a FEN line for standard).
    #[arg(long, conflicts_with = "fen")]
    board: Option<std::path::PathBuf>,
    /// Print the count of each root move (sorted by move text), a blank line, then the total.
    #[arg(long)]
    divide: bool,
    /// A variant file (TOML, see docs/variant-files.md); `--fen` then uses its pieces.
    #[arg(long, conflicts_with_all = ["variant", "board"])]
    variant_file: Option<std::path::PathBuf>,
    /// Make every leaf move instead of counting the moves at the last ply.
    #[arg(long)]
    no_bulk: bool,
    /// Expand positions the variant's rules have already decided (a goal reached, a side
    /// extinct, a pawn race won): the move generator's count, as before these rules counted.
    #[arg(long)]
    generator_only: bool,
}

/// The files named on the command line, read whole with the shared size cap: an unreadable
/// file is an I/O error (exit 3), decided before any content is judged.
struct Inputs {
    variant_file: Option<String>,
    board: Option<String>,
}

fn read_inputs(args: &PerftArgs) -> Result<Inputs> {
    let read = |path: &Option<std::path::PathBuf>| -> Result<Option<String>> {
        path.as_deref()
            .map(|p| read_small_text(p).with_context(|| format!("cannot read {}", p.display())))
            .transpose()
    };
    Ok(Inputs {
        variant_file: read(&args.variant_file)?,
        board: read(&args.board)?,
    })
}

fn game(args: &PerftArgs, inputs: Inputs) -> Result<Game, String> {
    if let (Some(path), Some(text)) = (&args.variant_file, &inputs.variant_file) {
        let v = chessrules::variants::custom::load_variant_file(text)
            .map_err(|e| format!("{}:{e}", path.display()))?;
        let pos = match &args.fen {
            Some(f) => v.position_from_fen(f),
            None => v.start_position(),
        }
        .map_err(|e| e.to_string())?;
        return Ok(Game::Core(custom::variant::game(&v, pos)));
    }
    let board = inputs.board;
    match args.variant {
        PerftVariant::Standard => match args.fen.as_deref().or(board.as_deref().map(str::trim)) {
            Some(f) => fen::parse(standard::rules(), f).map_err(|e| e.to_string()),
            None => Ok(standard::start()),
        }
        .map(|pos| Game::Core(standard::variant::game(pos))),
        PerftVariant::Chess960 => match args.fen.as_deref().or(board.as_deref().map(str::trim)) {
            Some(f) => chessrules::variants::chess960::from_fen(f).map_err(|e| e.to_string()),
            None => chessrules::variants::chess960::start(518)
                .ok_or_else(|| "no start position 518".to_string()),
        }
        .map(|pos| Game::Core(standard::variant::game(pos))),
        PerftVariant::Follow => {
            let path = args
                .board
                .as_ref()
                .ok_or("follow perft needs --board FILE")?;
            let text = board.as_deref().unwrap_or_default();
            let mut game = chessrules::variants::follow::FollowChess::new();
            game.load_board(std::io::Cursor::new(text.as_bytes()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            game.position()
                .cloned()
                .map(|pos| Game::Core(follow::variant::game(pos)))
                .ok_or_else(|| "no board".to_string())
        }
        PerftVariant::Fairy => match board {
            Some(text) => fairy::parse_board(&text)
                .map(|b| Game::Core(fairy::variant::game_of_board(&b)))
                .map_err(|e| e.to_string()),
            None => Err("--variant fairy needs --board FILE".to_string()),
        },
        PerftVariant::Obstacle => match board {
            Some(text) => obstacle::parse_board(text.as_bytes())
                .map(|b| Game::Obstacle(Box::new(ObstacleSearch::knowing(b))))
                .map_err(|e| e.to_string()),
            None => Err("--variant obstacle needs --board FILE".to_string()),
        },
        PerftVariant::Pawnrace => match &args.fen {
            Some(f) => fen::parse(pawnrace::rules(), f).map_err(|e| e.to_string()),
            None => Ok(pawnrace::start(Gap::wrapping(7), Gap::wrapping(0))),
        }
        .map(|pos| Game::PawnRace(PawnRaceSearch::new(pos))),
    }
}

/// The game perft walks: one of the variants' games.
enum Game {
    Core(CoreGame),
    Obstacle(Box<ObstacleSearch>),
    PawnRace(PawnRaceSearch),
}

pub fn run(args: PerftArgs) -> Result<ExitCode> {
    let inputs = read_inputs(&args)?;
    let game = match game(&args, inputs) {
        Ok(g) => g,
        Err(e) => {
            errln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    match game {
        Game::Core(g) => walk(g, &args),
        Game::Obstacle(g) => walk(*g, &args),
        Game::PawnRace(g) => walk(g, &args),
    }
    Ok(ExitCode::SUCCESS)
}

/// Counts (or divides) on any variant's game.
fn walk<V: Variant>(mut game: V, args: &PerftArgs) {
    let mut perft = Perft::new(!args.no_bulk);
    perft.end_rules = !args.generator_only;
    if args.divide {
        let mut lines = perft.divide(&mut game, args.depth);
        lines.sort();
        let total: u64 = lines.iter().map(|(_, n)| n).sum();
        for (m, n) in &lines {
            outln!("{m}: {n}");
        }
        outln!();
        outln!("Nodes searched: {total}");
    } else {
        outln!("{}", perft.count(&mut game, args.depth));
    }
}
