"""Pictures of boards of any variant, as python-chess's ``chess.svg`` draws its boards.

    >>> import chessrules, chessrules.svg
    >>> picture = chessrules.svg.board(chessrules.Board("crazyhouse"))
    >>> picture.startswith("<svg")
    True

``board(board)`` returns the SVG text (a ``str`` that Jupyter shows as a picture): the squares
(checkered for chess, a plain grid for shogi, the lines with the river and the palaces for
xiangqi), the pieces (chess's figurines, xiangqi's and shogi's characters, otherwise the
piece's letter in a disc), the pieces in hand beside the board where the variant has hands,
and the edges of the regions pieces are confined to. Nothing is read from outside the package:
every piece is drawn here.
"""

from html import escape

# Chess's figurines by kind name (White's, Black's), as python-chess's unicode() writes them.
FIGURINES = {
    "king": ("\u2654", "\u265a"),
    "queen": ("\u2655", "\u265b"),
    "rook": ("\u2656", "\u265c"),
    "bishop": ("\u2657", "\u265d"),
    "knight": ("\u2658", "\u265e"),
    "pawn": ("\u2659", "\u265f"),
}

# Xiangqi's characters by kind name (Red's, Black's).
XIANGQI = {
    "general": ("帥", "將"),
    "advisor": ("仕", "士"),
    "elephant": ("相", "象"),
    "horse": ("傌", "馬"),
    "chariot": ("俥", "車"),
    "cannon": ("炮", "砲"),
    "soldier": ("兵", "卒"),
}

# Shogi's kanji by kind name (Sente's, Gote's; the senior king 王 is Gote's).
SHOGI = {
    "king": ("玉", "王"),
    "rook": ("飛", "飛"),
    "bishop": ("角", "角"),
    "gold": ("金", "金"),
    "silver": ("銀", "銀"),
    "knight": ("桂", "桂"),
    "lance": ("香", "香"),
    "pawn": ("歩", "歩"),
    "dragon": ("龍", "龍"),
    "horse": ("馬", "馬"),
    "promoted silver": ("全", "全"),
    "promoted knight": ("圭", "圭"),
    "promoted lance": ("杏", "杏"),
    "tokin": ("と", "と"),
}

TABLES = {"chess": FIGURINES, "xiangqi": XIANGQI, "shogi": SHOGI}

LIGHT, DARK, WOOD = "#f0d9b5", "#b58863", "#e8c98f"


class SvgWrapper(str):
    """SVG text that a notebook shows as the picture."""

    def _repr_svg_(self):
        return self


def _glyph(style, name, letter, plus):
    """The text drawn for a piece: its character by name in the board's style, else None."""
    if plus and style != "shogi":
        return None
    pair = TABLES.get(style, {}).get(name)
    if pair is None:
        return None
    return pair[0] if letter.isupper() else pair[1]


def _piece(out, style, x, y, size, letter, name, plus, turned=False):
    """One piece centred on (x, y)."""
    white = letter.isupper()
    glyph = _glyph(style, name, letter, plus)
    turn = f' transform="rotate(180 {x:.1f} {y:.1f})"' if turned else ""
    if style == "chess" and glyph is not None:
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size * 0.8:.1f}" '
                   f'text-anchor="middle" dominant-baseline="central">{glyph}</text>')
        return
    if style == "shogi":
        w, h = size * 0.38, size * 0.44
        points = [(x, y - h), (x + w * 0.8, y - h * 0.6), (x + w, y + h), (x - w, y + h),
                  (x - w * 0.8, y - h * 0.6)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        colour = "#c00" if plus else "#000"
        text = glyph or (("+" if plus else "") + letter.upper())
        out.append(f'<g{turn}><polygon points="{path}" fill="#f5deb3" stroke="#333"/>'
                   f'<text x="{x:.1f}" y="{y + size * 0.05:.1f}" font-size="{size * 0.42:.1f}" '
                   f'fill="{colour}" text-anchor="middle" dominant-baseline="central">'
                   f'{escape(text)}</text></g>')
        return
    ink = "#b00" if style == "xiangqi" and white else "#000"
    fill = "#fff" if white or style == "xiangqi" else "#333"
    text_fill = ink if style == "xiangqi" else ("#000" if white else "#fff")
    text = glyph or (("+" if plus else "") + letter.upper())
    out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.4:.1f}" fill="{fill}" '
               f'stroke="{ink}" stroke-width="2"/>'
               f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size * 0.45:.1f}" fill="{text_fill}" '
               f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')


