//! Hidden trapdoors and mines must not leak through legality. The same obstacle network game is
//! played twice, once with a secret placement and once with `...` in its place; every frame the
//! other seat and the spectator receive (state pushes, targets, refusals) must be the same in
//! both games until play reveals the obstacle. Scenarios from the hardening review: a pinned
//! pawn whose step hides a trapdoor or a mine, the mover's own secret asked about by the others,
//! and a king stepping onto an attacked square that hides the opponent's trapdoor.

mod net_common;

use net_common::{create, obstacle_on, Client, Server, TempDir};
use serde_json::{json, Value};

const WHITE: usize = 0;
const BLACK: usize = 1;
const SPECTATOR: usize = 2;

fn play(text: &str) -> Value {
    json!({ "type": "play", "text": text })
}

fn targets(from: &str) -> Value {
    json!({ "type": "targets", "from": from })
}

/// Every frame each client received while the steps ran, and the answers to the steps.
struct Run {
    frames: [Vec<Value>; 3],
    answers: Vec<Value>,
    last_state: Value,
}

/// Plays `steps` (sender, command) in a new obstacle game. After each accepted move every client
/// waits for the new state, so each receives the same sequence of pushes in every run.
async fn run(server: &Server, steps: &[(usize, Value)]) -> Run {
    let g = create(&server.addr, "obstacle");
    let mut clients = Vec::new();
    for token in [&g.white, &g.black, &g.spectator] {
        let mut c = Client::connect(&server.addr, g.id, token).await.unwrap();
        c.state_at(0).await;
        clients.push(c);
    }
    let mut length = 0;
    let mut answers = Vec::new();
    let mut last_state = Value::Null;
    for (who, command) in steps {
        let answer = clients[*who].command(command.clone()).await;
        if answer["type"] == "ack" {
            length += 1;
            for c in clients.iter_mut() {
                last_state = c.state_at(length).await;
            }
        }
        answers.push(answer);
    }
    let mut frames: [Vec<Value>; 3] = Default::default();
    for (i, c) in clients.into_iter().enumerate() {
        frames[i] = c.close().await.iter().map(|f| normalised(f)).collect();
        // Pushes and answers may interleave either way: compare them as a sorted list.
        frames[i].sort_by_key(|v| v.to_string());
    }
    Run {
        frames,
        answers,
        last_state,
    }
}

/// A frame without what differs between two games by design (the game's id).
fn normalised(frame: &str) -> Value {
    let mut v: Value = serde_json::from_str(frame).expect("frames are JSON");
    if let Some(view) = v.get_mut("view").and_then(Value::as_object_mut) {
        view.remove("id");
    }
    v
}

fn squares(answer: &Value) -> Vec<String> {
    let mut out: Vec<String> = answer["targets"]
        .as_array()
        .unwrap_or_else(|| panic!("not a targets frame: {answer}"))
        .iter()
        .filter_map(|t| t["to"].as_str().map(str::to_string))
        .collect();
    out.sort();
    out
}

/// White's queen pins Black's e7 pawn: after `e2-e4 d7-d5 e4xd5 a7-a6 d1-e2`.
fn pin(placements: [&str; 2]) -> Vec<(usize, Value)> {
    let mut steps = vec![(WHITE, play(placements[0])), (BLACK, play(placements[1]))];
    for (i, m) in ["e2-e4", "d7-d5", "e4-d5", "a7-a6", "d1-e2"]
        .into_iter()
        .enumerate()
    {
        steps.push((if i % 2 == 0 { WHITE } else { BLACK }, play(m)));
    }
    for who in [BLACK, WHITE, SPECTATOR] {
        steps.push((who, targets("e7")));
    }
    steps
}

/// The first `n` steps were all accepted (the scenario is the position it claims to be).
fn assert_acked(r: &Run, n: usize) {
    for (i, a) in r.answers[..n].iter().enumerate() {
        assert_eq!(a["type"], "ack", "step {i}: {a}");
    }
}

