"""The page's controls: the tile pad, what a tap enters, the seats, the stake,
the house rules, the table's state, events and other seats' kongs."""

from __future__ import annotations

from collections.abc import Container, Mapping
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from calculator.page.present.phrasing import as_sentence
from calculator.page.present.tiles import TileView, tile_view
from calculator.page.state import MELD_SIZE, SEAT_NUMBER_KEYS, TILE_ENTRIES, PageState, Tiles
from calculator.words.templatetags.words import isolated
from calculator.words.wording import (
    EGGS,
    EVENTS,
    MELDS,
    SEAT_ZH,
    TABLE,
    WILD_LABELS,
    WIND_NAMES,
    label_of,
    option_label,
    option_value,
    region_name,
    seat_name,
    seat_parts,
    term,
    tile_name,
    word,
)
from rules.hand import SEATS, seat_wind
from rules.ledger import CARRIED
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import N_KINDS, tile_code
from rules.validate import validate

# Chinese order on the palette (中发白), whatever the notation's order.
HONOR_ORDER = (27, 28, 29, 30, 33, 32, 31)


def palette(state: PageState) -> list[dict[str, Any]]:
    """The tiles to tap, a block per suit (a 3×3 pad: nine keys a thumb can hit)."""
    return [
        {
            "name": name,
            "tiles": [
                TileView(code=code, name=named, left=state.left(t), wild=wild)
                for t, code, named, wild in keys
            ],
            "flowers": flowers,
        }
        for name, keys, flowers in _pad(get_language(), state.region)
    ]


# The pad's blocks and their tiles, named, are a region's in a language; only
# the copies left change from one page to the next.
@lru_cache(maxsize=64)
def _pad(
    language: str | None, region_key: str
) -> tuple[tuple[str, tuple[tuple[int, str, str, str], ...], bool], ...]:
    # ``language`` keys the cache; the wording reads the active one.
    region = REGIONS[region_key]
    wild = WILD_LABELS.get(region_key, {})
    names = {0: _("Characters 万"), 9: _("Dots 筒"), 18: _("Bamboo 条"), 27: _("Honors 字")}
    blocks = []
    for base, order in (
        (0, range(0, 9)),
        (9, range(9, 18)),
        (18, range(18, 27)),
        (27, HONOR_ORDER),
    ):
        keys = tuple(
            (t, tile_code(t), tile_name(tile_code(t)), term(wild.get(tile_code(t), "")))
            for t in order
            if t in region.tiles or t in region.flower_tiles
        )
        if keys:
            blocks.append((names[base], keys, False))
    flowers = tuple(
        (t, tile_code(t), tile_name(tile_code(t)), "")
        for t in range(N_KINDS, 42)
        if t in region.flower_tiles
    )
    if flowers:
        blocks.append((_("Flowers 花"), flowers, True))
    return tuple(blocks)


def entries(state: PageState) -> list[dict[str, Any]]:
    region = state.reg
    out: list[dict[str, Any]] = [
        {"key": "hand", "label": _("Hand"), "zh": ""},  # a word, not a term to learn
        {"key": "win", "label": _("Winning tile"), "zh": "胡牌张"},
    ]
    out += [
        {"key": m, "label": MELDS[m].label, "zh": MELDS[m].zh}
        for m in MELD_SIZE
        if m in region.meld_types
    ]
    if "egg" in region.meld_types:
        out += [{"key": f"egg.{k}", "label": e.label, "zh": e.zh} for k, e in EGGS.items()]
    if "bao_tile" in region.table_keys:
        out.append({"key": "bao", "label": _("Bao tile"), "zh": "宝牌"})
    if "maima_tile" in region.table_keys:
        out.append({"key": "maima", "label": _("Maima tile"), "zh": "买码"})
    for e in out:
        e["active"] = state.entry == e["key"]
    return out


