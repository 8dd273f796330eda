//! `chessrules serve` options for network games: --listen and --db.

mod net_common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use net_common::TempDir;

fn first_line(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    line
}

#[test]
fn listen_takes_an_ip_or_an_ip_and_port() {
    let dir = TempDir::new("net-cli-listen");
    let db = dir.db();
    let db = db.to_str().unwrap();
    let line = first_line(&["serve", "--listen", "127.0.0.1:0", "--db", db]);
    assert!(
        line.starts_with("chessrules serve: open http://127.0.0.1:"),
        "{line}"
    );
    let line = first_line(&["serve", "--listen", "127.0.0.1", "--port", "0", "--db", db]);
    assert!(
        line.starts_with("chessrules serve: open http://127.0.0.1:"),
        "{line}"
    );
    // The database and its folders were created.
    assert!(dir.db().exists());
}

#[test]
fn bad_listen_address_and_unusable_db_are_errors_not_panics() {
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["serve", "--listen", "not-an-address"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--listen not-an-address"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A database path below a regular file cannot be created.
    let dir = TempDir::new("net-cli-db");
    let file = dir.0.join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["serve", "--port", "0", "--db"])
        .arg(file.join("games.sqlite"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game store"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_unusable_default_data_directory_falls_back_to_memory() {
    let dir = TempDir::new("net-cli-default");
    let file = dir.0.join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["serve", "--port", "0"])
        .env("XDG_DATA_HOME", &file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert!(
        line.starts_with("chessrules serve: open http://127.0.0.1:"),
        "{line}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("network games last until the server stops"),
        "{err}"
    );
}

/// Two servers on one game store would each keep their own copy of a game: the second one
/// refuses to start (exit 3) while the first runs, and starts once it has stopped.
#[test]
fn a_second_server_on_the_same_store_refuses_to_start() {
    let dir = TempDir::new("net-cli-two-servers");
    let first = net_common::Server::start(&dir.db());
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["serve", "--port", "0", "--db"])
        .arg(dir.db())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("another chessrules server is using this game store"),
        "{stderr}"
    );
    first.kill9();
    let _second = net_common::Server::start(&dir.db());
}
