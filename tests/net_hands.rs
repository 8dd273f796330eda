//! Issue 67: a variant file with drops, a 26x99 board and 25 kinds held many times in hand.
//! Every seat's and spectator's view used to list every kind on every empty square (4.4 MB of
//! `drops` a view). A view now carries the hands, not their drops: its size does not grow with
//! the hand, and the drops of one kind are asked for as a piece's targets are (`N@`).

mod net_common;

use net_common::{http, Client, Server, TempDir};
use serde_json::{json, Value};

const KINDS: &str = "ABCDEFGHIJLMNOPQRSTUVWXYZ";

/// The drop-heavy variant: kings in two corners, `held` of each of 25 wazir-like kinds in each
/// hand.
fn drop_heavy(held: usize) -> String {
    let pieces: String = KINDS
        .chars()
        .map(|c| format!("[[piece]]\nletter = \"{c}\"\nname = \"piece {c}\"\nbetza = \"W\"\n"))
        .collect();
    let white: String = KINDS
        .chars()
        .flat_map(|c| std::iter::repeat_n(c, held))
        .collect();
    let empty = vec!["26"; 97].join("/");
    format!(
        "name = \"drop-heavy\"\n[board]\nfiles = 26\nranks = 99\n\
         start = \"k25/{empty}/25K[{white}{black}] w - - 0 1\"\n[rules]\ndrops = true\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n{pieces}",
        black = white.to_lowercase()
    )
}

struct Game {
    id: u64,
    white: String,
    black: String,
    spectator: String,
}

fn create(addr: &str, board: &str) -> Game {
    let (status, body) = http(
        addr,
        "POST",
        "/api/net/games",
        Some(&json!({ "variant": "custom", "board": board })),
    );
    assert_eq!(status, 201, "{body}");
    let v: Value = serde_json::from_str(&body).expect("json");
    let token = |seat: &str| {
        let link = v[seat].as_str().expect("link");
        link.split("token=").nth(1).expect("token").to_string()
    };
    Game {
        id: v["id"].as_u64().expect("id"),
        white: token("white"),
        black: token("black"),
        spectator: token("spectator"),
    }
}

/// The first state frame a link receives, as text.
async fn first_state(addr: &str, id: u64, token: &str) -> (Client, String) {
    let mut c = Client::connect(addr, id, token).await.expect("connects");
    c.state_at(0).await;
    let frame = c.frames.last().cloned().expect("a state frame");
    (c, frame)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_view_does_not_grow_with_the_hand_and_drops_are_asked_for_by_kind() {
    let dir = TempDir::new("net-hands");
    let server = Server::start(&dir.db());
    let empty_hands = create(&server.addr, &drop_heavy(0));
    let (_, bare) = first_state(&server.addr, empty_hands.id, &empty_hands.white).await;
    let full = create(&server.addr, &drop_heavy(9));
    let mut sizes = Vec::new();
    let mut clients = Vec::new();
    for token in [&full.white, &full.black, &full.spectator] {
        let (c, frame) = first_state(&server.addr, full.id, token).await;
        let v: Value = serde_json::from_str(&frame).expect("json");
        assert!(v["view"].get("drops").is_none(), "no drops in a view");
        assert_eq!(
            v["view"]["hands"]["white"].as_array().map(Vec::len),
            Some(25)
        );
        sizes.push(frame.len());
        clients.push(c);
    }
    // 25 kinds in each hand add their entries (a few kilobytes), not 25 x 2,572 drops.
    for size in &sizes {
        assert!(
            *size < bare.len() + 8_000,
            "a view of {size} bytes against {} with empty hands",
            bare.len()
        );
    }
    // The mover asks for one kind's drops: every empty square, each written `A@…`.
    let [white, black, spectator]: [Client; 3] = clients.try_into().ok().expect("three");
    let (mut white, mut black, mut spectator) = (white, black, spectator);
    let answer = white
        .command(json!({ "type": "targets", "from": "A@" }))
        .await;
    let targets = answer["targets"].as_array().expect("targets");
    assert_eq!(targets.len(), 26 * 99 - 2);
    assert!(targets
        .iter()
        .all(|t| t["text"].as_str().is_some_and(|s| s.starts_with("A@"))));
    // A kind not in hand, and a spectator's question about the mover's hand.
    let none = white
        .command(json!({ "type": "targets", "from": "K@" }))
        .await;
    assert_eq!(none["targets"], json!([]));
    let seen = spectator
        .command(json!({ "type": "targets", "from": "A@" }))
        .await;
    assert_eq!(seen["targets"].as_array().map(Vec::len), Some(26 * 99 - 2));
    let bad = white
        .command(json!({ "type": "targets", "from": "AB@" }))
        .await;
    assert_eq!(bad["type"], "error", "{bad}");
    // Ten drops, each answered; every view after them still carries no drop list.
    let squares = ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2"];
    for (ply, square) in squares.iter().enumerate() {
        let letter = KINDS.as_bytes()[ply] as char;
        let mover = if ply % 2 == 0 { &mut white } else { &mut black };
        let answer = mover.play(&format!("{letter}@{square}")).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        let state = spectator.state_at(ply as u64 + 1).await;
        assert!(state["view"].get("drops").is_none());
        assert_eq!(state["view"]["last_move"], json!(["@", square]));
    }
}
