//! The variants: each is its rules as data plus its file formats and notation.
//!
//! Each variant is one folder. Everything above them is written once over one family of
//! traits: [`Game`] (legal moves, make/unmake, key, ends, evaluation, move text: what the
//! search, the finder and perft need) and [`table::Table`] (a game at the table seen from one
//! seat: what the page, the network game and the terminal need). [`registry`] is the one place
//! that names every variant: from a [`VariantId`] and a board file to either.

pub mod chess960;
pub mod core_game;
pub mod custom;
pub mod fairy;
pub mod follow;
pub mod obstacle;
pub mod pawnrace;
pub mod pieces;
pub mod reach;
pub mod registry;
pub mod seat;
pub mod standard;
pub mod strict;
pub mod terrain;
