//! Every route of `chessrules serve`'s API, through the router itself (no network): good
//! requests do what they say, bad ones get a 4xx with a message, never a crash.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use chessrules::web::router;

mod router_client;

use router_client::Client;

fn client() -> Client {
    Client::new(router())
}

impl Client {
    async fn new_game(&self, variant: &str, board: Option<&str>) -> String {
        let (s, v) = self
            .json(
                "POST",
                "/api/games",
                Some(json!({"variant": variant, "board": board})),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v["id"].as_str().unwrap().to_string()
    }

    async fn play(&self, id: &str, body: Value) -> (StatusCode, Value) {
        self.json("POST", &format!("/api/games/{id}/play"), Some(body))
            .await
    }

    async fn play_ok(&self, id: &str, text: &str) -> Value {
        let (s, v) = self.play(id, json!({ "text": text })).await;
        assert_eq!(s, StatusCode::OK, "{text}: {v}");
        v
    }
}

fn piece_on(view: &Value, square: &str) -> Option<String> {
    view["cells"]
        .as_array()?
        .iter()
        .find(|c| c["square"] == square)?
        .get("piece")?
        .get("letter")?
        .as_str()
        .map(str::to_string)
}

fn obstacle_on(view: &Value, square: &str) -> Value {
    view["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["square"] == square)
        .unwrap()["obstacle"]
        .clone()
}

fn error_of(v: &Value) -> String {
    v["error"].as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn page_and_assets_are_served() {
    let c = client();
    let (s, html) = c.send("GET", "/", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("<svg id=\"board\""));
    for f in ["app.js", "board.js", "setup.js", "style.css"] {
        let (s, _) = c.send("GET", &format!("/assets/{f}"), None).await;
        assert_eq!(s, StatusCode::OK, "{f}");
    }
    assert_eq!(
        c.send("GET", "/assets/secret.txt", None).await.0,
        StatusCode::NOT_FOUND
    );
    let (s, v) = c.json("GET", "/no/such/route", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(!error_of(&v).is_empty());
}

#[tokio::test]
async fn every_variant_starts_from_its_initial_position() {
    let c = client();
    let (s, list) = c.json("GET", "/api/variants", None).await;
    assert_eq!(s, StatusCode::OK);
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        ["standard", "chess960", "fairy", "obstacle", "follow", "pawnrace", "custom"]
    );
    for (variant, files, ranks) in [
        ("standard", 8, 8),
        ("fairy", 10, 10),
        ("obstacle", 8, 8),
        ("follow", 8, 8),
    ] {
        let (s, v) = c
            .json("POST", "/api/games", Some(json!({ "variant": variant })))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{variant}: {v}");
        assert_eq!(v["files"], files);
        assert_eq!(v["ranks"], ranks);
        assert_eq!(v["cells"].as_array().unwrap().len(), files * ranks);
        assert_eq!(v["to_move"], "white");
        assert_eq!(piece_on(&v, "a1").as_deref(), Some("R"), "{variant}");
    }
    let (s, v) = c
        .json("POST", "/api/games", Some(json!({ "variant": "pawnrace" })))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(piece_on(&v, "b2").as_deref(), Some("P"));
    assert_eq!(piece_on(&v, "a2"), None);
}

#[tokio::test]
async fn bad_creations_are_refused_with_a_message() {
    let c = client();
    let (s, v) = c
        .json("POST", "/api/games", Some(json!({ "variant": "bughouse" })))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("unknown variant"));
    // The variant's own validation, with the square it names.
    let bad = "rnbqkbnr\npppppppp\n........\n....k...\n........\n........\nPPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({ "variant": "obstacle", "board": bad })),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("illegal board at e5"), "{v}");
    assert_eq!(v["square"], "e5");
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({ "variant": "standard", "board": "not a fen" })),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(!error_of(&v).is_empty());
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({ "variant": "fairy", "board": "k:1\n-----\n" })),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(error_of(&v), "Invalid piece allocation on line 2", "{v}");
    let huge = "x".repeat(100_000);
    let (s, _) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({ "variant": "follow", "board": huge })),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    // Not JSON, wrong shape, wrong content type: 4xx from the extractor, not a crash.
    let (s, _) = c
        .send("POST", "/api/games", Some(json!("just a string")))
        .await;
    assert!(s.is_client_error());
    let res = c
        .app
        .clone()
        .oneshot(
            Request::post("/api/games")
                .header("content-type", "application/json")
                .body(Body::from("{nope"))
                .unwrap(),
        )
        .await
        .unwrap();
    assert!(res.status().is_client_error());
    let res = c
        .app
        .clone()
        .oneshot(Request::post("/api/games").body(Body::from("{}")).unwrap())
        .await
        .unwrap();
    assert!(res.status().is_client_error());
}

