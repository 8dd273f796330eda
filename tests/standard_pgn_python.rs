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

/// Whether python3 with python-chess is here (reported as `requires::missing` when not).
fn have_python_chess() -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .output();
    let found = probe.is_ok_and(|o| o.status.success());
    if !found {
        requires::missing("python3 with python-chess (pip install chess) is not installed");
    }
    found
}

#[test]
fn python_chess_reads_our_pgn_to_the_same_positions() {
    if !have_python_chess() {
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

/// python-chess writes random Chess960 games (random start positions, `[Variant "Chess960"]`,
/// X-FEN tags, castling as `O-O`); `standard validate` must find every one legal with the same
/// number of plies and the same final X-FEN.
const CHESS960_GAMES: &str = r#"
import random, sys, chess, chess.pgn
rng = random.Random(960)
out = open(sys.argv[1], "w")
for i in range(120):
    board = chess.Board.from_chess960_pos(rng.randrange(960))
    game = chess.pgn.Game()
    game.setup(board)
    game.headers["Variant"] = "Chess960"
    node = game
    for _ in range(rng.randrange(10, 160)):
        moves = list(board.legal_moves)
        if not moves:
            break
        # Castling as often as it is legal: it is what Chess960 changes.
        castles = [m for m in moves if board.is_castling(m)]
        m = rng.choice(castles) if castles and rng.random() < 0.7 else rng.choice(moves)
        node = node.add_variation(m)
        board.push(m)
    print(game, file=out, end="\n\n")
    # The en passant square as FEN writes it (after every double step), as ours does.
    print(len(board.move_stack), board.fen(en_passant="fen"))
"#;

#[test]
fn python_chess_chess960_games_validate_to_the_same_positions() {
    if !have_python_chess() {
        return;
    }
    let path = std::env::temp_dir().join(format!("chessrules-960-{}.pgn", std::process::id()));
    let made = Command::new("python3")
        .args(["-c", CHESS960_GAMES])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let expected: Vec<String> = String::from_utf8_lossy(&made.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let ours = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["standard", "validate", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let got: Vec<String> = String::from_utf8_lossy(&ours.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["legal"], true, "{l}");
            format!("{} {}", v["plies"], v["fen"].as_str().unwrap_or(""))
        })
        .collect();
    assert_eq!(got.len(), 120);
    assert_eq!(got, expected);
}
