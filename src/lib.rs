//! chessrules: reading, validating and playing chess variants from their written rules.
//!
//! `core` is the generic rules engine (it never names a variant); `variants` holds each rule
//! set as data plus its file formats; `notation` holds the move and position texts; `play` is
//! a game between seats (people, our engine, UCI engines) that the terminal and the web page
//! share.
pub mod core;
pub mod engine;
pub mod game;
pub mod io;
pub mod notation;
pub mod play;
pub mod variants;
pub mod web;
