//! Matches between computer players, without prompts: for benchmarks and tuning.

use std::time::{Duration, Instant};

use crate::core::Color;
use crate::engine::Rng;
use crate::game::game_seat_view::TableGame;
use crate::game::{Game, Score};
use crate::variants::pawnrace::player::{ComputerPlayer, Strategy};
use crate::variants::pawnrace::{new_game, Gap};

/// Which gaps each game of a match uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GapSchedule {
    /// Both gaps drawn at random (seeded) for every game.
    Random,
    /// Game `i` plays gap pair `i mod 64`: White's gap `a..h` by blocks of 8, Black's cycling.
    All,
}

/// A match: who plays each colour (for every game), how many games, and how.
#[derive(Copy, Clone, Debug)]
pub struct MatchConfig {
    /// White's player in every game.
    pub white: Strategy,
    /// Black's player in every game.
    pub black: Strategy,
    /// Games to play.
    pub games: u32,
    /// Thinking time per move of White's and Black's player.
    pub movetime_ms: [u64; 2],
    /// Which gaps each game uses.
    pub gaps: GapSchedule,
    /// Seeds the players' random streams and the random gaps: a match is reproducible.
    pub seed: u64,
}

/// Results so far.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games White won.
    pub white_wins: u32,
    /// Games Black won.
    pub black_wins: u32,
    /// Games drawn (stalemates).
    pub draws: u32,
    /// Longest time any player took for one move.
    pub longest_move: Duration,
}

impl Tally {
    /// The summary line scripts read: `N games: W white wins, B black wins, D draws`.
    pub fn summary(&self) -> String {
        format!(
            "{} games: {} white wins, {} black wins, {} draws",
            self.games, self.white_wins, self.black_wins, self.draws
        )
    }
}

/// The gap pair of game `index`.
pub fn gaps_for(schedule: GapSchedule, index: u32, rng: &mut Rng) -> (Gap, Gap) {
    let (w, b) = match schedule {
        GapSchedule::All => ((index / 8) % 8, index % 8),
        GapSchedule::Random => (rng.below(8) as u32, rng.below(8) as u32),
    };
    (Gap::wrapping(w as u8), Gap::wrapping(b as u8))
}

/// Plays one game to its end; returns the result and the longest move time.
pub fn play_game(
    white: &mut ComputerPlayer,
    black: &mut ComputerPlayer,
    gaps: (Gap, Gap),
) -> (Score, Duration) {
    let mut game = new_game(gaps.0, gaps.1);
    white.new_game();
    black.new_game();
    let mut longest = Duration::ZERO;
    loop {
        if let Some(end) = game.rule_end() {
            return (end.score(), longest);
        }
        let player = if game.side_to_move() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let started = Instant::now();
        let (choice, _) = player.choose(&game);
        longest = longest.max(started.elapsed());
        match choice {
            Some(m) => game.make(m),
            // Not reached: a position with no move is a stalemate, caught above.
            None => return (Score::Draw, longest),
        }
    }
}

/// Plays the whole match, calling `progress` after every game.
pub fn play_match(config: &MatchConfig, mut progress: impl FnMut(&Tally)) -> Tally {
    let mut rng = Rng::new(config.seed);
    let mut white = ComputerPlayer::new(config.white, config.movetime_ms[0], rng.next_u64());
    let mut black = ComputerPlayer::new(config.black, config.movetime_ms[1], rng.next_u64());
    let mut tally = Tally::default();
    for i in 0..config.games {
        let gaps = gaps_for(config.gaps, i, &mut rng);
        let (score, longest) = play_game(&mut white, &mut black, gaps);
        tally.games += 1;
        tally.longest_move = tally.longest_move.max(longest);
        match score {
            Score::Win(Color::White) => tally.white_wins += 1,
            Score::Win(Color::Black) => tally.black_wins += 1,
            _ => tally.draws += 1,
        }
        progress(&tally);
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_gaps_cover_the_64_pairs() {
        let mut rng = Rng::new(0);
        let mut seen = std::collections::HashSet::new();
        for i in 0..64 {
            let (w, b) = gaps_for(GapSchedule::All, i, &mut rng);
            seen.insert((w.file(), b.file()));
        }
        assert_eq!(seen.len(), 64);
    }

    #[test]
    fn random_against_random_is_reproducible() {
        let config = MatchConfig {
            white: Strategy::Random,
            black: Strategy::Greedy,
            games: 6,
            movetime_ms: [1, 1],
            gaps: GapSchedule::Random,
            seed: 42,
        };
        let a = play_match(&config, |_| {});
        let b = play_match(&config, |_| {});
        assert_eq!(a.games, 6);
        assert_eq!(a.white_wins + a.black_wins + a.draws, 6);
        assert_eq!(
            (a.white_wins, a.black_wins, a.draws),
            (b.white_wins, b.black_wins, b.draws)
        );
        assert_eq!(a.summary().split(':').count(), 2);
    }
}
