#!/usr/bin/env python3
"""Writes the bad-input catalogue testBoards/bad-input/<case>/ (issue 12).

Each case folder holds its input files, `cmd` (the arguments, one per line, paths relative to
the folder the case runs in), optional `setup` (files made at test time: huge ones are never
committed), optional `stdin`, optional `after` (what must hold of the files afterwards), and
the expected `code`, `stdout`, `stderr`. tests/bad_input.rs runs them.

The inputs are built from our own golden cases. With --record, the expected outputs are taken
from a run of BIN (then every case is read and checked by hand before committing).
Usage: scripts/bad-input-cases.py [--record BIN]
"""
import os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "testBoards", "bad-input")
TB = os.path.join(ROOT, "testBoards")

def read(*p):
    with open(os.path.join(*p), "rb") as f:
        return f.read()

# The valid inputs each command starts from (our own golden cases).
FAIRY_BOARD = read(TB, "fairy", "amazon_black_knight_jump_and_rook_move.board")
FAIRY_MOVES = read(TB, "fairy", "amazon_black_knight_jump_and_rook_move.moves")
OBST_BOARD = read(TB, "obstacle", "threefold-repetition", "initial.board")
OBST_GAME = b"e2-e4\ne7-e5\ng1-f3\n"
FOLLOW_BOARD = read(TB, "follow", "spec_example", "board.txt")
FOLLOW_MOVES = read(TB, "follow", "spec_example", "moves.txt")
PGN = read(TB, "standard", "validate-legal", "games.pgn")
VARIANT = read(ROOT, "variants", "losalamos.toml")
PAWNRACE_IN = read(TB, "pawnrace", "en-passant-then-last-rank.in")

BINARY = bytes((i * 37 + 11) % 256 for i in range(4096))

