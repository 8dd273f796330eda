//! Our PGN export read by another PGN reader: python-chess, when it is installed (the test
//! says so and passes when it is not; `pip install chess` enables it). Every game must be read
//! without errors and end in the same position as ours.

mod requires;

use std::process::Command;

use chessrules::notation::coordinate;
use chessrules::variants::standard::game::StandardGame;

const SCRIPT: &str = r#"
import sys, chess.pgn
with open(sys.argv[1]) as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            break
        if g.errors:
            print("ERROR", g.errors[0])
        print(" ".join(g.end().board().fen().split(" ")[:3]))
"#;

#[test]
fn python_chess_reads_our_pgn_to_the_same_positions() {
    let probe = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .output();
    if !probe.map(|o| o.status.success()).unwrap_or(false) {
        requires::missing("python3 with python-chess (pip install chess) is not installed");
        return;
    }
    let mut seed = 99u64;
    let mut text = String::new();
    let mut expected = Vec::new();
    let starts = [
        None,
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17"),
    ];
    for i in 0..200 {
        let mut g = match starts[i % 2] {
            Some(f) => StandardGame::from_fen(f).unwrap(),
            None => StandardGame::new(),
        };
        for _ in 0..(20 + i % 150) {
            if g.outcome().is_some() {
                break;
            }
            let mut pos = g.position().clone();
            let moves = pos.legal_move_list();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            g.play_text(&coordinate::to_uci(&pos, m)).unwrap();
        }
        if i % 7 == 0 && g.outcome().is_none() {
            g.resign().unwrap();
        }
        text.push_str(&g.pgn(&[]));
        expected.push(g.fen().split(' ').take(3).collect::<Vec<_>>().join(" "));
    }
    let path = std::env::temp_dir().join(format!("chessrules-py-{}.pgn", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let out = Command::new("python3")
        .args(["-c", SCRIPT])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(lines, expected);
}
