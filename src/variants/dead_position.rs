//! When nobody can win any more: each rule set's dead-position draw. FIDE's asks whether any
//! side could still mate; the lichess variants win otherwise (an explosion, the last check,
//! losing every piece), so python-chess and lichess declare their own, and a variant file
//! names the one it plays by (`[end] dead_position`). The lichess rules read the pieces by
//! their FIDE letters (K Q R B N P), as those variants use the FIDE set.

use crate::core::history::insufficient_material;
use crate::core::{Color, KindId, Position};

/// Which dead-position draw a game has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeadPosition {
    /// None: the game goes on while moves remain.
    #[default]
    Never,
    /// FIDE's: no sequence of moves can end in checkmate (only royal pieces, one minor piece,
    /// or colour-bound pieces all on one square colour).
    Fide,
    /// Neither side has a piece besides its royal ones (three-check, where any other piece
    /// can still give check).
    BareRoyals,
    /// Atomic chess (python-chess's rule): both kings bare; a bare king against one knight,
    /// bishop or rook, or against at most two knights; or only bishops, each side's on one
    /// square colour and the two sides' on different colours, so none can explode another.
    Atomic,
    /// Antichess: only bishops, each side's on one square colour and the two sides' on
    /// different colours: no capture can ever happen again.
    Antichess,
    /// Crazyhouse: at most three pieces on the board and in the hands together, kings
    /// included, none of them a pawn, rook, queen or promoted piece.
    Crazyhouse,
}

/// Every rule a variant file can name, by its name there.
pub const NAMES: [(&str, DeadPosition); 5] = [
    ("fide", DeadPosition::Fide),
    ("bare-royals", DeadPosition::BareRoyals),
    ("atomic", DeadPosition::Atomic),
    ("antichess", DeadPosition::Antichess),
    ("crazyhouse", DeadPosition::Crazyhouse),
];

impl DeadPosition {
    /// The rule a variant file names (`"atomic"`), if it is one.
    pub fn from_name(name: &str) -> Option<DeadPosition> {
        NAMES.iter().find(|(n, _)| *n == name).map(|&(_, d)| d)
    }

    /// Is the position dead under this rule (the game a draw)?
    pub fn is_dead(self, pos: &Position) -> bool {
        match self {
            DeadPosition::Never => false,
            DeadPosition::Fide => insufficient_material(pos),
            DeadPosition::BareRoyals => Color::BOTH.iter().all(|&c| others(pos, c).is_empty()),
            DeadPosition::Atomic => atomic(pos),
            DeadPosition::Antichess => {
                let [white, black] = Color::BOTH.map(|c| others(pos, c));
                !white.is_empty() && !black.is_empty() && bishops_apart(&white, &black)
            }
            DeadPosition::Crazyhouse => crazyhouse(pos),
        }
    }
}

/// A side's pieces besides its royal ones: each one's FIDE letter and square colour.
fn others(pos: &Position, color: Color) -> Vec<(char, u8)> {
    let rules = pos.rules();
    pos.pieces(color)
        .filter_map(|sq| {
            let piece = pos.piece_at(sq)?;
            let kind = &rules.pieces[piece.kind as usize];
            (!kind.royal).then(|| (kind.letter.to_ascii_uppercase(), rules.shape.parity(sq)))
        })
        .collect()
}

/// Only bishops on both sides, White's all on one square colour and Black's all on the other.
fn bishops_apart(white: &[(char, u8)], black: &[(char, u8)]) -> bool {
    let colour = |pieces: &[(char, u8)]| -> Option<u8> {
        let first = pieces.first()?.1;
        pieces
            .iter()
            .all(|&(letter, parity)| letter == 'B' && parity == first)
            .then_some(first)
    };
    matches!((colour(white), colour(black)), (Some(w), Some(b)) if w != b)
}

fn atomic(pos: &Position) -> bool {
    if Color::BOTH.iter().any(|&c| pos.royal_count(c) == 0) {
        // A king has exploded: the game is over, not dead.
        return false;
    }
    let [white, black] = Color::BOTH.map(|c| others(pos, c));
    match (white.is_empty(), black.is_empty()) {
        (true, true) => true,
        (false, false) => bishops_apart(&white, &black),
        _ => {
            let army = if white.is_empty() { &black } else { &white };
            let lone_piece = army.len() == 1 && matches!(army[0].0, 'N' | 'B' | 'R');
            let two_knights = army.len() <= 2 && army.iter().all(|&(l, _)| l == 'N');
            lone_piece || two_knights
        }
    }
}