def board(board, *, size=None, flipped=False, coordinates=True):
    """The SVG picture of ``board`` (a ``chessrules.Board`` of any variant): ``size`` its
    width in pixels (default: 45 a square), ``flipped`` Black's side at the bottom,
    ``coordinates`` the files and ranks on the edges."""
    layout = board.layout()
    files, ranks, style = layout["files"], layout["ranks"], layout["style"]
    cell = 45
    margin = 20 if coordinates else 4
    hand_width = cell * 1.5 if layout["drops"] else 0
    width = margin * 2 + files * cell + hand_width
    height = margin * 2 + ranks * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'width="{size or width:.0f}" class="chessrules-board" data-style="{style}">']

    def centre(file, rank):
        col = files - 1 - file if flipped else file
        row = rank if flipped else ranks - 1 - rank
        return margin + col * cell + cell / 2, margin + row * cell + cell / 2

    # The board: squares, a grid, or xiangqi's lines through the centres.
    if style == "xiangqi":
        out.append(f'<rect x="{margin}" y="{margin}" width="{files * cell}" '
                   f'height="{ranks * cell}" fill="{WOOD}"/>')
        for f in range(files):
            x, _ = centre(f, 0)
            for r0, r1 in ((0, ranks // 2 - 1), (ranks // 2, ranks - 1)) if 0 < f < files - 1 \
                    else ((0, ranks - 1),):
                _, y0 = centre(f, r0)
                _, y1 = centre(f, r1)
                out.append(f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{y1}" stroke="#333"/>')
        for r in range(ranks):
            x0, y = centre(0, r)
            x1, _ = centre(files - 1, r)
            out.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#333"/>')
        mid = files // 2
        for r0, r1 in ((0, 2), (ranks - 1, ranks - 3)):
            for a, b in (((mid - 1, r0), (mid + 1, r1)), ((mid + 1, r0), (mid - 1, r1))):
                (x0, y0), (x1, y1) = centre(*a), centre(*b)
                out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#333"/>')
    else:
        for r in range(ranks):
            for f in range(files):
                x, y = centre(f, r)
                fill = WOOD if style == "shogi" else (DARK if (f + r) % 2 == 0 else LIGHT)
                out.append(f'<rect x="{x - cell / 2}" y="{y - cell / 2}" width="{cell}" '
                           f'height="{cell}" fill="{fill}" stroke="#555" stroke-width="0.5"/>')
        # The edges of the regions pieces are confined to.
        for f, r, side in layout["zone_edges"]:
            x, y = centre(f, r)
            if side == "west":
                ex = x - cell / 2 if not flipped else x + cell / 2
                out.append(f'<line x1="{ex}" y1="{y - cell / 2}" x2="{ex}" y2="{y + cell / 2}" '
                           f'stroke="#c00" stroke-width="3"/>')
            else:
                ey = y + cell / 2 if not flipped else y - cell / 2
                out.append(f'<line x1="{x - cell / 2}" y1="{ey}" x2="{x + cell / 2}" y2="{ey}" '
                           f'stroke="#c00" stroke-width="3"/>')
    if coordinates:
        for f in range(files):
            x, _ = centre(f, 0)
            out.append(f'<text x="{x}" y="{height - margin / 3}" font-size="12" '
                       f'text-anchor="middle">{chr(97 + f)}</text>')
        for r in range(ranks):
            _, y = centre(0, r)
            out.append(f'<text x="{margin / 2}" y="{y}" font-size="12" text-anchor="middle" '
                       f'dominant-baseline="central">{r + 1}</text>')
    for index, letter, name, plus in layout["pieces"]:
        f, r = index % files, index // files
        x, y = centre(f, r)
        # A shogi piece points at its opponent: the side at the top is turned.
        turned = style == "shogi" and (letter.islower() != flipped)
        _piece(out, style, x, y, cell, letter, name, plus, turned)
    # The hands, beside the board: the top side's above, the bottom side's below.
    if layout["drops"]:
        x = margin * 2 + files * cell + cell * 0.75
        top, bottom = ("white", "black") if flipped else ("black", "white")
        for colour, start, step in ((top, margin + cell / 2, 1), (bottom, height - margin - cell / 2, -1)):
            for i, (letter, name, count) in enumerate(layout["hands"][colour]):
                y = start + step * i * cell * 0.9
                shown = letter if colour == "white" else letter.lower()
                _piece(out, style, x - cell * 0.2, y, cell * 0.8, shown, name, False,
                       style == "shogi" and colour == top)
                out.append(f'<text x="{x + cell * 0.35:.1f}" y="{y:.1f}" font-size="13" '
                           f'dominant-baseline="central" class="count">{count}</text>')
    out.append("</svg>")
    return SvgWrapper("".join(out))
