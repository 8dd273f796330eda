"""Issue 68: what python-chess users type, on our boards, side by side with python-chess along
random games of standard chess and the lichess variants: python-chess's variant names,
`board == board.copy()`, `legal_moves.count()` and `move in board.legal_moves`, `pockets`,
`remaining_checks`, `is_variant_end/win/loss/draw`, `gives_check`, `attackers` and
`unicode()`."""

import os
import random

import pytest

import chessrules

BOARDS = {
    "standard": "Board",
    "kingofthehill": "KingOfTheHillBoard",
    "racingkings": "RacingKingsBoard",
    "horde": "HordeBoard",
    "antichess": "AntichessBoard",
    "3check": "ThreeCheckBoard",
    "atomic": "AtomicBoard",
    "crazyhouse": "CrazyhouseBoard",
}


def _chess():
    try:
        import chess
        import chess.variant
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("python-chess is missing (CI is set)")
        pytest.skip("python-chess is missing")
    return chess


def _theirs(chess, name):
    if name == "standard":
        return chess.Board()
    return getattr(chess.variant, BOARDS[name])()


def test_python_chess_variant_names_open_our_boards():
    chess = _chess()
    for cls in chess.variant.VARIANTS:
        if cls.uci_variant not in BOARDS and cls.uci_variant != "chess":
            continue
        for alias in cls.aliases:
            if cls.uci_variant == "chess" and alias in ("Illegal", "From Position"):
                continue
            board = chessrules.Board(alias)
            expected = "standard" if cls.uci_variant == "chess" else cls.uci_variant
            assert board.variant == expected, alias
    assert chessrules.Board("King of the Hill").variant == "kingofthehill"
    assert chessrules.Board("Three-check").variant == "3check"


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_habits_agree_with_python_chess(name):
    chess = _chess()
    rng = random.Random(f"habits-{name}")
    checked = 0
    for _ in range(6):
        theirs = _theirs(chess, name)
        ours = chessrules.Board(name)
        for _ in range(100):
            where = (theirs.fen(), name)
            assert ours == ours.copy()
            legal = list(theirs.legal_moves)
            if theirs.is_variant_end():
                legal = []
            assert ours.legal_moves.count() == len(legal), where
            assert ours.is_variant_end() == theirs.is_variant_end(), where
            assert ours.is_variant_win() == theirs.is_variant_win(), where
            assert ours.is_variant_loss() == theirs.is_variant_loss(), where
            assert ours.is_variant_draw() == theirs.is_variant_draw(), where
            if name == "3check":
                assert list(ours.remaining_checks) == list(theirs.remaining_checks), where
            if name == "crazyhouse":
                for color in (chess.WHITE, chess.BLACK):
                    for piece_type in chess.PIECE_TYPES:
                        assert ours.pockets[color].count(piece_type) == \
                            theirs.pockets[color].count(piece_type), where
            for square in rng.sample(range(64), 6):
                for color in (chess.WHITE, chess.BLACK):
                    assert ours.attackers(color, square) == sorted(theirs.attackers(color, square)), \
                        (where, color, square)
            assert ours.unicode() == theirs.unicode(), where
            if not legal:
                break
            m = rng.choice(legal)
            move = chessrules.Move.from_uci(m.uci())
            assert move in ours.legal_moves and m.uci() in ours.legal_moves
            assert ours.gives_check(move) == theirs.gives_check(m), (where, m.uci())
            before = ours.copy()
            ours.push_uci(m.uci())
            theirs.push(m)
            assert ours != before
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("name", ["standard", "crazyhouse", "xiangqi", "shogi", "fairy"])
def test_an_svg_picture_of_any_board(name):
    import xml.etree.ElementTree as ET

    import chessrules.svg

    board = chessrules.Board(name)
    if name == "crazyhouse":
        for m in ["e4", "d5", "exd5", "Qxd5"]:
            board.push_san(m)
    picture = chessrules.svg.board(board)
    assert picture._repr_svg_() == picture
    root = ET.fromstring(picture)
    assert root.tag.endswith("svg")
    texts = "".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    expected = {
        "standard": "\u2654",
        "crazyhouse": "\u2659",
        "xiangqi": "帥",
        "shogi": "玉",
        "fairy": "A",
    }[name]
    assert expected in texts, (name, texts[:200])
    if name == "crazyhouse":
        # Each side's captured pawn stands in its hand, with its count.
        counts = [t.text for t in root.iter() if t.get("class") == "count"]
        assert counts == ["1", "1"], counts
    if name == "xiangqi":
        assert root.get("data-style") == "xiangqi"
