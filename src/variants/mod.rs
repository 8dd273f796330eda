//! The rule sets: each variant is one folder with its rules as data, its file formats and its
//! notation, implementing the traits of [`crate::game`]. [`registry`] is the one table that
//! names every variant: its facts, its capabilities and how to open it; [`any_game`] is a
//! game of any of them as one type.

#![warn(missing_docs)]

pub mod any_game;
pub mod chess960;
pub mod connect;
pub mod core_game;
pub mod core_table;
pub mod counting;
pub mod custom;
pub mod dead_position;
pub mod extinction;
pub mod fairy;
pub mod follow;
pub mod goal_eval;
pub mod mate_rules;
pub mod obstacle;
pub mod pawnrace;
pub mod pieces;
pub mod reach;
pub mod registry;
pub mod repetition;
pub mod seat;
pub mod standard;
pub mod strict;
pub mod terrain;
