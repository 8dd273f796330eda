//! New network games are limited per remote address (each game is a row kept for good):
//! a burst of 30, then one a minute; loopback clients are not limited.

use std::net::SocketAddr;

use axum::body::{to_bytes, Body};
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode};
use axum::Router;
use tower::ServiceExt;

use chessrules::web::net::Net;
use chessrules::web::router_with;

async fn create(app: &Router, from: [u8; 4]) -> (StatusCode, String) {
    let req = Request::post("/api/net/games")
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
