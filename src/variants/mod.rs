//! The variants: each is its rules as data plus its file formats and notation.

pub mod custom;
pub mod fairy;
pub mod follow;
pub mod obstacle;
pub mod pawnrace;
pub mod pieces;
pub mod standard;
pub mod strict;
