"""Issue 35's hardening of the binding: Ctrl-C stops long calls, a board shared by threads
raises RuntimeError (never a panic), a file object's KeyboardInterrupt comes through
unchanged, over-long texts are refused before they are read, and `pgn.split_points` cuts a
file where its pieces read as the whole file does."""

import importlib.util
import io
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time

import pytest

import chessrules
from chessrules import pgn

_spec = importlib.util.spec_from_file_location(
    "pgn_corpus", pathlib.Path(__file__).with_name("pgn_corpus.py")
)
corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corpus)


# Not the source folder: a new interpreter imports the installed package.
ELSEWHERE = tempfile.gettempdir()


# --- Ctrl-C -------------------------------------------------------------------------------

def interrupted_after_a_second(code):
    """Runs `code` in a new interpreter, sends SIGINT a second after it says it starts, and
    returns (exit status, stderr, seconds from the signal to the exit)."""
    script = "import sys, chessrules\nprint('start', flush=True)\n" + textwrap.dedent(code)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ELSEWHERE)
    try:
        assert child.stdout.readline() == "start\n"
        time.sleep(1.0)
        assert child.poll() is None, "the call ended before the signal"
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        try:
            _, err = child.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail("Ctrl-C did not stop the call within 20 s")
        return child.returncode, err, time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("variant", ["standard", "fairy"])
def test_ctrl_c_stops_perft(variant):
    status, err, seconds = interrupted_after_a_second(
        f"chessrules.perft(chessrules.Board({variant!r}), 12)\nprint('finished')"
    )
    assert status != 0 and err.rstrip().endswith("KeyboardInterrupt"), err[-2000:]
    assert seconds < 5


# A variant of 25 kinds with many of each in hand on a 26x99 board: 64,303 drops a position
# (issue 67), where three plies are about 10^14 leaves.
DROP_HEAVY = """
name = "drop-heavy"
[board]
files = 26
ranks = 99
start = "k25/{empty}/25K[{white}{black}] w - - 0 1"
[rules]
drops = true
[[piece]]
letter = "K"
name = "king"
betza = "K"
royal = true
{pieces}
"""


def drop_heavy_variant():
    letters = [c for c in "ABCDEFGHIJLMNOPQRSTUVWXYZ"]
    pieces = "".join(f'[[piece]]\nletter = "{c}"\nname = "piece {c}"\nbetza = "W"\n'
                     for c in letters)
    return DROP_HEAVY.format(empty="/".join(["26"] * 97), white="".join(c * 9 for c in letters),
                             black="".join(c.lower() * 9 for c in letters), pieces=pieces)


def test_the_drop_heavy_position_has_the_moves_the_issue_counts():
    board = chessrules.load_variant(drop_heavy_variant()).board()
    # 25 kinds on 2,572 empty squares, and the king's three steps.
    assert len(list(board.legal_moves)) == 25 * 2572 + 3


def test_ctrl_c_stops_perft_on_a_high_branching_variant():
    """Issue 67: the check for signals was made only above the last three plies; a position of
    64,303 moves is now split by its work, and Ctrl-C stops it within a second."""
    status, err, seconds = interrupted_after_a_second(
        f"""
        board = chessrules.load_variant({drop_heavy_variant()!r}).board()
        chessrules.perft(board, 3)
        print('finished')
        """
    )
    assert status != 0 and err.rstrip().endswith("KeyboardInterrupt"), err[-2000:]
    assert seconds < 1.5


def test_ctrl_c_stops_validating_an_endless_file():
    # A FIFO fed with legal games for ever: the reading never ends by itself.
    status, err, seconds = interrupted_after_a_second(
        """
        import os, subprocess, tempfile
        path = os.path.join(tempfile.mkdtemp(), "games.pgn")
        os.mkfifo(path)
        # Another process writes, so the writer never waits for this one's interpreter.
        feed = ("import sys\\nwith open(sys.argv[1], 'w') as f:\\n    while True:\\n"
                "        f.write('[Event \\"x\\"]\\\\n\\\\n1. e4 e5 2. Nf3 Nc6 *\\\\n\\\\n')\\n")
        writer = subprocess.Popen([sys.executable, "-c", feed, path], stderr=subprocess.DEVNULL)
        for r in chessrules.pgn.validate(path):
            pass
        print('finished')
        """
    )
    assert status != 0 and err.rstrip().endswith("KeyboardInterrupt"), err[-2000:]
    assert seconds < 5


