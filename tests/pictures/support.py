"""The hands and the evening the pictures' tests draw."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from calculator.page.state import PageState
from calculator.pictures.canvas import values_of

# 楚州 with a concealed kong, an added kong and two flowers, won on W's discard.
CHUZHOU = {
    "r": "chuzhou",
    "h": "234m345s9m",
    "w": "9m",
    "m": "x5555p a7777z",
    "f": "1f2f",
    "s": "S",
    "d": "E",
    "b": "discard",
    "dc": "W",
}
# 18 tiles: four kongs, a flower, and a pair made on the winning tile.
FOUR_KONGS = {
    "r": "chuzhou",
    "h": "9m",
    "w": "9m",
    "m": "x5555p a7777z k1111s x2222p",
    "f": "1f",
    "s": "S",
    "d": "E",
    "b": "self_draw",
}


def query(fields: dict[str, str]) -> str:
    return PageState.from_query(fields).query()


def opened(png: bytes) -> tuple[Image.Image, dict[str, Any]]:
    """The picture and the values it was drawn from."""
    image = Image.open(io.BytesIO(png))
    image.load()
    return image, values_of(png)


def not_blank(image: Image.Image) -> bool:
    """Many colours, and ink in every fifth of its height."""
    rgb = image.convert("RGB")
    fifth = rgb.height // 5
    return len(rgb.getcolors(1 << 20) or []) > 50 and all(
        len(rgb.crop((0, i * fifth, rgb.width, (i + 1) * fifth)).getcolors(1 << 20) or []) > 4
        for i in range(5)
    )
