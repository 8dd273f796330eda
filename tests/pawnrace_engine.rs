//! The search on pawn race positions (node limits keep these deterministic and untimed).

use chessrules::core::{Color, Move};
use chessrules::engine::baseline::{greedy_move, random_move};
use chessrules::engine::{Engine, Limits, Rng, Score};
use chessrules::game::game_seat_view::TableGame;
use chessrules::game::{Game, Score as GameScore};
use chessrules::variants::core_game::CoreGame;
use chessrules::variants::pawnrace::board::from_diagram;
use chessrules::variants::pawnrace::notation::san;
use chessrules::variants::pawnrace::{game, new_game, start, Gap};

fn limits(nodes: u64) -> Limits {
    Limits {
        max_depth: 64,
        nodes: Some(nodes),
        ..Limits::movetime(600_000)
    }
}

fn search(diagram: &str, side: Color, nodes: u64) -> (String, Score) {
    let pos = from_diagram(diagram, side, None).expect("diagram");
    let mut g = game(pos.clone());
    let mut engine: Engine<Move> = Engine::new(16);
    let r = engine.search(&mut g, &limits(nodes));
    let best = r.best.expect("a move");
    assert_eq!(g.position(), &pos, "the search restores the position");
    (san(&pos, best), r.score())
}

#[test]
fn takes_the_win_in_one() {
    let d = "........\n.W......\n........\n........\n........\n.B......\n......B.\n........";
    let (m, score) = search(d, Color::White, 20_000);
    assert_eq!(m, "b8");
    assert_eq!(score, Score::WinIn(1));
}

#[test]
fn stops_a_pawn_about_to_land() {
    // Black's c3 lands in two moves, White's d2 needs five: only dxc3 (taking Black's last
    // pawn, which also wins at once) saves White.
    let d = "........\n........\n........\n........\n........\n..B.....\n...W....\n........";
    let (m, score) = search(d, Color::White, 50_000);
    assert_eq!(score, Score::WinIn(1));
    assert_eq!(m, "dxc3");
}

#[test]
fn a_won_race_is_reported_as_proven() {
    // a4 against h5 with White to move: White lands on ply 7, Black could only on ply 8.
    let d = "........\n........\n........\n.......B\nW.......\n........\n........\n........";
    let (m, score) = search(d, Color::White, 100_000);
    assert_eq!(m, "a5");
    assert_eq!(score, Score::WinIn(7));
    let (_, score) = search(d, Color::Black, 100_000);
    assert_eq!(score, Score::WinIn(7));
}

#[test]
fn avoids_stalemating_the_opponent_when_winning() {
    // The spec's zugzwang note: Black's only free pawn is a7; if White's c-pawn blocks c7 and
    // White takes a6, Black is stalemated. White must let it pass and win with b6-b7-b8.
    let d = "........\nB.B.....\n..W.....\n.W......\n........\n........\n........\n........";
    let (_, score) = search(d, Color::Black, 200_000);
    assert!(matches!(score, Score::LossIn(_)), "{score}");
    let pos = from_diagram(d, Color::Black, None).expect("diagram");
    let mut g = game(pos);
    let a6 = g.parse_move("a6").expect("a6");
    g.make(a6);
    let mut s = game(g.position().clone());
    let mut engine: Engine<Move> = Engine::new(16);
    let r = engine.search(&mut s, &limits(200_000));
    let best = r.best.expect("a move");
    assert_ne!(san(g.position(), best), "bxa6", "that stalemates Black");
    assert!(matches!(r.score(), Score::WinIn(_)), "{}", r.score());
}

#[test]
fn node_limit_and_legality_from_every_start() {
    let mut engine: Engine<Move> = Engine::new(16);
    for w in 0..8 {
        let mut g = game(start(Gap::wrapping(w), Gap::wrapping(7 - w)));
        let r = engine.search(&mut g, &limits(5_000));
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        assert!(legal.contains(&r.best.expect("a move")));
        assert!(r.nodes <= 5_000);
        assert!(r.depth >= 1);
    }
}

/// Plays one game between the node-limited search (as `ai_color`) and `other`.
fn play(
    ai_color: Color,
    gaps: (u8, u8),
    other: &mut dyn FnMut(&mut CoreGame) -> Option<Move>,
) -> Option<Color> {
    let mut now = new_game(Gap::wrapping(gaps.0), Gap::wrapping(gaps.1));
    let mut engine: Engine<Move> = Engine::new(16);
    loop {
        if let Some(end) = now.rule_end() {
            return match end.score() {
                GameScore::Win(winner) => Some(winner),
                _ => None,
            };
        }
        let mut s = game(now.position().clone());
        let m = if now.side_to_move() == ai_color {
            engine.search(&mut s, &limits(3_000)).best
        } else {
            other(&mut s)
        };
        now.make(m.expect("a move"));
    }
}

#[test]
fn beats_random_and_greedy_players() {
    let mut rng = Rng::new(3);
    for i in 0..8u8 {
        let ai = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let gaps = (i, (i * 3) % 8);
        let mut r = rng.clone();
        let winner = play(ai, gaps, &mut |s| random_move(s, &mut r));
        assert_eq!(winner, Some(ai), "against random, game {i}");
        let winner = play(ai, gaps, &mut |s| greedy_move(s, &mut rng));
        assert_eq!(winner, Some(ai), "against greedy, game {i}");
    }
}

#[test]
fn greedy_takes_an_immediate_win() {
    let d = "........\n.W......\n........\n........\n........\n........\n......B.\n........";
    let pos = from_diagram(d, Color::White, None).expect("diagram");
    let mut s = game(pos.clone());
    for seed in 0..10 {
        let m = greedy_move(&mut s, &mut Rng::new(seed)).expect("a move");
        assert_eq!(san(&pos, m), "b8");
    }
}
