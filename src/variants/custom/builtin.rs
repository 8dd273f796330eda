//! The variant files shipped in `variants/`, embedded in the binary: the built-in variants'
//! definitions (checked against their own tables) and the variants reached by name
//! (`--variant kingofthehill`). Adding a variant here is its file in `variants/`: `build.rs`
//! lists every file there in [`ALL`].

use std::sync::OnceLock;

use super::{load_variant_file, CustomVariant, VariantFileError};
use crate::game::VariantId;

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

include!(concat!(env!("OUT_DIR"), "/shipped_variants.rs"));

/// The embedded definition called `name` (its file name).
pub fn load(name: &str) -> Option<Result<CustomVariant, VariantFileError>> {
    ALL.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| load_variant_file(text))
}

/// A shipped variant file as the variant lists show it: its names and description, read
/// from the file's header; the rules are compiled only for the variant a command opens
/// ([`ShippedFile::open`]), since compiling every file cost each command some 25 million
/// instructions (about 8 ms) whatever variant it played.
#[derive(Debug)]
pub struct ShippedFile {
    /// The file's `name`.
    pub name: String,
    /// The file's `aliases`, as the rules compile them (trimmed, lower case).
    pub aliases: Vec<String>,
    /// The file's `description`.
    pub description: String,
    /// The file's text.
    pub text: &'static str,
    /// Its key among the variants.
    pub id: VariantId,
    /// Does it have hands and drops (`[rules] drops`)?
    pub drops: bool,
    /// May the players place obstacles (`[obstacles]` allowances)?
    pub placements: bool,
    compiled: OnceLock<Option<Shipped>>,
}

/// A shipped variant opened by name: its file's text and names, and the file read.
#[derive(Debug)]
pub struct Shipped {
    /// The file's `name`.
    pub name: String,
    /// The file's `aliases`.
    pub aliases: Vec<String>,
    /// The file's text.
    pub text: &'static str,
    /// Its key among the variants.
    pub id: VariantId,
    /// The file read once.
    pub variant: CustomVariant,
}

/// The part of a variant file the lists need (the rest is left to the compiler).
#[derive(serde::Deserialize)]
struct Header {
    name: String,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    rules: RulesHeader,
    #[serde(default)]
    obstacles: ObstaclesHeader,
}

/// The `[rules]` keys the lists need.
#[derive(Default, serde::Deserialize)]
struct RulesHeader {
    #[serde(default)]
    drops: bool,
}

/// The `[obstacles]` keys that let the players place obstacles.
#[derive(Default, serde::Deserialize)]
struct ObstaclesHeader {
    walls_per_player: Option<i64>,
    trapdoors_per_player: Option<i64>,
    mines_per_player: Option<i64>,
}

impl ShippedFile {
    /// Its name in a menu: the description's title (`Three-check` of `Three-check: …`), or
    /// the name when the description has none.
    pub fn title(&self) -> &str {
        match self.description.split_once(':') {
            Some((title, _)) if !title.trim().is_empty() => title.trim(),
            _ => &self.name,
        }
    }

    /// The variant read from the file, compiled on first use. `None` for a file that does not
    /// read (the test below keeps every shipped file reading).
    pub fn open(&'static self) -> Option<&'static Shipped> {
        self.compiled
            .get_or_init(|| {
                let variant = load_variant_file(self.text).ok()?;
                Some(Shipped {
                    name: variant.name.clone(),
                    aliases: variant.aliases.clone(),
                    text: self.text,
                    id: self.id,
                    variant,
                })
            })
            .as_ref()
    }
}

/// The shipped variants reached by name: every embedded file whose name no built-in variant
/// takes (`standard`, `fairy` and `pawnrace` name built-in variants, and come first in
/// [`ALL`]).
pub fn shipped() -> &'static [ShippedFile] {
    static SHIPPED: OnceLock<Vec<ShippedFile>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        ALL[3..]
            .iter()
            .filter_map(|(_, text)| {
                // A shipped file that does not read is caught by the test below, never here.
                toml::from_str::<Header>(text)
                    .ok()
                    .map(|header| (header, *text))
            })
            .enumerate()
            .map(|(i, (header, text))| {
                let placing = |n: Option<i64>| n.is_some_and(|n| n > 0);
                let o = &header.obstacles;
                ShippedFile {
                    id: VariantId::Shipped(u16::try_from(i).unwrap_or(u16::MAX)),
                    drops: header.rules.drops,
                    placements: placing(o.walls_per_player)
                        || placing(o.trapdoors_per_player)
                        || placing(o.mines_per_player),
                    name: header.name,
                    aliases: header
                        .aliases
                        .iter()
                        .map(|a| a.trim().to_ascii_lowercase())
                        .collect(),
                    description: header.description,
                    text,
                    compiled: OnceLock::new(),
                }
            })
            .collect()
    })
}

/// The shipped variant a name or alias names (any case), read.
pub fn by_name(name: &str) -> Option<&'static Shipped> {
    let wanted = name.trim().to_ascii_lowercase();
    shipped()
        .iter()
        .find(|s| s.name == wanted || s.aliases.contains(&wanted))?
        .open()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_reads_and_names_are_unique() {
        for &(file, text) in ALL {
            let v = load_variant_file(text).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(v.name, file, "a file's name is its file name");
        }
        assert_eq!(shipped().len(), ALL.len() - 3);
        let mut seen = std::collections::HashSet::new();
        for s in shipped() {
            for n in std::iter::once(&s.name).chain(&s.aliases) {
                assert!(seen.insert(n.clone()), "{n} names two variants");
                // No built-in variant takes it: the name finds the file's own record.
                assert_eq!(n.parse::<VariantId>(), Ok(s.id), "{n}");
                assert_eq!(by_name(&n.to_uppercase()).map(|s| &s.name), Some(&s.name));
            }
            // The header the lists read says what the compiled file says.
            let opened = s
                .open()
                .unwrap_or_else(|| panic!("{} does not open", s.name));
            assert_eq!(
                (&opened.name, &opened.aliases, &opened.variant.description),
                (&s.name, &s.aliases, &s.description)
            );
        }
    }

    #[test]
    fn letters_look_kinds_up_as_the_piece_table_spells_them() {
        for &(file, text) in ALL {
            let v = load_variant_file(text).unwrap_or_else(|e| panic!("{file}: {e}"));
            for c in (0..128u8).map(char::from).chain(['é', 'Ж']) {
                // A kind's SAN letter (xiangqi's H and E) reads as the kind where no kind
                // spells it.
                let by_san = v
                    .rules
                    .pieces
                    .iter()
                    .position(|p| !p.plus && p.san_letter == Some(c.to_ascii_uppercase()))
                    .map(|k| k as crate::core::KindId);
                assert_eq!(
                    v.rules.kind_by_letter(c),
                    v.rules.kind_by_spelling(c, false).or(by_san),
                    "{file}: {c:?}"
                );
            }
        }
    }
}
