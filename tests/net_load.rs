//! Load: many network games at once on loopback, every move checked to arrive exactly once,
//! in order, at both players, and to survive a kill -9 restart. The full run (200 games) is
//! `scripts/load-net` (an ignored test here); `cargo test` runs a small one.

mod net_common;

use std::time::{Duration, Instant};

use net_common::{create, http, Client, Links, Server, TempDir};
use serde_json::{json, Value};

/// Knight shuffles: 12 plies, no automatic draw on the way (the start position occurs four
/// times, fewer than fivefold).
const PLIES: [(&str, &str); 4] = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")];
const LENGTH: usize = 12;

fn expected_log() -> Vec<String> {
    ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .cycle()
        .take(LENGTH)
        .map(|s| s.to_string())
        .collect()
}

fn log_of(view: &Value) -> Vec<String> {
    view["log"]
        .as_array()
        .map(|l| {
            l.iter()
                .map(|e| e["text"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Plays one game to the end of the shuffle; returns an error naming what went wrong.
async fn play_game(addr: String, g: Links) -> Result<(), String> {
    let mut white = Client::connect(&addr, g.id, &g.white).await?;
    let mut black = Client::connect(&addr, g.id, &g.black).await?;
    for ply in 0..LENGTH {
        let (from, to) = PLIES[ply % PLIES.len()];
        let (mover, other) = if ply % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        let ack = mover
            .command(json!({ "type": "play", "from": from, "to": to }))
            .await;
        if ack["type"] != "ack" || ack["seq"] != ply {
            return Err(format!("game {} ply {ply}: {ack}", g.id));
        }
        mover.state_at(ply as u64 + 1).await;
        other.state_at(ply as u64 + 1).await;
    }
    for c in [white, black] {
        // Every state a client saw grew by whole moves in order, never went back.
        let mut last = 0;
        for f in &c.close().await {
            let v: Value = serde_json::from_str(f).map_err(|e| e.to_string())?;
            if v["type"] != "state" {
                continue;
            }
            let log = log_of(&v["view"]);
            if log.len() < last || log[..] != expected_log()[..log.len()] {
                return Err(format!("game {}: bad log {log:?}", g.id));
            }
            last = log.len();
        }
        if last != LENGTH {
            return Err(format!("game {}: saw {last} moves", g.id));
        }
    }
    Ok(())
}

fn run_load(games: usize, limit: Duration) {
    let dir = TempDir::new(&format!("net-load-{games}"));
    let server = Server::start(&dir.db());
    let started = Instant::now();
    let links: Vec<Links> = (0..games)
        .map(|_| create(&server.addr, "standard"))
        .collect();
    let watchers: Vec<(u64, String)> = links.iter().map(|g| (g.id, g.spectator.clone())).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let addr = server.addr.clone();
    let results = runtime.block_on(async move {
        let tasks: Vec<_> = links
            .into_iter()
            .map(|g| tokio::spawn(play_game(addr.clone(), g)))
            .collect();
        let mut out = Vec::new();
        for t in tasks {
            out.push(t.await.map_err(|e| e.to_string()).and_then(|r| r));
        }
        out
    });
    let elapsed = started.elapsed();
    let failures: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} games failed: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert!(
        elapsed < limit,
        "{games} games took {elapsed:?}, more than {limit:?}"
    );
    println!(
        "net load: {games} games x {LENGTH} moves in {:.2}s ({:.0} moves/s)",
        elapsed.as_secs_f64(),
        (games * LENGTH) as f64 / elapsed.as_secs_f64()
    );
    // Acknowledged moves are on disk: kill -9, restart, every game is whole.
    server.kill9();
    let server = Server::start(&dir.db());
    for (id, token) in watchers {
        let (status, body) = http(
            &server.addr,
            "GET",
            &format!("/api/net/games/{id}?token={token}"),
            None,
        );
        assert_eq!(status, 200, "{body}");
        let v: Value = serde_json::from_str(&body).expect("json");
        assert_eq!(
            log_of(&v["view"]),
            expected_log(),
            "game {id} after restart"
        );
    }
}

#[test]
fn a_few_concurrent_games_lose_and_duplicate_no_move() {
    run_load(10, Duration::from_secs(120));
}

/// `scripts/load-net`: NET_LOAD_GAMES (default 200) games, NET_LOAD_SECONDS (default 120).
#[test]
#[ignore]
fn load_many_concurrent_games() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let games = env("NET_LOAD_GAMES", 200) as usize;
    run_load(games, Duration::from_secs(env("NET_LOAD_SECONDS", 120)));
}
