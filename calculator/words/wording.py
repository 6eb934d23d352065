"""The engine's words in the page's language.

The engine returns codes and ``Text`` records (an English template and its
values); here each becomes a sentence in the active language. Templates are
the catalog's msgids (``manage.py makemessages`` finds them in the engine);
values are shown by what they are: a seat as 东家, a tile as 五万, a region
by its name. Chinese terms the engine names (items, eggs, rule sections) are
msgids too, so 繁體 pages show them converted and English pages keep them.

Every label a page shows for an engine code (seats, melds, ways of winning,
flags, table state) lives here, once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.functional import Promise
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from calculator.words.tile_names import TILE_NAMES_ZH
from rules.options import OptionInfo, describe
from rules.regions import REGIONS
from rules.text import Text
from rules.tiles import NotationError, parse, tile_code


def is_english() -> bool:
    return (get_language() or "").startswith("en")


def joined(words: Iterable[str]) -> str:
    return (", " if is_english() else "、").join(words)


@dataclass(frozen=True)
class Term:
    """A thing the page names: its words in the page's language, and the
    Chinese term shown beside them on the English page."""

    zh: str
    label: Promise | str
    hint: Promise | str = ""


# What one share of money is counted in, as each region's rules file says.
MONEY_UNIT = {
    "laosanfan": "银",
    "jinhu": "番",
    "chuzhou": "番",
    "sanmen": "分",
    "changchun": "分",
    "guobiao": "分",
}
# How a region's wild tile is called on the palette.
WILD_LABELS = {"sanmen": {"5z": "财神"}}


def seed_part(quote: str) -> tuple[str, str]:
    """An item's quote as (the seed's own words, our note). Some region
    modules write a house rule's summary or our reading, in English for the
    developers, where the seed's sentence goes; that part is not the seed's."""
    if re.match(r"[A-Za-z]{2,}", quote):
        return "", quote
    head, mark, tail = quote.partition("(reading")
    if mark:
        return head.rstrip(" (（"), mark + tail
    return quote, ""


def seed_lang(seed: str) -> str:
    """The script a seed is written in: its sentences are quoted verbatim."""
    return "zh-Hant" if seed == "000" else "zh-Hans"


# --- seats -----------------------------------------------------------------

SEAT_NAMES = {
    "E": pgettext_lazy("seat", "East"),
    "S": pgettext_lazy("seat", "South"),
    "W": pgettext_lazy("seat", "West"),
    "N": pgettext_lazy("seat", "North"),
}
SEAT_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
# A seat beside the name of who sits there ("张伟 · 东").
SEAT_BESIDE_NAME = {
    "E": pgettext_lazy("seat beside a name", "East"),
    "S": pgettext_lazy("seat beside a name", "South"),
    "W": pgettext_lazy("seat beside a name", "West"),
    "N": pgettext_lazy("seat beside a name", "North"),
}
# Who sits where, while a page of a session is worded: its seats are named
# by their players (as Django's active language is, for the rendering at hand).
_SEATED: ContextVar[Mapping[str, str] | None] = ContextVar("seated", default=None)
WIND_NAMES = (
    pgettext_lazy("wind", "East wind"),
    pgettext_lazy("wind", "South wind"),
    pgettext_lazy("wind", "West wind"),
    pgettext_lazy("wind", "North wind"),
)


def seat_name(code: str) -> str:
    """东家 / 東家 / East, or "张伟 · 东" where the players are seated; anything
    that is not a seat as it was typed."""
    name = SEAT_NAMES.get(code)
    if name is None:
        return code
    players = _SEATED.get()
    return player_at(code, players) if players else str(name)


def seat_parts(code: str) -> tuple[str, str]:
    """A seat's name in two parts, the player's and the seat's ("张伟", "东"),
    so a narrow button can break between them and never inside a name; where
    nobody is seated, the seat alone ("东家", "")."""
    players = _SEATED.get()
    if players and players.get(code) and code in SEAT_BESIDE_NAME:
        return players[code], str(SEAT_BESIDE_NAME[code])
    return seat_name(code), ""


def player_at(code: str, players: Mapping[str, str]) -> str:
    """The player in seat ``code`` with the seat ("张伟 · 东"), or the seat alone."""
    name = players.get(code, "")
    if not name:
        return str(SEAT_NAMES.get(code, code))
    return f"{name} · {SEAT_BESIDE_NAME.get(code, code)}"


@contextmanager
def seated(players: Mapping[str, str]) -> Iterator[None]:
    """Word the seats by their players (seat → name) inside this block."""
    token = _SEATED.set(dict(players))
    try:
        yield
    finally:
        _SEATED.reset(token)


# --- tiles -------------------------------------------------------------------


def tile_name(code: str) -> str:
    """五万 / 五萬 / 5 Characters: the catalog's msgids are the simplified names."""
    zh = TILE_NAMES_ZH.get(code)
    return pgettext("tile", zh) if zh else code


