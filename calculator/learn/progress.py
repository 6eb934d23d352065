"""A learner's progress: accuracy per item family and per level, and the
items most often missed (what "practise what I miss" deals).

Kept two ways, counted alike:

- in the browser, a signed cookie (``COOKIE``) of small counters, so no
  account is needed and it works without JavaScript;
- for a signed-in user, their ``Answer`` rows, counted when shown.

An item's *family* is data (``family_of``): in 国标 its 番 tier (the
rulebook groups its 81 番种 by value: 88, 64 … 1 番); in 楚州, whose seed
numbers fifty items in one list, groups a learner recognises (``GROUPS``:
ways of winning, kongs and flowers, triplets, sequences …); elsewhere the
seed section its rule cites (``Item.rule``: 胡數計算, 番數計算 …), and the items
a house rule adds together, named so. A family counts only the items level's
answers, item by item (right, or missed / wrong); a level counts whole
answers right.

"Practise what I miss" weighs recent answers: an item answered right
``CURED_AFTER`` times since it was last missed is no longer one the learner
misses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, gettext_noop

from calculator.learn.grading import MISSED, RIGHT
from calculator.learn.models import LEVELS
from rules.regions import REGIONS

COOKIE = "learn"
COOKIE_SALT = "learn.progress"
COOKIE_AGE = 400 * 24 * 3600  # as long as a browser keeps a cookie
MISSED_KEPT = 24  # the most-missed items the cookie keeps
CURED_AFTER = 3  # right this many times since the last miss: no longer 常漏

# 楚州's fifty items, in families a learner knows them by.
GROUPS: dict[str, tuple[tuple[str, Promise, tuple[str, ...]], ...]] = {
    "chuzhou": (
        (
            "win",
            gettext_lazy("Ways of winning"),
            (
                "di_hu",
                "zi_mo",
                "tian_hu",
                "di_hu_earth",
                "hai_di_lao_yue",
                "gang_hou_kai",
                "men_qing",
                "bu_qiu_ren",
                "quan_qiu_ren",
            ),
        ),
        ("kong", gettext_lazy("Kongs and flowers"), ("gang", "an_gang", "xiao_hua")),
        (
            "trip",
            gettext_lazy("Triplets (坎 and 碰)"),
            (
                "lao_zi_ge",
                "dui_dui_hu",
                "ying_san_kan",
                "kan_kan_hu",
                "qing_san_dui",
                "qing_si_dui",
                "san_dui_tong",
                "qing_shi_si_yi",
                "hun_shi_si_yi",
                "qing_san_lian_dui",
                "tian_di_peng",
            ),
        ),
        (
            "seq",
            gettext_lazy("Sequences (付) and dragons (龙)"),
            (
                "lao_shao_fu",
                "zi_mei_fu",
                "qing_san_fu",
                "qing_si_fu",
                "san_fu_tong",
                "si_fu_tong",
                "ban_tiao_long",
                "yi_tiao_long",
                "yi_tiao_long_plus",
                "shuang_long",
                "san_fu_wu",
                "si_fu_wu",
                "fu_fu_jian",
                "fu_fu_tong",
                "fu_fu_quan",
                "si_he_yi",
                "si_he_er",
                "si_he_si",
            ),
        ),
        (
            "suit",
            gettext_lazy("One suit, 1s and honors"),
            (
                "que_yi_men",
                "qing_yi_se",
                "hun_yi_se",
                "qing_yao",
                "hun_yao",
                "san_da_yuan",
                "ruan_si_xi",
                "ying_si_xi",
                "feng_hu",
            ),
        ),
        ("pairs", gettext_lazy("Seven pairs"), ("qi_dui", "qi_dui_an_jue", "qi_dui_an_an_jue")),
        (
            "ready",
            gettext_lazy("Only when ready (必架)"),
            ("jue_zhang", "ying_zi", "zhong_xin_wu", "bian_san_qi"),
        ),
    ),
}
HOUSE_FAMILY = gettext_lazy("Items some tables add")


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
    if region_key in GROUPS:
        for slug, _name, keys in GROUPS[region_key]:
            out.update(dict.fromkeys(keys, f"{region_key}.{slug}"))
    sections: list[str] = []
    for item in region.items:
        if item.key in out:
            continue
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


def family_name(family: str) -> str:
    """A family's name in the page's language, "" for one no longer kept
    (a 国标 tier is named by its 番 and a seed section by its words where shown)."""
    region_key, _sep, slug = family.partition(".")
    for known, name, _keys in GROUPS.get(region_key, ()):
        if known == slug:
            return str(name)
    if region_key in GROUPS and not slug.isdigit():
        return ""
    if family_rule(family).endswith(".md"):
        return str(HOUSE_FAMILY)
    return ""


@dataclass
class Progress:
    """Counters: family → [right, seen]; level → [right, answered];
    ``"<region>:<item>"`` → times missed, and → times right since the last miss."""

    families: dict[str, list[int]]
    levels: dict[str, list[int]]
    missed: dict[str, int]
    since: dict[str, int] = field(default_factory=dict)

    @classmethod
    def empty(cls) -> Progress:
        return cls({}, {}, {}, {})

    @classmethod
    def from_json(cls, raw: Any) -> Progress:
        try:
            fam = {str(k): [int(v[0]), int(v[1])] for k, v in dict(raw["f"]).items()}
            lev = {str(k): [int(v[0]), int(v[1])] for k, v in dict(raw["l"]).items()}
            mis = {str(k): int(v) for k, v in dict(raw["m"]).items()}
            since = {str(k): int(v) for k, v in dict(raw.get("s") or {}).items()}
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return cls.empty()
        return cls(fam, lev, mis, since)

    def to_json(self) -> dict[str, Any]:
        top = dict(sorted(self.missed.items(), key=lambda kv: -kv[1])[:MISSED_KEPT])
        since = {k: v for k, v in self.since.items() if k in top}
        return {"f": self.families, "l": self.levels, "m": top, "s": since}

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
            where = f"{region_key}:{key}"
            if mark == MISSED:
                self.missed[where] = self.missed.get(where, 0) + 1
                self.since[where] = 0
            elif mark == RIGHT and where in self.missed:
                self.since[where] = self.since.get(where, 0) + 1
                if self.since[where] >= CURED_AFTER:  # learnt: no longer 常漏
                    del self.missed[where]
                    del self.since[where]

    def most_missed(self, region_key: str | None = None) -> tuple[str, str] | None:
        """(region, item) missed most often (in ``region_key`` where given)."""
        # Each right answer since the last miss weighs against the misses.
        found = [
            (n - self.since.get(where, 0), n, where)
            for where, n in self.missed.items()
            if n > 0 and (region_key is None or where.startswith(f"{region_key}:"))
        ]
        if not found:
            return None
        _w, _n, where = max(found)
        region_key, _sep, key = where.partition(":")
        if region_key not in REGIONS or key not in REGIONS[region_key].by_key:
            return None
        return region_key, key

    def level_rows(self) -> list[tuple[str, int, int]]:
        return [(lv, self.levels[lv][0], self.levels[lv][1]) for lv in LEVELS if lv in self.levels]


def from_answers(answers: Iterable[Any]) -> Progress:
    """A signed-in learner's progress from their ``Answer`` rows (newest
    first, as kept): counted oldest first, so that recent answers weigh last."""
    progress = Progress.empty()
    for a in reversed(list(answers)):
        progress.add(a.region, a.level, a.graded or {}, a.right)
    return progress
