//! `shakmaty-perft FEN DEPTH [--no-bulk] [--variant NAME]`: perft with shakmaty, as a whole
//! process. Bulk (the default) is shakmaty's own `perft` (the last ply counted); `--no-bulk`
//! makes every leaf move. `--variant` takes shakmaty's `UCI_Variant` names (`atomic`,
//! `kingofthehill`, `3check`, …; `chess` by default).

use shakmaty::fen::Fen;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{CastlingMode, Chess, FromSetup, Position};

fn every_leaf<P: Position + Clone>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += every_leaf(&child, depth - 1);
    }
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(fen), Some(depth)) = (args.first(), args.get(1).and_then(|d| d.parse().ok())) else {
        eprintln!("usage: shakmaty-perft FEN DEPTH [--no-bulk] [--variant NAME]");
        std::process::exit(2);
    };
    let variant = match args.iter().position(|a| a == "--variant") {
        Some(i) => match args.get(i + 1).map(|v| Variant::from_uci(v)) {
            Some(Ok(v)) => v,
            _ => {
                eprintln!("unknown variant");
                std::process::exit(2);
            }
        },
        None => Variant::Chess,
    };
    let setup = match Fen::from_ascii(fen.as_bytes()) {
        Ok(f) => f.into_setup(),
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(1);
        }
    };
    let bulk = !args.iter().any(|a| a == "--no-bulk");
    // Standard chess keeps shakmaty's own `Chess` type: the enum of `VariantPosition` costs
    // a dispatch per call, which would slow the standard lines we compare against.
    let nodes = if variant == Variant::Chess {
        match Chess::from_setup(setup, CastlingMode::Chess960) {
            Ok(pos) => count(&pos, depth, bulk),
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(1);
            }
        }
    } else {
        match VariantPosition::from_setup(variant, setup, CastlingMode::Chess960) {
            Ok(pos) => count(&pos, depth, bulk),
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(1);
            }
        }
    };
    println!("{nodes}");
}

fn count<P: Position + Clone>(pos: &P, depth: u32, bulk: bool) -> u64 {
    if bulk {
        shakmaty::perft(pos, depth)
    } else {
        every_leaf(pos, depth)
    }
}