fn crazyhouse(pos: &Position) -> bool {
    let rules = pos.rules();
    let strong = |kind: KindId| {
        matches!(
            rules.pieces[kind as usize].letter.to_ascii_uppercase(),
            'P' | 'R' | 'Q'
        )
    };
    let mut total = 0usize;
    for color in Color::BOTH {
        for sq in pos.pieces(color) {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            if strong(piece.kind) || pos.promoted_from(sq).is_some() {
                return false;
            }
            total += 1;
        }
        for kind in 0..rules.pieces.len() as KindId {
            let held = pos.hand_count(color, kind) as usize;
            if held > 0 && strong(kind) {
                return false;
            }
            total += held;
        }
    }
    total <= 3
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::custom::builtin;

    /// Is `fen` dead in the shipped `variant`, by the rule its file names?
    fn dead(variant: &str, fen: &str) -> bool {
        let v = &builtin::by_name(variant).expect("shipped").variant;
        let pos = v
            .position_from_fen(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        v.end.dead_position.is_dead(&pos)
    }

    #[test]
    fn each_shipped_file_names_its_rule() {
        let rule = |name: &str| {
            builtin::by_name(name)
                .expect("shipped")
                .variant
                .end
                .dead_position
        };
        assert_eq!(rule("atomic"), DeadPosition::Atomic);
        assert_eq!(rule("atomic960"), DeadPosition::Atomic);
        assert_eq!(rule("antichess"), DeadPosition::Antichess);
        assert_eq!(rule("3check"), DeadPosition::BareRoyals);
        assert_eq!(rule("crazyhouse"), DeadPosition::Crazyhouse);
        for never in ["kingofthehill", "racingkings", "horde", "xiangqi", "shogi"] {
            assert_eq!(rule(never), DeadPosition::Never, "{never}");
        }
    }

    #[test]
    fn three_check_is_dead_only_with_bare_kings() {
        assert!(dead("3check", "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"));
        assert!(!dead("3check", "4k3/8/8/8/8/8/8/4KN2 w - - 3+3 0 1"));
    }

    #[test]
    fn atomic_follows_python_chess() {
        // Bare kings; a bare king against a lone knight, bishop or rook, or two knights.
        assert!(dead("atomic", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        for army in ["4KN2", "4KB2", "4KR2", "3NKN2"] {
            assert!(
                dead("atomic", &format!("4k3/8/8/8/8/8/8/{army} w - - 0 1")),
                "{army}"
            );
        }
        // A queen, a pawn, a bishop and a knight, three knights: a win is still possible.
        for army in ["3QK3", "3BKN2", "2NNKN2"] {
            assert!(
                !dead("atomic", &format!("4k3/8/8/8/8/8/8/{army} w - - 0 1")),
                "{army}"
            );
        }
        assert!(!dead("atomic", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"));
        // Bishops on squares of different colours never explode each other; on one colour
        // they can, and a knight beside them can.
        // (c8 is light, c1 and f8 dark.)
        assert!(dead("atomic", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(!dead("atomic", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(!dead("atomic", "2b1k3/8/8/8/8/8/8/2BNK3 w - - 0 1"));
    }

    #[test]
    fn antichess_is_dead_with_bishops_that_never_meet() {
        assert!(dead("antichess", "2b5/8/8/8/8/8/8/2B5 w - - 0 1"));
        assert!(!dead("antichess", "5b2/8/8/8/8/8/8/2B5 w - - 0 1"));
        // Two knights, one a side: python-chess calls one side short of material, never both.
        assert!(!dead("antichess", "6n1/8/8/8/8/8/8/1N6 w - - 0 1"));
        assert!(!dead("antichess", "2b5/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    }

    #[test]
    fn crazyhouse_counts_the_hands() {
        assert!(dead("crazyhouse", "4k3/8/8/8/8/8/8/4KN2[] w - - 0 1"));
        assert!(dead("crazyhouse", "4k3/8/8/8/8/8/8/4K3[b] w - - 0 1"));
        assert!(!dead("crazyhouse", "4k3/8/8/8/8/8/8/4KN2[b] w - - 0 1"));
        assert!(!dead("crazyhouse", "4k3/8/8/8/8/8/8/4K3[p] w - - 0 1"));
        assert!(!dead("crazyhouse", "4k3/8/8/8/8/8/8/4KN~2[] w - - 0 1"));
    }

    #[test]
    fn a_game_of_the_file_ends_there_as_a_draw() {
        use crate::variants::custom::outcome::outcome;
        use crate::variants::custom::variant::game;
        let v = &builtin::by_name("atomic").expect("shipped").variant;
        let open = |fen: &str| game(v, v.position_from_fen(fen).expect("a FEN"));
        let end = outcome(&mut open("4k3/8/8/8/8/8/8/4KR2 w - - 0 1")).expect("an end");
        assert_eq!(end.to_string(), "draw by insufficient material");
        assert_eq!(end.score(), crate::game::Score::Draw);
        assert_eq!(outcome(&mut open("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")), None);
    }
}
