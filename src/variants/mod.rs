//! The variants: each is its rules as data plus its file formats and notation.
//!
//! `games` is the thin layer that puts them behind one trait ([`games::VariantGame`]: load a
//! board file with the variant's own errors, list a piece's legal moves in the variant's
//! notation, play a move text, report status, write the board file back) and a registry
//! ([`games::variants`], [`games::load`]), for front ends that serve every variant alike.

pub mod chess960;
pub mod core_game;
pub mod custom;
pub mod fairy;
pub mod follow;
pub mod games;
pub mod id;
pub mod obstacle;
pub mod pawnrace;
pub mod pieces;
pub mod reach;
pub mod registry;
pub mod standard;
pub mod strict;
pub mod terrain;
pub mod variant;

pub use id::{UnknownVariant, VariantId};
pub use variant::{Diagnostic, MoveRefused, Reachable, Terminal, Variant};
