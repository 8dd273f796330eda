//! The key of a variant: one enum every game, view and store names its variant by. What a
//! variant is called, its aliases and what it can do are its record's, in the registry
//! (`variants::registry`): the one table of variants, built-in and shipped alike. This file
//! names no variant by its text.

use serde::Serialize;

/// A variant this program plays: the key of its record.
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
    /// A variant read from a variant file (TOML) a user brings.
    Custom,
    /// A variant file shipped with the program (`crazyhouse`, `xiangqi`, …): the index of its
    /// record among the shipped files.
    Shipped(u16),
}

impl VariantId {
    /// The variants with rules of their own, in the page's menu order (the shipped files
    /// follow them in the registry's table).
    pub const ALL: [VariantId; 7] = [
        VariantId::Standard,
        VariantId::Chess960,
        VariantId::Fairy,
        VariantId::Obstacle,
        VariantId::Follow,
        VariantId::PawnRace,
        VariantId::Custom,
    ];

    /// Are its rules read from a variant file (a user's or a shipped one)?
    pub fn rules_from_file(self) -> bool {
        matches!(self, VariantId::Custom | VariantId::Shipped(_))
    }
}

/// How a variant's board is written: what the setup box holds, what `--board` reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardFormat {
    /// One FEN line.
    Fen,
    /// The fairy chess course's board file: a 10×10 grid and its allocation lines.
    FairyBoard,
    /// The obstacle chess course's board file: a grid with walls, trapdoors and mines, and
    /// its state line.
    ObstacleBoard,
    /// The FollowChess course's board file: any rectangle of letters.
    FollowBoard,
    /// The pawn race course's board: an 8×8 grid of pawns.
    PawnRaceBoard,
    /// A variant file (TOML), optionally starting at a `# position: FEN` line.
    VariantFile,
}

/// What a variant can do, as front ends ask it (never by its name).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Capabilities {
    /// Its positions can be given and written as FEN lines.
    pub fen: bool,
    /// Its moves read and write in SAN.
    pub san: bool,
    /// FIDE's claimable draws (threefold, fifty moves) and automatic ones apply.
    pub fide_claims: bool,
    /// A seat may not see everything on the board (obstacle chess's hidden hazards).
    pub hidden_information: bool,
    /// Captured or given pieces are held in hand and dropped.
    pub drops: bool,
    /// Players place obstacles (walls, trapdoors, mines) instead of moving.
    pub placements: bool,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_name_finds_its_nearest() {
        let e = UnknownVariant::among("standrad", vec!["standard".into()], ["standard", "chess"]);
        assert_eq!(e.nearest.as_deref(), Some("standard"));
        let e = UnknownVariant::among("xiangqi", vec!["standard".into()], ["standard", "chess"]);
        assert_eq!(e.nearest, None);
    }
}
