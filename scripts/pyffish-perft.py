#!/usr/bin/env python3
"""Perft figures of the example variant files from an independent generator.

pyffish (Fairy-Stockfish's Python binding, `pip install pyffish`) has capablanca and
losalamos built in. This script counts the leaves of its legal move tree for a few
positions and writes them as data to tests/perft/<variant>.perft, one line per figure:

    FEN<TAB>DEPTH<TAB>NODES

`tests/variantfiles_perft.rs` compares our counts with these lines; it never needs pyffish.
Run from the repository root: python3 scripts/pyffish-perft.py
"""
import sys

import pyffish as sf

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
}


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    for variant, positions in POSITIONS.items():
        lines = [f"# {variant}: pyffish {'.'.join(map(str, sf.version()))}, scripts/pyffish-perft.py"]
        for fen, max_depth in positions:
            for depth in range(1, max_depth + 1):
                n = perft(variant, fen, depth)
                lines.append(f"{fen}\t{depth}\t{n}")
                print(variant, fen, depth, n, file=sys.stderr)
        with open(f"tests/perft/{variant}.perft", "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
