//! Properties of network games, in process: any command text gets an answer (never a
//! panic), and whatever sequence of commands the seats send, the stored record replays to
//! exactly the state every seat was shown.

mod net_common;

use std::sync::Arc;

use proptest::prelude::*;
use serde_json::{json, Value};

use chessrules::core::Color;
use chessrules::web::net::{Net, Seat};
use net_common::TempDir;

const SEATS: [Seat; 3] = [
    Seat::Player(Color::White),
    Seat::Player(Color::Black),
    Seat::Spectator,
];

fn view_json(net: &Arc<Net>, id: u64, seat: Seat) -> Value {
    let game = net.game(id).expect("game");
    serde_json::to_value(net.view(&game, seat).expect("view")).expect("json")
}

/// One step of random play: `pick` chooses the sender, the kind of command and its details.
fn step(net: &Arc<Net>, id: u64, pick: &[u64; 4]) {
    let game = net.game(id).expect("game");
    let seat = SEATS[(pick[0] % 3) as usize];
    let view = view_json(net, id, seat);
    let (frame, _) = match pick[1] % 10 {
        // Mostly real moves of the side to move's pieces.
        0..=6 => {
            let mover = view["to_move"].as_str().unwrap_or("white").to_string();
            let squares: Vec<String> = view["cells"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|c| c["piece"]["color"] == mover.as_str())
                .filter_map(|c| c["square"].as_str().map(str::to_string))
                .collect();
            if view["placement"].is_string() {
                let what = ["D", "M", "..."][(pick[2] % 3) as usize];
                let square = format!(
                    "{}{}",
                    (b'a' + (pick[3] % 8) as u8) as char,
                    3 + pick[3] % 4
                );
                let text = if what == "..." {
                    what.to_string()
                } else {
                    format!("{what}{square}")
                };
                net.answer(
                    &game,
                    seat,
                    &json!({ "type": "play", "text": text }).to_string(),
                )
            } else if squares.is_empty() {
                net.answer(&game, seat, r#"{"type":"state"}"#)
            } else {
                let from = &squares[(pick[2] as usize) % squares.len()];
                let (t, _) = net.answer(
                    &game,
                    seat,
                    &json!({ "type": "targets", "from": from }).to_string(),
                );
                let t: Value = serde_json::from_str(&t).unwrap_or_default();
                let targets = t["targets"].as_array().cloned().unwrap_or_default();
                match targets.get((pick[3] as usize) % targets.len().max(1)) {
                    Some(target) => net.answer(
                        &game,
                        seat,
                        &json!({ "type": "play", "text": target["text"] }).to_string(),
                    ),
                    None => net.answer(&game, seat, r#"{"type":"state"}"#),
                }
            }
        }
        7 => {
            let action = [
                "offer_draw",
                "accept_draw",
                "decline_draw",
                "claim_draw",
                "resign",
            ][(pick[2] % 5) as usize];
            // Resigning ends the game: rarely.
            let action = if action == "resign" && !pick[3].is_multiple_of(4) {
                "offer_draw"
            } else {
                action
            };
            net.answer(
                &game,
                seat,
                &json!({ "type": "action", "action": action }).to_string(),
            )
        }
        8 => net.answer(
            &game,
            seat,
            &json!({ "type": "step", "to": pick[2] % 5 }).to_string(),
        ),
        _ => net.answer(
            &game,
            seat,
            &json!({ "type": "play", "from": "e2", "to": "e4" }).to_string(),
        ),
    };
    let v: Value = serde_json::from_str(&frame).expect("every answer is JSON");
    assert!(["ack", "error", "targets", "state"].contains(&v["type"].as_str().unwrap_or("")));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn any_command_text_gets_an_answer(texts in prop::collection::vec(".{0,300}", 1..20)) {
        let net = Net::memory().expect("store");
        let (id, seats) = net.create("obstacle", None, None).expect("create");
        let game = net.game(id).expect("game");
        for (i, t) in texts.iter().enumerate() {
            let seat = SEATS[i % 3];
            let (frame, _) = net.answer(&game, seat, t);
            let v: Value = serde_json::from_str(&frame).expect("JSON answer");
            prop_assert!(v["type"].is_string());
        }
        prop_assert!(seats.seat_of(&seats.black) == Some(Seat::Player(Color::Black)));
    }

    #[test]
    fn the_stored_record_replays_to_what_every_seat_was_shown(
        variant in prop::sample::select(vec!["standard", "obstacle", "fairy", "pawnrace"]),
        picks in prop::collection::vec(prop::array::uniform4(any::<u64>()), 1..40),
    ) {
        let dir = TempDir::new(&format!("net-props-{}", picks[0][0] % 1_000_000));
        let net = Net::open(&dir.db()).expect("store");
        let (id, _) = net.create(variant, None, None).expect("create");
        for pick in &picks {
            step(&net, id, pick);
        }
        // The next server on the same file (the first one stopped): the game replayed from
        // the record shows every seat what the first one did.
        let shown: Vec<_> = SEATS.iter().map(|&seat| view_json(&net, id, seat)).collect();
        drop(net);
        let reopened = Net::open(&dir.db()).expect("store");
        for (seat, before) in SEATS.iter().zip(shown) {
            prop_assert_eq!(view_json(&reopened, id, *seat), before);
        }
    }
}