fn assert_same_for(a: &Run, b: &Run, seats: &[usize], what: &str) {
    for &s in seats {
        assert_eq!(
            a.frames[s], b.frames[s],
            "{what}: seat {s} received different frames with and without the secret"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_secret_trapdoor_or_mine_changes_nothing_the_others_receive() {
    let dir = TempDir::new("net-secret-legality");
    let server = Server::start(&dir.db());
    let without = run(&server, &pin(["...", "..."])).await;
    assert_acked(&without, 7);
    for answer in &without.answers[7..] {
        assert_eq!(squares(answer), ["e5", "e6"], "{answer}");
    }
    for (placement, step, falls_on) in [("De6", "e7-e6", "e6"), ("Me5", "e7-e5", "e5")] {
        let with = run(&server, &pin([placement, "..."])).await;
        assert_acked(&with, 7);
        // Black does not know White's secret: every seat is told e5 and e6.
        for answer in &with.answers[7..] {
            assert_eq!(squares(answer), ["e5", "e6"], "{placement}: {answer}");
        }
        assert_same_for(&with, &without, &[BLACK, SPECTATOR], placement);
        // The move is legal as Black knows the board; the obstacle acts after it.
        let mut steps = pin([placement, "..."]);
        steps.push((BLACK, play(step)));
        let played = run(&server, &steps).await;
        let last = played.answers.last().unwrap();
        assert_eq!(last["type"], "ack", "{placement} then {step}: {last}");
        let view = &played.last_state["view"];
        let piece = view["cells"]
            .as_array()
            .and_then(|cells| cells.iter().find(|c| c["square"] == falls_on))
            .map(|c| c["piece"].clone());
        assert_eq!(piece, Some(Value::Null), "the pawn is gone: {view}");
        assert_eq!(view["events"][0][1], falls_on, "{view}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_movers_own_secret_is_not_shown_to_the_others_by_its_targets() {
    let dir = TempDir::new("net-secret-own");
    let server = Server::start(&dir.db());
    let without = run(&server, &pin(["...", "..."])).await;
    let with = run(&server, &pin(["...", "De6"])).await;
    assert_acked(&without, 7);
    assert_acked(&with, 7);
    // Black knows its own trapdoor: the pawn would fall and expose its king.
    assert_eq!(squares(&with.answers[7]), ["e5"]);
    // White and the spectator are told what the public board allows.
    assert_eq!(squares(&with.answers[8]), ["e5", "e6"]);
    assert_eq!(squares(&with.answers[9]), ["e5", "e6"]);
    assert_same_for(&with, &without, &[WHITE, SPECTATOR], "Black's De6");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_king_may_not_step_onto_an_attacked_square_that_hides_a_trapdoor() {
    let dir = TempDir::new("net-secret-king");
    let server = Server::start(&dir.db());
    // 1. e4 e5 2. Ke2 Qg5 3. a3 Qg4+: f3 is attacked by the queen.
    let steps = |black_placement: &str| {
        let mut steps = vec![(WHITE, play("...")), (BLACK, play(black_placement))];
        for (i, m) in ["e2-e4", "e7-e5", "e1-e2", "d8-g5", "a2-a3", "g5-g4"]
            .into_iter()
            .enumerate()
        {
            steps.push((if i % 2 == 0 { WHITE } else { BLACK }, play(m)));
        }
        steps.push((WHITE, targets("e2")));
        steps.push((SPECTATOR, targets("e2")));
        steps.push((WHITE, play("e2-f3")));
        steps
    };
    let without = run(&server, &steps("...")).await;
    let with = run(&server, &steps("Df3")).await;
    for r in [&without, &with] {
        assert_acked(r, 8);
        let refusal = r.answers.last().unwrap();
        assert_eq!(refusal["type"], "error", "{refusal}");
        assert!(!squares(&r.answers[8]).contains(&"f3".to_string()));
        assert_eq!(r.last_state["view"]["length"], 8);
        assert_eq!(obstacle_on(&r.last_state["view"], "f3"), Value::Null);
    }
    assert_same_for(&with, &without, &[WHITE, SPECTATOR], "Black's Df3");
}

/// 1. f3 e5 2. g4 Qh4 with White's hidden mine on g5: White escapes by g4-g5 (the blast takes
/// the queen), so the rules say check; without the mine it is mate. What Black and the
/// spectator receive must be the same in both games until play reveals the mine: both see
/// check and White to move. White's own seat is told the truth: its escape, or that it is
/// checkmated, and whatever it sends then ends the game as checkmate.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mate_that_hangs_on_the_mated_sides_own_mine_is_not_told_to_the_others() {
    let dir = TempDir::new("net-secret-mate");
    let server = Server::start(&dir.db());
    let steps = |white_placement: &str| {
        let mut steps = vec![(WHITE, play(white_placement)), (BLACK, play("..."))];
        for (i, m) in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"].into_iter().enumerate() {
            steps.push((if i % 2 == 0 { WHITE } else { BLACK }, play(m)));
        }
        steps.push((BLACK, targets("g4")));
        steps.push((SPECTATOR, targets("g4")));
        steps
    };
    let without = run(&server, &steps("...")).await;
    let with = run(&server, &steps("Mg5")).await;
    assert_acked(&without, 6);
    assert_acked(&with, 6);
    for r in [&without, &with] {
        let view = &r.last_state["view"];
        assert_eq!(view["over"], false, "{view}");
        assert_eq!(view["status"]["check"], true, "{view}");
        assert_eq!(view["status"]["checkmate"], false, "{view}");
        assert_eq!(view["to_move"], "white", "{view}");
    }
    assert_same_for(&with, &without, &[BLACK, SPECTATOR], "White's Mg5");

    // White's seat: with the mine, its escape; without, the verdict, and its next command
    // ends the game as checkmate.
    let g = create(&server.addr, "obstacle");
    let mut white = net_common::Client::connect(&server.addr, g.id, &g.white)
        .await
        .unwrap();
    let mut black = net_common::Client::connect(&server.addr, g.id, &g.black)
        .await
        .unwrap();
    white.state_at(0).await;
    black.state_at(0).await;
    let moves = ["...", "...", "f2-f3", "e7-e5", "g2-g4", "d8-h4"];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { &mut white } else { &mut black };
        assert_eq!(who.play(m).await["type"], "ack", "{m}");
    }
    let mated = white.state_at(6).await;
    assert_eq!(mated["view"]["verdict"], "checkmated", "{mated}");
    assert_eq!(mated["view"]["over"], false, "{mated}");
    let seen = black.state_at(6).await;
    assert_eq!(seen["view"]["verdict"], Value::Null, "{seen}");
    assert_eq!(white.play("a2-a3").await["type"], "ack");
    let end = black
        .until(|v| v["type"] == "state" && v["view"]["over"] == true)
        .await;
    assert_eq!(end["view"]["result"], "checkmate: black wins", "{end}");
    assert_eq!(end["view"]["status"]["checkmate"], true, "{end}");

    let g = create(&server.addr, "obstacle");
    let mut white = net_common::Client::connect(&server.addr, g.id, &g.white)
        .await
        .unwrap();
    let mut black = net_common::Client::connect(&server.addr, g.id, &g.black)
        .await
        .unwrap();
    let moves = ["Mg5", "...", "f2-f3", "e7-e5", "g2-g4", "d8-h4"];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { &mut white } else { &mut black };
        assert_eq!(who.play(m).await["type"], "ack", "{m}");
    }
    assert_eq!(white.state_at(6).await["view"]["verdict"], Value::Null);
    let escape = white.command(targets("g4")).await;
    assert_eq!(squares(&escape), ["g5"], "{escape}");
    assert_eq!(white.play("g4-g5").await["type"], "ack");
    let after = black.state_at(7).await;
    assert_eq!(after["view"]["over"], false, "{after}");
    let queen = after["view"]["cells"]
        .as_array()
        .and_then(|cells| cells.iter().find(|c| c["square"] == "h4"))
        .map(|c| c["piece"].clone());
    assert_eq!(
        queen,
        Some(Value::Null),
        "the blast took the queen: {after}"
    );
}
