//! Variants by name: every name and alias in the records ([`find`]), the key's name for files,
//! URLs and the store ([`VariantId`]'s `Display`, `FromStr` and serde), and the nearest name
//! to a misspelt one.

use std::fmt;
use std::str::FromStr;

use crate::game::{UnknownVariant, VariantId};

use super::record::{all, builtins, record, VariantRecord};

impl VariantId {
    /// The name written in files, URLs and the store (`pawnrace`, not `PawnRace`).
    pub fn name(self) -> &'static str {
        record(self).name
    }

    /// Other names people use for it.
    pub fn aliases(self) -> &'static [&'static str] {
        &record(self).aliases
    }

    /// The variant's name in a sentence.
    pub fn title(self) -> &'static str {
        record(self).title
    }
}

/// The variant a name or alias names: exactly (any case), else as python-chess and lichess
/// write them ("King of the Hill", "Three-check": case, spaces, hyphens and underscores
/// aside). A name no record has is an error with the nearest name, when one is close.
pub fn find(text: &str) -> Result<&'static VariantRecord, UnknownVariant> {
    let wanted = text.trim().to_ascii_lowercase();
    let exactly = |r: &&VariantRecord| r.names().any(|n| n.eq_ignore_ascii_case(&wanted));
    // The built-in names first: they need no shipped file's header read.
    if let Some(builtin) = builtins().iter().find(exactly) {
        return Ok(builtin);
    }
    let exact = all().iter().find(exactly);
    let squeezed_name = squeezed(text);
    exact
        .or_else(|| {
            all()
                .iter()
                .find(|r| r.names().any(|n| squeezed(n) == squeezed_name))
        })
        .ok_or_else(|| UnknownVariant::among(text, names(), all().iter().flat_map(|r| r.names())))
}

/// Every name a user may give for a variant of its own (not `custom`, which a file brings):
/// the built-in variants', then the shipped files'.
pub fn names() -> Vec<String> {
    all()
        .iter()
        .filter(|r| r.id != VariantId::Custom)
        .map(|r| r.name.to_string())
        .collect()
}

/// A name without case, spaces, hyphens or underscores.
fn squeezed(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for VariantId {
    type Err = UnknownVariant;

    fn from_str(text: &str) -> Result<VariantId, UnknownVariant> {
        find(text).map(|r| r.id)
    }
}

impl serde::Serialize for VariantId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for VariantId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<VariantId, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_and_alias_finds_its_record_and_names_one_variant() {
        let mut seen = std::collections::HashSet::new();
        for r in all() {
            assert_eq!(r.id.name(), r.name);
            for n in r.names() {
                assert!(
                    seen.insert(n.to_ascii_lowercase()),
                    "{n} names two variants"
                );
                assert_eq!(find(n).map(|f| f.id), Ok(r.id), "{n}");
                assert_eq!(n.to_uppercase().parse(), Ok(r.id), "{n}");
            }
        }
        assert_eq!(
            find("King of the Hill").map(|r| r.name),
            Ok("kingofthehill")
        );
        assert_eq!(find("Three-check").map(|r| r.name), Ok("3check"));
        assert_eq!(
            "crazyhouse"
                .parse::<VariantId>()
                .map(|v| v.rules_from_file()),
            Ok(true)
        );
        let e = find("standrad").err().expect("misspelt");
        assert_eq!(e.nearest.as_deref(), Some("standard"));
        assert!(e.to_string().starts_with(
            "unknown variant 'standrad' (did you mean 'standard'?); the variants are: standard, "
        ));
    }

    #[test]
    fn serde_writes_and_reads_the_name() {
        let text = serde_json::to_string(&VariantId::PawnRace).expect("a name");
        assert_eq!(text, "\"pawnrace\"");
        let back: VariantId = serde_json::from_str("\"obstacleChess\"").expect("an alias");
        assert_eq!(back, VariantId::Obstacle);
        let zh: VariantId = serde_json::from_str("\"zh\"").expect("a shipped alias");
        assert_eq!(
            serde_json::to_string(&zh).ok().as_deref(),
            Some("\"crazyhouse\"")
        );
    }
}
