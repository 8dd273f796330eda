//! New games are limited per remote address, network games (each a row kept for good) and the
//! page's own games (each kept in memory) from one budget: a burst of 30 in all, then one a
//! minute; loopback clients are not limited (also when they arrive IPv4-mapped, on a dual-stack
//! listener), and an IPv6 client is counted by its /64. The page's own games have unguessable
//! ids.

use std::net::{IpAddr, SocketAddr};

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
    create_from(app, path, IpAddr::from(from)).await
}

async fn create_from(app: &Router, path: &str, from: IpAddr) -> (StatusCode, String) {
    let req = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(r#"{"variant":"standard"}"#))
        .unwrap();
    let app = app
        .clone()
        .layer(MockConnectInfo(SocketAddr::new(from, 40_000)));
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

/// The README promises 30 games at once in all: network and hot-seat games share one budget.
#[tokio::test]
async fn network_and_hot_seat_games_share_one_budget() {
    let app = router_with(Net::memory().unwrap(), None);
    let remote = [192, 0, 2, 44];
    for i in 0..15 {
        let (status, body) = create(&app, remote).await;
        assert_eq!(status, StatusCode::CREATED, "network game {i}: {body}");
        let (status, body) = create_at(&app, "/api/games", remote).await;
        assert_eq!(status, StatusCode::CREATED, "hot-seat game {i}: {body}");
    }
    for path in ["/api/games", "/api/net/games"] {
        let (status, body) = create_at(&app, path, remote).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{path}: {body}");
    }
}

/// Addresses as a dual-stack listener gives them: an IPv6 /64 is one client, and the server's
/// own machine arriving as `::ffff:127.0.0.1` is loopback.
#[tokio::test]
async fn an_ipv6_64_is_one_client_and_mapped_loopback_is_free() {
    let app = router_with(Net::memory().unwrap(), None);
    for i in 0..30u16 {
        let ip: IpAddr = format!("2001:db8:1:2::{:x}", i + 1).parse().unwrap();
        assert_eq!(
            create_from(&app, "/api/net/games", ip).await.0,
            StatusCode::CREATED
        );
    }
    let another_in_the_64: IpAddr = "2001:db8:1:2:ffff::1".parse().unwrap();
    let (status, body) = create_from(&app, "/api/games", another_in_the_64).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let next_64: IpAddr = "2001:db8:1:3::1".parse().unwrap();
    assert_eq!(
        create_from(&app, "/api/games", next_64).await.0,
        StatusCode::CREATED
    );
    let mapped_loopback: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
    for _ in 0..40 {
        let (status, _) = create_from(&app, "/api/net/games", mapped_loopback).await;
        assert_eq!(status, StatusCode::CREATED);
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
