//! `chessrules perft [--variant V] [--fen FEN | --board FILE] DEPTH [--divide]`

use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::core::perft::Perft;
use chessrules::core::Position;
use chessrules::io::input::read_small_text;
use chessrules::notation::{coordinate, fen};
use chessrules::variants::pawnrace::{self, Gap};
use chessrules::variants::{fairy, standard};
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
    /// Fairy chess 10×10; needs `--board FILE` (a fairy board file).
    Fairy,
    /// Pawn race; default position: the spec's Figure 1 (gaps h and a). Counts the move tree
    /// of the core without the win hooks (games that are over are still expanded).
    Pawnrace,
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

fn position(args: &PerftArgs, inputs: Inputs) -> Result<Position, String> {
    if let (Some(path), Some(text)) = (&args.variant_file, &inputs.variant_file) {
        let v = chessrules::variants::custom::load_variant_file(text)
            .map_err(|e| format!("{}:{e}", path.display()))?;
        return match &args.fen {
            Some(f) => v.position_from_fen(f),
            None => v.start_position(),
        }
        .map_err(|e| e.to_string());
    }
    let board = inputs.board;
    match args.variant {
        PerftVariant::Standard => match args.fen.as_deref().or(board.as_deref().map(str::trim)) {
            Some(f) => fen::parse(standard::rules(), f).map_err(|e| e.to_string()),
            None => Ok(standard::start()),
        },
        PerftVariant::Chess960 => match args.fen.as_deref().or(board.as_deref().map(str::trim)) {
            Some(f) => chessrules::variants::chess960::from_fen(f).map_err(|e| e.to_string()),
            None => chessrules::variants::chess960::start(518)
                .ok_or_else(|| "no start position 518".to_string()),
        },
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
                .ok_or_else(|| "no board".to_string())
        }
        PerftVariant::Fairy => match board {
            Some(text) => fairy::parse_board(&text)
                .map(|b| b.position)
                .map_err(|e| e.to_string()),
            None => Err("--variant fairy needs --board FILE".to_string()),
        },
        PerftVariant::Pawnrace => match &args.fen {
            Some(f) => fen::parse(pawnrace::rules(), f).map_err(|e| e.to_string()),
            None => Ok(pawnrace::start(Gap::wrapping(7), Gap::wrapping(0))),
        },
    }
}

pub fn run(args: PerftArgs) -> Result<ExitCode> {
    let inputs = read_inputs(&args)?;
    let mut pos = match position(&args, inputs) {
        Ok(p) => p,
        Err(e) => {
            errln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut perft = Perft::new(!args.no_bulk);
    if args.divide {
        let mut lines: Vec<(String, u64)> = perft
            .divide(&mut pos, args.depth)
            .into_iter()
            .map(|(m, n)| (coordinate::to_uci(&pos, m), n))
            .collect();
        lines.sort();
        let total: u64 = lines.iter().map(|(_, n)| n).sum();
        for (m, n) in &lines {
            outln!("{m}: {n}");
        }
        outln!();
        outln!("Nodes searched: {total}");
    } else {
        outln!("{}", perft.count(&mut pos, args.depth));
    }
    Ok(ExitCode::SUCCESS)
}
