"""Issue 38: the lichess variants, shipped as variant files and opened by name
(`chessrules.Board("kingofthehill")`), played side by side with python-chess's
`chess.variant` boards along random games: the same legal moves, the same FEN after every
move (python-chess's `en_passant="fen"`, the square after every double step, as we write it)
and the same end of the game."""

import os
import random

import pytest

import chessrules

VARIANTS = {
    "kingofthehill": "KingOfTheHillBoard",
    "racingkings": "RacingKingsBoard",
    "horde": "HordeBoard",
    "antichess": "AntichessBoard",
    "3check": "ThreeCheckBoard",
    "atomic": "AtomicBoard",
    "crazyhouse": "CrazyhouseBoard",
}


def _variant_module():
    try:
        import chess.variant as module
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("python-chess is missing (CI is set)")
        pytest.skip("python-chess is missing")
    return module


def _winner(ours):
    outcome = ours.outcome()
    return None if outcome is None else outcome.winner


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_games_agree_with_python_chess(name):
    variant = _variant_module()
    board_class = getattr(variant, VARIANTS[name])
    rng = random.Random(name)
    ends = 0
    for _ in range(12):
        theirs = board_class()
        ours = chessrules.Board(name)
        assert ours.variant_name == name and ours.variant == name
        assert ours.fen() == theirs.fen(en_passant="fen")
        for _ in range(160):
            legal = sorted(m.uci() for m in theirs.legal_moves)
            if theirs.is_variant_end():
                legal = []
            assert sorted(m.uci() for m in ours.legal_moves) == legal, ours.fen()
            # Each variant's own dead-position rule (`[end] dead_position`), as python-chess's.
            dead = theirs.is_insufficient_material()
            assert ours.is_insufficient_material() == dead, ours.fen()
            if not legal or dead:
                break
            move = rng.choice(legal)
            ours.push_uci(move)
            theirs.push_uci(move)
            assert ours.fen() == theirs.fen(en_passant="fen"), move
        outcome = theirs.outcome()
        if outcome is not None:
            ends += 1
            assert ours.is_game_over(), theirs.fen()
            assert _winner(ours) == outcome.winner, theirs.fen()
        else:
            assert not ours.is_game_over(), theirs.fen()
    assert ends > 0 or name in ("kingofthehill", "3check", "horde"), "no game ended"


def test_names_and_fens_open_the_shipped_files():
    board = chessrules.Board("koth")
    assert board.variant_name == "kingofthehill" and len(board.legal_moves) == 20
    # The board names its variant as python-chess's `uci_variant` does, and its repr opens
    # the same board again (a user's own variant file stays "custom").
    assert board.variant == "kingofthehill"
    board.push_uci("e2e4")
    assert repr(board) == "Board('kingofthehill', '%s')" % board.fen()
    again = eval(repr(board), {"Board": chessrules.Board})
    assert again.variant == "kingofthehill" and again.fen() == board.fen()
    again.set_fen(chessrules.Board("koth").fen())
    assert again.variant == "kingofthehill"
    board = chessrules.Board("3check", "4k3/8/8/8/8/8/8/4K2R w K - 1+3 0 1")
    board.push_uci("h1h8")
    assert board.is_game_over() and board.outcome().winner is True
    with pytest.raises(chessrules.BoardFileError):
        chessrules.Board("3check", "4k3/8/8/8/8/8/8/4K2R w K - 4+3 0 1")


DEAD = [
    ("3check", "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"),
    ("3check", "4k3/8/8/8/8/8/8/4KN2 w - - 3+3 0 1"),
    ("atomic", "4k3/8/8/8/8/8/8/4KR2 w - - 0 1"),
    ("atomic", "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"),
    ("atomic", "4k3/8/8/8/8/8/8/2NNKN2 w - - 0 1"),
    ("atomic", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
    ("atomic", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"),
    ("antichess", "2b5/8/8/8/8/8/8/2B5 w - - 0 1"),
    ("antichess", "6n1/8/8/8/8/8/8/1N6 w - - 0 1"),
    ("crazyhouse", "4k3/8/8/8/8/8/8/4K3[b] w - - 0 1"),
    ("crazyhouse", "4k3/8/8/8/8/8/8/4KN~2[] w - - 0 1"),
    ("kingofthehill", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
]


@pytest.mark.parametrize("name,fen", DEAD)
def test_dead_positions_end_as_in_python_chess(name, fen):
    variant = _variant_module()
    theirs = getattr(variant, VARIANTS[name])(fen)
    ours = chessrules.Board(name, fen)
    assert ours.is_insufficient_material() == theirs.is_insufficient_material()
    outcome = theirs.outcome()
    assert ours.is_game_over() == (outcome is not None)
    if outcome is not None:
        assert _winner(ours) == outcome.winner


@pytest.mark.parametrize("fen", [
    "4k3/8/8/8/8/8/8/R3K3 w - - 0+0 0 1",
    "4k3/8/8/8/8/8/8/R3K3 b - - 0+0 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0+2 0 1",
    "4k3/8/8/8/8/8/8/R3K3 b - - 2+0 0 1",
])
def test_three_check_ends_as_python_chess_scores_it(fen):
    """Issue 67: no check left to either side (`0+0`) is a draw, as python-chess and lichess
    score it; one side without checks left has won."""
    variant = _variant_module()
    theirs = variant.ThreeCheckBoard(fen)
    ours = chessrules.Board("3check", fen)
    expected = theirs.outcome()
    assert ours.is_game_over() == (expected is not None)
    assert _winner(ours) == expected.winner, fen
    assert ours.result() == theirs.result()
