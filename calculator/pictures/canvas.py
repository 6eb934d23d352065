"""A picture laid out top to bottom, as a page is: wrapped text, a line with
its number at the right, rows of tiles, a QR code. Sizes are for a phone
showing the picture at its width: 1080 px, body text 40 px (about 15 CSS px
on a 390 px screen), tiles 66 px wide.

It draws on a tall sheet and is cut to what was drawn; ``finish`` says the
values drawn into the PNG's text chunk (``suanfan:values``), so that what a
picture shows can be read back and checked against the page.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import segno
from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

from calculator.pictures.fonts import font
from calculator.pictures.tiles import tile_image

WIDTH = 1080
MARGIN = 40
# ≥ 64 px: a tile reads at a glance on a phone at 100 %; 13 in the hand and
# the winning tile apart from them fit on one row.
TILE_W = 66
TILE_H = TILE_W * 4 // 3
TILE_GAP = 3

BG = "#f6f3ea"
CARD = "#fffdf7"
INK = "#1d2330"
MUTED = "#5b6474"
LINE = "#d9dde5"
ACCENT = "#b3261e"
GOOD = "#17692f"
BAD = "#b3261e"

TEXT = 40
SMALL = 32
BIG = 56
VALUES_KEY = "suanfan:values"

# Latin words and numbers wrap whole; any other character may end a line.
_PIECES = re.compile(r"[\w'’.,:;!?()\[\]+\-−/%×·]+\s*|\s+|.", re.ASCII)


@dataclass(frozen=True)
class TileMark:
    code: str
    down: bool = False  # a concealed kong's end tiles lie face down
    winning: bool = False  # the tile that won, framed as on the page
    mark: str = ""  # 长春's 会 under a 幺鸡 that stands in


@dataclass(frozen=True)
class TileGroup:
    """Tiles that lie together (a meld, the hand, the flowers) with their label."""

    tiles: tuple[TileMark, ...]
    label: str = ""


def wrapped(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for piece in _PIECES.findall(text):
        if piece == "\n":
            lines.append(line.rstrip())
            line = ""
            continue
        if line and face.getlength(line + piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def shortened(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` on one line, cut with an ellipsis where it is wider (a name)."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


class Canvas:
    def __init__(self, script: str, width: int = WIDTH, indexed: bool = False) -> None:
        self.script = script
        self.width = width
        self.indexed = indexed  # tiles with their Latin index (English readers)
        self.image = Image.new("RGB", (width, 12000), BG)
        self.draw = ImageDraw.Draw(self.image)
        self.y = 0
        self.placed: list[tuple[str, int, int]] = []  # each tile drawn, and where
        self.said: list[str] = []  # each line of words drawn (the tests judge their script)

    def put(self, xy: tuple[float, float], text: str, **how: Any) -> None:
        """Words drawn on the picture, and kept in ``said``."""
        self.draw.text(xy, text, **how)
        self.said.append(text)

    def face(self, size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
        return font(size, weight, self.script)

    @property
    def inner(self) -> int:
        return self.width - 2 * MARGIN

    def gap(self, height: int) -> None:
        self.y += height

    def band(self, title: str, subtitle: str = "") -> None:
        """The head: 算番 and what the picture is, white on the page's red."""
        title_face, sub_face = self.face(BIG, "bold"), self.face(SMALL)
        titles = wrapped(title, title_face, self.inner)
        subs = wrapped(subtitle, sub_face, self.inner) if subtitle else []
        height = 40 + len(titles) * 72 + len(subs) * 46 + 32
        self.draw.rectangle((0, self.y, self.width, self.y + height), fill=ACCENT)
        y = self.y + 40
        for line in titles:
            self.put((MARGIN, y), line, font=title_face, fill="#ffffff")
            y += 72
        for line in subs:
            self.put((MARGIN, y), line, font=sub_face, fill="#ffe9e6")
            y += 46
        self.y += height + 32

    def text(
        self,
        words: str,
        size: int = TEXT,
        weight: str = "regular",
        color: str = INK,
        indent: int = 0,
    ) -> None:
        face = self.face(size, weight)
        step = round(size * 1.4)
        for line in wrapped(words, face, self.inner - indent):
            self.put((MARGIN + indent, self.y), line, font=face, fill=color)
            self.y += step

    def line(
        self,
        left: str,
        right: str,
        size: int = TEXT,
        weight: str = "regular",
        color: str = INK,
        right_color: str | None = None,
        struck: bool = False,
        note: str = "",
    ) -> None:
        """``left`` (wrapping, with a smaller ``note`` under it) and ``right`` at the margin."""
        face = self.face(size, weight)
        number_face = self.face(size, "bold")
        right_w = number_face.getlength(right) + 24 if right else 0
        step = round(size * 1.4)
        top = self.y
        lines = wrapped(left, face, self.inner - right_w)
        for text in lines:
            self.put((MARGIN, self.y), text, font=face, fill=color)
            if struck:
                mid = self.y + size * 0.62
                self.draw.line(
                    (MARGIN, mid, MARGIN + face.getlength(text), mid), fill=color, width=3
                )
            self.y += step
        if right:
            self.put(
                (self.width - MARGIN, top),
                right,
                font=number_face,
                fill=right_color or color,
                anchor="ra",
            )
        if note:
            self.text(note, SMALL, color=MUTED)
        self.y += 6

    def rule(self) -> None:
        self.y += 12
        self.draw.line((MARGIN, self.y, self.width - MARGIN, self.y), fill=LINE, width=3)
        self.y += 24

    def tile_groups(self, groups: Sequence[TileGroup], label_size: int = SMALL) -> None:
        """Groups side by side, wrapping whole to the next row; a group wider
        than the page (a long concealed hand) breaks between its tiles."""
        face = self.face(label_size)
        label_h = round(label_size * 1.4) if any(g.label for g in groups) else 0
        x = MARGIN
        row_h = label_h + TILE_H + 22
        for group in groups:
            tiles = list(group.tiles)
            while tiles:
                room = (self.width - MARGIN - x + TILE_GAP) // (TILE_W + TILE_GAP)
                whole = len(tiles) <= room
                if not whole and x > MARGIN and len(tiles) * (TILE_W + TILE_GAP) <= self.inner:
                    x, self.y = MARGIN, self.y + row_h  # the group fits on a row of its own
                    continue
                placed, tiles = tiles[: max(room, 1)], tiles[max(room, 1) :]
                start = x - TILE_GAP
                if group.label and placed[0] is group.tiles[0]:
                    # a label wider than its tiles (胡牌张 over one tile) widens the group
                    # a label with no room to the right stands over its tiles' right end
                    label = shortened(group.label, face, self.inner)
                    label_x = min(x, self.width - MARGIN - round(face.getlength(label)))
                    self.put((label_x, self.y), label, font=face, fill=MUTED)
                    start = label_x - TILE_GAP + round(face.getlength(label))
                for mark in placed:
                    self._tile(mark, x, self.y + label_h)
                    x += TILE_W + TILE_GAP
                x = max(x, start + TILE_GAP) + 24
                if tiles:
                    x, self.y = MARGIN, self.y + row_h
        self.y += row_h

    def _tile(self, mark: TileMark, x: int, y: int) -> None:
        art = tile_image(mark.code, TILE_W, self.indexed, mark.down)
        if mark.winning:
            self.draw.rounded_rectangle(
                (x - 5, y - 5, x + TILE_W + 4, y + TILE_H + 4), radius=10, outline=ACCENT, width=5
            )
        self.image.paste(art, (x, y), art)
        self.placed.append((mark.code, x, y))
        if mark.mark:
            face = self.face(24, "bold")
            self.draw.rectangle(
                (x + 4, y + TILE_H - 30, x + TILE_W - 4, y + TILE_H - 2), fill=ACCENT
            )
            self.draw.text(
                (x + TILE_W // 2, y + TILE_H - 16), mark.mark, font=face, fill="#fff", anchor="mm"
            )

    def qr(self, url: str, caption: str) -> None:
        """The link's QR code at the left, ``caption`` and the address beside it."""
        code = segno.make_qr(url, error="m")
        module = 6
        size = int(code.symbol_size(border=4)[0]) * module
        left, top = MARGIN, self.y
        self.draw.rectangle((left, top, left + size, top + size), fill="#ffffff")
        for row, bits in enumerate(code.matrix_iter(border=4)):
            for col, bit in enumerate(bits):
                if bit:
                    x, y = left + col * module, top + row * module
                    self.draw.rectangle((x, y, x + module - 1, y + module - 1), fill="#000000")
        text_x = left + size + 32
        face, small = self.face(SMALL, "bold"), self.face(24)
        y = top + 8
        for line in wrapped(caption, face, self.width - MARGIN - text_x):
            self.put((text_x, y), line, font=face, fill=INK)
            y += 46
        for line in _url_lines(url, small, self.width - MARGIN - text_x):
            self.draw.text((text_x, y), line, font=small, fill=MUTED)
            y += 34
        self.y = max(top + size, y) + 24

    def finish(self, values: dict[str, Any]) -> bytes:
        """The picture as PNG, cut below what was drawn, ``values`` in its text."""
        height = self.y + MARGIN
        out = io.BytesIO()
        info = PngInfo()
        info.add_itxt(VALUES_KEY, json.dumps(values, ensure_ascii=False, sort_keys=True))
        # zlib's default level: optimize takes 3× the time for 3 % fewer bytes
        self.image.crop((0, 0, self.width, height)).save(out, "PNG", pnginfo=info, compress_level=6)
        return out.getvalue()


def _url_lines(url: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """An address broken anywhere (it has no spaces), at most four lines."""
    lines, line = [], ""
    for char in url:
        if face.getlength(line + char) > width:
            lines.append(line)
            line = ""
        line += char
    lines.append(line)
    return lines if len(lines) <= 4 else [*lines[:3], shortened(lines[3] + "…", face, width)]


def values_of(png: bytes) -> dict[str, Any]:
    """The values a picture was drawn from (its PNG text), for checking."""
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        text = image.text.get(VALUES_KEY, "{}")  # type: ignore[attr-defined]
    found: dict[str, Any] = json.loads(text)
    return found


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)  # as the page writes it


def money_color(n: int) -> str:
    return GOOD if n > 0 else BAD if n < 0 else INK
