//! File input/output shared by every command: output files are written whole or not at all.
pub mod atomic;
