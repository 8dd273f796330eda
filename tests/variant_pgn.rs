//! Issue 68: a variant's game log is PGN. Every variant that writes SAN saves its game as PGN
//! with its `Variant` tag (lichess's and Fairy-Stockfish's names) and the same Seven Tag
//! Roster as `standard play` (Event, Site, Date with today's date, Round, White, Black,
//! Result), from `play --save` and from the page's *Save game log*; `standard validate` reads
//! each back as the game it was.

mod router_client;

use std::process::{Command, Stdio};

use router_client::Client;
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_chessrules");

/// Plays `moves` at the terminal (two people) in `variant`, then `quit`; the saved log.
fn saved(variant: &str, moves: &[&str], dir: &std::path::Path) -> String {
    let path = dir.join(format!("{variant}.pgn"));
    let mut child = Command::new(BIN)
        .args([
            "play",
            "--variant",
            variant,
            "--white",
            "human",
            "--black",
            "human",
        ])
        .arg("--save")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        for m in moves {
            writeln!(input, "{m}").expect("written");
        }
        writeln!(input, "quit").expect("written");
    }
    child.wait().expect("ends");
    std::fs::read_to_string(&path).expect("the log was saved")
}

/// `standard validate` on a PGN text: its one verdict line.
fn validated(pgn: &str, dir: &std::path::Path) -> String {
    let path = dir.join("back.pgn");
    std::fs::write(&path, pgn).expect("written");
    let out = Command::new(BIN)
        .args(["standard", "validate"])
        .arg(&path)
        .output()
        .expect("runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn tag<'a>(pgn: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    pgn.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|v| v.strip_suffix("\"]"))
}

#[test]
fn variant_games_are_saved_as_pgn_and_read_back() {
    let dir = std::env::temp_dir().join(format!("chessrules-variant-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    for (variant, moves, name, plies) in [
        (
            "crazyhouse",
            &["e4", "d5", "exd5", "Qxd5", "P@e4"][..],
            "Crazyhouse",
            5,
        ),
        (
            "kingofthehill",
            &["e4", "e5", "Ke2"][..],
            "King of the Hill",
            3,
        ),
        ("3check", &["e4", "f5", "Qh5+"][..], "Three-check", 3),
        ("atomic", &["e4", "d5", "exd5"][..], "Atomic", 3),
        ("xiangqi", &["h3e3", "h10g8"][..], "Xiangqi", 2),
        (
            "shogi",
            &["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"][..],
            "Shogi",
            5,
        ),
    ] {
        let pgn = saved(variant, moves, &dir);
        assert_eq!(tag(&pgn, "Variant"), Some(name), "{pgn}");
        assert_eq!(tag(&pgn, "Event"), Some("Casual game"), "{pgn}");
        assert_eq!(tag(&pgn, "Site"), Some("chessrules"), "{pgn}");
        assert_eq!(tag(&pgn, "Round"), Some("-"), "{pgn}");
        assert_eq!(
            tag(&pgn, "Date"),
            Some(chessrules::notation::pgn::today().as_str()),
            "{pgn}"
        );
        let verdict = validated(&pgn, &dir);
        assert!(
            verdict.starts_with(&format!("game 1: legal, {plies} plies, ")),
            "{variant}: {verdict}\n{pgn}"
        );
    }
    // The same roster from `play --variant standard` and `standard play`.
    let from_play = saved("standard", &["e4"], &dir);
    let from_standard = {
        let path = dir.join("standard-play.pgn");
        let mut child = Command::new(BIN)
            .args(["standard", "play", "--pgn"])
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("runs");
        {
            use std::io::Write;
            writeln!(child.stdin.take().expect("stdin"), "e4\nquit").expect("written");
        }
        child.wait().expect("ends");
        std::fs::read_to_string(&path).expect("saved")
    };
    let roster = |pgn: &str| -> Vec<String> { pgn.lines().take(7).map(String::from).collect() };
    assert_eq!(roster(&from_play), roster(&from_standard));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_pages_game_log_is_pgn_with_the_roster_and_variant() {
    let c = Client::new(chessrules::web::router());
    let (_, v) = c
        .json("POST", "/api/games", Some(json!({"variant": "crazyhouse"})))
        .await;
    let id = v["id"].as_str().expect("id").to_string();
    for m in ["e2e4", "d7d5", "e4d5"] {
        c.json(
            "POST",
            &format!("/api/games/{id}/play"),
            Some(json!({ "text": m })),
        )
        .await;
    }
    let (status, text) = c.send("GET", &format!("/api/games/{id}/log"), None).await;
    assert!(status.is_success(), "{text}");
    assert_eq!(tag(&text, "Variant"), Some("Crazyhouse"), "{text}");
    assert_eq!(tag(&text, "Event"), Some("Casual game"), "{text}");
    assert_eq!(
        tag(&text, "Date"),
        Some(chessrules::notation::pgn::today().as_str())
    );
    assert!(text.contains("1. e4 d5 2. exd5 *"), "{text}");
}
