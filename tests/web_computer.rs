//! The computer as one side of a page game, through the router (no network): it answers the
//! person's move in the same request, moves first when it has the side to move, keeps its
//! secret placements to itself, and uses the server's external UCI engine when asked.

use std::path::PathBuf;

use axum::http::StatusCode;
use serde_json::{json, Value};

use chessrules::web::{router, router_with_engine};

mod router_client;

use router_client::Client;

impl Client {
    async fn create(&self, body: Value) -> (StatusCode, Value) {
        self.json("POST", "/api/games", Some(body)).await
    }

    async fn play(&self, id: &Value, text: &str, viewer: &str) -> Value {
        let id = id.as_str().expect("game ids are strings");
        let (s, v) = self
            .json(
                "POST",
                &format!("/api/games/{id}/play"),
                Some(json!({ "text": text, "viewer": viewer })),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{text}: {v}");
        v
    }
}

fn log(view: &Value) -> Vec<String> {
    view["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["text"].as_str().unwrap().to_string())
        .collect()
}

fn obstacle_on(view: &Value, square: &str) -> Option<String> {
    let cell = view["cells"]
        .as_array()?
        .iter()
        .find(|c| c["square"] == square)?;
    cell["obstacle"].as_str().map(str::to_string)
}

/// A UCI engine executable: our own binary's `uci` subcommand behind a shell script.
fn wrapper() -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("web-computer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ours-uci");
    let bin = env!("CARGO_BIN_EXE_chessrules");
    std::fs::write(&path, format!("#!/bin/sh\nexec '{bin}' uci \"$@\"\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[tokio::test]
async fn the_computer_answers_in_standard_fairy_pawn_race_and_variant_files() {
    let c = Client::new(router());
    let computer = json!({ "color": "black", "movetime": 30 });
    for (variant, first) in [
        ("standard", "e4"),
        ("chess960", "e4"),
        ("fairy", "b2-b4"),
        ("pawnrace", "b4"),
        ("custom", "b2b3"),
    ] {
        let (s, v) = c
            .create(json!({ "variant": variant, "computer": computer }))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(log(&v).len(), 0, "{variant}: {v}");
        let v = c.play(&v["id"], first, "nobody").await;
        assert_eq!(log(&v).len(), 2, "{variant}: {v}");
        assert_eq!(v["to_move"], "white", "{variant}");
    }
}

#[tokio::test]
async fn the_computer_moves_first_when_it_has_the_move() {
    let c = Client::new(router());
    let (s, v) = c
        .create(json!({ "variant": "standard", "computer": { "color": "white", "movetime": 30 } }))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(log(&v).len(), 1, "{v}");
    assert_eq!(v["to_move"], "black");
}

#[tokio::test]
async fn obstacle_placements_stay_secret_from_the_person() {
    let c = Client::new(router());
    let (s, v) = c
        .create(json!({ "variant": "obstacle", "computer": { "color": "black", "movetime": 30 } }))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].clone();
    let v = c.play(&id, "Dd6", "white").await;
    // The computer placed its trapdoor: a secret line in the log, invisible to White, who
    // reads its own placement.
    assert_eq!(log(&v), ["Dd6", "(secret placement)"]);
    assert_eq!(v["placement"], "white");
    let v = c.play(&id, "Me5", "white").await;
    assert_eq!(log(&v).len(), 4);
    let hidden: Vec<Value> = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c["obstacle"].is_null())
        .cloned()
        .collect();
    assert_eq!(hidden.len(), 2, "White sees only its own two: {hidden:?}");
    assert_eq!(obstacle_on(&v, "d6").as_deref(), Some("trapdoor"));
    assert_eq!(obstacle_on(&v, "e5").as_deref(), Some("mine"));
    let v = c.play(&id, "d2-d3", "white").await;
    let moves = log(&v);
    assert_eq!(moves.len(), 6, "{v}");
    assert!(!moves[5].starts_with('('), "{moves:?}");
    // Nobody sits at Black's seat: asking for Black's view gives the person's (their own two
    // secrets, none of the computer's).
    let (_, black) = c
        .json(
            "GET",
            &format!("/api/games/{}?viewer=black", id.as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(black["cells"], v["cells"]);
}

/// The person is the only one at a game against the computer: no viewer the page may ask for
/// (`all`, the computer's colour, the person's) and no board file download shows the
/// computer's secret trapdoor before play reveals it.
#[tokio::test]
async fn no_viewer_and_no_download_shows_the_computers_secrets() {
    let c = Client::new(router());
    let (s, v) = c
        .create(json!({ "variant": "obstacle", "computer": { "color": "black", "movetime": 30 } }))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].clone();
    let v = c.play(&id, "...", "white").await;
    // The computer placed its trapdoor (it always does when a square is free).
    assert_eq!(log(&v).len(), 2, "{v}");
    let id = id.as_str().unwrap();
    for viewer in ["all", "black", "white", "nobody"] {
        let (s, view) = c
            .json("GET", &format!("/api/games/{id}?viewer={viewer}"), None)
            .await;
        assert_eq!(s, StatusCode::OK);
        let shown: Vec<&Value> = view["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !c["obstacle"].is_null())
            .collect();
        assert!(shown.is_empty(), "viewer={viewer} sees {shown:?}");
    }
    let (s, board) = c.send("GET", &format!("/api/games/{id}/board"), None).await;
    assert_eq!(s, StatusCode::OK);
    let ranks: String = board.lines().take(8).collect();
    assert!(
        !ranks.contains(['D', 'M', 'X']),
        "the board file shows a secret:\n{board}"
    );
    // Once the game is over, everything is shown.
    let (s, _) = c
        .json(
            "POST",
            &format!("/api/games/{id}/action"),
            Some(json!({ "action": "resign" })),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, board) = c.send("GET", &format!("/api/games/{id}/board"), None).await;
    let ranks: String = board.lines().take(8).collect();
    assert!(ranks.contains('D'), "{board}");
}

#[tokio::test]
async fn an_external_engine_plays_standard_and_obstacle_when_the_server_has_one() {
    let c = Client::new(router_with_engine(Some(wrapper())));
    let (_, info) = c.json("GET", "/api/computer", None).await;
    assert!(info["external"].as_str().unwrap().ends_with("ours-uci"));
    for (variant, first) in [("standard", "e4"), ("obstacle", "e2-e4")] {
        let (s, v) = c
            .create(json!({
                "variant": variant,
                "computer": { "color": "black", "engine": "uci", "movetime": 30 }
            }))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let v = c.play(&v["id"], first, "white").await;
        assert_eq!(log(&v).len(), 2, "{variant}: {v}");
    }
    // The registry's record decides, as at the terminal: an external engine plays fairy chess
    // (under `UCI_Variant fairy10x10`, which this engine offers), never a pawn race.
    let (s, _) = c
        .create(json!({ "variant": "fairy", "computer": { "color": "black", "engine": "uci" } }))
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, _) = c
        .create(json!({ "variant": "pawnrace", "computer": { "color": "black", "engine": "uci" } }))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn bad_computer_requests_are_refused() {
    let c = Client::new(router());
    for computer in [
        json!({ "color": "green" }),
        json!({ "color": "white", "engine": "uci" }),
        json!({ "color": "white", "engine": "gnuchess" }),
    ] {
        let (s, v) = c
            .create(json!({ "variant": "standard", "computer": computer }))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{computer}: {v}");
        assert!(v["error"].is_string());
    }
    let (s, _) = c
        .create(json!({ "variant": "follow", "computer": { "color": "white" } }))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (_, info) = c.json("GET", "/api/computer", None).await;
    assert!(info["external"].is_null());
}
