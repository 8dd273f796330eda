//! The web API's JSON messages, through the real router (no network: requests are handed to
//! the service directly). Input: one request per line. The first line is the body of
//! `POST /api/games`; each later line is `<letter><body>`: `p` play, `s` step, `a` action
//! (JSON bodies to the game the first line created), `t` targets (`from` square), `v` view,
//! `b` board file, `l` log. The server must answer every request, and never with a 5xx status.
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Method, Request};
use tower::ServiceExt;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a tokio runtime")
    })
}

fn request(line: &[u8], first: bool, game: &str) -> Option<Request<Body>> {
    let (method, uri, body) = if first {
        (Method::POST, "/api/games".to_string(), line.to_vec())
    } else {
        let (&letter, rest) = line.split_first()?;
        let query = |name: &str| {
            let text: String = String::from_utf8_lossy(rest)
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect();
            format!("/api/games/{game}/{name}{text}")
        };
        let at = |name: &str| format!("/api/games/{game}/{name}");
        match letter {
            b'p' => (Method::POST, at("play"), rest.to_vec()),
            b's' => (Method::POST, at("step"), rest.to_vec()),
            b'a' => (Method::POST, at("action"), rest.to_vec()),
            b't' => (Method::GET, query("targets?from="), Vec::new()),
            b'v' => (Method::GET, query("?viewer="), Vec::new()),
            b'b' => (Method::GET, at("board"), Vec::new()),
            b'l' => (Method::GET, at("log"), Vec::new()),
            _ => return None,
        }
    };
    Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .ok()
}

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let app = chessrules::web::server::router();
    runtime().block_on(async {
        // The game's id is random: taken from the creation's answer.
        let mut game = String::from("none");
        for (i, line) in data.split(|&c| c == b'\n').take(32).enumerate() {
            let Some(req) = request(line, i == 0, &game) else {
                continue;
            };
            let response = app.clone().oneshot(req).await.expect("infallible");
            let status = response.status();
            assert!(
                !status.is_server_error(),
                "{status} for {:?}",
                String::from_utf8_lossy(line)
            );
            if i == 0 && status.is_success() {
                let body = axum::body::to_bytes(response.into_body(), 1 << 24)
                    .await
                    .expect("a body");
                let view: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
                game = view["id"].as_str().unwrap_or("none").to_string();
            }
        }
    });
}
