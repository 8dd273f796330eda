//! Requests straight into the web router (no network): the client the web API tests share.
//! Each test file adds the calls it needs as methods of its own.
#![allow(dead_code)]

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;

pub struct Client {
    pub app: Router,
}

impl Client {
    pub fn new(app: Router) -> Client {
        Client { app }
    }

    /// One request, with `body` as JSON when given: the status and the body as text.
    pub async fn send(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, String) {
        let mut req = Request::builder().method(method).uri(uri);
        let body = match body {
            Some(v) => {
                req = req.header("content-type", "application/json");
                Body::from(v.to_string())
            }
            None => Body::empty(),
        };
        let res = self
            .app
            .clone()
            .oneshot(req.body(body).expect("a well-formed request"))
            .await
            .expect("the router answers");
        let status = res.status();
        let bytes = to_bytes(res.into_body(), 10 << 20)
            .await
            .expect("a body under 10 MiB");
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    /// As `send`, the body parsed as JSON (a body that is not JSON comes back as a string).
    pub async fn json(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
        let (s, text) = self.send(method, uri, body).await;
        (
            s,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }
}
