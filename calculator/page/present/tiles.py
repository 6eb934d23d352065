"""A tile as the page draws it, named in the page's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calculator.words.wording import tile_name


@dataclass(frozen=True)
class TileView:
    code: str
    name: str
    left: int = 4
    index: int = -1
    wild: str = ""
    down: bool = False  # face down, as a concealed kong's two end tiles lie
    hui: bool = False  # 长春: a 幺鸡 standing in for another tile of its egg

    @property
    def used_up(self) -> bool:
        return self.left <= 0


def tile_view(code: str, **kw: Any) -> TileView:
    """A tile as the templates show it, named in the page's language."""
    return TileView(code=code, name=tile_name(code), **kw)
