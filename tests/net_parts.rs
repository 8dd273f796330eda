//! Issue 70: network games of variants whose moves have two parts (S-chess's gating, duck
//! chess's duck) or that begin with a placement setup: each seat plays its moves in
//! Fairy-Stockfish's text, the other seat and the spectator see them, and a move missing its
//! second part or out of the setup's order is refused with the position unchanged.

mod net_common;

use chessrules::notation::{coordinate, fen};
use chessrules::variants::custom::builtin;
use net_common::{create, Client, Server, TempDir};
use serde_json::Value;

async fn seats(addr: &str, variant: &str) -> (Client, Client, Client) {
    let links = create(addr, variant);
    let mut out = Vec::new();
    for token in [&links.white, &links.black, &links.spectator] {
        let mut c = Client::connect(addr, links.id, token)
            .await
            .expect("connects");
        c.state_at(0).await;
        out.push(c);
    }
    let mut it = out.into_iter();
    let (a, b, c) = (it.next(), it.next(), it.next());
    (a.expect("white"), b.expect("black"), c.expect("spectator"))
}

/// Plays `moves` in turn from White, each acknowledged; returns the spectator's last state.
async fn play_all(
    white: &mut Client,
    black: &mut Client,
    spectator: &mut Client,
    moves: &[&str],
) -> Value {
    let mut last = Value::Null;
    for (ply, text) in moves.iter().enumerate() {
        let mover = if ply.is_multiple_of(2) {
            &mut *white
        } else {
            &mut *black
        };
        let answer = mover.play(text).await;
        assert_eq!(answer["type"], "ack", "{text}: {answer}");
        last = spectator.state_at(ply as u64 + 1).await;
    }
    last
}

/// The FEN the library gives after `moves` from `variant`'s start.
fn library_fen(variant: &str, moves: &[&str]) -> String {
    let v = &builtin::by_name(variant).expect("shipped").variant;
    let mut pos = v.start_position().expect("start");
    for text in moves {
        let m = coordinate::parse(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(m);
    }
    fen::write(&pos)
}

/// Plays `moves` over the network in `variant`: every seat sees the library's position after
/// them; then `refused`, by the side to move, is refused, and `next`, played instead, leads
/// to the library's position after `moves` and `next` (the refusal changed nothing).
async fn network_game(variant: &str, moves: &[&str], refused: &str, next: &str) {
    let dir = TempDir::new(&format!("net-parts-{variant}"));
    let server = Server::start(&dir.db());
    let (mut white, mut black, mut spectator) = seats(&server.addr, variant).await;
    let state = play_all(&mut white, &mut black, &mut spectator, moves).await;
    assert_eq!(
        state["view"]["fen"],
        Value::from(library_fen(variant, moves)),
        "{state}"
    );
    assert_eq!(state["view"]["length"], Value::from(moves.len()));
    let mover = if moves.len().is_multiple_of(2) {
        &mut white
    } else {
        &mut black
    };
    let answer = mover.play(refused).await;
    assert_eq!(answer["type"], "error", "{refused}: {answer}");
    let answer = mover.play(next).await;
    assert_eq!(answer["type"], "ack", "{next}: {answer}");
    let after = spectator.state_at(moves.len() as u64 + 1).await;
    let all: Vec<&str> = moves.iter().copied().chain([next]).collect();
    assert_eq!(
        after["view"]["fen"],
        Value::from(library_fen(variant, &all))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn seirawan_gated_moves_cross_the_network() {
    // Gated moves (the hawk in where the knight left, the elephant behind Black's knight),
    // then a gated castling is refused while a bishop blocks it.
    network_game(
        "seirawan",
        &["g1f3h", "b8c6e", "e2e4", "d7d5"],
        "e1g1h",
        "f1b5e",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn duck_moves_carry_the_duck_across_the_network() {
    // Every move with its duck; a move without one is refused.
    network_game(
        "duck",
        &["e2e4,e4d5", "e7e5,e5d4", "g1f3,f3c3"],
        "b8c6",
        "b8c6,c6e3",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn placement_drops_cross_the_network_and_a_board_move_waits() {
    // The setup's drops (a king and rook earning castling); a pawn move while pieces wait in
    // hand is refused.
    network_game(
        "placement",
        &["K@e1", "K@e8", "R@h1", "R@a8"],
        "e2e4",
        "Q@d1",
    )
    .await;
}
