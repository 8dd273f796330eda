#!/usr/bin/env python3
"""Writes the --strict golden inputs: testBoards/<variant>/strict/<rule>-{pass,fail}.<ext>.

Each pair differs in one detail: the pass board just passes, the fail board just fails.
Expected outputs (`<case>.expected`: the exact error line, empty for a pass) are written by
hand-checked reasoning in this file, not by running the binary.
"""
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "testBoards")

FAIRY_ALLOC = "k:1\nr:2\nq:1\nb:2\nf:1\ne:1\na:1\nw:1\np:6\nd:4\n-----\n"


def fairy(rows, status="w:----:0:0", alloc=FAIRY_ALLOC):
    """rows: dict rank(1..10) -> 10-char string; other ranks empty."""
    lines = []
    for rank in range(10, 0, -1):
        row = rows.get(rank, "..........")
        assert len(row) == 10, row
        lines.append(" ".join(row))
    return alloc + "\n".join(lines) + "\n-----\n" + status + "\n"


FULL_BLACK = {10: "rabqekfbwr", 9: "pdppdpdppd"}
FULL_WHITE = {1: "RABQEKFBWR", 2: "PDPPDPDPPD"}

FAIRY = {
    "adjacent-kings": (
        fairy({7: ".....k....", 5: ".....K...."}),
        fairy({6: ".....k....", 5: ".....K...."}),
        "ERROR: strict: kings on adjacent squares at f6",
    ),
    "not-to-move-in-check": (
        fairy({10: ".....k....", 2: ".....R....", 1: "....K....."}, status="b:----:0:0"),
        fairy({10: ".....k....", 2: ".....R....", 1: "....K....."}, status="w:----:0:0"),
        "ERROR: strict: Black is in check but it is not its move at f10",
    ),
    "impossible-double-check": (
        # Amazon (knight's jump) from f9, Rook discovered along the f-file.
        fairy({10: ".....k....", 8: "....A.....", 1: ".....R.K.."}, status="b:----:0:0"),
        # Amazon and Princess both check by a knight's jump: no line was opened.
        fairy({10: ".....k....", 8: "....A.W...", 1: ".......K.."}, status="b:----:0:0"),
        "ERROR: strict: no single move gives this double check at f10",
    ),
    "too-many-checkers": (
        fairy({10: ".....k....", 8: "....A.....", 1: ".....R.K.."}, status="b:----:0:0"),
        fairy({10: ".....k....", 8: "....A.W...", 1: ".....R.K.."}, status="b:----:0:0"),
        "ERROR: strict: 3 pieces give check at once at f10",
    ),
    "too-many-promoted": (
        fairy({**FULL_BLACK, 5: "...Q......", 2: "PDPPDPDP.D", 1: "R..QEK...R"}),
        fairy({**FULL_BLACK, 5: "...Q......", 2: "PDPPDPDPPD", 1: "R..QEK...R"}),
        "ERROR: strict: White has more promoted pieces than missing pawns (0) at d1",
    ),
    "pawn-captures": (
        fairy({**FULL_BLACK, 9: "pdppdpdpp.", 3: "P.........", 2: "PD.PDPDPPD", 1: "RABQEKFBWR"}),
        fairy({**FULL_BLACK, 3: "P.........", 2: "PD.PDPDPPD", 1: "RABQEKFBWR"}),
        "ERROR: strict: White's pawns need 1 captures to stand on their files but Black has lost only 0 pieces at a2",
    ),
    "not-promotable": (
        fairy({10: ".....k....", 3: "..E.......", 2: "PDPPDPDP.D", 1: ".....K...."}),
        fairy({10: ".....k....", 3: "..E.......", 2: "PDPPDPDP.D", 1: "....EK...."}),
        "ERROR: strict: White has more of kind elephant than it starts with, and no pawn promotes to it at e1",
    ),
    "pawn-rank": (
        fairy({10: ".....k....", 9: "P.........", 1: ".....K...."}),
        fairy({10: "P....k....", 1: ".....K...."}),
        "ERROR: strict: a pawn on its own first or last rank at a10",
    ),
}

