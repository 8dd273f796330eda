//! The server against clients that hold connections without using them: half-sent or idle
//! connections are closed after the header timeout, a thousand of them do not stop service even
//! when the server starts with the usual 1,024-file limit, and one link cannot open WebSockets
//! without bound. All on loopback.

mod requires;

mod net_common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use net_common::{create, http, Client, Server, TempDir};

/// A guard against a hung test, far above the header timeout the server is given here.
const GUARD: Duration = Duration::from_secs(20);

fn have_prlimit() -> bool {
    let found = Command::new("prlimit")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok();
    if !found {
        requires::missing("prlimit (util-linux)");
    }
    found
}

/// `serve` with this header timeout, started with a soft limit of 1,024 open files when
/// `low_file_limit` (through prlimit).
fn start(db: &Path, low_file_limit: bool, header_timeout_ms: u32) -> Server {
    let bin = env!("CARGO_BIN_EXE_chessrules");
    let mut command = if low_file_limit {
        let mut c = Command::new("prlimit");
        c.arg("--nofile=1024:").arg(bin);
        c
    } else {
        Command::new(bin)
    };
    command
        .args(["serve", "--port", "0", "--header-timeout-ms"])
        .arg(header_timeout_ms.to_string())
        .arg("--db")
        .arg(db);
    Server::spawn(command)
}

/// Reads until the server closes the connection; panics after the guard time.
fn closed_by_server(mut s: TcpStream) -> Duration {
    let started = Instant::now();
    s.set_read_timeout(Some(GUARD)).unwrap();
    let mut sink = Vec::new();
    match s.read_to_end(&mut sink) {
        Ok(_) => started.elapsed(),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => started.elapsed(),
        Err(e) => panic!("the server kept the connection open ({e})"),
    }
}

#[test]
fn idle_and_half_sent_connections_are_closed_after_the_header_timeout() {
    let dir = TempDir::new("hostile-timeout");
    let server = start(&dir.db(), false, 500);
    let idle = TcpStream::connect(&server.addr).unwrap();
    let mut half = TcpStream::connect(&server.addr).unwrap();
    half.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    closed_by_server(idle);
    closed_by_server(half);
    // A kept-alive connection is closed too when no next request comes.
    let mut kept = TcpStream::connect(&server.addr).unwrap();
    kept.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    closed_by_server(kept);
    // Meanwhile the server serves.
    assert_eq!(http(&server.addr, "GET", "/api/variants", None).0, 200);
}

#[test]
fn a_thousand_idle_connections_do_not_stop_service() {
    if !have_prlimit() {
        return;
    }
    chessrules::web::listen::raise_open_file_limit();
    let dir = TempDir::new("hostile-idle");
    // A header timeout far longer than the test: the idle connections stay open throughout.
    let server = start(&dir.db(), true, 120_000);
    let idle: Vec<TcpStream> = (0..1100)
        .map(|_| TcpStream::connect(&server.addr).expect("connect"))
        .collect();
    // A server stuck at 1,024 files accepts no more: this request would wait in the kernel's
    // queue until the guard time. A raised limit answers it at once.
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer)
        .expect("the server answered while 1,100 connections were open");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let g = create(&server.addr, "standard");
    assert!(g.id > 0);
    drop(idle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_link_opens_a_bounded_number_of_sockets() {
    let dir = TempDir::new("hostile-sockets");
    let server = start(&dir.db(), false, 500);
    let g = create(&server.addr, "standard");
    let mut open = Vec::new();
    for _ in 0..8 {
        open.push(
            Client::connect(&server.addr, g.id, &g.spectator)
                .await
                .unwrap(),
        );
    }
    let refused = Client::connect(&server.addr, g.id, &g.spectator).await;
    let err = refused.err().expect("a ninth spectator socket is refused");
    assert!(err.contains("429"), "{err}");
    // The players still get theirs.
    let mut white = Client::connect(&server.addr, g.id, &g.white).await.unwrap();
    white.state_at(0).await;
    // A closed socket frees its place.
    drop(open.pop().unwrap().close().await);
    let until = Instant::now() + GUARD;
    loop {
        match Client::connect(&server.addr, g.id, &g.spectator).await {
            Ok(_) => break,
            Err(e) if Instant::now() < until => {
                assert!(e.contains("429"), "{e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("the closed socket's place was not freed: {e}"),
        }
    }
}
