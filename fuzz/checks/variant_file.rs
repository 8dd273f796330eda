//! Variant files (src/variants/custom): an accepted file gives a start position (or a FEN
//! error), whose legal move list and legal move count agree, and every move makes and
//! unmakes back to the same key.
use chessrules::variants::custom::load_variant_file;

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(variant) = load_variant_file(&text) else {
        return;
    };
    let Ok(mut pos) = variant.start_position() else {
        return;
    };
    let key = pos.key();
    let moves = pos.legal_move_list();
    assert_eq!(pos.legal_move_count(), moves.len());
    for m in moves.into_iter().take(64) {
        let undo = pos.make(m);
        let _ = pos.legal_move_count();
        pos.unmake(m, undo);
        assert_eq!(pos.key(), key);
    }
}