def test_ctrl_c_stops_validating_endless_games_from_a_file_object():
    status, err, seconds = interrupted_after_a_second(
        """
        import io
        GAME = b'[Event "x"]\\n\\n1. d4 d5 2. c4 e6 *\\n\\n'
        class Games(io.RawIOBase):
            def readable(self):
                return True
            def readinto(self, buffer):
                n = len(buffer) // len(GAME) * len(GAME) or len(GAME)
                data = (GAME * (n // len(GAME)))[: len(buffer)]
                buffer[: len(data)] = data
                return len(data)
        for r in chessrules.pgn.validate(io.BufferedReader(Games())):
            pass
        print('finished')
        """
    )
    assert status != 0 and err.rstrip().endswith("KeyboardInterrupt"), err[-2000:]
    assert seconds < 5


def test_dev_zero_ends_with_a_clear_error_at_once():
    """Issue 40: input with no game for 8 MiB after an unreadable one is not PGN."""
    started = time.monotonic()
    with pytest.raises(Exception) as e:
        for _ in pgn.validate("/dev/zero"):
            pass
    assert "the rest of the input is not PGN" in str(e.value)
    assert time.monotonic() - started < 10


def test_perft_still_counts_deep_trees_exactly():
    # Depths above the part counted in one call go through the interruptible split.
    assert chessrules.perft(chessrules.Board(), 5) == 4_865_609
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert chessrules.perft(chessrules.Board("standard", kiwipete), 4) == 4_085_603
    mate = chessrules.Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        mate.push_san(san)
    assert chessrules.perft(mate, 4) == 0


# --- a board shared by threads ------------------------------------------------------------

def test_a_board_shared_by_threads_raises_runtime_error_never_internal_error():
    board = chessrules.Board()
    panics, busy = [], []
    stop = time.monotonic() + 3

    def hammer(work):
        while time.monotonic() < stop:
            try:
                work()
            except chessrules.InternalError as e:  # a panic: never
                panics.append(e)
                return
            except RuntimeError as e:  # the board is busy in another thread: said so
                busy.append(str(e))
            except (chessrules.IllegalMoveError, IndexError):
                pass  # another thread moved first

    def walk():
        board.push_uci(board.legal_moves[0].uci())
        board.pop()

    class Cycle:
        """Garbage whose finalizer runs Python code: a collection started while a method
        holds the board (allocating its result) lets another thread in."""

        def __init__(self):
            self.me = self

        def __del__(self):
            sum(range(20))

    def garbage():
        Cycle()

    threads = [threading.Thread(target=hammer, args=(w,)) for w in
               [walk, walk, garbage, lambda: chessrules.perft(board, 1),
                lambda: chessrules.perft(board, 2)]]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert panics == []
    assert busy, "no thread found the board busy: the test tested nothing"
    assert all("borrowed" in m for m in busy), set(busy)


# --- exceptions from a file object's read() -------------------------------------------------

class Raising(io.RawIOBase):
    """A file whose read() gives one game, then raises `error`."""

    def __init__(self, error):
        self.error = error
        self.calls = 0

    def read(self, n=-1):
        self.calls += 1
        if self.calls == 1:
            return b'[Event "x"]\n\n1. e4 e5 *\n\n'
        raise self.error


@pytest.mark.parametrize("error", [KeyboardInterrupt("stop"), SystemExit(3)])
def test_base_exceptions_from_read_come_through_unchanged(error):
    with pytest.raises(type(error)) as caught:
        list(pgn.validate(Raising(error)))
    assert caught.value is error


def test_os_errors_from_read_keep_their_type_and_others_are_the_cause():
    error = FileNotFoundError(2, "gone")
    with pytest.raises(FileNotFoundError) as caught:
        list(pgn.validate(Raising(error)))
    assert caught.value is error
    error = ValueError("I/O operation on closed file")
    with pytest.raises(OSError) as caught:
        list(pgn.validate(Raising(error)))
    assert caught.value.__cause__ is error
    assert "closed file" in str(caught.value)


# --- over-long texts ----------------------------------------------------------------------

HUGE = 20_000_000


