#!/usr/bin/env python3
"""An independent, deliberately naive fairy chess move generator (written from the spec, not
from the Rust code) that checks the node counts of tests/perft/fairy.perft.

    scripts/fairy-perft-check.py [--max-nodes N] [tests/perft/fairy.perft]

Every entry whose expected count is at most N (default 300000) is recomputed and compared.
Perft here ignores the halfmove-clock rule, as the Rust perft does.
"""
import sys

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
# letter -> list of (vectors, max range); pawns and soldiers are handled below.
RIDERS = {
    "k": [(ORTH + DIAG, 1)],
    "r": [(ORTH, 10)],
    "q": [(ORTH + DIAG, 10)],
    "n": [(KNIGHT, 1)],
    "b": [(DIAG, 10)],
    "f": [(DIAG, 2)],
    "e": [(ORTH, 10)],
    "a": [(ORTH + DIAG, 10), (KNIGHT, 1)],
    "w": [(DIAG, 10), (KNIGHT, 1)],
}
# Castling: flag index -> (colour, king from, king to, rook from, rook to), files 0-based.
CASTLING = [("b", 5, 1, 0, 2), ("b", 5, 8, 9, 7), ("w", 5, 1, 0, 2), ("w", 5, 8, 9, 7)]


def colour(p):
    return "w" if p.isupper() else "b"


def own_half(c, rank):
    return rank <= 4 if c == "w" else rank >= 5


def on(f, r):
    return 0 <= f < 10 and 0 <= r < 10


def targets(board, sq, attacks_only):
    """(destination, is_capture) pairs of the piece on sq, pseudo-legal, no castling."""
    f, r = sq
    p = board[sq]
    c = colour(p)
    kind = p.lower()
    fwd = 1 if c == "w" else -1
    out = []
    if kind in "pd":
        caps = [(f - 1, r + fwd), (f + 1, r + fwd)]
        for t in caps:
            if on(*t) and (attacks_only or (t in board and colour(board[t]) != c)):
                out.append((t, True))
        if attacks_only:
            return out
        steps = [(f, r + fwd)]
        if kind == "d":
            steps += [(f - 1, r), (f + 1, r)]
        for t in steps:
            if on(*t) and t not in board:
                out.append((t, False))
        start = 1 if c == "w" else 8
        if kind == "p" and r == start and (f, r + fwd) not in board and (f, r + 2 * fwd) not in board:
            out.append(((f, r + 2 * fwd), False))
        return out
    for vectors, rng in RIDERS[kind]:
        for dx, dy in vectors:
            for dist in range(1, rng + 1):
                t = (f + dx * dist, r + dy * dist)
                if not on(*t) or (kind == "e" and not own_half(c, t[1])):
                    break
                if t in board:
                    if colour(board[t]) != c or attacks_only:
                        out.append((t, True))
                    break
                out.append((t, False))
    return out


def attacked(board, sq, by):
    return any(colour(p) == by and any(t == sq for t, _ in targets(board, s, True))
               for s, p in list(board.items()))


def king_sq(board, c):
    k = "K" if c == "w" else "k"
    for s, p in board.items():
        if p == k:
            return s
    return None


def moves(pos):
    board, side, rights, promos = pos
    out = []
    last = 9 if side == "w" else 0
    for sq, p in list(board.items()):
        if colour(p) != side:
            continue
        for t, cap in targets(board, sq, False):
            if p.lower() in "pd" and t[1] == last:
                for k in promos:
                    out.append(("n", sq, t, k.upper() if side == "w" else k))
            else:
                out.append(("n", sq, t, None))
    for i, (c, kf, kt, rf, rt) in enumerate(CASTLING):
        if c != side or not rights[i]:
            continue
        rank = 0 if c == "w" else 9
        king, rook = ("K", "R") if c == "w" else ("k", "r")
        if board.get((kf, rank)) != king or board.get((rf, rank)) != rook:
            continue
        lo, hi = min(kf, kt, rf, rt), max(kf, kt, rf, rt)
        if any((x, rank) in board for x in range(lo, hi + 1) if x not in (kf, rf)):
            continue
        other = "b" if c == "w" else "w"
        step = 1 if kt > kf else -1
        path = [(x, rank) for x in range(kf, kt + step, step)]
        if any(attacked(board, s, other) for s in path):
            continue
        out.append(("c", i, None, None))
    legal = []
    for m in out:
        nb = make(pos, m)
        k = king_sq(nb[0], side)
        if k is None or not attacked(nb[0], k, nb[1]):
            legal.append(m)
    return legal


def make(pos, m):
    board, side, rights, promos = pos
    board = dict(board)
    rights = list(rights)
    if m[0] == "c":
        c, kf, kt, rf, rt = CASTLING[m[1]]
        rank = 0 if c == "w" else 9
        board[(kt, rank)] = board.pop((kf, rank))
        board[(rt, rank)] = board.pop((rf, rank))
        touched = [(kf, rank), (rf, rank)]
    else:
        _, a, b, promo = m
        piece = board.pop(a)
        board[b] = promo or piece
        touched = [a, b]
    for i, (c, kf, kt, rf, rt) in enumerate(CASTLING):
        rank = 0 if c == "w" else 9
        if (kf, rank) in touched or (rf, rank) in touched:
            rights[i] = False
    return board, ("b" if side == "w" else "w"), rights, promos


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(make(pos, m), depth - 1) for m in ms)


def parse_entry(line):
    alloc, rows, status, *counts = [x.strip() for x in line.split(";")]
    allocated = {a.split(":")[0]: int(a.split(":")[1]) for a in alloc.split(",")}
    promos = [k for k in "rqnbfaw" if allocated.get(k, 0) > 0]
    board = {}
    for i, row in enumerate(rows.split("/")):
        for f, ch in enumerate(row):
            if ch != ".":
                board[(f, 9 - i)] = ch
    side, flags = status.split(":")[0], status.split(":")[1]
    pos = (board, side, [ch == "+" for ch in flags], promos)
    return pos, [tuple(int(x) for x in c.split("=")) for c in counts]


def main():
    args = sys.argv[1:]
    max_nodes = 300000
    if args[:1] == ["--max-nodes"]:
        max_nodes = int(args[1])
        args = args[2:]
    path = args[0] if args else "tests/perft/fairy.perft"
    bad = 0
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, rest = line.split(" ", 1)
        pos, counts = parse_entry(rest)
        for depth, nodes in counts:
            if nodes > max_nodes:
                continue
            got = perft(pos, depth)
            status = "ok" if got == nodes else "MISMATCH"
            bad += got != nodes
            print(f"{name} depth {depth}: {got} ({status}, table {nodes})")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
