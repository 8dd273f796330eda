//! PGN validation speed on one thread: ours (`PgnReader` + the standard replay, what
//! `standard validate --jobs 1` does per game, without its output) against pgn-reader with
//! shakmaty's SAN replay (its `validate` example), on the same file, in the same run.
//!
//! The file: `PGN_BENCH_FILE`, or 5,000 random legal games written here (seeded, up to 160
//! plies). Each figure is the best of three interleaved runs; the ratio is ours / theirs in
//! moves per second.

use std::io::Write as _;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use chessrules::engine::Rng;
use chessrules::notation::pgn::reader::PgnReader;
use chessrules::notation::san::to_san;
use chessrules::variants::standard;
use chessrules::variants::standard::replay::replay;

/// Random legal games as PGN (what `standard gen-pgn` writes, in short).
fn write_games(path: &PathBuf, games: usize) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut rng = Rng::new(7);
    for g in 0..games {
        writeln!(out, "[Event \"bench {g}\"]\n[Result \"*\"]\n")?;
        let mut pos = standard::start();
        let mut line = String::new();
        for ply in 0..160 {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            if ply % 2 == 0 {
                line.push_str(&format!("{}. ", ply / 2 + 1));
            }
            line.push_str(&to_san(&mut pos, m));
            line.push(' ');
            pos.make(m);
        }
        writeln!(out, "{line}*\n")?;
    }
    Ok(())
}

/// Ours: (games, legal games, moves) and the time taken.
fn ours(path: &PathBuf) -> (u64, u64, Duration) {
    let started = Instant::now();
    let file = std::fs::File::open(path).expect("the bench file opens");
    let (mut legal, mut moves) = (0, 0);
    for game in PgnReader::new(std::io::BufReader::new(file)).flatten() {
        let r = replay(&game);
        moves += r.plies as u64;
        legal += u64::from(r.is_legal());
    }
    (legal, moves, started.elapsed())
}

/// pgn-reader's visitor replaying with shakmaty, as its `validate` example does.
struct Validator;

impl pgn_reader::Visitor for Validator {
    type Tags = ();
    type Movetext = (shakmaty::Chess, u64, bool);
    type Output = (u64, bool);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((shakmaty::Chess::default(), 0, true))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        use shakmaty::Position;
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                movetext.1 += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break((movetext.1, false)),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        (movetext.1, movetext.2)
    }
}

fn theirs(path: &PathBuf) -> (u64, u64, Duration) {
    let started = Instant::now();
    let file = std::fs::File::open(path).expect("the bench file opens");
    let mut reader = pgn_reader::Reader::new(std::io::BufReader::new(file));
    let (mut legal, mut moves) = (0, 0);
    while let Ok(Some((n, ok))) = reader.read_game(&mut Validator) {
        moves += n;
        legal += u64::from(ok);
    }
    (legal, moves, started.elapsed())
}

fn main() {
    let path = match std::env::var_os("PGN_BENCH_FILE") {
        Some(p) => PathBuf::from(p),
        None => {
            let p = std::env::temp_dir()
                .join(format!("chessrules-pgn-bench-{}.pgn", std::process::id()));
            write_games(&p, 5000).expect("the bench file is written");
            p
        }
    };
    let (mut best_ours, mut best_theirs) = (Duration::MAX, Duration::MAX);
    let (mut counts_ours, mut counts_theirs) = ((0, 0), (0, 0));
    for _ in 0..3 {
        let (l, m, t) = ours(&path);
        counts_ours = (l, m);
        best_ours = best_ours.min(t);
        let (l, m, t) = theirs(&path);
        counts_theirs = (l, m);
        best_theirs = best_theirs.min(t);
    }
    let rate = |moves: u64, t: Duration| moves as f64 / t.as_secs_f64() / 1e6;
    let (r_ours, r_theirs) = (
        rate(counts_ours.1, best_ours),
        rate(counts_theirs.1, best_theirs),
    );
    println!("file: {}", path.display());
    println!(
        "chessrules  {:>8} legal games {:>10} moves  {:>7.3} s  {:>6.2} M moves/s",
        counts_ours.0,
        counts_ours.1,
        best_ours.as_secs_f64(),
        r_ours
    );
    println!(
        "pgn-reader  {:>8} legal games {:>10} moves  {:>7.3} s  {:>6.2} M moves/s",
        counts_theirs.0,
        counts_theirs.1,
        best_theirs.as_secs_f64(),
        r_theirs
    );
    println!(
        "ratio (ours / pgn-reader, moves/s): {:.2}",
        r_ours / r_theirs
    );
    if std::env::var_os("PGN_BENCH_FILE").is_none() {
        let _ = std::fs::remove_file(&path);
    }
}
