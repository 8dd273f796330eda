//! Chess clocks for network games, enforced by the server. A time control is an initial time
//! and an increment per move. Nobody's clock runs before the first move; after each move the
//! mover's clock stops (and gains the increment) and the other side's starts. Clocks are
//! rebuilt from the moves' stored times, so they survive a restart (the time the server was
//! down counts against the side to move, as a clock left running would).

use serde::{Deserialize, Serialize};

use crate::core::Color;

/// Shortest and longest initial times accepted (1 second, 1 day).
const MIN_INITIAL_MS: u64 = 1_000;
const MAX_INITIAL_MS: u64 = 86_400_000;
const MAX_INCREMENT_MS: u64 = 3_600_000;

/// A network game's time control.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub initial_ms: u64,
    /// Time added after each of a side's moves, in milliseconds.
    #[serde(default)]
    pub increment_ms: u64,
}

impl TimeControl {
    /// The time control, if its figures are within the server's limits; else why not.
    pub fn check(self) -> Result<TimeControl, String> {
        if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&self.initial_ms) {
            return Err(format!(
                "the initial time must be between {MIN_INITIAL_MS} and {MAX_INITIAL_MS} ms"
            ));
        }
        if self.increment_ms > MAX_INCREMENT_MS {
            return Err(format!(
                "the increment must be at most {MAX_INCREMENT_MS} ms"
            ));
        }
        Ok(self)
    }
}

/// The clocks of one game.
#[derive(Clone, Debug)]
pub struct Clock {
    pub control: TimeControl,
    /// Time left for White and Black when the running clock last started.
    left_ms: [i64; 2],
    /// The side whose clock runs, and since when (ms since the Unix epoch).
    running: Option<(Color, u64)>,
}

/// What the page shows: time left now, and whose clock runs.
/// Both clocks, as a view shows them.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// White's time left, in milliseconds (negative once it ran out).
    pub white_ms: i64,
    /// Black's time left, in milliseconds.
    pub black_ms: i64,
    /// Whose clock runs: `white`, `black`, or none (not started, or stopped).
    pub running: Option<&'static str>,
    /// The time control's start time, in milliseconds.
    pub initial_ms: u64,
    /// The time control's increment, in milliseconds.
    pub increment_ms: u64,
}

fn ms(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left_ms: [ms(control.initial_ms); 2],
            running: None,
        }
    }

    /// Time `color` has left at `now`.
    pub fn left(&self, color: Color, now: u64) -> i64 {
        let base = self.left_ms[color.index()];
        match self.running {
            Some((c, since)) if c == color => base - ms(now.saturating_sub(since)),
            _ => base,
        }
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, now: u64) -> Option<Color> {
        let (c, _) = self.running?;
        (self.left(c, now) <= 0).then_some(c)
    }

    /// When the running side's time runs out (ms since the epoch).
    pub fn deadline(&self) -> Option<u64> {
        let (c, since) = self.running?;
        Some(since.saturating_add(u64::try_from(self.left_ms[c.index()].max(0)).unwrap_or(0)))
    }

    /// `mover` moved at `at`; `next` is to move now (the placer or the side to move).
    pub fn moved(&mut self, mover: Color, next: Color, at: u64) {
        let left = self.left(mover, at);
        self.left_ms[mover.index()] = left + ms(self.control.increment_ms);
        if let Some((c, since)) = self.running {
            if c != mover {
                // A move by the side whose clock was not running (an action-free case that
                // cannot happen in turn-based play): settle the running clock first.
                self.left_ms[c.index()] -= ms(at.saturating_sub(since));
            }
        }
        self.running = Some((next, at));
    }

    /// The game ended at `at`: every clock stops.
    pub fn stop(&mut self, at: u64) {
        if let Some((c, _)) = self.running {
            self.left_ms[c.index()] = self.left(c, at);
        }
        self.running = None;
    }

    pub fn view(&self, now: u64) -> ClockView {
        ClockView {
            white_ms: self.left(Color::White, now).max(0),
            black_ms: self.left(Color::Black, now).max(0),
            running: self.running.map(|(c, _)| c.name()),
            initial_ms: self.control.initial_ms,
            increment_ms: self.control.increment_ms,
        }
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_run_for_the_side_to_move_and_gain_the_increment() {
        let mut c = Clock::new(TimeControl {
            initial_ms: 10_000,
            increment_ms: 1_000,
        });
        assert_eq!(
            c.left(Color::White, 5_000),
            10_000,
            "nothing runs before the first move"
        );
        c.moved(Color::White, Color::Black, 1_000);
        assert_eq!(c.left(Color::White, 9_000), 11_000);
        assert_eq!(c.left(Color::Black, 4_000), 7_000);
        assert_eq!(c.deadline(), Some(11_000));
        assert_eq!(c.flagged(10_999), None);
        assert_eq!(c.flagged(11_000), Some(Color::Black));
        c.moved(Color::Black, Color::White, 3_000);
        assert_eq!(c.left(Color::Black, 100_000), 9_000);
        c.stop(4_000);
        assert_eq!(c.left(Color::White, 100_000), 10_000);
        assert_eq!(c.flagged(u64::MAX), None);
    }

    #[test]
    fn time_controls_are_bounded() {
        let tc = |i, n| TimeControl {
            initial_ms: i,
            increment_ms: n,
        };
        assert!(tc(999, 0).check().is_err());
        assert!(tc(60_000, 0).check().is_ok());
        assert!(tc(60_000, 4_000_000).check().is_err());
        assert!(tc(u64::MAX, 0).check().is_err());
    }
}
