//! The generic rules core: rectangles, a padded mailbox, a piece table of movement data,
//! positions with make/unmake, legal move generation, attacks, game status and perft.
//! Nothing here names a variant.

#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod blast;
mod drops;
mod enclosing;
mod enclosing_bits;
pub mod first_moves;
mod gating;
pub mod geometry;
pub mod history;
pub mod make;
pub mod movegen;
pub mod moves;
mod passing;
pub mod perft;
pub mod piece;
mod placement;
mod plan;
pub mod position;
mod position_clone;
mod promotion_in_place;
mod repeats;
pub mod rules;
mod special;
pub mod squares;
mod walling;
pub mod zobrist;
mod zone_promotion;

pub use bitboard::Backend;
pub use geometry::{BoardShape, Color, Sq, Square};
pub use history::{PositionHistory, Status};
pub use moves::{Move, MoveFlag, Part, Undo};
pub use piece::{KindId, MatingPower, Motion, MoveMode, MovementComponent, Piece, PieceKind};
pub use position::Position;
pub use rules::{
    CastlingRule, DropOnly, Flip, Notation, Passing, RuleOptions, Rules, RulesConfig, RulesError,
    SeveralRoyals, Walling,
};
