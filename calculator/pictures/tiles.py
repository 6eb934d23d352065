"""The page's tiles as pictures: the calculator page's own tile art (its SVG
sprite, ``page.public.sprite``), rasterised with Pillow, so a tile in the
picture is the tile on the page, drawn once.

The art is written in a small subset of SVG on purpose (rects, circles,
ellipses, four short paths, text, and rotations; no styles, no references):
that subset is all this reads, and an element it does not know is an error
here (a test draws every tile), never a tile drawn wrong in silence. Each
shape becomes a polygon, drawn four times larger and scaled down, so edges
are smooth without an antialiasing renderer.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache

from PIL import Image, ImageDraw

from calculator.page.public import sprite
from calculator.pictures.fonts import font

SVG = "{http://www.w3.org/2000/svg}"
VIEW_W, VIEW_H = 60, 80
SUPERSAMPLE = 4
# A face-down tile (a concealed kong's ends), as the page's CSS draws one.
BACK, BACK_LINE = "#2f7d4f", "#1c4f31"

type Point = tuple[float, float]
type Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as SVG's
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


class ArtNotUnderstood(ValueError):
    """The tile art used SVG this reader does not draw."""


@cache
def _symbols(indexed: bool) -> dict[str, ET.Element]:
    root = ET.fromstring(sprite(indexed))
    return {s.attrib["id"].removeprefix("t-"): s for s in root.iter(f"{SVG}symbol")}


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def _transform(text: str | None) -> Matrix:
    if not text:
        return IDENTITY
    found = re.fullmatch(
        r"\s*rotate\(\s*([-\d.]+)(?:[\s,]+([-\d.]+)[\s,]+([-\d.]+))?\s*\)\s*", text
    )
    if found is None:
        raise ArtNotUnderstood(f"transform {text!r}")
    angle = math.radians(float(found[1]))
    cx, cy = float(found[2] or 0), float(found[3] or 0)
    cos, sin = math.cos(angle), math.sin(angle)
    # rotate(a cx cy) = translate(cx cy) rotate(a) translate(-cx -cy)
    return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)


def _apply(m: Matrix, points: list[Point], scale: float) -> list[Point]:
    a, b, c, d, e, f = m
    return [((a * x + c * y + e) * scale, (b * x + d * y + f) * scale) for x, y in points]


def _ellipse_points(cx: float, cy: float, rx: float, ry: float, steps: int = 72) -> list[Point]:
    return [
        (cx + rx * math.cos(2 * math.pi * k / steps), cy + ry * math.sin(2 * math.pi * k / steps))
        for k in range(steps)
    ]


def _rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[Point]:
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points: list[Point] = []
    corners = ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90))
    for cx, cy, start in (*corners, (x + r, y + r, 180)):
        for k in range(9):
            angle = math.radians(start + 90 * k / 8)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def _path_parts(d: str) -> Iterator[tuple[list[Point], bool]]:
    """Each subpath of ``d`` (M, L, Q and Z only) as points, and whether it is closed."""
    tokens = re.findall(r"[MLQZ]|-?[\d.]+", d)
    points: list[Point] = []
    i = 0
    while i < len(tokens):
        command = tokens[i]
        i += 1
        if command == "M":
            if len(points) > 1:
                yield points, False
            points = [(float(tokens[i]), float(tokens[i + 1]))]
            i += 2
        elif command == "L":
            points.append((float(tokens[i]), float(tokens[i + 1])))
            i += 2
        elif command == "Q":
            (x0, y0) = points[-1]
            qx, qy, x1, y1 = (float(t) for t in tokens[i : i + 4])
            i += 4
            for k in range(1, 17):
                t = k / 16
                points.append(
                    (
                        (1 - t) ** 2 * x0 + 2 * (1 - t) * t * qx + t * t * x1,
                        (1 - t) ** 2 * y0 + 2 * (1 - t) * t * qy + t * t * y1,
                    )
                )
        elif command == "Z":
            yield points, True
            points = []
        else:
            raise ArtNotUnderstood(f"path command {command!r}")
    if len(points) > 1:
        yield points, False


def _paint(
    draw: ImageDraw.ImageDraw, element: ET.Element, m: Matrix, scale: float, indexed: bool
) -> None:
    tag = element.tag.removeprefix(SVG)
    attrs = element.attrib
    m = _multiply(m, _transform(attrs.get("transform")))
    number = lambda name: float(attrs.get(name, 0))  # noqa: E731
    fill = attrs.get("fill", "#000")
    fill_color = None if fill == "none" else fill
    stroke = attrs.get("stroke")
    width = max(1, round(number("stroke-width") * scale)) if stroke else 0
    if tag == "g":
        for child in element:
            _paint(draw, child, m, scale, indexed)
        return
    if tag == "title":
        return
    if tag == "text":
        size = round(number("font-size") * scale)
        x, y = _apply(m, [(number("x"), number("y"))], scale)[0]
        anchor = {"middle": "ms", "end": "rs", "start": "ls"}[attrs.get("text-anchor", "start")]
        weight = "bold" if attrs.get("font-weight", "400") in ("700", "bold") else "regular"
        # Real tiles print traditional faces (萬, 東, 發) whatever the page's script.
        face = font(size, weight, "hant")
        draw.text((x, y), element.text or "", fill=fill_color, font=face, anchor=anchor)
        return
    if tag == "rect":
        shape = _rounded_rect(
            number("x"), number("y"), number("width"), number("height"), number("rx")
        )
    elif tag == "circle":
        shape = _ellipse_points(number("cx"), number("cy"), number("r"), number("r"))
    elif tag == "ellipse":
        shape = _ellipse_points(number("cx"), number("cy"), number("rx"), number("ry"))
    elif tag == "path":
        for points, closed in _path_parts(attrs["d"]):
            drawn = _apply(m, points, scale)
            if closed and fill_color:
                draw.polygon(drawn, fill=fill_color)
            if stroke:
                draw.line(
                    drawn + drawn[:1] if closed else drawn, fill=stroke, width=width, joint="curve"
                )
                if attrs.get("stroke-linecap") == "round" and not closed:
                    for px, py in (drawn[0], drawn[-1]):
                        draw.ellipse(
                            (px - width / 2, py - width / 2, px + width / 2, py + width / 2),
                            fill=stroke,
                        )
        return
    else:
        raise ArtNotUnderstood(f"element <{tag}>")
    draw.polygon(_apply(m, shape, scale), fill=fill_color, outline=stroke, width=width)


@cache
def tile_image(code: str, width: int, indexed: bool = False, down: bool = False) -> Image.Image:
    """Tile ``code`` at ``width`` px (3:4), as the page draws it: its face
    (with its Latin index in the corner for English readers), or its back."""
    height = round(width * VIEW_H / VIEW_W)
    scale = width * SUPERSAMPLE / VIEW_W
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    if down:
        shape = _rounded_rect(2, 2, 56, 76, 7)
        draw.polygon(
            _apply(IDENTITY, shape, scale), fill=BACK, outline=BACK_LINE, width=round(3 * scale)
        )
    else:
        symbol = _symbols(indexed).get(code)
        if symbol is None:
            raise ArtNotUnderstood(f"no tile {code!r}")
        for element in symbol:
            _paint(draw, element, IDENTITY, scale, indexed)
    return big.resize((width, height), Image.Resampling.LANCZOS)
