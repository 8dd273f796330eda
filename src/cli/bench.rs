//! `chessrules bench [--depth-offset N]`: in the style of Stockfish's `bench`, a fixed set of
//! positions per variant, each searched to a fixed depth by a fresh engine (no time limit, so
//! the work is the same on every machine), printing nodes, time and nodes/s per position and per
//! variant, then the total. The total node count is a signature: it changes only when the search
//! (or the move generation it walks) changes, so a refactoring that should not change the
//! search must leave it as it was. Figures go to `docs/bench-engine.md`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use chessrules::engine::{Engine, Limits};
use chessrules::game::{Searchable, VariantId};
use chessrules::variants::registry::{self, Visit};
use clap::Args;

#[derive(Args)]
pub struct BenchArgs {
    /// Added to every position's depth (negative for a quick run); the signature below is for 0.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    depth_offset: i32,
}

/// A bench position: its name, its board file, the depth it is searched to.
type Position = (&'static str, &'static str, u32);

/// Standard chess: the start, a middlegame, Kiwipete (many captures and castling), an ending.
const STANDARD: [Position; 4] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        8,
    ),
    (
        "middlegame",
        "r1bq1rk1/pp2bppp/2n2n2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9",
        7,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    ("ending", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 11),
];

/// Obstacle chess: the initial board, and a board with walls, mines and a trapdoor (the
/// spec's own example, with its walls and obstacles).
const OBSTACLE: [Position; 2] = [
    (
        "initial",
        "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\n\
w 3 3 + + + + - 0\n",
        6,
    ),
    (
        "walls and mines",
        "r..qk..r\nppp..ppp\n..n.bn..\n...pp.D.\n.M.|P_....\n..NP.N..\nPPP..PPP\nR.BQKB.R\n\
w 2 2 + + + + - 0\n",
        5,
    ),
];

/// One search to a fixed depth; its nodes and time.
fn search<G: Searchable>(game: &mut G, depth: u32) -> (u64, Duration)
where
    G::Move: Copy + PartialEq + std::fmt::Debug,
{
    let mut engine = Engine::<G::Move>::new(20);
    let limits = Limits {
        max_depth: depth,
        ..Limits::infinite()
    };
    let started = Instant::now();
    let r = engine.search(game, &limits);
    (r.nodes, started.elapsed())
}

/// Totals of a group of searches.
#[derive(Default)]
struct Tally {
    positions: usize,
    nodes: u64,
    time: Duration,
}

impl Tally {
    fn add(&mut self, nodes: u64, time: Duration) {
        self.positions += 1;
        self.nodes += nodes;
        self.time += time;
    }
    fn line(&self, name: &str) -> String {
        format!(
            "{name:<10} {:>2} positions {:>12} nodes {:>8.3} s {:>10} nodes/s",
            self.positions,
            self.nodes,
            self.time.as_secs_f64(),
            nodes_per_second(self.nodes, self.time)
        )
    }
}

fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

fn report(tally: &mut Tally, variant: &str, name: &str, depth: u32, run: (u64, Duration)) {
    let (nodes, time) = run;
    outln!(
        "{variant:<10} {name:<16} depth {depth:>2} {nodes:>12} nodes {:>8.3} s {:>10} nodes/s",
        time.as_secs_f64(),
        nodes_per_second(nodes, time)
    );
    tally.add(nodes, time);
}

/// Pawn race boards: White's gap on h and Black's on a (the spec's Figure 1), then d and e.
const PAWNRACE: [Position; 2] = [
    (
        "gaps h, a",
        "........\n.BBBBBBB\n........\n........\n........\n........\nWWWWWWW.\n........\nw\n",
        10,
    ),
    (
        "gaps d, e",
        "........\nBBBB.BBB\n........\n........\n........\n........\nWWW.WWWW\n........\nw\n",
        10,
    ),
];

/// The search of one bench position, as work for any game the registry opens.
struct Search {
    depth: u32,
}

impl Visit for Search {
    type Output = (u64, Duration);
    fn visit<V: Searchable>(self, mut game: V) -> (u64, Duration) {
        search(&mut game, self.depth)
    }
}

pub fn run(args: BenchArgs) -> Result<ExitCode> {
    let depth = |d: u32| (d as i32 + args.depth_offset).max(1) as u32;
    let fairy_start = [("start", registry::info(VariantId::Fairy).initial, 6)];
    let sets: [(VariantId, &[Position]); 4] = [
        (VariantId::Standard, &STANDARD),
        (VariantId::Fairy, &fairy_start),
        (VariantId::Obstacle, &OBSTACLE),
        (VariantId::PawnRace, &PAWNRACE),
    ];
    let mut variants: Vec<(&str, Tally)> = Vec::new();
    for (id, positions) in sets {
        let mut t = Tally::default();
        for &(name, board, d) in positions {
            // Searched as the side to move knows the board (obstacle chess: no hidden
            // trapdoor whose owner no file names).
            let game = registry::open_for_mover(id, board)
                .map_err(|e| anyhow::anyhow!("bench board {id} {name}: {}", e.full()))?;
            let run = game.visit(Search { depth: depth(d) });
            report(&mut t, id.name(), name, depth(d), run);
        }
        variants.push((id.name(), t));
    }

    outln!();
    let mut total = Tally::default();
    for (name, tally) in &variants {
        outln!("{}", tally.line(name));
        total.positions += tally.positions;
        total.nodes += tally.nodes;
        total.time += tally.time;
    }
    outln!("{}", total.line("total"));
    outln!();
    outln!("Nodes searched: {}", total.nodes);
    outln!(
        "Nodes/second: {}",
        nodes_per_second(total.nodes, total.time)
    );
    Ok(ExitCode::SUCCESS)
}
