"""Names as a club types them: one person typed three ways (张伟, 张 伟, 張偉)
is one key, and a new name is offered the members it nearly matches.

The key folds width and case (NFKC), drops every space, and writes 繁體 in
简体 (OpenCC's t2s, the converter the project's tests already trust).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any, Protocol

import opencc


class Named(Protocol):
    pk: Any
    name: str
    key: str


@lru_cache(maxsize=1)
def _to_simplified() -> Any:
    return opencc.OpenCC("t2s")


def key(name: str) -> str:
    """The name as matched: 張 偉 → 张伟, " Li  NA " → "lina"."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = "".join(c for c in folded if not c.isspace())
    return str(_to_simplified().convert(folded))[:40]


# Two keys this alike (difflib's ratio) are offered as a near match.
NEAR = 0.66


def near(name: str, members: Iterable[Named]) -> list[Named]:
    """The members a typed name may mean: the same key first, then the near ones."""
    wanted = key(name)
    if not wanted:
        return []
    same, close = [], []
    for member in members:
        if member.key == wanted:
            same.append(member)
        elif SequenceMatcher(None, wanted, member.key).ratio() >= NEAR:
            close.append(member)
    return same + close
