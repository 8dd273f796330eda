//! SAN: every legal move of many random positions written and read back, the text compared
//! with an independent implementation (shakmaty, a dev-dependency used as an oracle only),
//! and the parser fed arbitrary text.

use chessrules::core::{Move, Position};
use chessrules::notation::{coordinate, fen, san};
use chessrules::variants::standard;
use proptest::prelude::*;
use shakmaty::{fen::Fen, san::SanPlus, uci::UciMove, CastlingMode, Chess};

/// Reproducible pseudo-random numbers (xorshift64*).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1) as u64) as usize
    }
}

/// Positions along random games from a few start positions.
fn random_positions(games: usize) -> Vec<Position> {
    let starts = [
        standard::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        "1Q5Q/8/8/3k4/8/8/8/Q1Q1K3 w - - 0 1",
    ];
    let mut rng = Rng(0x5EED);
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = standard::from_fen(starts[g % starts.len()]).unwrap();
        for _ in 0..60 {
            out.push(pos.clone());
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.make(m);
        }
    }
    out
}

fn oracle_san(pos: &Position, m: Move) -> String {
    let chess: Chess = Fen::from_ascii(fen::write(pos).as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let uci = coordinate::to_uci(pos, m);
    let um = UciMove::from_ascii(uci.as_bytes()).unwrap();
    let sm = um.to_move(&chess).unwrap();
    SanPlus::from_move(chess, sm).to_string()
}

#[test]
fn san_round_trip_and_oracle_agreement_for_every_legal_move() {
    let mut checked = 0;
    for mut pos in random_positions(60) {
        for m in pos.legal_move_list() {
            let text = san::to_san(&mut pos, m);
            assert_eq!(
                san::parse(&mut pos, &text),
                Ok(m),
                "{text} in {}",
                fen::write(&pos)
            );
            assert_eq!(text, oracle_san(&pos, m), "in {}", fen::write(&pos));
            // Coordinates name the same move.
            let uci = coordinate::to_uci(&pos, m);
            assert_eq!(san::parse(&mut pos, &uci), Ok(m), "{uci}");
            checked += 1;
        }
    }
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn disambiguation_needs_both_file_and_rank_when_either_alone_is_ambiguous() {
    // Knights on a1, a5 and c1 all reach b3: a1 shares its file with a5, its rank with c1.
    let mut pos = standard::from_fen("4k3/8/8/N7/8/8/8/N1N1K3 w - - 0 1").unwrap();
    let shape = pos.rules().shape.clone();
    let moves: Vec<Move> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| shape.name(m.to) == "b3")
        .collect();
    let mut texts: Vec<String> = moves.iter().map(|&m| san::to_san(&mut pos, m)).collect();
    texts.sort();
    assert_eq!(texts, ["N5b3", "Na1b3", "Ncb3"]);
}

proptest! {
    #[test]
    fn san_parser_never_panics(text in "\\PC{0,12}") {
        let mut pos = standard::start();
        let _ = san::parse(&mut pos, &text);
    }

    #[test]
    fn san_parser_never_panics_on_move_shaped_text(
        text in "[KQRBNPO0a-iKx=+#1-9-]{1,8}"
    ) {
        let mut pos = standard::from_fen(
            "r3k2r/1P4P1/8/2Pp4/8/8/6p1/R3K2R w KQkq d6 0 1"
        ).unwrap();
        let _ = san::parse(&mut pos, &text);
    }
}
