//! Who plays a colour in `play --variant fairy|obstacle`: a person at the terminal, our engine
//! (`ai`), or an external UCI engine (`uci:PATH`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use chessrules::engine::uci_client::UciClient;

/// A seat as written on the command line (checked by clap, so a bad value is a usage error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    Human,
    Ai,
    Uci(PathBuf),
}

impl SeatSpec {
    /// The player's name in a game record: `?` for a person (the terminal does not ask it),
    /// `chessrules` for our engine, an engine's file name.
    pub fn player_name(&self) -> String {
        match self {
            SeatSpec::Human => "?".to_string(),
            SeatSpec::Ai => "chessrules".to_string(),
            SeatSpec::Uci(path) => path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.display().to_string()),
        }
    }

    /// clap's value parser: `human`, `ai` or `uci:PATH`.
    pub fn parse(text: &str) -> Result<SeatSpec, String> {
        match text {
            "human" => Ok(SeatSpec::Human),
            "ai" => Ok(SeatSpec::Ai),
            _ => match text.strip_prefix("uci:") {
                Some(path) if !path.is_empty() => Ok(SeatSpec::Uci(PathBuf::from(path))),
                _ => Err(format!("'{text}': expected human, ai or uci:PATH")),
            },
        }
    }
}

/// A seat in play.
pub enum Seat {
    Human,
    Ai,
    External(Box<UciClient>),
}

impl Seat {
    /// Starts the seat's engine, if it has one (a missing engine is an I/O error, exit 3).
    pub fn start(spec: &SeatSpec) -> Result<Seat> {
        Ok(match spec {
            SeatSpec::Human => Seat::Human,
            SeatSpec::Ai => Seat::Ai,
            SeatSpec::Uci(path) => {
                let client = UciClient::spawn(Path::new(path), &[])
                    .with_context(|| format!("starting {}", path.display()))?;
                Seat::External(Box::new(client))
            }
        })
    }

    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }

    /// How the seat is named in the game's header line.
    pub fn label(&self, movetime: u64) -> String {
        match self {
            Seat::Human => "human".to_string(),
            Seat::Ai => format!("chessrules engine ({movetime} ms)"),
            Seat::External(c) => format!("{} ({movetime} ms, UCI)", c.name),
        }
    }
}
