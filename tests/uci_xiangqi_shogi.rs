//! `chessrules uci` playing xiangqi, shogi and minishogi by the names Fairy-Stockfish and
//! pychess-variants send (`UCI_Variant xiangqi|shogi|minishogi`), with moves in Fairy-Stockfish's
//! coordinates (`h3e3`, `P@e5`, `+` for a promotion) and positions with hands in brackets.

mod piped;

use chessrules::core::Position;
use chessrules::notation::coordinate;
use chessrules::variants::custom::builtin;
use piped::bestmoves;

/// The position a `position` command names: the variant's start or `fen`, then `moves`.
fn position(variant: &str, fen: Option<&str>, moves: &[&str]) -> Position {
    let v = &builtin::by_name(variant).expect("shipped").variant;
    let mut pos = match fen {
        Some(text) => v.position_from_fen(text).expect("a FEN"),
        None => v.start_position().expect("a start"),
    };
    for text in moves {
        let m = coordinate::parse(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(m);
    }
    pos
}

#[test]
fn the_option_offers_each_game() {
    let out = piped::ok(&["uci"], "uci\n").0;
    let option = out
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap_or_default();
    for name in ["xiangqi", "shogi", "minishogi"] {
        assert!(option.split(" var ").any(|v| v == name), "{name}: {option}");
    }
}

#[test]
fn each_reply_is_legal_in_its_game() {
    let shogi_hands = "lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL[Pp] w 0 1";
    let cases: [(&str, Option<&str>, &[&str]); 4] = [
        ("xiangqi", None, &["h3e3"]),
        ("shogi", None, &["c3c4"]),
        ("minishogi", None, &[]),
        ("shogi", Some(shogi_hands), &["P@i5"]),
    ];
    for (variant, fen, moves) in cases {
        let setup = match fen {
            Some(text) => format!("fen {text}"),
            None => "startpos".to_string(),
        };
        let moves_text = if moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", moves.join(" "))
        };
        let input = format!(
            "uci\nsetoption name UCI_Variant value {variant}\nisready\nposition {setup}{moves_text}\ngo movetime 100\nquit\n"
        );
        let out = piped::ok(&["uci"], &input).0;
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{variant}: {out}");
        let mut pos = position(variant, fen, moves);
        let m = coordinate::parse(&mut pos, best[0])
            .unwrap_or_else(|e| panic!("{variant}: bestmove {}: {e}", best[0]));
        assert!(
            pos.legal_move_list().contains(&m),
            "{variant}: {} is not legal",
            best[0]
        );
    }
}