# Four Flying Dragons: at the start White can have at most three on light squares (b1, d1, h1).
DRAGON_ALLOC = "k:1\nr:2\nq:1\nb:2\nf:4\np:10\n-----\n"
FAIRY["bishops-same-colour"] = (
    fairy({10: ".....k....", 4: ".F.F.F.F..", 2: "PPPPPPPPPP", 1: ".....K...."}, alloc=DRAGON_ALLOC),
    fairy({10: ".....k....", 4: "F.F.F.F...", 2: "PPPPPPPPPP", 1: ".....K...."}, alloc=DRAGON_ALLOC),
    "ERROR: strict: White has more flying dragon pieces on squares of this colour than its start and promotions allow at g4",
)


def obstacle(rows, status="w 3 3 - - - - - 0"):
    """rows: 8 strings, rank 8 first (walls as `|` / `_` prefixes)."""
    assert len(rows) == 8
    return "\n".join(rows) + "\n" + status + "\n"


EMPTY = "........"
INITIAL = ["rnbqkbnr", "pppppppp", EMPTY, EMPTY, EMPTY, EMPTY, "PPPPPPPP", "RNBQKBNR"]
# Both mines still on the board: no explosion can have removed pieces.
MINES = ["rnbqkbnr", "pppppppp", EMPTY, "M......M", EMPTY, EMPTY, "PPPPPPPP", "RNBQKBNR"]
with_e4 = list(MINES)
with_e4[4] = "....P..."
with_e4[6] = "PPPP.PPP"

OBSTACLE = {
    "edge-wall": (
        obstacle(INITIAL[:4] + [".|......."] + INITIAL[5:], "w 2 3 + + + + - 0"),
        obstacle(INITIAL[:4] + ["|........"] + INITIAL[5:], "w 2 3 + + + + - 0"),
        "ERROR: strict: a wall on the outer edge of the board at a4",
    ),
    "wall-count": (
        obstacle(INITIAL, "w 3 3 + + + + - 0"),
        obstacle(INITIAL, "w 3 2 + + + + - 0"),
        "ERROR: strict: 0 walls on the board and 5 left, but the players had 6 in all",
    ),
    "open-trapdoor": (
        obstacle(["r.bqkbnr"] + INITIAL[1:4] + ["....O..."] + INITIAL[5:], "w 3 3 + + + + - 0"),
        obstacle(INITIAL[:4] + ["....O..."] + INITIAL[5:], "w 3 3 + + + + - 0"),
        "ERROR: strict: an open trapdoor but no missing piece can have fallen through it at e4",
    ),
    "adjacent-kings": (
        obstacle([EMPTY, EMPTY, "....k...", EMPTY, "....K...", EMPTY, EMPTY, EMPTY]),
        obstacle([EMPTY, EMPTY, EMPTY, "....k...", "....K...", EMPTY, EMPTY, EMPTY]),
        "ERROR: strict: kings on adjacent squares at e5",
    ),
    "not-to-move-in-check": (
        obstacle(["....k...", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, "....R.K."], "b 3 3 - - - - - 0"),
        obstacle(["....k...", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, "....R.K."], "w 3 3 - - - - - 0"),
        "ERROR: strict: Black is in check but it is not its move at e8",
    ),
    # A wall between the rook and the king: no check, so White may be the side to move.
    "not-to-move-in-check-wall": (
        obstacle(["....k...", "...._....", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, "....R.K."], "w 2 3 - - - - - 0"),
        obstacle(["....k...", EMPTY, "..._.....", EMPTY, EMPTY, EMPTY, EMPTY, "....R.K."], "w 2 3 - - - - - 0"),
        "ERROR: strict: Black is in check but it is not its move at e8",
    ),
    "castling-right": (
        obstacle(INITIAL, "w 3 3 + + + + - 0"),
        obstacle(INITIAL[:7] + ["RNBQKBN."], "w 3 3 + + + + - 0"),
        "ERROR: strict: kingside castling right but the rook is not on its start square at h1",
    ),
    "en-passant": (
        obstacle(with_e4, "b 3 3 + + + + e3 0"),
        obstacle(MINES, "b 3 3 + + + + e3 0"),
        "ERROR: strict: no double step could have left this en passant square (no pawn in front of it) at e3",
    ),
    "impossible-double-check": (
        obstacle(["....k...", EMPTY, "...N....", "M......M", EMPTY, EMPTY, EMPTY, "....R.K."], "b 3 3 - - - - - 0"),
        obstacle(["....k...", EMPTY, "...N.N..", "M......M", EMPTY, EMPTY, EMPTY, "......K."], "b 3 3 - - - - - 0"),
        "ERROR: strict: no single move gives this double check at e8",
    ),
}

