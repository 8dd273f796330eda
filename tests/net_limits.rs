//! New games are limited per remote address, network games (each a row kept for good) and the
//! page's own games (each kept in memory) alike: a burst of 30, then one a minute; loopback
//! clients are not limited. The page's own games have unguessable ids.

use std::net::SocketAddr;

use axum::body::{to_bytes, Body};
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode};
use axum::Router;
use tower::ServiceExt;

use chessrules::web::net::Net;
use chessrules::web::router_with;

async fn create(app: &Router, from: [u8; 4]) -> (StatusCode, String) {
    create_at(app, "/api/net/games", from).await
}

async fn create_at(app: &Router, path: &str, from: [u8; 4]) -> (StatusCode, String) {
    let req = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(r#"{"variant":"standard"}"#))
        .unwrap();
    let app = app
        .clone()
        .layer(MockConnectInfo(SocketAddr::from((from, 40_000))));
    let res = app.oneshot(req).await.unwrap();
    let status = res.status();
    let body = to_bytes(res.into_body(), 1 << 20).await.unwrap();
    (status, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn a_remote_address_may_create_thirty_games_at_once_then_waits() {
    let app = router_with(Net::memory().unwrap(), None);
    let remote = [192, 0, 2, 1];
    for i in 0..30 {
        let (status, body) = create(&app, remote).await;
        assert_eq!(status, StatusCode::CREATED, "game {i}: {body}");
    }
    let (status, body) = create(&app, remote).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body.contains("too many new games from this address"),
        "{body}"
    );
    // Another address has its own allowance; the server's own machine has no limit.
    assert_eq!(create(&app, [198, 51, 100, 7]).await.0, StatusCode::CREATED);
    for _ in 0..40 {
        assert_eq!(create(&app, [127, 0, 0, 1]).await.0, StatusCode::CREATED);
    }
}

#[tokio::test]
async fn the_pages_own_games_are_limited_alike_and_have_unguessable_ids() {
    let app = router_with(Net::memory().unwrap(), None);
    let remote = [192, 0, 2, 9];
    let mut ids = Vec::new();
    for i in 0..30 {
        let (status, body) = create_at(&app, "/api/games", remote).await;
        assert_eq!(status, StatusCode::CREATED, "game {i}: {body}");
        let view: serde_json::Value = serde_json::from_str(&body).unwrap();
        ids.push(view["id"].as_str().unwrap().to_string());
    }
    let (status, body) = create_at(&app, "/api/games", remote).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // 128 random bits: 32 hex digits, all different.
    assert!(ids
        .iter()
        .all(|id| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())));
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    // A guessed id opens nothing, and the refusal does not repeat it.
    for guess in ["1", "2", "00000000000000000000000000000000"] {
        let req = Request::get(format!("/api/games/{guess}?viewer=all"))
            .body(Body::empty())
            .unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let body = to_bytes(res.into_body(), 1 << 20).await.unwrap();
        assert!(!String::from_utf8_lossy(&body).contains(guess), "{guess}");
    }
}

#[tokio::test]
async fn network_game_ids_past_the_stores_integers_are_refused_not_failed() {
    let app = router_with(Net::memory().unwrap(), None);
    for id in ["9223372036854775808", "18446744073709551615"] {
        for path in ["", "/log"] {
            let req = Request::get(format!("/api/net/games/{id}{path}?token=x"))
                .body(Body::empty())
                .unwrap();
            let res = app.clone().oneshot(req).await.unwrap();
            let status = res.status();
            assert!(
                status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
                "{id}{path}: {status}"
            );
        }
    }
}