def tiles_named(notation: str) -> str:
    try:
        tiles = parse(notation)
    except NotationError:
        return notation
    return joined(tile_name(tile_code(t)) for t in tiles)


# --- regions and the engine's Chinese terms --------------------------------


def region_name(key: str) -> str:
    region = REGIONS.get(key)
    return pgettext("region", region.name) if region else key


# The units a count or an amount is in, as the reader says them: an English
# page says fan, hu, tai, silver (issue 43, point 4), a Chinese page the seed's
# word in its own script. The engine names them in either script (銀, 银).
UNITS = {
    "番": pgettext_lazy("unit", "番"),
    "胡": pgettext_lazy("unit", "胡"),
    "台": pgettext_lazy("unit", "台"),
    "倍": pgettext_lazy("unit", "倍"),
    "银": pgettext_lazy("unit", "银"),
    "銀": pgettext_lazy("unit", "银"),
    "分": pgettext_lazy("unit", "分"),
}


def unit_word(zh: str) -> str:
    """A unit the engine names (番, 胡, 台, 倍, 银, 分) in the reader's words."""
    word = UNITS.get(zh)
    return str(word) if word is not None else term(zh)


# Where a house rule makes the hand's total a figure that is paid as it
# stands, counted in no unit of the hand's: 老三番's 推倒八 (rules/laosanfan.md,
# "推倒八 pays its figure") is shown in the money it pays, not in 胡.
TOTAL_PAID_AS_IS = {"laosanfan": ("tier", "tui_dao_ba")}


def total_unit(region_key: str, options: Mapping[str, Any], unit: str) -> str:
    """The unit of a hand's total under the house rules ``options`` (the
    region's defaults where an option is not given)."""
    rule = TOTAL_PAID_AS_IS.get(region_key)
    if rule is not None:
        name, value = rule
        defaults = {i.name: i.default for i in describe(REGIONS[region_key].options)}
        if str(options.get(name, defaults.get(name))) == value:
            return unit_word(MONEY_UNIT[region_key])
    return unit_word(unit)


def term(zh: str) -> str:
    """A Chinese term the engine names (an item, an egg, a rule's section),
    in the page's script; English pages keep the Chinese."""
    return gettext(zh) if zh else ""


# Items that share a Chinese name with another of their region: what tells
# them apart, said after the name wherever items are listed (三门's 清一色
# of 台 is the plain one; its multiplier is marked).
SAME_NAME = {
    "zheng_hua_season": _("春夏秋冬"),
    "zheng_hua_plant": _("梅兰竹菊"),
    "si_ge_hua_season": _("春夏秋冬"),
    "si_ge_hua_plant": _("梅兰竹菊"),
    "si_tong": _("4 or 贼"),
    "si_tong_other": _("other tiles"),
    "qing_yi_se_bei": _("multiplier"),
}


def item_name(key: str, name: str) -> str:
    """An item's name as a list of items shows it: its Chinese name in the
    page's script, told apart from another item of the same name."""
    words = term(name)
    apart = SAME_NAME.get(key)
    if apart is None:
        return words
    return f"{words} ({apart})" if is_english() else f"{words}（{apart}）"


