//! The local web interface (`chessrules serve`): an axum server with a JSON API over the
//! variants and a single-page app embedded in the binary.

mod address;
mod assets;
pub mod computer;
pub mod listen;
pub mod net;
pub mod server;

pub use server::{router, router_with, router_with_engine, serve, serve_with};
