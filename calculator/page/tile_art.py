"""Mahjong tile artwork, generated as SVG from code.

One 3:4 tile (``viewBox="0 0 60 80"``) per tile code: the 34 playing kinds
``1m``–``9m``, ``1p``–``9p``, ``1s``–``9s``, ``1z``–``7z`` and the eight
flowers ``1f``–``8f``.  The drawings are deliberately chunky so they stay
legible at 36 px wide on a phone: big simple shapes, few fine lines. Two
sprites: ``tiles.svg`` with the faces alone, as on a real tile (Chinese
pages), and ``tiles-indexed.svg`` with a small Latin index (``5p``, ``7z``…)
in the lower-right corner for players who do not read Chinese (English pages).

The output is safe under a strict Content-Security-Policy: no scripts, no
event handlers, no ``style`` attributes, no external references and no
``id`` attributes inside a tile (so the sprite's symbols never collide) —
only presentation attributes.

Standard library only (and the tiles' names); no Django import.  ``write_all`` regenerates the
static files::

    python -c "from pathlib import Path; from calculator.page.tile_art import write_all; \
write_all(Path('static/calculator/tiles'))"
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from calculator.words.tile_names import TILE_CODES, TILE_NAMES_ZH

__all__ = ["sprite", "tile_svg", "write_all"]

# ---------------------------------------------------------------------------
# Codes and names
# ---------------------------------------------------------------------------

# What real tiles print, whatever the page's script: 東 and 發, as the 萬 of the characters.
_NUMERALS = "一二三四五六七八九"
_HONOR_FACES = "東南西北白發中"
_FLOWER_FACES = "春夏秋冬梅蘭菊竹"

# ---------------------------------------------------------------------------
# Palette and geometry
# ---------------------------------------------------------------------------

VIEW_BOX = "0 0 60 80"
FONT_FAMILY = (
    "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Hiragino Sans GB', "
    "'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif"
)
LATIN_FONT_FAMILY = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"

EDGE = "#cdbd92"  # the tile's body, seen below the face
EDGE_LINE = "#9c8a5e"
FACE = "#fdf8ea"  # ivory
FACE_LINE = "#efe5c8"
INK = "#1f2b5b"  # dark navy, for numerals and winds
RED = "#c8202c"
GREEN = "#17774a"
GREEN_DARK = "#0d5233"
GREEN_LIGHT = "#5fb083"
BLUE = "#1d55a6"
BLUE_DARK = "#123b78"
BLUE_LIGHT = "#6d9bd8"
RED_DARK = "#8e1019"
RED_LIGHT = "#ec6b73"
GOLD = "#d08a12"
PURPLE = "#6a3d9a"
INDEX_INK = "#6f6652"

# A stick colour is drawn with a dark shade (end caps, node) and a light one
# (the centre highlight).
_SHADES: dict[str, tuple[str, str]] = {
    GREEN: (GREEN_DARK, GREEN_LIGHT),
    BLUE: (BLUE_DARK, BLUE_LIGHT),
    RED: (RED_DARK, RED_LIGHT),
}

# ---------------------------------------------------------------------------
# Tiny SVG builder
# ---------------------------------------------------------------------------

type AttrValue = str | int | float
type Attrs = Mapping[str, AttrValue]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _fmt(value: AttrValue) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def _el(tag: str, attrs: Attrs, content: str | None = None) -> str:
    parts = "".join(
        f' {name}="{_escape(_fmt(value)).replace(chr(34), "&quot;")}"'
        for name, value in attrs.items()
    )
    if content is None:
        return f"<{tag}{parts}/>"
    return f"<{tag}{parts}>{content}</{tag}>"


def _group(children: Iterable[str], attrs: Attrs | None = None) -> str:
    return _el("g", attrs or {}, "".join(children))


def _circle(cx: float, cy: float, r: float, fill: str, **extra: AttrValue) -> str:
    return _el("circle", {"cx": cx, "cy": cy, "r": r, "fill": fill, **_dash(extra)})


def _rect(x: float, y: float, w: float, h: float, fill: str, **extra: AttrValue) -> str:
    return _el("rect", {"x": x, "y": y, "width": w, "height": h, "fill": fill, **_dash(extra)})


def _ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, **extra: AttrValue) -> str:
    return _el("ellipse", {"cx": cx, "cy": cy, "rx": rx, "ry": ry, "fill": fill, **_dash(extra)})


def _path(d: str, fill: str, **extra: AttrValue) -> str:
    return _el("path", {"d": d, "fill": fill, **_dash(extra)})


def _dash(attrs: Mapping[str, AttrValue]) -> dict[str, AttrValue]:
    """``stroke_width`` → ``stroke-width`` (Python keywords cannot hold dashes)."""
    return {name.replace("_", "-"): value for name, value in attrs.items()}


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    fill: str,
    *,
    anchor: str = "middle",
    weight: str = "700",
    family: str = FONT_FAMILY,
) -> str:
    return _el(
        "text",
        {
            "x": x,
            "y": y,
            "font-family": family,
            "font-size": size,
            "font-weight": weight,
            "text-anchor": anchor,
            "fill": fill,
        },
        _escape(text),
    )


def _glyph(cx: float, cy: float, char: str, size: float, fill: str) -> str:
    """A CJK character whose ideographic em box is centred on (cx, cy).

    CJK fonts put the em box from about 0.12 em below the baseline to 0.88 em
    above it, so the box's centre is 0.38 em above the baseline.
    """
    return _text(cx, cy + 0.38 * size, char, size, fill)


# ---------------------------------------------------------------------------
# The blank tile
# ---------------------------------------------------------------------------


def _blank() -> str:
    return "".join(
        (
            # Body: the darker slab shows as a thick lower edge.
            _rect(0.6, 0.6, 58.8, 78.8, EDGE, rx=7, stroke=EDGE_LINE, stroke_width=1.2),
            # Face.
            _rect(1.6, 1.4, 56.8, 74.2, FACE, rx=6, stroke=FACE_LINE, stroke_width=0.8),
        )
    )


def _index(code: str) -> str:
    return _text(55.5, 73.2, code, 10, INDEX_INK, anchor="end", family=LATIN_FONT_FAMILY)


# ---------------------------------------------------------------------------
# Characters (万)
# ---------------------------------------------------------------------------


def _characters(n: int) -> str:
    return _glyph(30, 18, _NUMERALS[n - 1], 27, INK) + _glyph(30, 47.5, "萬", 32, RED)


# ---------------------------------------------------------------------------
# Dots (筒)
# ---------------------------------------------------------------------------


def _dot(cx: float, cy: float, r: float, color: str) -> str:
    """One coin: a coloured disc, an ivory ring and a coloured centre."""
    return (
        _circle(cx, cy, r, color)
        + _circle(cx, cy, r * 0.66, FACE)
        + _circle(cx, cy, r * 0.4, color)
        + _circle(cx, cy, r * 0.14, FACE)
    )


def _big_dot() -> str:
    """The single large coin of 一筒: concentric rings with a petal ring."""
    cx, cy = 30.0, 34.0
    parts = [
        _circle(cx, cy, 23, GREEN),
        _circle(cx, cy, 19.6, FACE),
        _circle(cx, cy, 16.6, BLUE),
        _circle(cx, cy, 13.4, FACE),
    ]
    # Eight red petals between the rings and the centre.
    for k in range(8):
        parts.append(
            _ellipse(
                cx, cy - 8.6, 2.5, 4.2, RED, transform=f"rotate({k * 45} {_fmt(cx)} {_fmt(cy)})"
            )
        )
    parts += [_circle(cx, cy, 4.6, RED), _circle(cx, cy, 1.8, FACE)]
    return "".join(parts)


_DotLayout = tuple[tuple[float, float, str], ...]


def _dot_layout(n: int) -> tuple[float, _DotLayout]:
    b, r, g = BLUE, RED, GREEN
    layouts: dict[int, tuple[float, _DotLayout]] = {
        2: (12.5, ((30, 19, g), (30, 50, b))),
        3: (10, ((16, 14, b), (30, 34.5, r), (44, 55, g))),
        4: (10.5, ((18, 19, b), (42, 19, g), (18, 50, g), (42, 50, b))),
        5: (9.5, ((16, 15, b), (44, 15, g), (30, 34.5, r), (16, 54, g), (44, 54, b))),
        6: (
            8.8,
            ((18, 13, g), (42, 13, g), (18, 38, r), (42, 38, r), (18, 57, r), (42, 57, r)),
        ),
        7: (
            7.2,
            (
                (14, 10.5, g),
                (30, 18, g),
                (46, 25.5, g),
                (20, 42, r),
                (40, 42, r),
                (20, 58, r),
                (40, 58, r),
            ),
        ),
        8: (
            7.4,
            tuple((x, y, b) for y in (10.5, 26, 41.5, 57) for x in (20.0, 40.0)),
        ),
        9: (
            8,
            tuple(
                (x, y, color)
                for y, color in ((13, b), (34.5, r), (56, g))
                for x in (13.5, 30.0, 46.5)
            ),
        ),
    }
    return layouts[n]


def _dots(n: int) -> str:
    if n == 1:
        return _big_dot()
    radius, layout = _dot_layout(n)
    return "".join(_dot(x, y, radius, color) for x, y, color in layout)


# ---------------------------------------------------------------------------
# Bamboo (条)
# ---------------------------------------------------------------------------


def _stick(
    cx: float, cy: float, length: float, color: str = GREEN, angle: float = 0, w: float = 8.4
) -> str:
    """A bamboo stick: a rounded bar with dark end caps, a dark middle node
    and a light highlight, optionally tilted by ``angle`` degrees."""
    dark, light = _SHADES[color]
    half = length / 2
    top, bottom = cy - half, cy + half
    cap = 3.2
    parts = [
        _rect(cx - w / 2, top, w, length, color, rx=w / 2),
        _rect(cx - w / 2 - 0.7, top, w + 1.4, cap, dark, rx=1.4),
        _rect(cx - w / 2 - 0.7, bottom - cap, w + 1.4, cap, dark, rx=1.4),
        _rect(cx - w / 2 - 0.7, cy - 1.4, w + 1.4, 2.8, dark, rx=1.2),
        _rect(cx - 0.75, top + cap + 1.2, 1.5, half - cap - 3.0, light, rx=0.75),
        _rect(cx - 0.75, cy + 2.6, 1.5, half - cap - 3.8, light, rx=0.75),
    ]
    attrs: dict[str, AttrValue] = {}
    if angle:
        attrs["transform"] = f"rotate({_fmt(angle)} {_fmt(cx)} {_fmt(cy)})"
    return _group(parts, attrs)


def _bird() -> str:
    """幺鸡: a round little bird with a fanned tail, perched on a bamboo stick."""
    parts: list[str] = []
    # Tail: three long feathers fanning up and to the right, with eye spots.
    for angle, color in ((-6, BLUE), (17, GREEN), (40, BLUE)):
        rotate = f"rotate({angle} 37 40)"
        parts.append(_ellipse(37, 25, 5.4, 13.5, color, transform=rotate))
        parts.append(_circle(37, 16, 2.7, RED, transform=rotate))
        parts.append(_circle(37, 16, 1.1, FACE, transform=rotate))
    # Legs and feet.
    parts.append(
        _path(
            "M24 49 L22 60 M30 50 L31 60 M18 60.5 L26 60.5 M27 60.5 L35 60.5",
            "none",
            stroke="#8a5a1c",
            stroke_width=2,
            stroke_linecap="round",
        )
    )
    # Body, breast and wing.
    parts.append(_ellipse(28, 40, 14, 11.5, GREEN, transform="rotate(-18 28 40)"))
    parts.append(_ellipse(22, 43, 7.5, 6.5, GOLD, transform="rotate(-18 22 43)"))
    parts.append(_ellipse(31.5, 38.5, 8.5, 5.2, BLUE, transform="rotate(-28 31.5 38.5)"))
    parts.append(_path("M26 40 Q31 37 37 35.5", "none", stroke=FACE, stroke_width=1.2))
    # Neck, then the head with a crest, an eye and a beak.
    parts.append(_ellipse(20, 32, 5.5, 8, RED, transform="rotate(-20 20 32)"))
    parts.append(_path("M14 19 L15.5 11.5 L18.5 17 L21 10.5 L22 18 Z", RED))
    parts.append(_circle(17.5, 24, 7.5, RED))
    parts.append(_path("M10.6 22.2 L3.5 25.6 L10.6 27.2 Z", GOLD))
    parts.append(_circle(15.2, 23, 2.4, FACE))
    parts.append(_circle(14.8, 23, 1.2, "#1a1a1a"))
    # The perch: a single horizontal stick.
    parts.append(_stick(25, 63, 36, GREEN, angle=90))
    return "".join(parts)


def _bamboo(n: int) -> str:
    g, b, r = GREEN, BLUE, RED
    if n == 1:
        return _bird()
    # Two rows of long sticks, or three rows of short ones.
    two_rows = (19.5, 50.5)
    three_rows = (13.5, 35.0, 56.5)
    long_, short = 28.0, 19.5
    sticks: list[str] = []
    if n == 2:
        sticks = [_stick(30, two_rows[0], long_, g), _stick(30, two_rows[1], long_, b)]
    elif n == 3:
        sticks = [
            _stick(30, two_rows[0], long_, g),
            _stick(20, two_rows[1], long_, b),
            _stick(40, two_rows[1], long_, b),
        ]
    elif n == 4:
        sticks = [
            _stick(19, two_rows[0], long_, g),
            _stick(41, two_rows[0], long_, b),
            _stick(19, two_rows[1], long_, b),
            _stick(41, two_rows[1], long_, g),
        ]
    elif n == 5:
        sticks = [
            _stick(15, two_rows[0], long_, g),
            _stick(45, two_rows[0], long_, b),
            _stick(30, 35, long_, r),
            _stick(15, two_rows[1], long_, b),
            _stick(45, two_rows[1], long_, g),
        ]
    elif n == 6:
        sticks = [_stick(x, two_rows[0], long_, g) for x in (15, 30, 45)]
        sticks += [_stick(x, two_rows[1], long_, b) for x in (15, 30, 45)]
    elif n == 7:
        sticks = [_stick(30, three_rows[0], short, r)]
        sticks += [_stick(x, three_rows[1], short, g) for x in (15, 30, 45)]
        sticks += [_stick(x, three_rows[2], short, b) for x in (15, 30, 45)]
    elif n == 8:
        # An "M" over a "W": upright outer sticks, inner sticks leaning.
        for y, lean in ((two_rows[0], 1), (two_rows[1], -1)):
            color = g if lean > 0 else b
            sticks += [
                _stick(9.5, y, long_, color, w=6.8),
                _stick(23, y, long_, color, angle=-15 * lean, w=6.8),
                _stick(37, y, long_, color, angle=15 * lean, w=6.8),
                _stick(50.5, y, long_, color, w=6.8),
            ]
    elif n == 9:
        for x, color in ((15, g), (30, r), (45, b)):
            sticks += [_stick(x, y, short, color) for y in three_rows]
    return "".join(sticks)


# ---------------------------------------------------------------------------
# Honours (字) and flowers (花)
# ---------------------------------------------------------------------------


def _honor(n: int) -> str:
    if n == 5:  # 白板: an empty blue frame
        return _rect(11, 10, 38, 50, "none", rx=4, stroke=BLUE, stroke_width=3.2) + _rect(
            16.5, 15.5, 27, 39, "none", rx=2, stroke=BLUE, stroke_width=1.6
        )
    color = {6: GREEN, 7: RED}.get(n, INK)
    return _glyph(30, 35, _HONOR_FACES[n - 1], 42, color)


_FLOWER_COLORS = (GREEN, RED, GOLD, BLUE, RED, PURPLE, GOLD, GREEN)


def _flower(n: int) -> str:
    color = _FLOWER_COLORS[n - 1]
    number = str((n - 1) % 4 + 1)
    badge_fill = RED if n <= 4 else BLUE
    parts = [
        # The corner number in a round badge, as on real flower tiles.
        _circle(11, 11, 7, badge_fill),
        _text(11, 14.6, number, 10.5, FACE, family=LATIN_FONT_FAMILY),
        # A small five-petal blossom opposite the badge.
        *(
            _ellipse(48, 8.2, 2.3, 3.2, color, transform=f"rotate({k * 72} 48 11.5)")
            for k in range(5)
        ),
        _circle(48, 11.5, 1.6, GOLD if color != GOLD else RED),
        _glyph(30, 41, _FLOWER_FACES[n - 1], 36, color),
    ]
    return "".join(parts)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------

_DRAW: dict[str, Callable[[int], str]] = {
    "m": _characters,
    "p": _dots,
    "s": _bamboo,
    "z": _honor,
    "f": _flower,
}


def _body(code: str, indexed: bool = True) -> str:
    """The tile's drawing (everything inside the root element but the title)."""
    if code not in TILE_NAMES_ZH:
        raise ValueError(f"unknown tile code: {code!r}")
    return _blank() + _DRAW[code[1]](int(code[0])) + (_index(code) if indexed else "")