# --- melds, ways of winning, flags, table state, events ----------------------

MELDS = {
    "chi": Term("吃", pgettext_lazy("meld", "Chi")),
    "pong": Term("碰", pgettext_lazy("meld", "Pong")),
    "kong": Term("明杠", pgettext_lazy("meld", "Exposed kong")),
    "added_kong": Term("加杠", pgettext_lazy("meld", "Added kong")),
    "concealed_kong": Term("暗杠", pgettext_lazy("meld", "Concealed kong")),
    "egg": Term("蛋", pgettext_lazy("meld", "Egg")),
}
EGGS = {
    "xuanfeng": Term("旋风蛋", pgettext_lazy("egg", "Wind egg"), _("东南西北")),
    "xi": Term("喜蛋", pgettext_lazy("egg", "Dragon egg"), _("中发白")),
    "yao": Term("幺蛋", pgettext_lazy("egg", "Ones egg"), _("一万 一筒 幺鸡")),
    "jiu": Term("九蛋", pgettext_lazy("egg", "Nines egg"), _("九万 九筒 九条")),
}
WIN_BY = {
    "self_draw": Term("自摸", _("Self-drawn")),
    "discard": Term("点炮", _("On a discard")),
    "robbing_kong": Term("抢杠", _("Robbing a kong")),
    "draw": Term("流局", _("Drawn hand"), _("nobody won: only kong money and events are settled")),
}
FLAGS = {
    "ready_declared": Term("报听", _("Declared ready")),
    "kong_replacement": Term("杠上开花", _("Won on a kong replacement")),
    "last_tile": Term("海底", _("Last tile of the wall")),
    "heavenly": Term("天胡", _("Heavenly hand")),
    "earthly": Term("地胡", _("Earthly hand")),
    "jue_zhang": Term("绝张", _("Last copy"), _("ready on the last copy: the others ponged")),
    "ying_zi": Term("硬子", _("Ready early"), _("ready from the deal or the first go-round")),
    "qing_bu_bao_qing": Term(
        "清不包清", _("No 包庄 for one suit"), _("the feeder's own hand is one suit")
    ),
    "dui_bao": Term("对宝", _("Matched the 宝"), _("the 宝 was the winning tile at the look")),
    "last_of_kind": Term(
        "和绝张", _("Last of its kind"), _("the other three of the winning tile are in sight")
    ),
}
TABLE = {
    "ready": Term("听牌", _("Who else had declared ready")),
    "fake_ready": Term("假听", _("Whose ready was 假聽")),
    "bao_seat": Term("包", _("Who must pay for all (包)")),
    "loser_hu": Term("胡头", _("Each loser's own 胡 (胡頭)")),
    "baowu_streak_seat": Term("包五家", _("包五家 payer whose wins double while dealing")),
    "baowu_streak_wins": Term("连庄", _("Wins so far in that streak")),
    "zhen": Term("针", _("针 of each seat")),
    "lao_zhuang": Term("老庄", _("老庄 streak (0 = none)")),
    "maima_tile": Term("买码", _("Maima tile")),
    "bao_tile": Term("宝牌", _("Bao tile")),
    "round_wind": Term("圈风", _("Prevalent wind (圈风)")),
    "first_dealer": Term(
        "首庄", _("The match's first dealer (the wind moves on when the deal is back)")
    ),
}
EVENTS = {
    "follow_discard": Term(
        "跟打", _("Followed discard"), _("the other three followed this seat's discard")
    ),
    "four_of_a_discard": Term(
        "打出四张", _("Four of a tile discarded"), _("this seat discarded all four of a tile")
    ),
}
NEXT_TABLE = {
    "dealer": _("Dealer"),
    "zhen": _("针 per seat"),
    "lao_zhuang": _("老庄 streak"),
    "baowu_streak_seat": _("包五家 streak seat"),
    "baowu_streak_wins": _("包五家 streak wins"),
    "round_wind": _("Prevalent wind"),
    "first_dealer": _("First dealer"),
}
FIELDS = {
    "hand": _("Hand"),
    "win_tile": _("Winning tile"),
    "melds": _("Melds"),
    "flowers": _("Flowers"),
    "seat": _("Winner"),
    "dealer": _("Dealer"),
    "discarder": _("Discarder"),
    "win_by": _("How it was won"),
    "flags": _("Flags"),
    "players": _("Players"),
    "rules": _("House rules"),
    "table": _("Table state"),
}


