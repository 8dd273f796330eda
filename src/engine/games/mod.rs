//! Variants as [`SearchGame`](crate::engine::SearchGame)s, and the one-call entry points the
//! CLI and the web page use (`best_move_*`).

pub mod chess;
pub mod custom;
pub mod fairy;
pub mod obstacle;
pub mod obstacle_secrets;

pub use chess::{best_move_for, ChessSearch, Ends};
pub use custom::best_custom_move;
pub use fairy::best_fairy_move;
pub use obstacle::{best_obstacle_move, best_obstacle_move_knowing, ObstacleSearch};
