//! `chessrules standard gen-pgn --games N [--seed S] [--max-plies P] OUT.pgn` (hidden):
//! random legal games, written as PGN, as input for `validate` benchmarks. Each game plays
//! uniformly random legal moves until it ends or reaches a random length.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::core::Move;
use chessrules::io::atomic::write_atomic_with;
use chessrules::notation::coordinate;
use chessrules::variants::standard::game::StandardGame;
use clap::Args;

#[derive(Args)]
pub struct GenerateArgs {
    /// Where to write the games.
    out: PathBuf,
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Longest game, in plies.
    #[arg(long, default_value_t = 160)]
    max_plies: u64,
}

/// xorshift64*: small, fast, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

pub fn run(args: GenerateArgs) -> Result<ExitCode> {
    // Written whole or not at all: an interrupted run leaves no partial file.
    write_atomic_with(&args.out, |out| write_games(&args, out))
        .with_context(|| format!("writing {}", args.out.display()))?;
    Ok(ExitCode::SUCCESS)
}

fn write_games(args: &GenerateArgs, out: &mut impl Write) -> io::Result<()> {
    let mut rng = Rng(args.seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for n in 1..=args.games {
        let mut game = StandardGame::new();
        let length = args.max_plies / 4 + rng.below(args.max_plies * 3 / 4 + 1);
        for _ in 0..length {
            if game.outcome().is_some() {
                break;
            }
            if !game.claimable().is_empty() && rng.below(2) == 0 {
                let _ = game.claim();
                break;
            }
            let mut pos = game.position().clone();
            let moves: Vec<Move> = pos.legal_move_list();
            let Some(&m) = moves.get(rng.below(moves.len() as u64) as usize) else {
                break;
            };
            let text = coordinate::to_uci(&pos, m);
            game.play_text(&text).map_err(io::Error::other)?;
        }
        let tags = [
            ("Event".to_string(), "Random games".to_string()),
            (
                "Site".to_string(),
                "chessrules standard gen-pgn".to_string(),
            ),
            ("Round".to_string(), n.to_string()),
        ];
        out.write_all(game.pgn(&tags).as_bytes())?;
    }
    Ok(())
}
