"""Issue 68: `chessrules uci` as python-chess's `chess.engine` drives it: `analyse` with
`multipv=2` (two lines, each with its score and moves), `Hash` and `Threads` set as GUIs set
them, one `info` line per iteration, and a `movetime` spent whole."""

import os
import time

import pytest


def _engine_module():
    try:
        import chess
        import chess.engine
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("python-chess is missing (CI is set)")
        pytest.skip("python-chess is missing")
    return chess, chess.engine


def test_analyse_with_multipv_two_gives_two_lines(cli):
    chess, engine = _engine_module()
    with engine.SimpleEngine.popen_uci([str(cli), "uci"]) as e:
        assert e.options["MultiPV"].max >= 2
        e.configure({"Hash": 16, "Threads": 1})
        board = chess.Board()
        infos = e.analyse(board, engine.Limit(depth=5), multipv=2)
        assert len(infos) == 2
        first, second = (info["pv"][0] for info in infos)
        assert first != second and first in board.legal_moves and second in board.legal_moves
        for info in infos:
            assert info["depth"] == 5
            assert info["score"].relative is not None
        # The lines come best first.
        assert infos[0]["score"].relative >= infos[1]["score"].relative


def test_each_iteration_reports_and_a_movetime_is_spent_whole(cli):
    chess, engine = _engine_module()
    with engine.SimpleEngine.popen_uci([str(cli), "uci"]) as e:
        board = chess.Board()
        depths = []
        started = time.monotonic()
        with e.analysis(board, engine.Limit(time=1.0)) as analysis:
            for info in analysis:
                if "depth" in info and "pv" in info:
                    depths.append(info["depth"])
        spent = time.monotonic() - started
        assert depths == sorted(depths) and len(set(depths)) >= 3, depths
        # The budget is the engine's to use (a fortieth kept back, at most 50 ms).
        assert spent >= 0.95, spent
        result = e.play(board, engine.Limit(time=0.2))
        assert result.move in board.legal_moves
