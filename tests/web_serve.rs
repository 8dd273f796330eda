//! `chessrules serve` as a user runs it: a real server on a free loopback port, reached over
//! TCP; and the game adapters never panic on arbitrary board or move texts.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use chessrules::game::VariantId;
use proptest::prelude::*;

use chessrules::variants::registry;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let data = std::env::temp_dir().join(format!("web-serve-data-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(data);
    }
}

fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn serve_listens_on_loopback_and_serves_the_page_and_api() {
    // The default game store, in a data folder of this test's own (tests write nothing in the
    // user's home).
    let data = std::env::temp_dir().join(format!("web-serve-data-{}", std::process::id()));
    let child = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["serve", "--port", "0"])
        .env("XDG_DATA_HOME", &data)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("chessrules serve: open http://")
        .unwrap();
    let addr = url.trim_end_matches('/').to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let page = get(&addr, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<svg id=\"board\""));
    let variants = get(&addr, "/api/variants");
    assert!(variants.contains("\"id\":\"obstacle\""), "{variants}");
    let missing = get(&addr, "/api/games/1");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
}

#[test]
fn serve_rejects_a_bad_port() {
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["serve", "--port", "99999"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

const VARIANTS: [VariantId; 7] = VariantId::ALL;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any board text is either a game or an error message, for every variant.
    #[test]
    fn any_board_text_loads_or_is_refused(text in "[ -~\n|_.]{0,200}", v in 0usize..6) {
        let _ = registry::seat_view(VARIANTS[v], &text);
    }

    /// Any move text on the initial position is either played or refused; what the targets
    /// list is always accepted.
    #[test]
    fn any_move_text_plays_or_is_refused(text in "[ -~]{0,12}", v in 0usize..6) {
        let info = registry::info(VARIANTS[v]);
        let mut game = registry::seat_view(info.id, info.initial).unwrap();
        let _ = game.play(&text);
        let _ = game.status();
        let _ = game.board_file();
    }
}

#[test]
fn every_listed_target_is_playable() {
    for info in registry::variants() {
        let game = registry::seat_view(info.id, info.initial).unwrap();
        for rank in 0..game.ranks() {
            for file in 0..game.files() {
                let from = chessrules::core::Square::new(file, rank);
                for t in game.targets(from, Some(game.side_to_move())) {
                    let mut g = registry::seat_view(info.id, info.initial).unwrap();
                    assert!(g.play(&t.text).is_ok(), "{}: {} refused", info.id, t.text);
                }
            }
        }
    }
}
