//! Fairy-Stockfish's keys of the reversi family and ataxx (`flipEnclosedPieces`,
//! `enclosingDrop`, `enclosingDropStart`, `freeDrops`) and of their ends
//! (`stalematePieceCount`, `materialCounting = unweighted`, `adjudicateFullBoard`): read from a
//! section or a shipped parent, written as `[rules] flip`, `drop_only`, `drop_start`,
//! `free_drops` and `[end] stalemate = "count"`, `material_count = "pieces"`, `full_board`.

use std::fmt::Write;

use super::apply::Why;
use super::emit::{bool_line, quote, square_name};
use super::region::{self, Region};
use crate::variants::custom::schema::VariantDoc;

/// The keys' values, as Fairy-Stockfish spells them.
#[derive(Clone, Debug)]
pub struct Enclosing {
    /// `flipEnclosedPieces`: `none`, `reversi`, `ataxx`, `quadwrangle`.
    pub flip: String,
    /// `enclosingDrop`: `none`, `reversi`, `ataxx`, `snort` (or one we lack).
    pub drop: String,
    /// `enclosingDropStart`, absolute squares.
    pub drop_start: Region,
    pub free_drops: bool,
    pub stalemate_piece_count: bool,
    /// `materialCounting`: `none` or `unweighted` (or one we lack).
    pub material_counting: String,
    pub adjudicate_full_board: bool,
}

impl Default for Enclosing {
    fn default() -> Enclosing {
        Enclosing {
            flip: "none".into(),
            drop: "none".into(),
            drop_start: Region::default(),
            free_drops: false,
            stalemate_piece_count: false,
            material_counting: "none".into(),
            adjudicate_full_board: false,
        }
    }
}

/// Our words for Fairy-Stockfish's: (its `flipEnclosedPieces`, our `flip`) and (its
/// `enclosingDrop`, our `drop_only`).
const FLIPS: &[(&str, &str)] = &[
    ("reversi", "enclosed"),
    ("ataxx", "adjacent"),
    ("quadwrangle", "adjacent-if-joined"),
];
const DROPS: &[(&str, &str)] = &[
    ("reversi", "enclosing"),
    ("ataxx", "next-to-own"),
    ("snort", "away-from-other"),
    ("top", "on-top"),
    ("anyside", "from-any-side"),
];

fn theirs(table: &[(&'static str, &str)], ours: &str) -> Option<&'static str> {
    table.iter().find(|(_, o)| *o == ours).map(|(t, _)| *t)
}

impl Enclosing {
    /// A shipped file's keys.
    pub fn from_shipped(doc: &VariantDoc) -> Result<Enclosing, String> {
        let (r, e) = (&doc.rules, &doc.end);
        let word = |key: &Option<toml::Spanned<String>>| key.as_ref().map(|k| k.get_ref().clone());
        let mut out = Enclosing::default();
        if let Some(flip) = word(&r.flip) {
            out.flip = theirs(FLIPS, &flip).ok_or("flip")?.into();
        }
        if let Some(drop) = word(&r.drop_only) {
            out.drop = theirs(DROPS, &drop).ok_or("drop_only")?.into();
        }
        if let Some(squares) = &r.drop_start {
            for item in squares.get_ref() {
                // A square, or a rectangle between two corners (`d4:e5`).
                let text = item.get_ref();
                let (a, b) = text.split_once(':').unwrap_or((text, text));
                let corner = |t: &str| {
                    region::parse(t)
                        .and_then(|r| r.squares.into_iter().next())
                        .ok_or("drop_start")
                };
                let ((fa, ra), (fb, rb)) = (corner(a)?, corner(b)?);
                for f in fa.min(fb)..=fa.max(fb) {
                    for r in ra.min(rb)..=ra.max(rb) {
                        out.drop_start.squares.insert((f, r));
                    }
                }
            }
        }
        out.free_drops = r.free_drops.as_ref().is_some_and(|f| *f.get_ref());
        out.stalemate_piece_count = word(&e.stalemate).as_deref() == Some("count");
        out.material_counting = match word(&e.material_count).as_deref() {
            None => "none".into(),
            Some("pieces") => "unweighted".into(),
            Some("black-draw-odds") => "blackdrawodds".into(),
            Some("white-draw-odds") => "whitedrawodds".into(),
            Some(other) => return Err(format!("material_count = {other}")),
        };
        out.adjudicate_full_board = e.full_board;
        Ok(out)
    }

    /// Applies one of the keys; `None` where the key is not one of them.
    pub fn apply(&mut self, key: &str, v: &str) -> Option<Result<(), Why>> {
        let boolean = |v: &str| match v {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(Why::Value),
        };
        let known = |table: &[(&str, &str)]| v == "none" || table.iter().any(|(t, _)| *t == v);
        Some(match key {
            "flipEnclosedPieces" if known(FLIPS) => {
                self.flip = v.into();
                Ok(())
            }
            "enclosingDrop" if known(DROPS) => {
                self.drop = v.into();
                Ok(())
            }
            "flipEnclosedPieces" | "enclosingDrop" => Err(Why::Value),
            "enclosingDropStart" => region::parse(v)
                .map(|r| self.drop_start = r)
                .ok_or(Why::Value),
            "freeDrops" => boolean(v).map(|b| self.free_drops = b),
            "stalematePieceCount" => boolean(v).map(|b| self.stalemate_piece_count = b),
            "materialCounting"
                if matches!(v, "none" | "unweighted" | "blackdrawodds" | "whitedrawodds") =>
            {
                self.material_counting = v.into();
                Ok(())
            }
            "materialCounting" => Err(Why::Value),
            "adjudicateFullBoard" => boolean(v).map(|b| self.adjudicate_full_board = b),
            _ => return None,
        })
    }

    /// `[rules]`' lines for a board of `files` × `ranks` (`drops`: the variant drops pieces).
    pub fn rules_lines(&self, rules: &mut String, drops: bool, size: (u32, u32)) {
        if let Some((_, ours)) = FLIPS.iter().find(|(t, _)| *t == self.flip) {
            let _ = writeln!(rules, "flip = {}", quote(ours));
        }
        if !drops {
            // Fairy-Stockfish reads these only for drops.
            return;
        }
        if let Some((_, ours)) = DROPS.iter().find(|(t, _)| *t == self.drop) {
            let _ = writeln!(rules, "drop_only = {}", quote(ours));
            let squares: Vec<String> = self
                .drop_start
                .on_board(size.0, size.1)
                .iter()
                .map(|&(f, r)| quote(&square_name(f, r)))
                .collect();
            if !squares.is_empty() {
                let _ = writeln!(rules, "drop_start = [{}]", squares.join(", "));
            }
        }
        bool_line(rules, "free_drops", self.free_drops);
    }

    /// `[end]`'s `material_count` and `full_board` lines.
    pub fn end_lines(&self, out: &mut String) {
        let ours = match self.material_counting.as_str() {
            "unweighted" => Some("pieces"),
            "blackdrawodds" => Some("black-draw-odds"),
            "whitedrawodds" => Some("white-draw-odds"),
            _ => None,
        };
        if let Some(ours) = ours {
            let _ = writeln!(out, "material_count = \"{ours}\"");
        }
        bool_line(out, "full_board", self.adjudicate_full_board);
    }
}
