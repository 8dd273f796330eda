//! The generic evaluation, checked on standard chess: values from mobility come out in the
//! classical order, and the start position is balanced.

use chessrules::engine::eval::{evaluate, PieceValues};
use chessrules::variants::standard;

#[test]
fn standard_values_from_mobility_are_in_the_classical_order() {
    let rules = standard::rules();
    let v = PieceValues::for_rules(&rules);
    let (q, r, b, n, p) = (
        v.value(standard::QUEEN),
        v.value(standard::ROOK),
        v.value(standard::BISHOP),
        v.value(standard::KNIGHT),
        v.value(standard::PAWN),
    );
    assert_eq!(p, 100);
    assert!(q > r && r > b && b > n && n > 2 * p, "{q} {r} {b} {n} {p}");
    assert!((280..=330).contains(&n), "knight {n}");
    assert!((850..=950).contains(&q), "queen {q}");
    assert_eq!(v.value(standard::KING), 0);
}

#[test]
fn start_position_is_balanced_and_an_extra_queen_counts() {
    let rules = standard::rules();
    let v = PieceValues::for_rules(&rules);
    let start = standard::start();
    assert_eq!(evaluate(&start, &v), 10);
    let up =
        standard::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert!(evaluate(&up, &v) > 800);
}
