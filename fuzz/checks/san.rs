//! SAN: the first byte picks a position, the rest is a move text. A text the parser accepts
//! names a legal move whose own SAN parses back to the same move; and every legal move's SAN
//! is accepted (SAN produced is SAN accepted).
use chessrules::notation::{fen, san};
use chessrules::variants::standard;

/// Positions with castling, en passant, promotions (with capture), checks and ambiguities.
const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "4k3/8/8/2pP4/8/1N3N2/8/N3K2N w - c6 0 2",
];

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let fen_text = POSITIONS[pick as usize % POSITIONS.len()];
    let mut pos = fen::parse(standard::rules(), fen_text).expect("fixed FEN");
    let key = pos.key();
    let text = String::from_utf8_lossy(rest);
    if let Ok(m) = san::parse(&mut pos, &text) {
        assert!(
            pos.legal_move_list().contains(&m),
            "{text:?} gave an illegal move"
        );
        let written = san::to_san(&mut pos, m);
        assert_eq!(san::parse(&mut pos, &written).ok(), Some(m), "{written}");
    }
    assert_eq!(pos.key(), key, "parsing changed the position");
    for m in pos.legal_move_list() {
        let written = san::to_san(&mut pos, m);
        assert_eq!(san::parse(&mut pos, &written).ok(), Some(m), "{written}");
    }
}
