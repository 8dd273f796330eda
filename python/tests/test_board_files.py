"""Board files of fairy and obstacle chess from `testBoards/`: the binding refuses exactly
the boards the command refuses, with the command's message (its `ERROR: ` line, read at
test time), and the line or square the message names; an accepted board is written back as
the command writes it."""

import re
import subprocess

import pytest

import chessrules


def cli_verdict(cli, args, out_file=None):
    """The command's `ERROR:` message (None if it accepted the board) and its board text."""
    done = subprocess.run([str(cli), *map(str, args)], capture_output=True, text=True, timeout=60)
    lines = (done.stdout + done.stderr).splitlines()
    errors = [line[len("ERROR: ") :] for line in lines if line.startswith("ERROR: ")]
    if errors:
        assert done.returncode != 0
        return errors[0], None
    assert done.returncode == 0, done.stdout + done.stderr
    board = out_file.read_text() if out_file else done.stdout
    return None, board


def check_refusal(error: chessrules.BoardFileError, message: str):
    assert error.message == message
    assert str(error) == message
    line = re.search(r"\bline (\d+)", message)
    if line:
        assert error.line == int(line.group(1)), message
    square = re.search(r"\b(?:at|position|square) ([a-z]\d+)\b", message)
    if square:
        assert error.square == square.group(1), message
    assert isinstance(error.exit_code, int) and error.exit_code > 0


def fairy_boards(repo):
    return sorted((repo / "testBoards" / "fairy").glob("*.board"))


def test_fairy_boards_match_the_command(cli, repo):
    boards = fairy_boards(repo)
    assert len(boards) > 100
    refused = 0
    for path in boards:
        text = path.read_text(errors="replace")
        message, written = cli_verdict(cli, ["fairy", path])
        if message is None:
            board = chessrules.Board("fairy", text)
            assert board.board_file() == written, path.name
        else:
            refused += 1
            with pytest.raises(chessrules.BoardFileError) as caught:
                chessrules.Board.from_board_file("fairy", text)
            check_refusal(caught.value, message)
    assert refused >= 10


def test_obstacle_boards_match_the_command(cli, repo, tmp_path):
    cases = sorted((repo / "testBoards" / "obstacle").glob("*/initial.board"))
    assert len(cases) > 100
    refused = 0
    for i, path in enumerate(cases):
        text = path.read_text(errors="replace")
        out = tmp_path / f"out{i}.board"
        message, written = cli_verdict(cli, ["obstacle", path, out], out_file=out)
        if message is None:
            board = chessrules.Board("obstacle", text)
            assert board.board_file() == written, path
        else:
            refused += 1
            with pytest.raises(chessrules.BoardFileError) as caught:
                chessrules.Board("obstacle", text)
            check_refusal(caught.value, message)
    assert refused >= 5
