//! The local web interface (`chessrules serve`): an axum server with a JSON API over the
//! variants and a single-page app embedded in the binary.

mod assets;
pub mod computer;
// The variants behind one trait live in the library (`variants::games`); the web layer only
// serves them.
pub use crate::variants::games;
pub mod listen;
pub mod net;
pub mod server;
pub mod session;

pub use server::{router, router_with, router_with_engine, serve, serve_with};
