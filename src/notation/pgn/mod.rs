//! Portable Game Notation: a streaming reader (tokenizer over any `Read`, one game at a
//! time, never the whole file) and an export-format writer.

pub mod cuts;
pub mod lexer;
pub mod move_texts;
pub mod reader;
pub mod record;
mod stops;
mod tag_line;
pub mod writer;

pub use move_texts::MoveTexts;
pub use reader::{GameSink, PgnReader, RawGame, ReadError};
pub use record::{roster, today, Record};
pub use writer::{write, PgnGame};