STANDARD = {
    "impossible-double-check": (
        "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
        "4k3/8/3N1N2/8/8/8/8/6K1 b - - 0 1",
        "ERROR: strict: no single move gives this double check at e8",
    ),
    "pawn-and-line-check": (
        "4k3/5P2/8/8/8/8/8/4R1K1 b - - 0 1",
        "4k3/5P2/8/8/B7/8/8/6K1 b - - 0 1",
        "ERROR: strict: no single move gives this double check at e8",
    ),
    "too-many-checkers": (
        "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
        "4k3/8/3N1N2/1B6/8/8/8/6K1 b - - 0 1",
        "ERROR: strict: 3 pieces give check at once at e8",
    ),
    "too-many-promoted": (
        "4k3/8/8/8/8/8/1PPPPPPP/QQ2K3 w - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
        "ERROR: strict: White has more promoted pieces than missing pawns (0) at b1",
    ),
    "bishops-same-colour": (
        "4k3/8/8/8/8/8/1PPPPPPP/2B1K1B1 w - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPPP/2B1K1B1 w - - 0 1",
        "ERROR: strict: White has more bishop pieces on squares of this colour than its start and promotions allow at g1",
    ),
    # A promoted rook stands after the bishops in board order: the bishop is still named.
    "bishops-same-colour-and-promoted-rook": (
        "4k3/7R/8/8/8/8/2PPPPPP/R1B1K1BR w - - 0 1",
        "4k3/7R/8/8/8/8/1PPPPPPP/R1B1K1BR w - - 0 1",
        "ERROR: strict: White has more bishop pieces on squares of this colour than its start and promotions allow at g1",
    ),
    "too-many-pawns": (
        "4k3/8/8/8/8/P7/1PPPPPPP/4K3 w - - 0 1",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        "ERROR: strict: White has more of kind pawn than it starts with at h2",
    ),
    "pawn-captures": (
        "rnbqkb1r/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1",
        "ERROR: strict: White's pawns need 1 captures to stand on their files but Black has lost only 0 pieces at a2",
    ),
    "promotion-without-capture": (
        "r1bqkbnr/pppppppp/8/8/4Q3/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4Q3/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1",
        "ERROR: strict: a promoted piece but no piece was ever captured at e4",
    ),
}


def write(variant, ext, cases):
    folder = os.path.join(ROOT, variant, "strict")
    os.makedirs(folder, exist_ok=True)
    for rule, (passing, failing, error) in cases.items():
        for kind, text, expected in (("pass", passing, ""), ("fail", failing, error + "\n")):
            with open(os.path.join(folder, f"{rule}-{kind}.{ext}"), "w") as f:
                f.write(text if ext != "fen" else text + "\n")
            with open(os.path.join(folder, f"{rule}-{kind}.expected"), "w") as f:
                f.write(expected)


write("fairy", "board", FAIRY)
write("obstacle", "board", OBSTACLE)
write("standard", "fen", STANDARD)
