"""Random games, seeded, played on chessrules and python-chess side by side: the same legal
moves (in UCI) and the same FEN after every move."""

import random

import pytest

import chessrules



def _chess():
    import os

    try:
        import chess as module
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("python-chess is missing (CI is set)")
        pytest.skip("python-chess is missing")
    return module


def play_random_games(make_pair, games: int, seed: int, max_plies: int = 200) -> int:
    """Plays `games` random games; returns the plies compared."""
    rng = random.Random(seed)
    compared = 0
    for game in range(games):
        ours, theirs = make_pair(rng)
        for ply in range(max_plies):
            where = f"game {game}, ply {ply}, FEN {theirs.fen()}"
            their_moves = sorted(m.uci() for m in theirs.legal_moves)
            our_moves = sorted(m.uci() for m in ours.legal_moves)
            assert our_moves == their_moves, where
            assert ours.is_check() == theirs.is_check(), where
            assert ours.turn == theirs.turn, where
            if not their_moves:
                expected = theirs.outcome()
                got = ours.outcome()
                assert got is not None, where
                assert got.winner == expected.winner, where
                assert got.termination.name == expected.termination.name, where
                break
            choice = rng.choice(their_moves)
            theirs.push_uci(choice)
            pushed = ours.push_uci(choice)
            assert pushed.uci() == choice
            assert ours.fen() == theirs.fen(en_passant="fen"), where
            compared += 1
    return compared


def test_standard_random_games_match_python_chess():
    chess = _chess()
    plies = play_random_games(lambda rng: (chessrules.Board(), chess.Board()), 300, seed=26)
    assert plies > 10_000


def test_standard_san_matches_python_chess():
    chess = _chess()
    rng = random.Random(7)
    for _ in range(40):
        ours, theirs = chessrules.Board(), chess.Board()
        for _ in range(120):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            m = rng.choice(moves)
            san = theirs.san(m)
            assert str(ours.parse_san(san)) == san
            ours.push_san(san)
            theirs.push(m)
        assert ours.fen() == theirs.fen(en_passant="fen")


def test_chess960_random_games_match_python_chess():
    chess = _chess()

    def pair(rng):
        n = rng.randrange(960)
        return chessrules.Board.from_chess960_pos(n), chess.Board.from_chess960_pos(n)

    plies = play_random_games(pair, 60, seed=960)
    assert plies > 2_000


def test_perft_matches_python_chess():
    chess = _chess()
    fens = [
        chess.STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ]

    def their_perft(board, depth):
        if depth == 0:
            return 1
        total = 0
        for m in board.legal_moves:
            board.push(m)
            total += their_perft(board, depth - 1)
            board.pop()
        return total

    for fen in fens:
        assert chessrules.perft(chessrules.Board("standard", fen), 3) == their_perft(
            chess.Board(fen), 3
        ), fen