def tile_svg(code: str) -> str:
    """A standalone SVG document for one tile, e.g. ``tile_svg("5p")``."""
    body = _body(code)
    title = _el("title", {}, _escape(TILE_NAMES_ZH[code]))
    return _el(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": VIEW_BOX,
            "width": 60,
            "height": 80,
            "role": "img",
        },
        title + body,
    )


def sprite(indexed: bool = False) -> str:
    """One SVG holding a ``<symbol id="t-<code>">`` per tile, for ``<use href>``."""
    symbols = "".join(
        _el(
            "symbol",
            {"id": f"t-{code}", "viewBox": VIEW_BOX, "role": "img"},
            _el("title", {}, _escape(TILE_NAMES_ZH[code])) + _body(code, indexed),
        )
        for code in TILE_CODES
    )
    return _el("svg", {"xmlns": "http://www.w3.org/2000/svg"}, symbols)


def write_all(directory: Path) -> None:
    """Write ``<code>.svg`` for every tile and the sprites ``tiles.svg`` and
    ``tiles-indexed.svg``."""
    directory.mkdir(parents=True, exist_ok=True)
    for code in TILE_CODES:
        (directory / f"{code}.svg").write_text(tile_svg(code) + "\n", encoding="utf-8")
    (directory / "tiles.svg").write_text(sprite() + "\n", encoding="utf-8")
    (directory / "tiles-indexed.svg").write_text(sprite(indexed=True) + "\n", encoding="utf-8")
