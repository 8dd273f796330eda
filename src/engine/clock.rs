//! The time manager: a hard deadline the search never passes, and a soft one after which no
//! new iteration starts (the next would most likely not finish).

use std::time::{Duration, Instant};

/// The deadlines of one move's search: hard at the budget less a reserve, soft at two fifths
/// of the hard one.
#[derive(Copy, Clone, Debug)]
pub struct Clock {
    start: Instant,
    hard: Duration,
    soft: Duration,
}

/// Time kept back from every budget for making the move, printing it, and the scheduler of
/// a loaded machine: a fortieth, at least 5 ms and at most 50 ms, never more than half. (A
/// tenth had a UCI `go movetime 1000` answer at 900 ms, and with the soft deadline at ~740.)
fn reserve(budget: Duration) -> Duration {
    (budget / 40)
        .clamp(Duration::from_millis(5), Duration::from_millis(50))
        .min(budget / 2)
}

impl Clock {
    /// A clock for one move with `budget` to spend, started now.
    pub fn start(budget: Duration) -> Clock {
        let hard = budget.saturating_sub(reserve(budget));
        Clock {
            start: Instant::now(),
            hard,
            soft: hard * 2 / 5,
        }
    }
    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
    /// Past the hard deadline: stop searching at once.
    pub fn expired(&self) -> bool {
        self.elapsed() >= self.hard
    }
    /// Past the soft deadline: do not start another iteration.
    pub fn soft_expired(&self) -> bool {
        self.elapsed() >= self.soft
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_stay_inside_the_budget() {
        for ms in [1, 10, 100, 1000, 4500] {
            let budget = Duration::from_millis(ms);
            let c = Clock::start(budget);
            assert!(c.hard < budget);
            assert!(c.soft <= c.hard);
        }
    }
}
