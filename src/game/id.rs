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
            VariantId::Standard => &["chess", "fide"],
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

/// A name no variant has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}'")]
pub struct UnknownVariant(pub String);

impl FromStr for VariantId {
    type Err = UnknownVariant;

    fn from_str(text: &str) -> Result<VariantId, UnknownVariant> {
        let wanted = text.trim().to_ascii_lowercase();
        VariantId::ALL
            .into_iter()
            .find(|v| v.name() == wanted || v.aliases().contains(&wanted.as_str()))
            .ok_or_else(|| UnknownVariant(text.to_string()))
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
        assert_eq!(
            "xiangqi".parse::<VariantId>(),
            Err(UnknownVariant("xiangqi".into()))
        );
    }

    #[test]
    fn serde_writes_and_reads_the_name() {
        let text = serde_json::to_string(&VariantId::PawnRace).unwrap();
        assert_eq!(text, "\"pawnrace\"");
        let back: VariantId = serde_json::from_str("\"obstacleChess\"").unwrap();
        assert_eq!(back, VariantId::Obstacle);
    }
}
