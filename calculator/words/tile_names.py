"""Every tile's code and its name in simplified Chinese: the catalog's msgids
for tile names (``wording.tile_name`` says them in the page's language).
Standard library only, so the tile artwork can title its drawings too."""

from __future__ import annotations

TILE_CODES: tuple[str, ...] = (
    tuple(f"{n}{suit}" for suit in "mps" for n in range(1, 10))
    + tuple(f"{n}z" for n in range(1, 8))
    + tuple(f"{n}f" for n in range(1, 9))
)


def _names() -> dict[str, str]:
    names: dict[str, str] = {}
    for i, numeral in enumerate("一二三四五六七八九", start=1):
        names[f"{i}m"] = f"{numeral}万"
        names[f"{i}p"] = f"{numeral}筒"
        names[f"{i}s"] = f"{numeral}条"
    names["1s"] = "幺鸡"
    for i, name in enumerate(("东风", "南风", "西风", "北风", "白板", "发财", "红中"), start=1):
        names[f"{i}z"] = name
    for i, char in enumerate("春夏秋冬梅兰菊竹", start=1):
        names[f"{i}f"] = char
    return names


TILE_NAMES_ZH: dict[str, str] = _names()