#[tokio::test]
async fn targets_list_legal_moves_with_captures_marked() {
    let c = client();
    let id = c
        .new_game("standard", Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"))
        .await;
    let (s, v) = c
        .json("GET", &format!("/api/games/{id}/targets?from=e4"), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    let mut t: Vec<(String, bool)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["to"].as_str().unwrap().to_string(),
                t["capture"].as_bool().unwrap(),
            )
        })
        .collect();
    t.sort();
    assert_eq!(t, [("d5".to_string(), true), ("e5".to_string(), false)]);
    // The opponent's piece and empty squares have none.
    let (_, v) = c
        .json("GET", &format!("/api/games/{id}/targets?from=d5"), None)
        .await;
    assert_eq!(v, json!([]));
    let (s, v) = c
        .json("GET", &format!("/api/games/{id}/targets?from=e0"), None)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("not a square"));
    let (s, _) = c
        .json("GET", &format!("/api/games/{id}/targets"), None)
        .await;
    assert!(s.is_client_error());
    let (s, v) = c.json("GET", "/api/games/999/targets?from=e2", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(error_of(&v).contains("no such game"));
    let (s, _) = c.json("GET", "/api/games/abc", None).await;
    assert!(s.is_client_error());
}

#[tokio::test]
async fn illegal_moves_are_refused_with_the_reason() {
    let c = client();
    let id = c.new_game("standard", None).await;
    let (s, v) = c.play(&id, json!({ "from": "e2", "to": "e5" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(error_of(&v), "the pawn on e2 cannot move to e5");
    let (_, v) = c.play(&id, json!({ "from": "e7", "to": "e5" })).await;
    assert!(error_of(&v).contains("it is white's turn"), "{v}");
    let (_, v) = c.play(&id, json!({ "from": "e4", "to": "e5" })).await;
    assert!(error_of(&v).contains("no piece on e4"));
    let (s, v) = c.play(&id, json!({ "text": "e2e5" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(!error_of(&v).is_empty());
    let (s, _) = c.play(&id, json!({})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, v) = c
        .play(&id, json!({ "wall": { "square": "e4", "side": "west" } }))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("no walls"));
    let (s, _) = c.play(&id, json!({ "text": "x".repeat(1000) })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, v) = c.play(&id, json!({ "from": "e2", "to": "e4" })).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["log"][0]["text"], "e4");
}

#[tokio::test]
async fn stepping_back_and_branching_needs_confirmation() {
    let c = client();
    let id = c.new_game("standard", None).await;
    for m in ["e2e4", "e7e5", "g1f3"] {
        c.play_ok(&id, m).await;
    }
    let (s, v) = c
        .json(
            "POST",
            &format!("/api/games/{id}/step"),
            Some(json!({ "to": 1 })),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (v["cursor"].as_u64(), v["length"].as_u64()),
        (Some(1), Some(3))
    );
    assert_eq!(piece_on(&v, "e5"), None);
    assert_eq!(v["to_move"], "black");
    let (s, v) = c.play(&id, json!({ "text": "c7c5" })).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(error_of(&v).contains("deletes the 2 later move(s)"), "{v}");
    let (s, v) = c.play(&id, json!({ "text": "c7c5", "branch": true })).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["length"], 2);
    assert_eq!(v["log"][1]["text"], "c5");
    let (s, _) = c
        .json(
            "POST",
            &format!("/api/games/{id}/step"),
            Some(json!({ "to": 5 })),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = c
        .json(
            "POST",
            &format!("/api/games/{id}/step"),
            Some(json!({ "to": -1 })),
        )
        .await;
    assert!(s.is_client_error());
    let (_, v) = c
        .json(
            "POST",
            &format!("/api/games/{id}/step"),
            Some(json!({ "to": 0 })),
        )
        .await;
    assert_eq!(piece_on(&v, "e2").as_deref(), Some("P"));
}

#[tokio::test]
async fn resign_draws_and_claims() {
    let c = client();
    let id = c.new_game("standard", None).await;
    let url = format!("/api/games/{id}/action");
    let (s, v) = c
        .json("POST", &url, Some(json!({ "action": "claim_draw" })))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(error_of(&v).contains("no draw"));
    let (s, _) = c
        .json("POST", &url, Some(json!({ "action": "accept_draw" })))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (s, _) = c
        .json("POST", &url, Some(json!({ "action": "dance" })))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (_, v) = c
        .json("POST", &url, Some(json!({ "action": "offer_draw" })))
        .await;
    assert_eq!(v["draw_offer"], "white");
    let (_, v) = c
        .json("POST", &url, Some(json!({ "action": "decline_draw" })))
        .await;
    assert_eq!(v["draw_offer"], Value::Null);
    c.json("POST", &url, Some(json!({ "action": "offer_draw" })))
        .await;
    let (_, v) = c
        .json("POST", &url, Some(json!({ "action": "accept_draw" })))
        .await;
    assert_eq!(v["over"], true);
    assert_eq!(v["result"], "draw by agreement");
    let (_, pgn) = c.send("GET", &format!("/api/games/{id}/log"), None).await;
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    let (s, _) = c.play(&id, json!({ "text": "e2e4" })).await;
    assert_eq!(s, StatusCode::CONFLICT);

    let id = c.new_game("standard", None).await;
    let (_, v) = c
        .json(
            "POST",
            &format!("/api/games/{id}/action"),
            Some(json!({ "action": "resign" })),
        )
        .await;
    assert_eq!(v["result"], "white resigns: black wins");

    // Threefold repetition by knight shuffles: claimable, then claimed.
    let id = c.new_game("standard", None).await;
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            c.play_ok(&id, m).await;
        }
    }
    let (_, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(v["status"]["threefold"], true);
    let (s, v) = c
        .json(
            "POST",
            &format!("/api/games/{id}/action"),
            Some(json!({ "action": "claim_draw" })),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(v["result"].as_str().unwrap().contains("threefold"));
}

#[tokio::test]
async fn checkmate_ends_the_game() {
    let c = client();
    let id = c.new_game("standard", None).await;
    let mut v = Value::Null;
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        v = c.play_ok(&id, m).await;
    }
    assert_eq!(v["status"]["checkmate"], true);
    assert_eq!(v["over"], true);
    assert_eq!(v["result"], "checkmate: black wins");
    let (_, pgn) = c.send("GET", &format!("/api/games/{id}/log"), None).await;
    assert!(
        pgn.contains("1. f3 e5 2. g4 Qh4# {checkmate: black wins} 0-1"),
        "{pgn}"
    );
    let (_, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=e2"), None)
        .await;
    assert_eq!(t, json!([]));
}

#[tokio::test]
async fn board_file_and_log_downloads() {
    let c = client();
    let id = c.new_game("standard", None).await;
    c.play_ok(&id, "e2e4").await;
    let (s, text) = c.send("GET", &format!("/api/games/{id}/board"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        text,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
    );
    let (_, log) = c.send("GET", &format!("/api/games/{id}/log"), None).await;
    assert!(log.starts_with("[Event \"Casual game\"]\n"), "{log}");
    assert!(log.ends_with("\n\n1. e4 *\n\n"), "{log}");
    // The saved board loads again.
    let id2 = c.new_game("standard", Some(&text)).await;
    let (_, v) = c.json("GET", &format!("/api/games/{id2}"), None).await;
    assert_eq!(v["to_move"], "black");
    assert_eq!(
        c.send("GET", "/api/games/77/board", None).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        c.send("GET", "/api/games/77/log", None).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn fairy_castles_and_promotes_with_its_notation() {
    let c = client();
    let board = "k:1\nr:2\nq:1\nn:1\nb:1\nf:1\ne:1\na:1\nw:1\np:5\nd:5\n-----\n\
r . . . . k . . . r \n. . . . . . . P . . \n. . . . . . . . . . \n. . . . . . . . . . \n\
. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n\
. . . . . . . . . . \nR . . . . K . . . R \n-----\nw:++++:0:1\n";
    let id = c.new_game("fairy", Some(board)).await;
    let (_, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=f1"), None)
        .await;
    let texts: Vec<&str> = t
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["text"].as_str().unwrap())
        .collect();
    assert!(
        texts.contains(&"0-0") && texts.contains(&"0-0-0"),
        "{texts:?}"
    );
    let v = c.play_ok(&id, "0-0").await;
    assert_eq!(piece_on(&v, "i1").as_deref(), Some("K"));
    assert_eq!(piece_on(&v, "h1").as_deref(), Some("R"));
    c.play_ok(&id, "a10-b10").await;
    // Promotion: one target per officer kind; the chooser picks one by letter.
    let (_, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=h9"), None)
        .await;
    assert!(
        t.as_array()
            .unwrap()
            .iter()
            .filter(|t| t["to"] == "h10")
            .count()
            > 1
    );
    let (s, v) = c
        .play(&id, json!({ "from": "h9", "to": "h10", "promotion": "W" }))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(piece_on(&v, "h10").as_deref(), Some("W"));
    assert!(v["log"][2]["text"]
        .as_str()
        .unwrap()
        .starts_with("h9-h10=W"));
    let (s, v) = c.play(&id, json!({ "text": "b10-b9+" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("Illegal check suffix"), "{v}");
}

#[tokio::test]
async fn obstacle_placements_stay_secret_walls_trapdoors_and_mines_fire() {
    let c = client();
    let id = c.new_game("obstacle", None).await;
    let (_, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(v["placement"], "white");
    // No piece may move while Black's answer to White's placement is due.
    c.play_ok(&id, "De4").await;
    let (s, _) = c.play(&id, json!({ "text": "e2-e4" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    c.play_ok(&id, "Md5").await;
    c.play_ok(&id, "...").await;
    let v = c.play_ok(&id, "...").await;
    assert_eq!(v["placement"], Value::Null);
    assert_eq!(v["log"][0]["text"], "(secret placement)");
    assert_eq!(obstacle_on(&v, "e4"), Value::Null);
    let url = format!("/api/games/{id}");
    let (_, w) = c.json("GET", &format!("{url}?viewer=white"), None).await;
    assert_eq!(obstacle_on(&w, "e4"), "trapdoor");
    assert_eq!(obstacle_on(&w, "d5"), Value::Null);
    let (_, b) = c.json("GET", &format!("{url}?viewer=black"), None).await;
    assert_eq!(obstacle_on(&b, "d5"), "mine");
    assert_eq!(obstacle_on(&b, "e4"), Value::Null);
    // A wall on an edge, then a pawn falls through the trapdoor and a knight hits the mine.
    let v = c.play_ok(&id, "e2-e4").await;
    assert_eq!(piece_on(&v, "e4"), None);
    assert_eq!(obstacle_on(&v, "e4"), "open_trapdoor");
    assert_eq!(
        v["events"],
        json!([[
            "trapdoor",
            "e4",
            "the white pawn on e4 fell into a trapdoor"
        ]])
    );
    let (s, v) = c
        .play(&id, json!({ "wall": { "square": "a1", "side": "west" } }))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "edge of the board: {v}");
    let v = c.play_ok(&id, "_e6").await;
    assert!(v["walls"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w["square"] == "e6" && w["side"] == "south"));
    assert_eq!(v["log"][5]["text"], "_e6");
    c.play_ok(&id, "g1-f3").await;
    c.play_ok(&id, "a7-a6").await;
    c.play_ok(&id, "f3-e5").await;
    c.play_ok(&id, "a6-a5").await;
    let v = c.play_ok(&id, "e5-d7").await;
    assert_eq!(piece_on(&v, "d7").as_deref(), Some("N"));
    // A mine explodes under the queen that steps on it.
    let id3 = c.new_game("obstacle", None).await;
    for m in [
        "...", "Md5", "...", "...", "e2-e4", "a7-a6", "d1-h5", "a6-a5",
    ] {
        c.play_ok(&id3, m).await;
    }
    let v = c.play_ok(&id3, "h5-d5").await;
    assert_eq!(piece_on(&v, "d5"), None, "the queen is blown up");
    assert_eq!(piece_on(&v, "e4"), None, "and the pawn next to it");
    assert_eq!(
        v["events"],
        json!([[
            "mine",
            "d5",
            "a mine exploded on d5 and took the white queen on d5 and the white pawn on e4"
        ]])
    );
    // Placements stay secret until the game ends.
    assert_eq!(v["log"][1]["text"], "(secret placement)");
    let (_, v) = c
        .json(
            "POST",
            &format!("/api/games/{id3}/action"),
            Some(json!({ "action": "resign" })),
        )
        .await;
    assert_eq!(v["log"][1]["text"], "Md5");
}

#[tokio::test]
async fn follow_boards_of_any_shape() {
    let c = client();
    let id = c.new_game("follow", Some("K...\n....\n.p.k\n")).await;
    let (_, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(
        (v["files"].as_u64(), v["ranks"].as_u64()),
        (Some(4), Some(3))
    );
    let (_, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=b1"), None)
        .await;
    assert_eq!(t[0]["text"], "b 1 b 2");
    let (s, v) = c.play(&id, json!({ "from": "a3", "to": "a2" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("white's turn"), "{v}");
    let v = c.play_ok(&id, "b 1 b 2").await;
    assert_eq!(v["to_move"], "black");
}

#[tokio::test]
async fn pawn_race_is_won_on_the_last_rank() {
    let c = client();
    let board =
        "........\n.......B\nW.......\n........\n........\n........\n........\n........\nw\n";
    let id = c.new_game("pawnrace", Some(board)).await;
    let (_, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=a6"), None)
        .await;
    assert_eq!(t[0]["text"], "a7");
    let (s, v) = c.play(&id, json!({ "from": "a6", "to": "a8" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("cannot move to a8"), "{v}");
    c.play_ok(&id, "a7").await;
    c.play_ok(&id, "h5").await;
    let v = c.play_ok(&id, "a8").await;
    assert_eq!(v["over"], true);
    assert_eq!(v["result"], "White wins by reaching the last rank");
    let (_, text) = c.send("GET", &format!("/api/games/{id}/board"), None).await;
    assert_eq!(
        text,
        "W.......\n........\n........\n.......B\n........\n........\n........\n........\nb\n"
    );
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({ "variant": "pawnrace", "board": "W\nx" })),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(!error_of(&v).is_empty());
}

#[tokio::test]
async fn standard_setup_rules_and_automatic_draws() {
    let c = client();
    // The variant's setup rules: two white kings are refused.
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({ "variant": "standard", "board": "4k3/8/8/8/8/8/8/K3K3 w - - 0 1" })),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(!error_of(&v).is_empty());
    // King takes the last piece: insufficient material ends the game by itself.
    let id = c
        .new_game("standard", Some("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"))
        .await;
    let v = c.play_ok(&id, "Kxe2").await;
    assert_eq!(v["over"], true);
    assert_eq!(v["result"], "Draw by insufficient material.");
    let (_, pgn) = c.send("GET", &format!("/api/games/{id}/log"), None).await;
    assert!(
        pgn.contains("[SetUp \"1\"]")
            && pgn.contains("1. Kxe2 {Draw by insufficient material.} 1/2-1/2"),
        "{pgn}"
    );
}

#[tokio::test]
async fn obstacle_castling_and_en_passant_by_clicks() {
    let c = client();
    let board = "r...k..r\n........\n........\n........\n.p......\n........\nP.......\nR...K..R\nw 3 3 + + + + - 0\n";
    let id = c.new_game("obstacle", Some(board)).await;
    let (_, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(
        v["placement"],
        Value::Null,
        "placements only from the standard initial board"
    );
    let v = c.play(&id, json!({ "from": "a2", "to": "a4" })).await.1;
    assert_eq!(v["log"][0]["text"], "a2-a4");
    let (_, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=b4"), None)
        .await;
    let ep = t
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["to"] == "a3")
        .unwrap();
    assert_eq!(
        (ep["text"].as_str(), ep["capture"].as_bool()),
        (Some("b4-a3"), Some(true))
    );
    let v = c.play(&id, json!({ "from": "b4", "to": "a3" })).await.1;
    assert_eq!(piece_on(&v, "a4"), None, "en passant removes the pawn");
    let (s, v) = c.play(&id, json!({ "from": "e1", "to": "g1" })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["log"][2]["text"], "0-0");
    assert_eq!(piece_on(&v, "f1").as_deref(), Some("R"));
    let v = c.play(&id, json!({ "from": "e8", "to": "c8" })).await.1;
    assert_eq!(v["log"][3]["text"], "0-0-0");
    assert_eq!(piece_on(&v, "d8").as_deref(), Some("R"));
}

#[tokio::test]
async fn a_variant_file_is_played_in_the_page() {
    let c = client();
    // The default is the shipped Los Alamos file: 6×6, no bishops.
    let id = c.new_game("custom", None).await;
    let (s, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["files"], 6);
    assert_eq!(v["ranks"], 6);
    assert_eq!(piece_on(&v, "a1").as_deref(), Some("R"));
    let (s, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=b1"), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    let texts: Vec<&str> = t
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(texts.contains(&"b1c3"), "{texts:?}");
    let v = c.play_ok(&id, "b1c3").await;
    assert_eq!(piece_on(&v, "c3").as_deref(), Some("N"));
    assert_eq!(v["to_move"], "black");
    let (s, v) = c.play(&id, json!({ "text": "a2a3" })).await;
    assert!(s.is_client_error(), "a white move on black's turn: {v}");

    // Any shipped file loads; its walls are drawn.
    let capablanca = std::fs::read_to_string("variants/capablanca.toml").unwrap();
    let id = c.new_game("custom", Some(&capablanca)).await;
    let (_, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(
        (v["files"].as_u64(), v["ranks"].as_u64()),
        (Some(10), Some(8))
    );
    let walled = std::fs::read_to_string("variants/walled.toml").unwrap();
    let id = c.new_game("custom", Some(&walled)).await;
    let (_, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert!(!v["walls"].as_array().unwrap().is_empty(), "{}", v["walls"]);

    // A broken file is refused with its line and column.
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({"variant": "custom", "board": "[board]\nfiles = 8\nrnaks = 8\n"})),
        )
        .await;
    assert!(s.is_client_error(), "{v}");
    assert!(error_of(&v).contains("3:"), "{v}");
}

#[tokio::test]
async fn a_repeated_draw_offer_is_refused_not_stored_again() {
    let c = client();
    let id = c.new_game("standard", None).await;
    let url = format!("/api/games/{id}/action");
    let (s, _) = c
        .json("POST", &url, Some(json!({ "action": "offer_draw" })))
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = c
        .json("POST", &url, Some(json!({ "action": "offer_draw" })))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(error_of(&v).contains("already"), "{v}");
}

/// FIDE 9.6: the fifth occurrence of a position and the 75-move rule end the game at once.
#[tokio::test]
async fn fivefold_repetition_and_seventy_five_moves_end_the_game() {
    let c = client();
    let id = c.new_game("standard", None).await;
    let mut v = Value::Null;
    for round in 0..4 {
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            assert_ne!(v["over"], true, "over before round {round}");
            v = c.play_ok(&id, m).await;
        }
    }
    assert_eq!(v["over"], true, "{v}");
    assert_eq!(v["result"], "draw by fivefold repetition");
    let (s, _) = c.play(&id, json!({ "text": "e4" })).await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (_, pgn) = c.send("GET", &format!("/api/games/{id}/log"), None).await;
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");

    let id = c
        .new_game("standard", Some("4k3/8/8/8/8/8/4P3/R3K3 w - - 148 90\n"))
        .await;
    let v = c.play_ok(&id, "Ra2").await;
    assert_eq!(v["over"], false, "{v}");
    let v = c.play_ok(&id, "Kd7").await;
    assert_eq!(v["over"], true, "{v}");
    assert_eq!(v["result"], "draw by the seventy-five-move rule");
}

#[tokio::test]
async fn chess960_is_played_in_the_page() {
    let c = client();
    // The quick-setup board is a Chess960 start, not FIDE chess's.
    let id = c.new_game("chess960", None).await;
    let (_, text) = c.send("GET", &format!("/api/games/{id}/board"), None).await;
    assert_eq!(
        text,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n"
    );
    // King on b1, rooks on a1 and h1: the king's-side castling takes the king to g1 and the
    // rook to f1, offered on the king's targets and written O-O; Shredder-FEN reads too.
    let board = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\n";
    let id = c.new_game("chess960", Some(board)).await;
    let (_, t) = c
        .json("GET", &format!("/api/games/{id}/targets?from=b1"), None)
        .await;
    let texts: Vec<&str> = t
        .as_array()
        .expect("targets")
        .iter()
        .filter_map(|x| x["text"].as_str())
        .collect();
    assert!(texts.contains(&"O-O"), "{t}");
    c.play_ok(&id, "O-O").await;
    c.play_ok(&id, "O-O-O").await;
    let (_, text) = c.send("GET", &format!("/api/games/{id}/board"), None).await;
    assert_eq!(text, "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2\n");
    let (_, log) = c.send("GET", &format!("/api/games/{id}/log"), None).await;
    assert!(log.contains("[Variant \"Chess960\"]"), "{log}");
    assert!(
        log.contains("[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1\"]"),
        "{log}"
    );
    assert!(log.contains("1. O-O O-O-O"), "{log}");
}

/// Issue 35: a variant file of a few KiB of Betza groups cost the server hundreds of MB per
/// game (a 60 KiB file, about 850 MB, no login needed). It is refused with the place now, and
/// one that repeats a group many times within the limits plays like the plain piece.
#[tokio::test]
async fn a_variant_file_that_would_cost_memory_is_refused() {
    let c = client();
    let base = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/variants/losalamos.toml"
    ))
    .unwrap();
    for betza in ["WF".repeat(30_000), "WF".repeat(40)] {
        let file = base.replacen("betza = \"R\"", &format!("betza = \"{betza}\""), 1);
        let (s, v) = c
            .json(
                "POST",
                "/api/games",
                Some(json!({"variant": "custom", "board": file})),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        let e = error_of(&v);
        assert!(e.contains("at most"), "{e}");
    }
    let file = base.replacen(
        "betza = \"R\"",
        &format!("betza = \"{}\"", "RW".repeat(32)),
        1,
    );
    let id = c.new_game("custom", Some(&file)).await;
    let (s, v) = c.json("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn shipped_variants_open_by_name_with_hands_drops_and_explosions() {
    let c = client();
    // The page's menu lists every shipped file with its text.
    let (s, list) = c.json("GET", "/api/shipped", None).await;
    assert_eq!(s, StatusCode::OK);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    for n in ["crazyhouse", "3check", "atomic", "kingofthehill"] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    // What each can do comes with it, as the built-in variants' formats do: the page asks
    // these, never a variant's name.
    let drops = |name: &str| {
        list.as_array()
            .and_then(|l| l.iter().find(|v| v["name"] == name))
            .map(|v| v["capabilities"]["drops"].clone())
    };
    assert_eq!(drops("crazyhouse"), Some(json!(true)));
    assert_eq!(drops("atomic"), Some(json!(false)));
    let (_, builtins) = c.json("GET", "/api/variants", None).await;
    let board = |id: &str| {
        builtins
            .as_array()
            .and_then(|l| l.iter().find(|v| v["id"] == id))
            .map(|v| v["board"].clone())
    };
    assert_eq!(board("chess960"), Some(json!("fen")));
    assert_eq!(board("obstacle"), Some(json!("obstacle-board")));
    // A shipped name (or alias) opens a variant-file game; other variants' views have no
    // hands, drops or explosions in their JSON.
    let (s, v) = c
        .json("POST", "/api/games", Some(json!({"variant": "zh"})))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    // The game is the shipped file's own variant, named by its record.
    assert_eq!(v["variant"], "crazyhouse");
    assert_eq!(v["hands"], json!({"white": [], "black": []}));
    assert!(v.get("drops").is_none() && v.get("exploded").is_none());
    let id = v["id"].as_str().unwrap().to_string();
    for m in ["e2e4", "d7d5", "e4d5"] {
        c.play_ok(&id, m).await;
    }
    let v = c.play_ok(&id, "d8d5").await;
    assert_eq!(v["hands"]["white"][0]["piece"]["letter"], "P");
    assert_eq!(v["hands"]["white"][0]["count"], 1);
    assert_eq!(v["hands"]["black"][0]["piece"]["color"], "black");
    // The view lists no drops: they are asked for as a piece's targets are, from `P@`.
    assert!(v.get("drops").is_none(), "{v}");
    let (s, drops) = c
        .json("GET", &format!("/api/games/{id}/targets?from=P%40"), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{drops}");
    let drops = drops.as_array().unwrap();
    assert!(drops.iter().any(|t| t["text"] == "P@e6" && t["to"] == "e6"));
    assert!(drops
        .iter()
        .all(|t| t["text"].as_str().unwrap().starts_with("P@")));
    assert!(
        !drops.iter().any(|t| t["to"] == "h8"),
        "no pawn drop on the last rank"
    );
    let (s, r) = c.play(&id, json!({"text": "P@h8"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{r}");
    let v = c.play_ok(&id, "P@e6").await;
    assert_eq!(piece_on(&v, "e6").as_deref(), Some("P"));
    assert_eq!(v["last_move"], json!(["@", "e6"]));
    assert_eq!(v["hands"]["white"], json!([]));
    // Standard chess's view is as it was.
    let (_, v) = c
        .json("POST", "/api/games", Some(json!({"variant": "standard"})))
        .await;
    assert!(v.get("hands").is_none() && v.get("drops").is_none());
    // Atomic: the exploded squares of the last capture.
    let (_, v) = c
        .json("POST", "/api/games", Some(json!({"variant": "atomic"})))
        .await;
    let id = v["id"].as_str().unwrap().to_string();
    for m in ["e2e4", "h7h6", "g1f3", "a7a6", "f3e5", "a6a5"] {
        let v = c.play_ok(&id, m).await;
        assert!(v.get("exploded").is_none(), "{m}");
    }
    let v = c.play_ok(&id, "e5f7").await;
    assert_eq!(v["exploded"], json!(["f7", "e8", "f8", "g8"]));
    assert_eq!(v["over"], true);
    // A board file given with a shipped name starts from it; unknown names are refused.
    let zh = chessrules::variants::custom::builtin::by_name("crazyhouse")
        .unwrap()
        .text;
    let board = format!("# position: 4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1\n{zh}");
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({"variant": "crazyhouse", "board": board})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["hands"]["black"][0]["piece"]["letter"], "Q");
    let (s, _) = c
        .json("POST", "/api/games", Some(json!({"variant": "nosuch"})))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

/// Issue 68: a variant file's view says how its board is drawn and carries its FEN (the setup
/// box shows it, not the file's text), and a shipped variant opens at a FEN line.
#[tokio::test]
async fn a_variant_files_view_has_its_style_and_fen_and_opens_at_a_fen() {
    let c = client();
    let (s, v) = c
        .json("POST", "/api/games", Some(json!({"variant": "shogi"})))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["style"], "shogi");
    assert_eq!(
        v["fen"],
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    );
    let (_, v) = c
        .json("POST", "/api/games", Some(json!({"variant": "xiangqi"})))
        .await;
    assert_eq!(v["style"], "xiangqi");
    let (_, v) = c
        .json("POST", "/api/games", Some(json!({"variant": "standard"})))
        .await;
    assert!(v.get("style").is_none() && v.get("fen").is_none(), "{v}");
    // A FEN line opens the shipped file at that position (Fairy-Stockfish's form reads too).
    let fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 0 1";
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({"variant": "shogi", "board": fen})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["fen"], fen);
    assert_eq!(v["to_move"], "black");
    let fsf = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] b 0 1";
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({"variant": "shogi", "board": fsf})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["fen"], fen);
    let (s, v) = c
        .json(
            "POST",
            "/api/games",
            Some(json!({"variant": "shogi", "board": "not a fen"})),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
}
