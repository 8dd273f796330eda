//! Fairy-Stockfish's `variants.ini` read as variant files (`chessrules variant import`).
//!
//! Each section starts from its parent: an earlier section of the same file, one of
//! Fairy-Stockfish's built-in variants that we ship as a file (`chess` is our `standard`, see
//! [`PARENTS`]), or, without a parent, Fairy-Stockfish's template (chess's rules, no pieces).
//! Its keys are applied to a model of the rules (`apply`) and the model is written as a
//! variant file (`emit`), which must then load. A section with any key that does not map is
//! skipped with those keys, never written in part.

mod apply;
mod castling;
mod emit;
mod enclosing;
mod end;
mod fen;
mod mobility;
mod model;
pub mod parse;
mod pieces;
mod promotion;
mod region;

use std::collections::HashMap;
use std::fmt;

use model::Model;
pub use parse::IniError;

use super::builtin;

/// Fairy-Stockfish's built-in variants that are our shipped files, by its name: (its name, our
/// file, castling as Fairy-Stockfish's differs). `giveaway` is antichess with chess's
/// castling, as Fairy-Stockfish defines it.
pub const PARENTS: &[(&str, &str, bool)] = &[
    ("chess", "standard", false),
    ("crazyhouse", "crazyhouse", false),
    ("atomic", "atomic", false),
    ("antichess", "antichess", false),
    ("giveaway", "antichess", true),
    ("kingofthehill", "kingofthehill", false),
    ("3check", "3check", false),
    ("horde", "horde", false),
    ("racingkings", "racingkings", false),
    ("xiangqi", "xiangqi", false),
    ("capablanca", "capablanca", false),
    ("losalamos", "losalamos", false),
    ("gardner", "gardner", false),
    ("janus", "janus", false),
    ("minishogi", "minishogi", false),
    ("shogi", "shogi", false),
    ("amazons", "amazons", false),
    ("placement", "placement", false),
    ("seirawan", "seirawan", false),
    ("shouse", "shouse", false),
    ("duck", "duck", false),
    ("makruk", "makruk", false),
    ("asean", "asean", false),
    ("ai-wok", "ai-wok", false),
    ("nocheckatomic", "nocheckatomic", false),
    ("pocketknight", "pocketknight", false),
    ("gorogoro", "gorogoro", false),
    ("extinction", "extinction", false),
    ("breakthrough", "breakthrough", false),
    ("grand", "grand", false),
    ("janggi", "janggi", false),
    ("snailtrail", "snailtrail", false),
    ("ataxx", "ataxx", false),
    ("flipersi", "flipersi", false),
    ("flipello", "flipello", false),
    ("flipello10", "flipello10", false),
];

/// Why a variant was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// Keys (each with why, when it is their value) our format cannot say.
    Unsupported(Vec<String>),
    /// The parent is neither an earlier section nor one of our files.
    UnknownParent(String),
    /// The parent is an earlier section that was itself skipped.
    ParentSkipped(String),
    /// The written file did not load (the loader's message).
    DoesNotLoad(String),
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skip::Unsupported(keys) => write!(f, "unsupported keys: {}", keys.join(", ")),
            Skip::UnknownParent(p) => write!(f, "parent {p} is not one of our variants"),
            Skip::ParentSkipped(p) => write!(f, "parent {p} was not imported"),
            Skip::DoesNotLoad(e) => write!(f, "the translation does not load: {e}"),
        }
    }
}

/// One section's outcome: the variant file's text, or why there is none.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The section's name.
    pub name: String,
    /// The variant file's text, or why there is none.
    pub result: Result<String, Skip>,
}

/// The model of a parent named in a section header, from our shipped files.
fn shipped_parent(name: &str) -> Option<Result<Model, String>> {
    let (_, file, castles) = PARENTS.iter().find(|(n, _, _)| *n == name)?;
    let (_, text) = builtin::ALL.iter().find(|(n, _)| n == file)?;
    Some(Model::from_shipped(text).map(|mut m| {
        if *castles {
            m.castling = true;
            m.castling_king = "commoner".into();
            if let Some(mut s) = fen::split(&m.start) {
                s.castling = "KQkq".into();
                m.start = format!(
                    "{} {} {} {} {}",
                    s.board, s.side, s.castling, s.en_passant, s.clocks
                );
            }
        }
        m
    }))
}

/// Reads a `variants.ini` text and translates every section, in file order.
pub fn import(text: &str) -> Result<Vec<Imported>, IniError> {
    let mut out = Vec::new();
    import_each(text, |v| {
        out.push(v);
        std::ops::ControlFlow::<()>::Continue(())
    })?;
    Ok(out)
}

/// [`import`] one section at a time: `take` gets each section's outcome as soon as it is
/// made (nothing is kept for a section once it is handed on, but the model of a section a
/// later one names as its parent, until that later one is read) and may stop the import.
/// What `take` stopped with, if it did.
pub fn import_each<B>(
    text: &str,
    mut take: impl FnMut(Imported) -> std::ops::ControlFlow<B>,
) -> Result<Option<B>, IniError> {
    let sections = parse::parse(text)?;
    // How many sections still to come name each section as their parent: a model is kept
    // only while one does.
    let mut children: HashMap<&str, usize> = HashMap::new();
    for s in &sections {
        if let Some(p) = &s.parent {
            *children.entry(p.as_str()).or_default() += 1;
        }
    }
    let mut done: HashMap<String, Option<Model>> = HashMap::new();
    for s in &sections {
        let base = match &s.parent {
            None => Ok(Model::template()),
            Some(p) => {
                let left = children.get_mut(p.as_str()).map(|n| {
                    *n -= 1;
                    *n
                });
                // The last child takes the parent's model; earlier ones a copy.
                let parent = match left {
                    Some(0) => done.remove(p),
                    _ => done.get(p).cloned(),
                };
                match parent {
                    Some(Some(m)) => Ok(m),
                    Some(None) => Err(Skip::ParentSkipped(p.clone())),
                    None => match shipped_parent(p) {
                        Some(Ok(m)) => Ok(m),
                        Some(Err(why)) => Err(Skip::DoesNotLoad(format!("parent {p}: {why}"))),
                        None => Err(Skip::UnknownParent(p.clone())),
                    },
                }
            }
        };
        let result = base.and_then(|mut m| {
            let bad = apply::apply(&mut m, s);
            if !bad.is_empty() {
                return Err(Skip::Unsupported(bad));
            }
            let parent = s.parent.as_deref().unwrap_or("Fairy-Stockfish's template");
            let text = emit::emit(&s.name, parent, &m).map_err(Skip::Unsupported)?;
            super::load_variant_file(&text).map_err(|e| Skip::DoesNotLoad(e.to_string()))?;
            Ok((m, text))
        });
        let (model, result) = match result {
            Ok((m, text)) => (Some(m), Ok(text)),
            Err(skip) => (None, Err(skip)),
        };
        if children.get(s.name.as_str()).is_some_and(|&n| n > 0) {
            // A skipped parent is remembered as skipped (its children say so), with no model.
            done.insert(s.name.clone(), model);
        }
        if let std::ops::ControlFlow::Break(b) = take(Imported {
            name: s.name.clone(),
            result,
        }) {
            return Ok(Some(b));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests;
