//! `chessrules standard status [--fen FEN] [--moves "e4 e5 …"]`

use std::process::ExitCode;

use anyhow::Result;
use chessrules::core::Color;
use chessrules::variants::standard::game::Claim;
use clap::Args;

#[derive(Args)]
pub struct StatusArgs {
    /// The rules and the position (default: the initial position).
    #[command(flatten)]
    start: super::StartArgs,
    /// Also reject positions no real game can reach (docs/guide.md, "--strict").
    #[arg(long)]
    strict: bool,
    /// Moves played from that position first (SAN or coordinates, separated by spaces), so
    /// that repetitions count.
    #[arg(long, default_value = "")]
    moves: String,
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn claim_name(c: Claim) -> &'static str {
    match c {
        Claim::ThreefoldRepetition => "threefold repetition",
        Claim::FiftyMoves => "fifty-move rule",
    }
}

pub fn run(args: StatusArgs) -> Result<ExitCode> {
    let mut game = match super::load_game(&args.start, args.strict) {
        Ok(g) => g,
        Err(code) => return Ok(code),
    };
    for (i, text) in args.moves.split_whitespace().enumerate() {
        if let Err(e) = game.play_text(text) {
            errln!("error: move {} ({text}): {e}", i + 1);
            return Ok(ExitCode::from(1));
        }
    }
    let r = game.report();
    let side = match game.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    outln!("FEN: {}", game.fen());
    if game.is_chess960() {
        outln!("Shredder-FEN: {}", game.shredder_fen());
    }
    if let Some(o) = game.outcome() {
        outln!("Game over: {}", o.sentence());
    }
    outln!("Side to move: {side}");
    outln!("Check: {}", yes_no(r.in_check));
    outln!("Checkmate: {}", yes_no(r.checkmate));
    outln!("Stalemate: {}", yes_no(r.stalemate));
    outln!("Insufficient material: {}", yes_no(r.insufficient_material));
    let claims: Vec<&str> = r.claims.iter().map(|&c| claim_name(c)).collect();
    outln!(
        "Claimable draw: {}",
        if claims.is_empty() {
            "none".to_string()
        } else {
            claims.join(", ")
        }
    );
    let with: Vec<String> = r
        .claims_with_move
        .iter()
        .map(|(m, c)| format!("{m} ({})", claim_name(*c)))
        .collect();
    outln!(
        "Claimable with the intended move: {}",
        if with.is_empty() {
            "none".to_string()
        } else {
            with.join(", ")
        }
    );
    let mut moves = r.legal_moves;
    moves.sort();
    let list = if moves.is_empty() {
        "none".to_string()
    } else {
        moves.join(" ")
    };
    outln!("Legal moves ({}): {list}", moves.len());
    Ok(ExitCode::SUCCESS)
}
