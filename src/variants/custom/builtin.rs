//! The built-in variants' definitions in the variant-file format, embedded in the binary.

use super::{load_variant_file, CustomVariant, VariantFileError};

/// FIDE chess (`variants/standard.toml`); the built-in standard rules are checked against it.
pub const STANDARD: &str = include_str!("../../../variants/standard.toml");
/// Fairy chess 10×10 (`variants/fairy.toml`); the built-in fairy piece table is checked
/// against it.
pub const FAIRY: &str = include_str!("../../../variants/fairy.toml");
/// Pawn race on 8×8 (`variants/pawnrace.toml`).
pub const PAWNRACE: &str = include_str!("../../../variants/pawnrace.toml");
/// Capablanca chess, 10×8, with archbishop and chancellor (`variants/capablanca.toml`).
pub const CAPABLANCA: &str = include_str!("../../../variants/capablanca.toml");
/// Los Alamos chess, 6×6 without bishops (`variants/losalamos.toml`).
pub const LOSALAMOS: &str = include_str!("../../../variants/losalamos.toml");
/// FIDE chess with fixed walls, a trapdoor and a mine (`variants/walled.toml`).
pub const WALLED: &str = include_str!("../../../variants/walled.toml");

/// Every embedded definition by name.
pub const ALL: [(&str, &str); 6] = [
    ("standard", STANDARD),
    ("fairy", FAIRY),
    ("pawnrace", PAWNRACE),
    ("capablanca", CAPABLANCA),
    ("losalamos", LOSALAMOS),
    ("walled", WALLED),
];

/// The embedded definition called `name`.
pub fn load(name: &str) -> Option<Result<CustomVariant, VariantFileError>> {
    ALL.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| load_variant_file(text))
}
