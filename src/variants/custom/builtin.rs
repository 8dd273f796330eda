//! The built-in variants' definitions in the variant-file format, embedded in the binary.

use super::{load_variant_file, CustomVariant, VariantFileError};

pub const STANDARD: &str = include_str!("../../../variants/standard.toml");
pub const FAIRY: &str = include_str!("../../../variants/fairy.toml");
pub const PAWNRACE: &str = include_str!("../../../variants/pawnrace.toml");
pub const CAPABLANCA: &str = include_str!("../../../variants/capablanca.toml");
pub const LOSALAMOS: &str = include_str!("../../../variants/losalamos.toml");
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
