//! The external-engine bridge, with our own `chessrules uci` as the external engine (tests
//! must not need Stockfish).

mod requires;

use std::path::Path;

use chessrules::engine::uci_client::UciClient;
use chessrules::variants::obstacle::uci_bridge::{obstacle_move, BridgeSource};
use chessrules::variants::obstacle::ObstacleMove;
use chessrules::variants::obstacle::{parse_board, ObstacleGame};
use chessrules::variants::standard;

fn ours() -> UciClient {
    UciClient::spawn(Path::new(env!("CARGO_BIN_EXE_chessrules")), &["uci"]).unwrap()
}

#[test]
fn handshake_names_the_engine_and_it_answers_a_legal_move() {
    let mut client = ours();
    assert!(client.name.starts_with("chessrules"), "{}", client.name);
    client.new_game().unwrap();
    let mut pos = standard::start();
    let best = client.best_move(&pos, 50, &[]).unwrap().unwrap();
    assert!(chessrules::notation::coordinate::parse(&mut pos, &best).is_ok());
}

#[test]
fn a_missing_engine_is_an_error_not_a_panic() {
    assert!(UciClient::spawn(Path::new("/nonexistent/engine"), &[]).is_err());
}

const MATE: &str = "......k.\n.....ppp\n........\n........\n........\n........\n.....PPP\nR.....K.\nw 0 0 - - - - - 0\n";

#[test]
fn without_obstacles_the_engine_move_is_taken_as_is() {
    let board = parse_board(MATE.as_bytes()).unwrap();
    let mut client = ours();
    let (_, text, source) = obstacle_move(&mut client, &board, 200).unwrap().unwrap();
    assert_eq!(text, "a1-a8");
    assert_eq!(source, BridgeSource::Engine);
}

#[test]
fn a_move_through_a_wall_is_replaced_by_a_legal_one() {
    // A wall south of a5 closes the a-file: the plain-chess mate Ra8 is illegal here.
    let walled = MATE.replacen(
        "........\n........\n.....PPP",
        "_........\n........\n.....PPP",
        1,
    );
    let board = parse_board(walled.as_bytes()).unwrap();
    let mut client = ours();
    let (m, text, source) = obstacle_move(&mut client, &board, 200).unwrap().unwrap();
    assert_ne!(text, "a1-a8");
    assert_eq!(source, BridgeSource::Retry);
    assert!(matches!(m, ObstacleMove::Piece(_)));
    let mut game = ObstacleGame::new(board);
    game.play(&text).unwrap();
}

#[test]
fn a_bridged_game_never_plays_an_illegal_obstacle_move() {
    let walled = "r...k..r\n........\n........\n._.._.....\n........\n........\n....._...\nR...K..R\nw 0 0 + + + + - 0\n";
    let board = parse_board(walled.as_bytes()).unwrap();
    let mut game = ObstacleGame::new(board);
    let mut client = ours();
    for _ in 0..8 {
        if game.is_over() {
            break;
        }
        let Some((_, text, _)) = obstacle_move(&mut client, game.board(), 30).unwrap() else {
            break;
        };
        game.play(&text).unwrap();
    }
}

#[test]
fn stockfish_through_the_bridge_plays_only_legal_obstacle_moves_if_installed() {
    let path = Path::new("/usr/games/stockfish");
    if !path.exists() {
        requires::missing("/usr/games/stockfish is not installed");
        return;
    }
    let walled = "r...k..r\npppppppp\n........\n._.._.....\n........\n........\nPPPPP_PPP\nR...K..R\nw 0 0 + + + + - 0\n";
    let board = parse_board(walled.as_bytes()).unwrap();
    let mut game = ObstacleGame::new(board);
    let mut client = UciClient::spawn(path, &[]).unwrap();
    for _ in 0..20 {
        if game.is_over() {
            break;
        }
        let Some((_, text, _)) = obstacle_move(&mut client, game.board(), 20).unwrap() else {
            break;
        };
        game.play(&text).unwrap();
    }
}

#[test]
fn a_king_shielded_by_a_wall_is_not_shown_to_the_engine_as_plain_chess() {
    // Black to move; in plain chess White's king on h1 would stand in check from a1 (an
    // illegal chess position that can crash an engine); the wall west of b1 shields it.
    let text = "k.......\n........\n........\n........\n........\n........\n........\nq|......K\nb 0 0 - - - - - 0\n";
    let board = parse_board(text.as_bytes()).unwrap();
    let mut client = ours();
    let (_, text, source) = obstacle_move(&mut client, &board, 50).unwrap().unwrap();
    assert_eq!(source, BridgeSource::Fallback);
    let mut game = ObstacleGame::new(board);
    game.play(&text).unwrap();
}
