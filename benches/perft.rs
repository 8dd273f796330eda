//! Perft speed: our generator against shakmaty and cozy-chess, measured in the same run.
//!
//! Modes: "bulk" counts the legal moves at the last ply; "make" plays every leaf move (ours:
//! make/unmake; theirs: copy-make, their native style). Each figure is the best of three
//! interleaved runs. Set `PERFT_BENCH_QUICK=1` for one ply less.

use std::time::Instant;

use chessrules::core::perft::Perft;
use chessrules::variants::standard;

const POSITIONS: [(&str, &str, u32); 2] = [
    ("start", standard::START_FEN, 6),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32, bulk: bool) -> u64 {
    use shakmaty::Position;
    let moves = pos.legal_moves();
    if depth == 1 && bulk {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            if depth == 1 {
                // Without this the compiler may drop a leaf's copy-make as unused.
                std::hint::black_box(&child);
                1
            } else {
                shakmaty_perft(&child, depth - 1, bulk)
            }
        })
        .sum()
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32, bulk: bool) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 && bulk {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += if depth == 1 {
                    std::hint::black_box(&child);
                    1
                } else {
                    cozy_perft(&child, depth - 1, bulk)
                };
            }
        }
        false
    });
    nodes
}

const RUNS: usize = 3;

fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let t = Instant::now();
    let n = f();
    (n, n as f64 / t.elapsed().as_secs_f64())
}

fn main() {
    let quick = std::env::var_os("PERFT_BENCH_QUICK").is_some();
    println!(
        "{:<9} {:>5} {:>5} {:>12} {:>10} {:>10} {:>10} {:>9}",
        "position", "depth", "mode", "nodes", "ours Mn/s", "shakmaty", "cozy", "ratio"
    );
    for (name, fen, depth) in POSITIONS {
        let depth = if quick { depth - 1 } else { depth };
        for bulk in [true, false] {
            let shak: shakmaty::Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .expect("fen")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("position");
            let cozy: cozy_chess::Board = fen.parse().expect("fen");
            let (mut n_ours, mut n_shak, mut n_cozy) = (0, 0, 0);
            let (mut ours_nps, mut shak_nps, mut cozy_nps) = (0f64, 0f64, 0f64);
            // Best of three interleaved runs: the machine is shared, and the best run is the
            // one least disturbed by other work.
            for _ in 0..RUNS {
                let mut ours = standard::from_fen(fen).expect("bench FEN");
                let (n, nps) = timed(|| Perft::new(bulk).count(&mut ours, depth));
                (n_ours, ours_nps) = (n, ours_nps.max(nps));
                let (n, nps) = timed(|| shakmaty_perft(&shak, depth, bulk));
                (n_shak, shak_nps) = (n, shak_nps.max(nps));
                let (n, nps) = timed(|| cozy_perft(&cozy, depth, bulk));
                (n_cozy, cozy_nps) = (n, cozy_nps.max(nps));
            }
            assert_eq!(n_ours, n_shak, "{name}: node counts differ from shakmaty");
            assert_eq!(n_ours, n_cozy, "{name}: node counts differ from cozy-chess");
            let best = shak_nps.max(cozy_nps);
            println!(
                "{:<9} {:>5} {:>5} {:>12} {:>10.1} {:>10.1} {:>10.1} {:>9.3}",
                name,
                depth,
                if bulk { "bulk" } else { "make" },
                n_ours,
                ours_nps / 1e6,
                shak_nps / 1e6,
                cozy_nps / 1e6,
                ours_nps / best
            );
        }
    }
    println!("ratio = ours / the faster of shakmaty and cozy-chess (single thread)");
}
