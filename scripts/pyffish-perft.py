#!/usr/bin/env python3
"""Perft figures of the example variant files from an independent generator.

pyffish (Fairy-Stockfish's Python binding, `pip install pyffish`) has capablanca and
losalamos built in. This script counts the leaves of its legal move tree for a few
positions and writes them as data to tests/perft/<variant>.perft (the course fairy pieces:
tests/perft/fairy-pyffish.perft), one line per figure:

    FEN<TAB>DEPTH<TAB>NODES

`tests/variantfiles_perft.rs` compares our counts with these lines; it never needs pyffish.
Run from the repository root: python3 scripts/pyffish-perft.py
"""
import sys

import pyffish as sf

# The course's fairy pieces (variants/fairy.toml) as a pyffish custom variant, without the
# Elephant (Fairy-Stockfish has no per-piece region here) and without castling (the positions
# below give no castling rights): Drunken Soldier, Flying Dragon, Amazon, Princess, pawns with
# a double step and no en passant, Pawns and Soldiers promoting on the last rank.
FAIRY_INI = """
[coursefairy:chess]
maxRank = 10
maxFile = j
customPiece1 = d:mfsWcfF
customPiece2 = f:B2
customPiece3 = a:QN
customPiece4 = w:BN
castling = false
doubleStep = true
doubleStepRegionWhite = *2
doubleStepRegionBlack = *9
enPassantRegionWhite = -
enPassantRegionBlack = -
promotionRegionWhite = *10
promotionRegionBlack = *1
promotionPawnTypes = pd
promotionPieceTypes = rqnbfaw
startFen = rnbwqkafnr/dppppppppd/10/10/10/10/10/10/DPPPPPPPPD/RNBWQKAFNR w - - 0 1
"""

POSITIONS = {
    "capablanca": [
        ("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 3),
        # Castling both ways, promotions to every kind, captures.
        ("r4k3r/1P6p1/10/10/10/10/1p6P1/R4K3R w KQkq - 0 1", 3),
        ("r4k3r/pPpa2c1pp/10/10/3pP5/10/PPP2PPP1P/R4K3R b KQkq e3 0 1", 3),
        ("4k5/10/10/2C3A3/10/10/10/4K5 w - - 0 1", 3),
    ],
    "losalamos": [
        ("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", 4),
        ("2k3/P4P/6/6/p4p/2K3 w - - 0 1", 4),
        ("r1k2r/1P4/2n3/2N3/4p1/R1K2R b - - 0 1", 3),
    ],
    "coursefairy": [
        ("rnbwqkafnr/dppppppppd/10/10/10/10/10/10/DPPPPPPPPD/RNBWQKAFNR w - - 0 1", 3),
        # Soldiers and pawns about to promote, capturing or not; dragons, amazon, princess.
        ("r3k4r/1D3p2d1/10/10/3F6/10/6a3/2W7/1d3P2D1/R3K4R w - - 0 1", 3),
        ("4k5/1D6d1/10/3f6/10/2A7/10/7w2/P1d6D/4K5 b - - 0 1", 3),
    ],
}


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    sf.load_variant_config(FAIRY_INI)
    for variant, positions in POSITIONS.items():
        lines = [f"# {variant}: pyffish {'.'.join(map(str, sf.version()))}, scripts/pyffish-perft.py"]
        for fen, max_depth in positions:
            for depth in range(1, max_depth + 1):
                n = perft(variant, fen, depth)
                lines.append(f"{fen}\t{depth}\t{n}")
                print(variant, fen, depth, n, file=sys.stderr)
        # tests/perft/fairy.perft belongs to the fairy variant's own perft suite.
        out = "fairy-pyffish" if variant == "coursefairy" else variant
        with open(f"tests/perft/{out}.perft", "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