def seat_choices(state: PageState) -> dict[str, Any]:
    dealer = state.dealer if state.dealer in state.seats else "E"
    mode = state.options.get("seat_wind_mode", "from_dealer")
    winner_wind = ""
    if state.seat in state.seats:
        wind = seat_wind(state.seat, dealer, state.players, mode)
        winner_wind = _("%(seat)s's own wind is the %(wind)s") % {
            "seat": seat_name(state.seat),
            "wind": WIND_NAMES[wind],
        }
    seats = [
        {"code": s, "label": seat_name(s), "parts": parts, "zh": SEAT_ZH[s], "shown": shown(parts)}
        for s in state.seats
        for parts in [seat_parts(s)]
    ]
    return {
        "seats": seats,
        "winner": state.seat,
        "dealer": state.dealer,
        "discarder": state.discarder,
        "asks_discarder": state.win_by in ("discard", "robbing_kong"),
        "discarder_label": _("Had the kong robbed")
        if state.win_by == "robbing_kong"
        else _("Discarded the winning tile"),
        "winner_wind": winner_wind,
    }


def shown(parts: tuple[str, str]) -> str:
    """A seat on a button: named by its player ("李秀英 · 东"), it breaks
    between the name and the seat, never inside the name. Made here rather
    than by a template partial: the page shows each seat up to six times."""
    name, seat = parts
    if not seat:
        return name
    return format_html(
        '<span class="seat-label"><span class="nowrap">{}</span> <span class="nowrap">· {}</span></span>',
        isolated(name),
        seat,
    )


# The house rule that sets the stake, where a region has one: one row at the
# top of the page (the seed hand's 么半六 is a tap, not a hunt through the
# house rules). 国标's ``base`` is the 8 of 8 + 番, the shape of a payment
# rather than its size; 金湖 and 楚州 have none.
STAKE_OPTION = {"laosanfan": "tier", "sanmen": "base", "changchun": "base"}


def option_controls(state: PageState) -> list[dict[str, Any]]:
    """The house rules, all but the stake (the top row sets it)."""
    stake = STAKE_OPTION.get(state.region)
    return [o for o in house_rule_controls(state.region, state.options) if o["name"] != stake]


def stake_control(state: PageState) -> dict[str, Any] | None:
    """The stake's control, each choice's words split into name and detail."""
    stake = STAKE_OPTION.get(state.region)
    found = house_rule_controls(state.region, state.options, only=(stake,)) if stake else []
    if not found:
        return None
    for c in found[0]["choices"]:
        name, _sep, detail = str(c["label"]).partition(" (")
        c.update(name=name, detail=detail.removesuffix(")"))
    return found[0]


def house_rules_html(state: PageState, stake: bool = False) -> SafeString:
    """The house rules' controls as drawn (``page/_house_rules.html``): all
    but the stake, or (``stake``) the stake's alone."""
    return _house_rules_html(
        get_language(), state.region, tuple(sorted(state.options.items())), stake
    )


# A region's house-rule controls are the same for the same rules set the same
# way, in the same language, and most hands are scored under the defaults:
# wording and drawing them for every page took a tenth of GET / (profiled,
# tests/load/page_cost.py), so each worker draws each set once.
@lru_cache(maxsize=512)
def _house_rules_html(
    language: str | None, region_key: str, options: tuple[tuple[str, str], ...], stake: bool
) -> SafeString:
    # ``language`` keys the cache; the wording reads the active one.
    key = STAKE_OPTION.get(region_key)
    controls = [
        o for o in house_rule_controls(region_key, dict(options)) if (o["name"] == key) == stake
    ]
    return render_to_string("page/_house_rules.html", {"options": controls})


