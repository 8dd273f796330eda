//! The names of the variants: one enum, so that no code matches variant names as strings.
//! Its names are what the page, the network protocol and the game store write; `FromStr` also
//! takes the aliases people type (`chess`, `fairychess`, `obstacleChess`, …), in any case.

use std::fmt;
use std::str::FromStr;

/// A variant this program plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VariantId {
    /// FIDE chess.
    Standard,
    /// Chess960 (Fischer random): FIDE chess from one of 960 start positions.
    Chess960,
    /// Fairy chess 10×10 (the course's five fairy pieces).
    Fairy,
    /// Obstacle chess: FIDE chess with walls, trapdoors and mines.
    Obstacle,
    /// FollowChess on any rectangle up to 26 files.
    Follow,
    /// Pawn race: pawns only.
    PawnRace,
    /// A variant read from a variant file (TOML).
    Custom,
}

impl VariantId {
    /// Every variant, in the page's menu order.
    pub const ALL: [VariantId; 7] = [
        VariantId::Standard,
        VariantId::Chess960,
        VariantId::Fairy,
        VariantId::Obstacle,
        VariantId::Follow,
        VariantId::PawnRace,
        VariantId::Custom,
    ];

    /// The name written in files, URLs and the store (`pawnrace`, not `PawnRace`).
    pub fn name(self) -> &'static str {
        match self {
            VariantId::Standard => "standard",
            VariantId::Chess960 => "chess960",
            VariantId::Fairy => "fairy",
            VariantId::Obstacle => "obstacle",
            VariantId::Follow => "follow",
            VariantId::PawnRace => "pawnrace",
            VariantId::Custom => "custom",
        }
    }

    /// Other names people use for it.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            VariantId::Standard => &["chess", "fide", "classical", "normal"],
            VariantId::Chess960 => &["fischerandom", "fischer-random", "960"],
            VariantId::Fairy => &["fairychess", "fairy10x10"],
            VariantId::Obstacle => &["obstaclechess"],
            VariantId::Follow => &["followchess"],
            VariantId::PawnRace => &["pawn-race", "pawn_race"],
            VariantId::Custom => &["variant-file", "variant_file"],
        }
    }

    /// The variant's name in a sentence.
    pub fn title(self) -> &'static str {
        match self {
            VariantId::Standard => "Standard chess",
            VariantId::Chess960 => "Chess960",
            VariantId::Fairy => "Fairy chess 10×10",
            VariantId::Obstacle => "Obstacle chess",
            VariantId::Follow => "FollowChess",
            VariantId::PawnRace => "Pawn race",
            VariantId::Custom => "Variant file",
        }
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name no variant has, with the names there are: the nearest one when a name is close (a
/// misspelling), and the whole list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{name}'{}; the variants are: {}", .nearest.as_ref().map(|n| format!(" (did you mean '{n}'?)")).unwrap_or_default(), .known.join(", "))]
pub struct UnknownVariant {
    /// The name given.
    pub name: String,
    /// The known name nearest to it, when it is close enough to be a misspelling.
    pub nearest: Option<String>,
    /// Every name that would have been understood (not the aliases).
    pub known: Vec<String>,
}

impl UnknownVariant {
    /// `name` is none of `known`: the error, with the nearest of `candidates` (the names and
    /// their aliases) when it is within a few edits.
    pub fn among<'a>(
        name: &str,
        known: Vec<String>,
        candidates: impl IntoIterator<Item = &'a str>,
    ) -> UnknownVariant {
        let wanted = name.trim().to_ascii_lowercase();
        let nearest = candidates
            .into_iter()
            .map(|c| (edit_distance(&wanted, &c.to_ascii_lowercase()), c))
            .filter(|(d, c)| *d <= (c.len() / 3).max(2))
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| c.to_string());
        UnknownVariant {
            name: name.to_string(),
            nearest,
            known,
        }
    }
}

/// Levenshtein distance between two names (short: a row of the table at a time).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

impl FromStr for VariantId {
    type Err = UnknownVariant;

    fn from_str(text: &str) -> Result<VariantId, UnknownVariant> {
        let wanted = text.trim().to_ascii_lowercase();
        VariantId::ALL
            .into_iter()
            .find(|v| v.name() == wanted || v.aliases().contains(&wanted.as_str()))
            .ok_or_else(|| {
                UnknownVariant::among(
                    text,
                    VariantId::ALL
                        .iter()
                        .map(|v| v.name().to_string())
                        .collect(),
                    VariantId::ALL
                        .iter()
                        .flat_map(|v| std::iter::once(v.name()).chain(v.aliases().iter().copied())),
                )
            })
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
    fn names_and_aliases_parse_back_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for v in VariantId::ALL {
            assert_eq!(v.name().parse(), Ok(v));
            assert_eq!(v.name().to_uppercase().parse(), Ok(v));
            assert!(seen.insert(v.name()));
            for a in v.aliases() {
                assert_eq!(a.parse(), Ok(v), "{a}");
                assert!(seen.insert(a), "{a} names two variants");
            }
        }
        let e = "xiangqi"
            .parse::<VariantId>()
            .expect_err("a file, not a built-in");
        assert_eq!((e.name.as_str(), e.nearest.as_deref()), ("xiangqi", None));
        let e = "standrad".parse::<VariantId>().expect_err("misspelt");
        assert_eq!(e.nearest.as_deref(), Some("standard"));
        assert!(e.to_string().starts_with(
            "unknown variant 'standrad' (did you mean 'standard'?); the variants are: standard, "
        ));
    }

    #[test]
    fn serde_writes_and_reads_the_name() {
        let text = serde_json::to_string(&VariantId::PawnRace).unwrap();
        assert_eq!(text, "\"pawnrace\"");
        let back: VariantId = serde_json::from_str("\"obstacleChess\"").unwrap();
        assert_eq!(back, VariantId::Obstacle);
    }
}