def peak_rss_growth_mb(code):
    """How much a new interpreter's peak memory grows while it runs `code` (after `text`, a
    20 MB str, exists), and what it printed."""
    script = textwrap.dedent(
        f"""
        import resource, chessrules
        text = "r" * {HUGE}
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        try:
            {code}
        except Exception as e:
            print(type(e).__name__ + ": " + str(e))
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print((after - before) / 1024)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=ELSEWHERE)
    assert done.returncode == 0, done.stderr
    message, growth = done.stdout.strip().rsplit("\n", 1)
    return float(growth), message[:300]


def test_a_20_mb_fen_is_refused_before_it_is_read():
    growth, message = peak_rss_growth_mb('chessrules.Board("standard", text)')
    assert message.startswith("BoardFileError: the board text is too long"), message
    assert "65536 bytes" in message
    assert growth < 20, f"{growth:.0f} MB more for a refused FEN"


@pytest.mark.parametrize(
    "call, error",
    [
        ('chessrules.Board().push_san(text)', "IllegalMoveError: the move text is too long"),
        ('chessrules.load_variant(text)', "VariantFileError: the variant file is too long"),
        ('chessrules.initial_board_file(text)', "UnknownVariantError: the variant name is too long"),
    ],
)
def test_other_over_long_texts_are_refused_before_they_are_read(call, error):
    growth, message = peak_rss_growth_mb(call)
    assert message.startswith(error), message
    assert growth < 20, f"{growth:.0f} MB more for a refused text"


def test_text_limits_name_the_limit_and_keep_the_attributes():
    with pytest.raises(chessrules.BoardFileError) as caught:
        chessrules.Board("fairy", "x" * 65_537)
    assert "65536" in caught.value.message and caught.value.exit_code == 1
    assert caught.value.line is None and caught.value.square is None
    # Characters are counted in UTF-8 bytes: 30,000 three-byte characters are 90,000 bytes.
    with pytest.raises(chessrules.BoardFileError, match="90000 bytes"):
        chessrules.Board("standard", "\u20ac" * 30_000)
    long_move = "e" * 257
    with pytest.raises(chessrules.IllegalMoveError) as caught:
        chessrules.Board().push_uci(long_move)
    assert caught.value.move is long_move and "256" in caught.value.message
    for call in (chessrules.Board().parse_san, chessrules.Board().parse_uci,
                 chessrules.Move.from_uci):
        with pytest.raises(chessrules.IllegalMoveError, match="limit is 256 bytes"):
            call(long_move)
    with pytest.raises(chessrules.VariantFileError) as caught:
        chessrules.load_variant("#" * (1 << 20) + "x")
    assert caught.value.line is None and "1048576" in caught.value.message
    with pytest.raises(chessrules.UnknownVariantError, match="limit is 64 bytes"):
        chessrules.initial_board_file("s" * 65)
    with pytest.raises(chessrules.UnknownVariantError, match="limit is 64 bytes"):
        pgn.validate(b"", variant="s" * 65)
    # Under the limits, texts are read as before.
    with pytest.raises(chessrules.BoardFileError) as caught:
        chessrules.Board("standard", "x" * 65_536)
    assert "too long" not in caught.value.message
    assert chessrules.Board().push_uci("e2e4").uci() == "e2e4"


# --- split_points -------------------------------------------------------------------------

def test_split_points_cut_where_pieces_read_as_the_whole_file(cli, tmp_path):
    path = corpus.tricky(cli, tmp_path, 300, 36)
    data = path.read_bytes()
    whole = [r.to_dict() for r in pgn.validate(data)]
    assert len(whole) > 300
    for piece_bytes in (1, 3_000, 17_000, 100_000, len(data)):
        cuts = pgn.split_points(path, piece_bytes)
        starts = [(0, 1)] + cuts + [(len(data), None)]
        assert all(b[0] - a[0] >= piece_bytes for a, b in zip(starts[1:], starts[2:-1]))
        got = []
        for (start, line), (end, _) in zip(starts, starts[1:]):
            assert start == 0 or data[start - 1:start] == b"\n"
            assert line == data[:start].count(b"\n") + 1
            for r in pgn.validate(data[start:end], first_line=line):
                got.append(dict(r.to_dict(), game=len(got) + 1))
        assert got == whole, piece_bytes
    # No cut inside a comment: no piece starts with a game hidden in one.
    for start, _ in pgn.split_points(path, 1):
        assert not data[start:].startswith(b'[Event "fake')
