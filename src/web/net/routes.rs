//! The HTTP side of network games: create one (its three links), read its state or log with
//! a token, and open its WebSocket.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::connect_info::{ConnectInfo, MockConnectInfo};
use axum::extract::{FromRequestParts, Path, Query, State, WebSocketUpgrade};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::protocol::MAX_WIRE_BYTES;
use super::{socket, Net};
use crate::play::session::Refusal;

/// The routes of network games: creating one, a seat's view and log, its WebSocket.
pub fn routes(net: Arc<Net>) -> Router {
    Router::new()
        .route("/api/net/games", post(create))
        .route("/api/net/games/{id}", get(view))
        .route("/api/net/games/{id}/log", get(log))
        .route("/api/net/games/{id}/ws", get(connect))
        .with_state(net)
}

#[derive(Deserialize)]
struct Create {
    variant: String,
    board: Option<String>,
    /// A time control (`{"initial_ms": 300000, "increment_ms": 2000}`); none by default.
    clock: Option<super::TimeControl>,
}

fn link(id: u64, token: &str) -> String {
    format!("/?net={id}&token={token}")
}

/// The client's address, when the server was started with connection info (a real socket);
/// `None` for in-process callers such as tests that call the router directly. An IPv4-mapped
/// address is given as its IPv4 address.
pub struct ClientAddr(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let real = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let mock = parts
            .extensions
            .get::<MockConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        Ok(ClientAddr(
            real.or(mock)
                .map(|a| crate::web::address::normalised(a.ip())),
        ))
    }
}

async fn create(
    State(net): State<Arc<Net>>,
    ClientAddr(addr): ClientAddr,
    Json(req): Json<Create>,
) -> Result<Response, Refusal> {
    if !net.may_create(addr) {
        return Err(Refusal {
            status: 429,
            message: "too many new games from this address: wait a minute".to_string(),
            square: None,
        });
    }
    let (id, seats) =
        tokio::task::spawn_blocking(move || net.create(&req.variant, req.board, req.clock))
            .await
            .map_err(|_| Refusal::bad("the server failed on this request"))??;
    let body = json!({
        "id": id,
        "white": link(id, &seats.white),
        "black": link(id, &seats.black),
        "spectator": link(id, &seats.spectator),
    });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

#[derive(Deserialize)]
struct Token {
    token: String,
}

async fn authorize(
    net: &Arc<Net>,
    id: u64,
    token: String,
) -> Result<(super::GameHandle, super::Seat), Refusal> {
    let net = net.clone();
    tokio::task::spawn_blocking(move || net.authorize(id, &token))
        .await
        .map_err(|_| Refusal::bad("the server failed on this request"))?
}

async fn view(
    State(net): State<Arc<Net>>,
    Path(id): Path<u64>,
    Query(q): Query<Token>,
) -> Result<Response, Refusal> {
    let (game, seat) = authorize(&net, id, q.token).await?;
    let view = net.view(&game, seat)?;
    let clock = net.clock(&game)?;
    Ok(Json(json!({ "seat": seat.name(), "view": view, "clock": clock })).into_response())
}

async fn log(
    State(net): State<Arc<Net>>,
    Path(id): Path<u64>,
    Query(q): Query<Token>,
) -> Result<Response, Refusal> {
    let (game, _) = authorize(&net, id, q.token).await?;
    let text = net.log(&game)?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"network-{id}.moves\""),
            ),
        ],
        text,
    )
        .into_response())
}

async fn connect(
    State(net): State<Arc<Net>>,
    Path(id): Path<u64>,
    Query(q): Query<Token>,
    place: Option<axum::Extension<crate::web::listen::ConnectionPlace>>,
    ws: WebSocketUpgrade,
) -> Result<Response, Refusal> {
    let (game, seat) = authorize(&net, id, q.token).await?;
    let slot = socket::SocketSlot::take(&game, seat)?;
    Ok(ws
        .max_message_size(MAX_WIRE_BYTES)
        .max_frame_size(MAX_WIRE_BYTES)
        .on_upgrade(move |s| async move {
            // The connection's place in its address's count lasts as long as the socket.
            let _place = place;
            socket::connection(net, game, seat, s, slot).await
        }))
}
