//! `chessrules perft [--variant V] [--fen FEN | --board FILE] DEPTH [--divide]`

use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::engine::perft::Perft;
use chessrules::game::VariantId;
use chessrules::game::{Diagnostic, Searchable};
use chessrules::io::input::read_small_text;
use chessrules::variants::registry::{self, AnyGame, Visit};
use clap::Args;

#[derive(Args)]
pub struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// The rules the tree is counted by: standard, chess960, fairy (from halfmove clock 50
    /// on, the spec's clock rule limits the moves counted), obstacle (every action counts:
    /// piece moves with their effects and every wall that may be placed; hidden trapdoors
    /// as the file gives them), follow or pawnrace (a race already won has no moves).
    /// A shipped variant file is named too (kingofthehill, racingkings, horde, antichess, …;
    /// `chessrules variant list`), with `--fen` in its pieces.
    #[arg(long, default_value = "standard")]
    variant: VariantId,
    /// Start position as FEN: standard, chess960 (X-FEN or Shredder-FEN `HAha`), pawnrace, or
    /// a variant file's pieces (default: the variant's initial board, as the page starts it;
    /// pawn race's has its gaps on a and h).
    #[arg(long)]
    fen: Option<String>,
    /// Start position from a file: a board file of the variant (a FEN line for standard and
    /// chess960).
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

fn game(args: &PerftArgs, inputs: Inputs) -> Result<AnyGame, Diagnostic> {
    if let (Some(path), Some(text)) = (&args.variant_file, &inputs.variant_file) {
        // An error in the file names the file (`FILE:LINE:COLUMN: error: …`); one in the FEN
        // stands alone.
        return registry::open_variant_file(text, args.fen.as_deref()).map_err(|d| match d.line {
            Some(_) => Diagnostic {
                message: format!("{}:{}", path.display(), d.message),
                ..d
            },
            None => d,
        });
    }
    let id = args.variant;
    if registry::record(id).file.is_some() && inputs.board.is_some() {
        return Err(Diagnostic::plain(format!(
            "{id} positions are FENs: give --fen, not --board"
        )));
    }
    match (&args.fen, &inputs.board) {
        (Some(fen), _) => registry::open_fen(id, fen),
        (None, Some(board)) => registry::open(id, board),
        (None, None) => registry::open(id, registry::info(id).initial),
    }
}

pub fn run(args: PerftArgs) -> Result<ExitCode> {
    let inputs = read_inputs(&args)?;
    let game = match game(&args, inputs) {
        Ok(g) => g,
        Err(d) => {
            errln!("error: {}", d.full());
            return Ok(ExitCode::from(1));
        }
    };
    game.visit(Walk { args: &args });
    Ok(ExitCode::SUCCESS)
}

/// Perft as work for any game the registry opens.
struct Walk<'a> {
    args: &'a PerftArgs,
}

impl Visit for Walk<'_> {
    type Output = ();
    fn visit<V: Searchable>(self, game: V) {
        walk(game, self.args)
    }
}

/// Counts (or divides) on any variant's game.
fn walk<V: Searchable>(mut game: V, args: &PerftArgs) {
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
