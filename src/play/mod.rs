//! A game between seats, written once for every variant over the registry's
//! [`SeatView`](crate::game::SeatView): the [`session::Session`] (moves, stepping,
//! resignations and draws, what each seat may see) that the web page, the network game and the
//! terminal play on.

#![warn(missing_docs)]

pub mod session;
pub mod typed;

use crate::core::Color;

/// The computer's seat in one game.
#[derive(Clone, Debug)]
pub struct Computer {
    /// The side the computer plays.
    pub color: Color,
    /// An external UCI engine instead of ours.
    pub external: bool,
    /// Thinking time per move, in milliseconds.
    pub movetime: u64,
}
