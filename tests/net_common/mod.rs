//! Helpers for the network-game tests: the real binary on a free loopback port with its own
//! database, a tiny HTTP client, and a WebSocket client that keeps every frame it receives.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    /// `chessrules serve --port 0 --db DB`, ready when it prints its address.
    pub fn start(db: &Path) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_chessrules"));
        command.args(["serve", "--port", "0", "--db"]).arg(db);
        Server::spawn(command)
    }

    /// Starts a `serve` command (its arguments given, `--port 0` among them), ready when it
    /// prints its address.
    pub fn spawn(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the server");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the address");
        let addr = line
            .trim()
            .strip_prefix("chessrules serve: open http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { child, addr }
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill9(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh folder for one test's database (removed on drop).
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("chessrules-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
    pub fn db(&self) -> PathBuf {
        self.0.join("nested").join("games.sqlite")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One HTTP/1.1 request; returns the status code and the body.
pub fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("read");
    let status = out
        .get(9..12)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("bad response {out:?}"));
    let body = out
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// A created network game: its id and the tokens of its three links.
pub struct Links {
    pub id: u64,
    pub white: String,
    pub black: String,
    pub spectator: String,
}

pub fn create(addr: &str, variant: &str) -> Links {
    let (status, body) = http(
        addr,
        "POST",
        "/api/net/games",
        Some(&json!({ "variant": variant })),
    );
    assert_eq!(status, 201, "{body}");
    let v: Value = serde_json::from_str(&body).expect("json");
    let token = |seat: &str| {
        let link = v[seat].as_str().expect("link");
        link.split("token=").nth(1).expect("token").to_string()
    };
    Links {
        id: v["id"].as_u64().expect("id"),
        white: token("white"),
        black: token("black"),
        spectator: token("spectator"),
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client that records every text frame it receives.
pub struct Client {
    ws: Socket,
    pub frames: Vec<String>,
}

/// A guard against a hung server: no test waits longer than this for one frame.
const FRAME_WAIT: Duration = Duration::from_secs(20);

impl Client {
    pub async fn connect(addr: &str, id: u64, token: &str) -> Result<Client, String> {
        let url = format!("ws://{addr}/api/net/games/{id}/ws?token={token}");
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Client {
            ws,
            frames: Vec::new(),
        })
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    /// The next text frame, or None when the connection closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let msg = tokio::time::timeout(FRAME_WAIT, self.ws.next())
                .await
                .expect("a frame within the guard time")?;
            match msg {
                Ok(Message::Text(t)) => {
                    self.frames.push(t.to_string());
                    return serde_json::from_str(&t).ok();
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// Reads frames until one satisfies `pred`.
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await.expect("connection closed while waiting");
            if pred(&v) {
                return v;
            }
        }
    }

    /// The next state frame whose game has `length` moves.
    pub async fn state_at(&mut self, length: u64) -> Value {
        self.until(|v| v["type"] == "state" && v["view"]["length"] == length)
            .await
    }

    /// Sends a command and returns its answer (ack, targets or error), skipping state pushes.
    pub async fn command(&mut self, v: Value) -> Value {
        self.send(v).await;
        self.until(|f| f["type"] != "state").await
    }

    pub async fn play(&mut self, text: &str) -> Value {
        self.command(json!({ "type": "play", "text": text })).await
    }

    pub async fn close(mut self) -> Vec<String> {
        let _ = self.ws.close(None).await;
        self.frames
    }
}

/// The obstacle on a square in a view (`null` when none is shown).
pub fn obstacle_on(view: &Value, square: &str) -> Value {
    view["cells"]
        .as_array()
        .and_then(|cells| cells.iter().find(|c| c["square"] == square))
        .map(|c| c["obstacle"].clone())
        .unwrap_or(Value::Null)
}
