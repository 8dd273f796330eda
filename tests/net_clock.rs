//! Clocks of network games, enforced by the server: a flag falls with nobody sending
//! anything, moves after it are refused, and clocks survive kill -9 and restart.

mod net_common;

use net_common::{http, Client, Links, Server, TempDir};
use serde_json::{json, Value};

fn create_with_clock(addr: &str, initial_ms: u64, increment_ms: u64) -> Links {
    create_on_board(addr, None, initial_ms, increment_ms)
}

fn create_on_board(addr: &str, board: Option<&str>, initial_ms: u64, increment_ms: u64) -> Links {
    let mut body = json!({ "variant": "standard", "clock": { "initial_ms": initial_ms, "increment_ms": increment_ms } });
    if let Some(board) = board {
        body["board"] = json!(board);
    }
    let (status, text) = http(addr, "POST", "/api/net/games", Some(&body));
    assert_eq!(status, 201, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let token = |seat: &str| {
        v[seat]
            .as_str()
            .unwrap()
            .split("token=")
            .nth(1)
            .unwrap()
            .to_string()
    };
    Links {
        id: v["id"].as_u64().unwrap(),
        white: token("white"),
        black: token("black"),
        spectator: token("spectator"),
    }
}

fn mv(from: &str, to: &str) -> Value {
    json!({ "type": "play", "from": from, "to": to })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_flag_falls_on_the_server_and_later_moves_are_refused() {
    let dir = TempDir::new("net-clock-flag");
    let server = Server::start(&dir.db());
    let g = create_with_clock(&server.addr, 3_000, 0);
    let mut white = Client::connect(&server.addr, g.id, &g.white).await.unwrap();
    let mut black = Client::connect(&server.addr, g.id, &g.black).await.unwrap();
    let first = white.state_at(0).await;
    assert_eq!(
        first["clock"]["running"],
        Value::Null,
        "no clock runs before the first move"
    );
    assert_eq!(first["clock"]["white_ms"], 3_000);
    black.state_at(0).await;
    assert_eq!(white.command(mv("e2", "e4")).await["type"], "ack");
    let s = white.state_at(1).await;
    assert_eq!(s["clock"]["running"], "black");
    // Black does nothing: the server ends the game when Black's time runs out.
    let end = black
        .until(|v| v["type"] == "state" && v["view"]["over"] == true)
        .await;
    assert_eq!(
        end["view"]["result"], "black ran out of time: white wins",
        "{end}"
    );
    assert_eq!(end["clock"]["black_ms"], 0);
    assert_eq!(end["clock"]["running"], Value::Null);
    let r = black.command(mv("e7", "e5")).await;
    assert_eq!(r["type"], "error", "{r}");
    // The flag is part of the record: it survives a restart.
    server.kill9();
    let server = Server::start(&dir.db());
    let (status, body) = http(
        &server.addr,
        "GET",
        &format!("/api/net/games/{}?token={}", g.id, g.spectator),
        None,
    );
    assert_eq!(status, 200);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["view"]["result"], "black ran out of time: white wins",
        "{v}"
    );
    let (_, log) = http(
        &server.addr,
        "GET",
        &format!("/api/net/games/{}/log?token={}", g.id, g.white),
        None,
    );
    assert!(log.contains("1-0"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn increments_and_stopped_clocks_survive_a_restart_exactly() {
    let dir = TempDir::new("net-clock-restart");
    let server = Server::start(&dir.db());
    let g = create_with_clock(&server.addr, 600_000, 2_000);
    let black_left;
    {
        let mut white = Client::connect(&server.addr, g.id, &g.white).await.unwrap();
        let mut black = Client::connect(&server.addr, g.id, &g.black).await.unwrap();
        assert_eq!(white.command(mv("e2", "e4")).await["type"], "ack");
        // White's clock never ran (nothing runs before the first move) and gained 2 s.
        assert_eq!(white.state_at(1).await["clock"]["white_ms"], 602_000);
        black.state_at(1).await;
        assert_eq!(black.command(mv("e7", "e5")).await["type"], "ack");
        let s = black.state_at(2).await;
        black_left = s["clock"]["black_ms"].as_i64().unwrap();
        assert!(black_left <= 602_000 && black_left > 500_000, "{s}");
        assert_eq!(s["clock"]["running"], "white");
        server.kill9();
    }
    let server = Server::start(&dir.db());
    let (status, body) = http(
        &server.addr,
        "GET",
        &format!("/api/net/games/{}?token={}", g.id, g.black),
        None,
    );
    assert_eq!(status, 200);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["clock"]["black_ms"], black_left,
        "Black's stopped clock is rebuilt exactly: {v}"
    );
    assert_eq!(v["clock"]["running"], "white");
    assert!(v["clock"]["white_ms"].as_i64().unwrap() <= 602_000);
    // Bad time controls are refused.
    let bad = json!({ "variant": "standard", "clock": { "initial_ms": 10 } });
    assert_eq!(
        http(&server.addr, "POST", "/api/net/games", Some(&bad)).0,
        400
    );
}

/// FIDE 6.9: when the opponent cannot checkmate by any series of legal moves (here a lone
/// king against king and queen), a flag fall draws instead of losing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_fall_against_a_lone_king_is_a_draw() {
    let dir = TempDir::new("net-clock-draw");
    let server = Server::start(&dir.db());
    let g = create_on_board(
        &server.addr,
        Some("q3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        2_000,
        0,
    );
    let mut white = Client::connect(&server.addr, g.id, &g.white).await.unwrap();
    let mut black = Client::connect(&server.addr, g.id, &g.black).await.unwrap();
    white.state_at(0).await;
    black.state_at(0).await;
    let r = white.command(mv("e1", "d1")).await;
    assert_eq!(r["type"], "ack", "{r}");
    let end = black
        .until(|v| v["type"] == "state" && v["view"]["over"] == true)
        .await;
    assert_eq!(
        end["view"]["result"], "black ran out of time, but white cannot checkmate: draw",
        "{end}"
    );
    let (_, log) = http(
        &server.addr,
        "GET",
        &format!("/api/net/games/{}/log?token={}", g.id, g.white),
        None,
    );
    assert!(log.contains("1/2-1/2"), "{log}");
}
