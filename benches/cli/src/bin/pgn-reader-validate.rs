//! `pgn-reader-validate FILE`: every game of a PGN file replayed with pgn-reader and
//! shakmaty's SAN (as pgn-reader's `validate` example does), from the `FEN` tag when there is
//! one; prints the games, the legal games and the moves. One thread, a whole process.

use std::ops::ControlFlow;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

struct Validator;

impl pgn_reader::Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = (Chess, u64, bool);
    type Output = (u64, bool);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok());
            match pos {
                Some(p) => *tags = Some(p),
                None => return ControlFlow::Break((0, false)),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0, true))
    }

    fn begin_variation(
        &mut self,
        _: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                movetext.1 += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break((movetext.1, false)),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        (movetext.1, movetext.2)
    }
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pgn-reader-validate FILE");
        std::process::exit(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(3);
        }
    };
    let mut reader = pgn_reader::Reader::new(std::io::BufReader::with_capacity(1 << 16, file));
    let (mut games, mut legal, mut moves) = (0u64, 0u64, 0u64);
    loop {
        match reader.read_game(&mut Validator) {
            Ok(Some((n, ok))) => {
                games += 1;
                moves += n;
                legal += u64::from(ok);
            }
            Ok(None) => break,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        }
    }
    println!("{games} games, {legal} legal, {moves} moves");
}
