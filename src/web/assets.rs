//! The page's files, embedded in the binary so `chessrules serve` needs nothing beside it.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// (name, content type, bytes) of every embedded file.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/board.js"),
    ),
    (
        "asian.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/asian.js"),
    ),
    (
        "net.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/net.js"),
    ),
    (
        "computer.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/computer.js"),
    ),
    (
        "setup.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/setup.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
];

/// The embedded file `name`, or 404.
pub fn page(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, format!("no file '{name}'")).into_response(),
    }
}
