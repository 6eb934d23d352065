"""A learner's progress: accuracy per item family and per level, and the
items most often missed (what "practise what I miss" deals).

Kept two ways, counted alike:

- in the browser, a signed cookie (``COOKIE``) of small counters, so no
  account is needed and it works without JavaScript;
- for a signed-in user, their ``Answer`` rows, counted when shown.

An item's *family* is data (``family_of``): in 国标 its 番 tier (the
rulebook groups its 81 番种 by value: 88, 64 … 1 番); elsewhere the seed
section its rule cites (``Item.rule``: 胡數計算, 番數計算 …, or a house rule),
which is how each seed groups its items. A family counts only the items
level's answers, item by item (right, or missed / wrong); a level counts
whole answers right.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.translation import gettext_noop

from calculator.learn.grading import MISSED, RIGHT
from calculator.learn.models import LEVELS
from rules.regions import REGIONS

COOKIE = "learn"
COOKIE_SALT = "learn.progress"
COOKIE_AGE = 400 * 24 * 3600  # as long as a browser keeps a cookie
MISSED_KEPT = 24  # the most-missed items the cookie keeps


# The seed sections items cite that no item's own rule is worded by
# (``manage.py engine_strings`` lists whole citations, not their sections).
SECTIONS = (
    gettext_noop("胡數計算"),
    gettext_noop("胡牌"),
    gettext_noop("打牌規則"),
    gettext_noop("算分规则"),
    gettext_noop("必架"),
    gettext_noop("胡牌牌型"),
    gettext_noop("胡牌类型"),
)


def section_of(rule: str) -> str:
    """An item's rule cut to its seed section: "000 胡數計算 花" → "000 胡數計算";
    a house rule or reading ("laosanfan.md option x") → "laosanfan.md"."""
    head, _sep, rest = rule.partition(" ")
    if head.isdigit() and rest:
        return f"{head} {rest.split(' ')[0]}"
    return head


@cache
def families(region_key: str) -> dict[str, str]:
    """item key → family key (``<region>.<n>``), per the module's docstring."""
    region = REGIONS[region_key]
    out: dict[str, str] = {}
    if region_key == "guobiao":
        for item in region.items:
            value = item.value if isinstance(item.value, int) else max(item.value.values())
            out[item.key] = f"guobiao.{value}"
        return out
    sections: list[str] = []
    for item in region.items:
        section = section_of(item.rule)
        if section not in sections:
            sections.append(section)
        out[item.key] = f"{region_key}.{sections.index(section)}"
    return out


def family_of(region_key: str, item_key: str) -> str:
    return families(region_key).get(item_key, f"{region_key}.other")


@cache
def family_rule(family: str) -> str:
    """A family's seed section to name it by ("" for a 国标 tier: its 番 say it)."""
    region_key, _sep, _n = family.partition(".")
    if region_key == "guobiao" or region_key not in REGIONS:
        return ""
    for item in REGIONS[region_key].items:
        if family_of(region_key, item.key) == family:
            return section_of(item.rule)
    return ""


@dataclass
class Progress:
    """Counters: family → [right, seen]; level → [right, answered];
    ``"<region>:<item>"`` → times missed."""

    families: dict[str, list[int]]
    levels: dict[str, list[int]]
    missed: dict[str, int]

    @classmethod
    def empty(cls) -> Progress:
        return cls({}, {}, {})

    @classmethod
    def from_json(cls, raw: Any) -> Progress:
        try:
            fam = {str(k): [int(v[0]), int(v[1])] for k, v in dict(raw["f"]).items()}
            lev = {str(k): [int(v[0]), int(v[1])] for k, v in dict(raw["l"]).items()}
            mis = {str(k): int(v) for k, v in dict(raw["m"]).items()}
        except (KeyError, TypeError, ValueError, IndexError):
            return cls.empty()
        return cls(fam, lev, mis)

    def to_json(self) -> dict[str, Any]:
        top = sorted(self.missed.items(), key=lambda kv: -kv[1])[:MISSED_KEPT]
        return {"f": self.families, "l": self.levels, "m": dict(top)}

    def add(self, region_key: str, level: str, graded: Mapping[str, Any], right: bool) -> None:
        counts = self.levels.setdefault(level, [0, 0])
        counts[0] += int(right)
        counts[1] += 1
        if level != "items":
            return
        for key, mark in (graded.get("items") or {}).items():
            fam = self.families.setdefault(family_of(region_key, key), [0, 0])
            fam[0] += int(mark == RIGHT)
            fam[1] += 1
            if mark == MISSED:
                where = f"{region_key}:{key}"
                self.missed[where] = self.missed.get(where, 0) + 1

    def most_missed(self, region_key: str | None = None) -> tuple[str, str] | None:
        """(region, item) missed most often (in ``region_key`` where given)."""
        found = [
            (n, where)
            for where, n in self.missed.items()
            if n > 0 and (region_key is None or where.startswith(f"{region_key}:"))
        ]
        if not found:
            return None
        _n, where = max(found, key=lambda f: (f[0], f[1]))
        region_key, _sep, key = where.partition(":")
        if region_key not in REGIONS or key not in REGIONS[region_key].by_key:
            return None
        return region_key, key

    def level_rows(self) -> list[tuple[str, int, int]]:
        return [(lv, self.levels[lv][0], self.levels[lv][1]) for lv in LEVELS if lv in self.levels]


def from_answers(answers: Iterable[Any]) -> Progress:
    """A signed-in learner's progress from their ``Answer`` rows."""
    progress = Progress.empty()
    for a in answers:
        progress.add(a.region, a.level, a.graded or {}, a.right)
    return progress