def label_of(terms: dict[str, Term], code: str) -> str:
    found = terms.get(code)
    return str(found.label) if found is not None else code


# --- house rules ---------------------------------------------------------------


@cache
def _option_infos(region_key: str | None) -> dict[str, OptionInfo]:
    regions = [REGIONS[region_key]] if region_key in REGIONS else list(REGIONS.values())
    found: dict[str, OptionInfo] = {}
    for region in regions:
        for info in describe(region.options):
            found.setdefault(info.name, info)
    return found


def option_label(name: str, region_key: str | None = None) -> str:
    """A house rule in words; ``region_key`` where two regions share its name."""
    info = _option_infos(region_key).get(name)
    return gettext(info.doc) if info is not None and info.doc else name


def choice_label(info: OptionInfo, value: str) -> str:
    labels = dict(zip(info.choices, info.labels, strict=True))
    return gettext(labels[value]) if value in labels else value


def option_value(info: OptionInfo, value: Any) -> str:
    """An option's value in words: 开/关, a choice's label, or the number."""
    if info.kind == "bool":
        return str(_("on") if value else _("off"))
    if info.kind == "choice":
        return choice_label(info, str(value))
    return str(value)


# --- sentences -----------------------------------------------------------------


def _value(name: str, value: Any, region_key: str | None = None) -> str:
    if name == "seat":
        return seat_name(str(value))
    if name == "seats":
        return joined(seat_name(s) for s in value)
    if name == "tile":
        return tile_name(str(value))
    if name == "tiles":
        return tiles_named(str(value))
    if name == "region":
        names = {r.name: r.key for r in REGIONS.values()}
        return region_name(names.get(str(value), str(value)))
    if name == "option":
        return option_label(str(value), region_key)
    if name == "meld":
        return label_of(MELDS, str(value))
    if name == "win_by":
        return label_of(WIN_BY, str(value))
    if name == "egg":
        egg = next((e for e in EGGS.values() if e.zh == value), None)
        return str(egg.label) if egg is not None else term(str(value))
    if name == "term":
        return term(str(value))
    if name == "table_key":
        return label_of(TABLE, str(value))
    if name == "field":
        head = str(value).split(".")[0].split("[")[0]
        found = FIELDS.get(head)
        return str(found) if found is not None else str(value)
    if isinstance(value, tuple):
        return joined(str(v) for v in value)
    return str(value)


# Values that are what the player typed: shown back as typed, in no language.
TYPED = ("char", "typed")


def word(text: Text | None, region_key: str | None = None) -> str:
    """A sentence of the engine's in the page's language (``region_key``: the
    region it is about, where a value's words depend on it)."""
    if text is None:
        return ""
    values = {name: _value(name, value, region_key) for name, value in text.params}
    return _filled(gettext(text.template), text.template, values)


def word_html(text: Text | None, region_key: str | None = None) -> SafeString:
    """``word`` for a page: what the player typed is marked as such (``<kbd>``)."""
    if text is None:
        return mark_safe("")
    values = {
        name: format_html("<kbd>{}</kbd>", value)
        if name in TYPED
        else escape(_value(name, value, region_key))
        for name, value in text.params
    }
    return mark_safe(_filled(escape(gettext(text.template)), escape(text.template), values))


def _filled(template: str, original: str, values: Mapping[str, str]) -> str:
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation that names a value the engine does not send: the
        # sentence in the engine's own words rather than none at all.
        return original.format_map(values)
