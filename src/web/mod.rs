//! The local web interface (`chessrules serve`): an axum server with a JSON API over the
//! variants and a single-page app embedded in the binary.

mod assets;
pub mod computer;
pub mod games;
pub mod server;
pub mod session;

pub use server::{router, router_with_engine, serve, serve_with_engine};
