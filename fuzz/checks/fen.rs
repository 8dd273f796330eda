//! FEN (FIDE rules): accepted text writes back to a FEN that reads back to the same FEN and
//! the same position key; the legal move list and the legal move count agree.
use chessrules::notation::fen;
use chessrules::variants::standard;

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(mut pos) = fen::parse(standard::rules(), &text) else {
        return;
    };
    let written = fen::write(&pos);
    let again = fen::parse(standard::rules(), &written).expect("a written FEN reads back");
    assert_eq!(fen::write(&again), written);
    assert_eq!(again.key(), pos.key());
    let list = pos.legal_move_list().len();
    assert_eq!(pos.legal_move_count(), list);
}
