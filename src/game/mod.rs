//! The framework every variant plugs into, below the engine and the variants: the rules trait
//! ([`Game`]: legal moves, make/unmake, key, ends, evaluation, move texts), what the
//! move-sequence finder needs beyond it ([`Reachable`]), the variants' names ([`VariantId`]),
//! how a game ended ([`GameEnd`], its [`Score`]), and the seat view ([`SeatView`]: a game at
//! the table seen from one seat, for the page, the network game and the terminal). It imports
//! only `core` and `notation`.

#![warn(missing_docs)]

pub mod end;
pub mod game_seat_view;
pub mod id;
pub mod rules;
pub mod seat_view;
pub mod zone_edges;

pub use end::{GameEnd, Score};
pub use id::{BoardFormat, Capabilities, UnknownVariant, VariantId};
pub use rules::{Diagnostic, Game, MoveRefused, Reachable, Searchable, Terminal};
pub use seat_view::SeatView;
