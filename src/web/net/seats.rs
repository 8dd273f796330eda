//! Who a connection is: White's seat, Black's seat or a spectator, by the token in its link.

use crate::core::Color;

use super::token::{new_token, same};
use crate::play::session::Viewer;

/// Who a link opens the game as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A player of this colour.
    Player(Color),
    /// A spectator.
    Spectator,
}

impl Seat {
    /// `white`, `black` or `spectator`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Player(Color::White) => "white",
            Seat::Player(Color::Black) => "black",
            Seat::Spectator => "spectator",
        }
    }

    /// The seat a name names.
    pub fn parse(text: &str) -> Option<Seat> {
        match text {
            "white" => Some(Seat::Player(Color::White)),
            "black" => Some(Seat::Player(Color::Black)),
            "spectator" => Some(Seat::Spectator),
            _ => None,
        }
    }

    /// What this seat may see of hidden trapdoors and mines: a player their own, a
    /// spectator none (until the game is over, when the session shows everything).
    pub fn viewer(self) -> Viewer {
        match self {
            Seat::Player(c) => Viewer::Player(c),
            Seat::Spectator => Viewer::Nobody,
        }
    }
}

/// The three tokens of one game.
/// The tokens of a game's three links.
#[derive(Clone, Debug)]
pub struct Seats {
    /// White's token.
    pub white: String,
    /// Black's token.
    pub black: String,
    /// The spectators' token.
    pub spectator: String,
}

impl Seats {
    /// Three new random tokens (128 bits each).
    pub fn generate() -> Result<Seats, String> {
        Ok(Seats {
            white: new_token()?,
            black: new_token()?,
            spectator: new_token()?,
        })
    }

    /// The seat a token opens, if any (every token is compared, in constant time).
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        let w = same(token, &self.white);
        let b = same(token, &self.black);
        let s = same(token, &self.spectator);
        if w {
            Some(Seat::Player(Color::White))
        } else if b {
            Some(Seat::Player(Color::Black))
        } else if s {
            Some(Seat::Spectator)
        } else {
            None
        }
    }
}