def variants_of(valid, comment):
    """The content cases: (name, bytes)."""
    out = [
        ("empty", b""),
        ("binary", BINARY),
        ("nul", valid[: len(valid) // 2] + b"\0" + valid[len(valid) // 2 :]),
        ("invalid-utf8", valid[: len(valid) // 3] + b"\xff\xfe\xc3\x28" + valid[len(valid) // 3 :]),
        ("bom", b"\xef\xbb\xbf" + valid),
        ("crlf", valid.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")),
        ("lone-cr", valid.replace(b"\r\n", b"\n").replace(b"\n", b"\r")),
        ("tabs", valid.replace(b" ", b"\t")),
    ]
    if comment is not None:
        out.append(("only-comments", comment + b" one\n" + comment + b" two\n"))
    return out

# File-system cases: (name, setup lines, path to use).
FS_CASES = [
    ("missing", [], "no-such-file"),
    ("directory", ["dir a-folder"], "a-folder"),
    ("unreadable", ["chmod000 locked"], "locked"),
    ("huge-line", ["huge-line big 100000000"], "big"),
    ("ten-million-lines", ["many-lines many 10000000"], "many"),
]

cases = {}

def case(name, cmd, files=None, setup=(), stdin=None, after=()):
    cases[name] = dict(cmd=cmd, files=files or {}, setup=list(setup), stdin=stdin, after=list(after))

def two_file(prefix, base, arg_of, first, second, comment_first, comment_second, extra_args=()):
    """Cases for a command reading FIRST then SECOND; arg_of(first_path, second_path)."""
    for name, data in variants_of(first, comment_first):
        case(f"{prefix}-first-{name}", arg_of("in1", "in2"), {"in1": data, "in2": second})
    for name, data in variants_of(second, comment_second):
        case(f"{prefix}-second-{name}", arg_of("in1", "in2"), {"in1": first, "in2": data})
    for name, setup, path in FS_CASES:
        for which, other in (("in1", "first"), ("in2", "second")):
            s = [l.replace("locked", which) for l in setup]
            p = which if name == "unreadable" else path
            a, b = (p, "in2") if which == "in1" else ("in1", p)
            case(f"{prefix}-{other}-{name}", arg_of(a, b), {"in1": first, "in2": second}, s)

two_file("fairy", "fairy", lambda a, b: ["fairy", a, b], FAIRY_BOARD, FAIRY_MOVES, b"%", b"%")
two_file("follow", "follow", lambda a, b: ["follow", a, b], FOLLOW_BOARD, FOLLOW_MOVES, None, None)
two_file("obstacle", "obstacle", lambda a, b: ["obstacle", a, "out", b], OBST_BOARD, OBST_GAME, b"%", b"%")

def one_file(prefix, args_of, valid, comment):
    for name, data in variants_of(valid, comment):
        case(f"{prefix}-{name}", args_of("in1"), {"in1": data})
    for name, setup, path in FS_CASES:
        s = [l.replace("locked", "in1") for l in setup]
        case(f"{prefix}-{name}", args_of("in1" if name == "unreadable" else path), {"in1": valid}, s)

one_file("validate", lambda p: ["standard", "validate", p], PGN, b";")
one_file("variant", lambda p: ["variant", "check", p], VARIANT, b"#")

# Files read whole by the other commands (issue 23): the shared size cap, exit 3 for I/O.
FEN_FILE = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
def fs_only(prefix, args_of, valid):
    for name, setup, path in FS_CASES:
        if name in ("missing", "directory", "huge-line"):
            case(f"{prefix}-{name}", args_of(path), {"in1": valid}, setup)

fs_only("perft-board", lambda p: ["perft", "1", "--board", p], FEN_FILE)
fs_only("perft-variant-file", lambda p: ["perft", "1", "--variant-file", p], VARIANT)
fs_only("perft-follow-board", lambda p: ["perft", "1", "--variant", "follow", "--board", p], FOLLOW_BOARD)
fs_only("play-board", lambda p: ["play", "--variant", "obstacle", p], OBST_BOARD)
fs_only("find-from", lambda p: ["find", p, "in1"], FEN_FILE)
fs_only("engine-match-board", lambda p: ["engine-match", "--board", p], FEN_FILE)

# Pawn race reads typed lines on standard input.
for name, data in variants_of(PAWNRACE_IN, None):
    case(f"pawnrace-{name}", ["pawnrace", "P", "P", "h", "a", "--quiet"], stdin=data)
case("pawnrace-huge-line", ["pawnrace", "P", "P", "h", "a", "--quiet"],
     setup=["huge-line stdin 100000000"])

# Other line readers on standard input (issue 35): followchess asks for file names, uci reads
# commands; a 100 MB line is refused without holding it.
case("follow-stdin-huge-line", ["follow"], setup=["huge-line stdin 100000000"])
case("uci-stdin-huge-line", ["uci"], setup=["huge-line stdin 100000000"])

# Variant files whose movement strings would cost memory by their length (issue 35): refused
# with the place, before anything is built.
def with_rook(betza):
    return VARIANT.replace(b'betza = "R"', b'betza = "' + betza + b'"', 1)
case("variant-betza-60k", ["variant", "check", "in1"], {"in1": with_rook(b"WF" * 30000)})
case("variant-betza-many-parts", ["variant", "check", "in1"], {"in1": with_rook(b"WF" * 40)})
case("variant-betza-repeated-parts", ["variant", "check", "in1"], {"in1": with_rook(b"R" * 60)})
case("perft-betza-repeated-parts", ["perft", "3", "--variant-file", "in1"],
     {"in1": with_rook(b"RW" * 32)})

# Output paths.
case("obstacle-out-missing-folder", ["obstacle", "in1", "no-such-folder/out"], {"in1": OBST_BOARD},
     after=["absent no-such-folder"])
case("obstacle-out-readonly-folder", ["obstacle", "in1", "ro/out"], {"in1": OBST_BOARD},
     setup=["readonly-dir ro"], after=["absent ro/out"])
case("obstacle-out-is-a-folder", ["obstacle", "in1", "a-folder"], {"in1": OBST_BOARD},
     setup=["dir a-folder"], after=["folder a-folder"])
case("obstacle-in-is-out", ["obstacle", "in1", "in1", "in2"], {"in1": OBST_BOARD, "in2": OBST_GAME},
     after=["equals in1 expected-in1"])
case("obstacle-in-is-out-rejected", ["obstacle", "in1", "in1", "in2"],
     {"in1": OBST_BOARD, "in2": b"e2-e5\n"}, after=["equals in1 original-in1"])
case("obstacle-game-is-out", ["obstacle", "in1", "in2", "in2"], {"in1": OBST_BOARD, "in2": OBST_GAME},
     after=["equals in2 expected-in1"])
# A fixed PGN date: the default is today's, which would make the expected output expire.
case("play-pgn-missing-folder", ["standard", "play", "--date", "2026.01.01", "--pgn", "no-such-folder/game.pgn"],
     stdin=b"e4\ne5\nresign\n", after=["absent no-such-folder"])
case("play-pgn-readonly-folder", ["standard", "play", "--date", "2026.01.01", "--pgn", "ro/game.pgn"],
     setup=["readonly-dir ro"], stdin=b"e4\ne5\nresign\n", after=["absent ro/game.pgn"])

def write_cases():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    for name, c in sorted(cases.items()):
        d = os.path.join(OUT, name)
        os.makedirs(d)
        for f, data in c["files"].items():
            with open(os.path.join(d, f), "wb") as fh:
                fh.write(data)
        with open(os.path.join(d, "cmd"), "w") as fh:
            fh.write("\n".join(c["cmd"]) + "\n")
        if c["setup"]:
            with open(os.path.join(d, "setup"), "w") as fh:
                fh.write("\n".join(c["setup"]) + "\n")
        if c["stdin"] is not None:
            with open(os.path.join(d, "stdin"), "wb") as fh:
                fh.write(c["stdin"])
        if c["after"]:
            with open(os.path.join(d, "after"), "w") as fh:
                fh.write("\n".join(c["after"]) + "\n")
        if "original-in1" in " ".join(c["after"]):
            shutil.copy(os.path.join(d, "in1"), os.path.join(d, "original-in1"))

def record(binary):
    for name in sorted(os.listdir(OUT)):
        d = os.path.join(OUT, name)
        work = tempfile.mkdtemp(prefix="bad-input-")
        for f in os.listdir(d):
            if f not in ("cmd", "setup", "stdin", "after", "code", "stdout", "stderr"):
                shutil.copy(os.path.join(d, f), os.path.join(work, f))
        stdin_data = read(d, "stdin") if os.path.exists(os.path.join(d, "stdin")) else b""
        if os.path.exists(os.path.join(d, "setup")):
            for line in open(os.path.join(d, "setup")).read().split("\n"):
                w = line.split()
                if not w:
                    continue
                p = os.path.join(work, w[1])
                if w[0] == "dir":
                    os.makedirs(p)
                elif w[0] == "readonly-dir":
                    os.makedirs(p)
                    os.chmod(p, 0o555)
                elif w[0] == "chmod000":
                    os.chmod(p, 0)
                elif w[0] == "huge-line":
                    with open(p, "wb") as fh:
                        fh.write(b"x" * int(w[2]) + b"\n")
                elif w[0] == "many-lines":
                    with open(p, "wb") as fh:
                        fh.write(b"\n" * int(w[2]))
            if os.path.exists(os.path.join(work, "stdin")) and "huge-line stdin" in open(os.path.join(d, "setup")).read():
                stdin_data = read(work, "stdin")
                os.remove(os.path.join(work, "stdin"))
        cmd = open(os.path.join(d, "cmd")).read().split("\n")[:-1]
        prefix = []
        setup_text = open(os.path.join(d, "setup")).read() if os.path.exists(os.path.join(d, "setup")) else ""
        if os.getuid() == 0 and ("chmod000" in setup_text or "readonly-dir" in setup_text):
            # Root reads and writes anything: run as nobody, as tests/bad_input.rs does.
            os.chmod(work, 0o777)
            for f in os.listdir(work):
                if os.stat(os.path.join(work, f)).st_mode & 0o777:
                    os.chmod(os.path.join(work, f), 0o644 if os.path.isfile(os.path.join(work, f)) else 0o555)
            prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        r = subprocess.run(prefix + [binary] + cmd, cwd=work, input=stdin_data, capture_output=True)
        with open(os.path.join(d, "code"), "w") as fh:
            fh.write(f"{r.returncode}\n")
        with open(os.path.join(d, "stdout"), "wb") as fh:
            fh.write(r.stdout)
        with open(os.path.join(d, "stderr"), "wb") as fh:
            fh.write(r.stderr)
        after = os.path.join(d, "after")
        if os.path.exists(after) and "expected-in1" in open(after).read():
            shutil.copy(os.path.join(work, "in1") if "equals in1" in open(after).read() else os.path.join(work, "in2"),
                        os.path.join(d, "expected-in1"))
        subprocess.run(["chmod", "-R", "u+rwx", work])
        shutil.rmtree(work)

write_cases()
if len(sys.argv) == 3 and sys.argv[1] == "--record":
    record(sys.argv[2])
print(len(cases), "cases")
