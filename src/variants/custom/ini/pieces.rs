//! Fairy-Stockfish's predefined piece types: their ini key, their movement as our Betza reader
//! writes it, in the order Fairy-Stockfish applies piece keys (its `PieceType` order: a later
//! key's letter replaces an earlier one's, as `add_piece` does). `customPiece1`…`customPiece25`
//! come after them and `king` last.

/// (ini key, movement). The list is the one `variants.ini`'s header documents; `pawn`'s double
/// step and en passant are the model's pawn rules, not its movement string.
pub const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "mfWcfF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Predefined types whose Fairy-Stockfish rules go beyond their movement string (the janggi
/// cannon neither hops over nor takes another cannon; the clobber piece belongs to games
/// without chess's ends): a variant that defines one is reported. (The `immobile` piece is an
/// empty movement: a piece that never moves.)
pub const BEYOND_MOVEMENT: &[&str] = &["janggiCannon", "clobber"];

/// The number of custom piece slots.
pub const CUSTOM_SLOTS: usize = 25;

/// The movement of a predefined type.
pub fn betza_of(kind: &str) -> Option<&'static str> {
    if kind == "king" {
        return Some("K");
    }
    PREDEFINED.iter().find(|(k, _)| *k == kind).map(|(_, b)| *b)
}

/// Every piece key in the order Fairy-Stockfish applies them.
pub fn piece_keys() -> Vec<String> {
    let mut keys: Vec<String> = PREDEFINED.iter().map(|(k, _)| k.to_string()).collect();
    keys.extend((1..=CUSTOM_SLOTS).map(|i| format!("customPiece{i}")));
    keys.push("king".to_string());
    keys
}

/// The Fairy-Stockfish type a piece of one of our shipped files stands for, so that the ini's
/// piece keys (`knight = n`, `king = -`) find it: a royal piece is the `king`, a non-royal
/// `king` the `commoner`, xiangqi's names are Fairy-Stockfish's (`advisor` is its `fers`), any
/// other name that is a predefined type is that type (shogi's `fW` pawn and `fN` knight are
/// its `shogiPawn` and `shogiKnight`). A piece no key can name gets its own.
pub fn kind_of_shipped(name: &str, letter: char, royal: bool, betza: &str) -> String {
    let name = name.to_ascii_lowercase();
    if royal {
        return "king".into();
    }
    let mapped = match (name.as_str(), betza) {
        ("king", _) => "commoner",
        ("advisor", _) => "fers",
        ("chariot", _) => "rook",
        ("general", _) => "king",
        ("pawn", "fW") => "shogiPawn",
        ("knight", "fN") => "shogiKnight",
        (other, _) => other,
    };
    if PREDEFINED.iter().any(|(k, _)| *k == mapped) {
        mapped.to_string()
    } else {
        format!("shipped-{letter}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_king_is_last() {
        let keys = piece_keys();
        let set: std::collections::HashSet<_> = keys.iter().collect();
        assert_eq!(set.len(), keys.len());
        assert_eq!(keys.last().map(String::as_str), Some("king"));
        assert_eq!(kind_of_shipped("advisor", 'A', false, "F"), "fers");
        assert_eq!(kind_of_shipped("general", 'K', true, "W"), "king");
        assert_eq!(kind_of_shipped("king", 'K', false, "K"), "commoner");
        assert_eq!(
            kind_of_shipped("drunken soldier", 'D', false, "fW"),
            "shipped-D"
        );
        assert_eq!(kind_of_shipped("pawn", 'P', false, "fW"), "shogiPawn");
        assert_eq!(kind_of_shipped("pawn", 'P', false, "mfWcfF"), "pawn");
    }
}
