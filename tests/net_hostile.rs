//! The server against clients that hold connections without using them: half-sent or idle
//! connections are closed after the header timeout, a body sent a byte at a time after the body
//! deadline, a client that reads nothing after the write timeout; a thousand idle connections do
//! not stop service even when the server starts with the usual 1,024-file limit, and one link
//! cannot open WebSockets without bound. All on loopback.

mod requires;

mod net_common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
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

/// `serve` with these header, body and write timeouts (ms).
fn start_timed(db: &Path, header: u32, body: u32, write: u32) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chessrules"));
    command.args(["serve", "--port", "0"]);
    for (flag, ms) in [
        ("--header-timeout-ms", header),
        ("--body-timeout-ms", body),
        ("--write-timeout-ms", write),
    ] {
        command.arg(flag).arg(ms.to_string());
    }
    command.arg("--db").arg(db);
    Server::spawn(command)
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

/// A request body sent a byte every 200 ms (the attack sent one every 2 s, which no header
/// timeout sees) is cut off at the body deadline, 1 s here: the server answers and closes.
#[test]
fn a_body_sent_a_byte_at_a_time_is_cut_off_at_the_body_deadline() {
    let dir = TempDir::new("hostile-body");
    let server = start_timed(&dir.db(), 60_000, 1_000, 60_000);
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 1000\r\n\r\n{",
    )
    .unwrap();
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let mut writer = s.try_clone().unwrap();
    let stopped = stop.clone();
    let trickle = std::thread::spawn(move || {
        while !stopped.load(Ordering::Relaxed) && started.elapsed() < Duration::from_secs(12) {
            if writer.write_all(b" ").is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    });
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut answer = Vec::new();
    let read = s.read_to_end(&mut answer);
    let took = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    trickle.join().unwrap();
    match read {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Err(e) => panic!("the slow body kept its connection for {took:?} ({e})"),
    }
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(6),
        "closed after {took:?}"
    );
    // Meanwhile the server serves.
    assert_eq!(http(&server.addr, "GET", "/api/variants", None).0, 200);
}

/// A client that asks for responses and never reads them loses the connection once a write has
/// waited the write timeout (0.5 s here) without progress: it gets far fewer responses than it
/// asked for, instead of all of them whenever it chooses to read.
#[test]
fn a_client_that_reads_nothing_loses_its_connection_after_the_write_timeout() {
    let dir = TempDir::new("hostile-write");
    let server = start_timed(&dir.db(), 60_000, 60_000, 500);
    let (status, one) = http(&server.addr, "GET", "/assets/app.js", None);
    assert_eq!(status, 200);
    // Far more than the socket buffers on both sides hold (tens of MB on loopback).
    let requests = 6000;
    let asked = requests * one.len();
    let mut s = TcpStream::connect(&server.addr).unwrap();
    let mut writer = s.try_clone().unwrap();
    writer
        .set_write_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let pipelined = std::thread::spawn(move || {
        let request = b"GET /assets/app.js HTTP/1.1\r\nHost: x\r\n\r\n";
        for _ in 0..requests {
            if writer.write_all(request).is_err() {
                return;
            }
        }
    });
    std::thread::sleep(Duration::from_secs(3));
    s.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let mut got = 0usize;
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got += n,
        }
    }
    pipelined.join().unwrap();
    assert!(
        got < asked,
        "the server kept the connection and wrote all {got} bytes asked for"
    );
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
