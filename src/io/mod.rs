//! File input/output shared by every command: inputs are read with a size limit, output files
//! are written whole or not at all.
pub mod atomic;
pub mod compressed;
pub mod destination;
pub mod input;
