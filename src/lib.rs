//! chessrules: reading, validating and playing chess variants from their written rules.
//!
//! Every variant — standard chess, Chess960, fairy chess 10×10, obstacle chess, FollowChess,
//! pawn race and variants read from files — is a [`Game`]: legal moves into your buffer,
//! make/unmake, a hash key, how the game ends, and its moves as text. The [`registry`] opens
//! any of them from its board file by [`VariantId`], as an [`AnyGame`] that is itself a
//! [`Game`].
//!
//! # Open a board, list the legal moves, play a move text
//!
//! ```
//! use chessrules::{registry, Game, VariantId};
//!
//! let start = registry::info(VariantId::Standard).initial;
//! let mut game = registry::open(VariantId::Standard, start)?;
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 20);
//!
//! let e4 = game.parse_move("e4")?;
//! assert_eq!(game.coordinate_text(e4), "e2e4");
//! game.make(e4);
//! assert!(game.board_file().starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Read the outcome
//!
//! [`Searchable::outcome_or_moves`](game::Searchable::outcome_or_moves) says whether the game
//! is over, from the side to move's view (the rules are [`Game`]'s; what a search asks of a
//! game, this among it, is [`Searchable`](game::Searchable)'s):
//!
//! ```
//! use chessrules::game::Searchable;
//! use chessrules::{registry, Game, Terminal, VariantId};
//!
//! let start = registry::info(VariantId::Standard).initial;
//! let mut game = registry::open(VariantId::Standard, start)?;
//! for text in ["f3", "e5", "g4", "Qh4#"] {
//!     let m = game.parse_move(text)?;
//!     game.make(m);
//! }
//! let mut moves = Vec::new();
//! assert_eq!(game.outcome_or_moves(&mut moves), Some(Terminal::Loss)); // White is mated
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Another variant, by name
//!
//! Every name and alias (ours, lichess's, Fairy-Stockfish's, python-chess's) finds the
//! variant's record in the one table, [`registry::all`]; the record says what it can do:
//!
//! ```
//! use chessrules::{registry, Game};
//!
//! let record = registry::find("fairychess")?;
//! let mut game = registry::open(record.id, record.text.initial)?;
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! let first = game.move_text(moves[0]);
//! assert_eq!(game.parse_move(&first)?, moves[0]);
//! assert!(record.finder && !record.capabilities.fen);
//! let zh = registry::find("Crazyhouse")?;
//! assert!(zh.capabilities.drops && zh.capabilities.san);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Validate a PGN
//!
//! ```
//! use chessrules::notation::pgn::PgnReader;
//! use chessrules::variants::standard::replay::{replay, Verdict};
//!
//! let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n";
//! let mut reader = PgnReader::new(pgn.as_bytes());
//! let game = reader.next_game().expect("one game")?;
//! match replay(&game).verdict {
//!     Verdict::Illegal { ply, text, .. } => assert_eq!((ply, text.as_str()), (3, "Ke3")),
//!     other => panic!("{other:?}"),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Where things are
//!
//! - [`core`]: the generic rules engine (boards, pieces as data, positions, legal moves); it
//!   never names a variant.
//! - [`notation`]: coordinates, SAN, FEN, PGN, Betza.
//! - [`game`]: the framework every variant plugs into: the [`Game`] trait, [`VariantId`], the
//!   seat view ([`SeatView`]: a game at the table seen from one seat).
//! - [`engine`]: search, evaluation, perft and the move-sequence finder, over any [`Game`].
//! - [`variants`]: each rule set (its data, file formats and notation), the registry table and
//!   [`AnyGame`].
//! - [`play`]: a game between seats (people, our engine, UCI engines) that the terminal and
//!   the page share.
//! - [`io`]: reading input within limits (whole files, lines, compressed streams) and writing
//!   output files whole or not at all.
//! - `web` (the `server` feature, on by default): the page's server and network games; the
//!   library without it (`default-features = false`, the Python package) builds no server.
#![warn(missing_docs)]

pub mod core;
pub mod engine;
pub mod game;
pub mod io;
pub mod notation;
pub mod play;
pub mod variants;
#[cfg(feature = "server")]
pub mod web;

pub use game::{Diagnostic, Game, MoveRefused, SeatView, Terminal, VariantId};
pub use variants::registry::{self, AnyGame, AnyMove, VariantRecord};