def house_rule_controls(
    region_key: str, options: Mapping[str, str], only: Container[str] | None = None
) -> list[dict[str, Any]]:
    """A control for each of a region's house rules (or those named in
    ``only``), at ``options`` (form text, only the ones changed) or its
    default: the calculator's and the club's forms."""
    out = []
    for info in describe(REGIONS[region_key].options):
        if only is not None and info.name not in only:
            continue
        current = options.get(info.name)
        if info.kind == "bool":
            value: Any = (current or str(info.default)).lower() in ("1", "true", "on")
        else:
            value = current if current is not None else str(info.default)
        choices = [
            {
                "value": c,
                "label": option_value(info, c),
                "default": c == info.default,
                "selected": c == value,
            }
            for c in info.choices
        ]
        out.append(
            {
                "name": info.name,
                "kind": info.kind,
                "label": option_label(info.name, region_key),
                "choices": choices,
                "value": value,
                "min": info.minimum,
                "max": info.maximum,
                "default": option_value(info, info.default),
                "changed": current is not None and str(current) != str(info.default),
            }
        )
    return out


def table_controls(state: PageState) -> list[dict[str, Any]]:
    out = []
    entry_of = {key: entry for entry, key in TILE_ENTRIES.items()}
    for key in state.reg.table_keys:
        if key == "ready" and "ready_declared" not in state.reg.common_flags:
            continue  # who else was ready matters only where 报听 does
        value = state.table.get(key, "")
        per_seat = dict(part.partition(":")[::2] for part in value.split(",") if ":" in part)
        default = "1" if key == "zhen" else ""
        tile = Tiles.read(value).single if key in entry_of else None
        out.append(
            {
                "key": key,
                "label": label_of(TABLE, key),
                "value": value,
                "carried": key in CARRIED,  # a session's hands hand it on
                "seat_list": key in ("ready", "fake_ready"),
                "one_seat": key in ("bao_seat", "baowu_streak_seat", "first_dealer"),
                "winds": [(s, WIND_NAMES[i]) for i, s in enumerate(SEATS)]
                if key == "round_wind"
                else [],
                "wind_value": value or "E",
                "per_seat": key in SEAT_NUMBER_KEYS,
                "tile_entry": entry_of.get(key, ""),
                "tile": tile_view(tile_code(tile)) if tile is not None else None,
                "seat_values": [(s, seat_name(s), per_seat.get(s, default)) for s in state.seats],
                "checked": set(value.split(",")) if value else set(),
            }
        )
    return out


def event_controls(state: PageState) -> list[dict[str, Any]]:
    return [
        {
            "type": kind,
            "label": label_of(EVENTS, kind),
            "hint": EVENTS[kind].hint if kind in EVENTS else "",
            "zh": EVENTS[kind].zh if kind in EVENTS else kind,
            "seats": [(s, seat_name(s), state.events.get(f"{kind}.{s}", 0)) for s in state.seats],
        }
        for kind in state.reg.event_types
    ]


def kong_entries(state: PageState) -> list[dict[str, Any]]:
    region = state.reg
    return [
        {
            "key": f"other.{seat}.{kind}",
            "seat": seat_name(seat),
            "label": MELDS[kind].label,
            "active": state.entry == f"other.{seat}.{kind}",
        }
        for seat in state.seats
        if seat != state.seat or state.win_by == "draw"
        for kind in ("kong", "added_kong", "concealed_kong")
        if kind in region.meld_types
    ]


def region_choices() -> list[dict[str, str]]:
    return [{"key": k, "name": region_name(k)} for k in REGIONS]


def robbed_kong_refusal(state: PageState) -> str:
    """Why this hand cannot have been won by robbing a kong, in the engine's
    own words, or "": 抢杠 takes the fourth copy, so the control says so
    wherever the winning tile is also in sight."""
    if state.win.single is None or state.win_by == "draw":
        return ""
    robbed = state.discarder if state.discarder not in ("", state.seat) else None
    robbed = robbed or next(s for s in state.seats if s != state.seat)
    _valid, errors = validate({**state.to_json(), "win_by": "robbing_kong", "discarder": robbed})
    for e in errors:
        if e.code == "too_many_copies" and e.field == "win_by":
            return as_sentence(word(e.text, state.region))
    return ""
