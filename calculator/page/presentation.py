"""What the calculator page shows, built from its state and the engine's score.

Templates stay free of logic: every list they loop over is made here, every
word already in the page's language (``calculator.wording`` words what the
engine returns).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext

from calculator.page.readings import applied_view, readings_view
from calculator.page.state import (
    MELD_SIZE,
    SEAT_NUMBER_KEYS,
    TILE_ENTRIES,
    Dropped,
    PageState,
    Refusal,
    Tiles,
    egg_ready,
)
from calculator.words import glosses
from calculator.words.wording import (
    EGGS,
    EVENTS,
    FLAGS,
    MELDS,
    MONEY_UNIT,
    NEXT_TABLE,
    SEAT_ZH,
    TABLE,
    WILD_LABELS,
    WIN_BY,
    WIND_NAMES,
    is_english,
    item_name,
    joined,
    label_of,
    option_label,
    option_value,
    region_name,
    seat_name,
    seat_parts,
    seed_part,
    term,
    tile_name,
    tiles_named,
    total_unit,
    unit_word,
    word,
    word_html,
)
from rules.engine import score
from rules.hand import EGG_TILES, SEATS, YAOJI, ItemLine, Score, seat_wind
from rules.ledger import CARRIED
from rules.options import describe
from rules.region import Region
from rules.regions import REGIONS
from rules.regions.guobiao import RULE as GUOBIAO_RULE
from rules.tiles import N_KINDS, WINDS, NotationError, parse, tile_code
from rules.validate import validate
from rules.waits import find_waits

# Chinese order on the palette (中发白), whatever the notation's order.
HONOR_ORDER = (27, 28, 29, 30, 33, 32, 31)


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


def meld_face(kind: str, tiles: Iterable[int], giver: str | None = None) -> dict[str, Any]:
    """A meld as it lies on the table, since 明杠 and 暗杠 score apart: a
    concealed kong with its two end tiles face down, an added kong with its
    fourth tile set apart, each named (and, on the English page, its Chinese
    term beside) with the seat that gave it where known."""
    codes = [tile_code(t) for t in tiles]
    last = len(codes) - 1
    down = kind == "concealed_kong"
    found = MELDS.get(kind)
    label = label_of(MELDS, kind)
    if kind == "egg":
        label = str(MELDS["egg"].label)
    return {
        "type": kind,
        "label": label,
        "zh": found.zh if found is not None and is_english() else "",
        "from": seat_name(giver) if giver and giver in SEATS else "",
        "tiles": [tile_view(c, down=down and i in (0, last)) for i, c in enumerate(codes)],
        # what a screen reader says of the meld's button: its tiles by name
        "named": joined(tile_name(c) for c in codes),
        "added": kind == "added_kong",
    }


def meld_face_json(meld: Mapping[str, Any]) -> dict[str, Any]:
    """``meld_face`` of a meld in the spec's JSON (a bad one draws no tiles)."""
    try:
        tiles = parse(str(meld.get("tiles", "")))
    except NotationError:
        tiles = []
    giver = meld.get("from")
    face = meld_face(str(meld.get("type", "")), tiles, str(giver) if giver else None)
    egg = EGGS.get(str(meld.get("kind", ""))) if face["type"] == "egg" else None
    if egg is not None:
        face["label"] = str(egg.label)
        face["zh"] = egg.zh if is_english() else ""
    hui = meld.get("hui")
    face["hui"] = hui if isinstance(hui, int) and hui > 0 else 0
    return face


# --------------------------------------------------------------------------
# What a tap does
# --------------------------------------------------------------------------

REFUSALS = {
    "used_up": gettext_lazy("All four copies of %(tile)s are already in sight."),
    "too_few": gettext_lazy("Too few copies of %(tile)s are left for this set."),
    "chi_start": gettext_lazy("A chi starts from its lowest tile: %(tile)s cannot start one."),
    "hand_full": gettext_lazy(
        "The hand is full. Tap a tile in the hand to take it back, or the winning tile to change it."
    ),
    "not_in_egg": gettext_lazy(
        "%(tile)s is not a tile of this egg. Tap 完成 when the egg is whole."
    ),
}


# A flower tile is one of a kind: "all four" is not said of it.
USED_UP_ONE = gettext_lazy("%(tile)s is already in sight: there is only one.")


def too_many_text(n: int) -> str:
    """The hand holds ``n`` tiles more than its melds leave room for."""
    return ngettext(
        "%(n)s tile too many: tap one in the hand to take it back.",
        "%(n)s tiles too many: tap one in the hand to take it back.",
        n,
    ) % {"n": n}


def refusal_text(refusal: Refusal | None) -> str:
    if refusal is None:
        return ""
    if refusal.reason == "too_many":
        return too_many_text(refusal.n)
    said = REFUSALS[refusal.reason]
    if refusal.reason == "used_up" and refusal.tile.endswith("f"):
        said = USED_UP_ONE
    return str(said) % {"tile": tile_name(refusal.tile)}


def mode_hint(state: PageState) -> str:
    """One line: what the next tap on a tile does."""
    entry = state.entry
    if entry == "hand":
        count = state.count
        if count.short:
            return _("Tap tiles to add them to the hand: %(n)s more, then the winning tile.") % {
                "n": count.short
            }
        if count.over:
            return too_many_text(count.over)
        if not state.win:
            return _("The hand is full: tap the winning tile.")
        return _("Tap a tile in the hand to take it back.")
    if entry == "win":
        return _("Tap the tile that completed the hand.")
    if entry == "chi":
        return _("Chi: tap the lowest tile of the run (for 3-4-5, tap 3).")
    if entry == "pong":
        return _("Pong: tap the tile; three of it go in.")
    if entry in ("kong", "added_kong", "concealed_kong"):
        return _("%(meld)s: tap the tile; four of it go in.") % {"meld": label_of(MELDS, entry)}
    if entry.startswith("egg."):
        egg = EGGS[entry.partition(".")[2]]
        return _("%(egg)s: tap its tiles (%(tiles)s; 幺鸡 may stand in), then 完成.") % {
            "egg": egg.label,
            "tiles": egg.hint,
        }
    if entry == "bao":
        return _("Tap the tile that is the 宝.")
    if entry == "maima":
        return _("Tap the 买码 tile that was flipped.")
    if entry.startswith("other."):
        _other, seat, kind = [*entry.split("."), "", ""][:3]
        return _("%(seat)s's %(meld)s: tap the tile.") % {
            "seat": seat_name(seat),
            "meld": label_of(MELDS, kind),
        }
    return ""


# --------------------------------------------------------------------------
# Controls
# --------------------------------------------------------------------------


def palette(state: PageState) -> list[dict[str, Any]]:
    """The tiles to tap, a block per suit (a 3×3 pad: nine keys a thumb can hit)."""
    region = state.reg
    wild = WILD_LABELS.get(state.region, {})
    names = {0: _("Characters 万"), 9: _("Dots 筒"), 18: _("Bamboo 条"), 27: _("Honors 字")}
    blocks = []
    for base, order in (
        (0, range(0, 9)),
        (9, range(9, 18)),
        (18, range(18, 27)),
        (27, HONOR_ORDER),
    ):
        keys = [
            tile_view(tile_code(t), left=state.left(t), wild=term(wild.get(tile_code(t), "")))
            for t in order
            if t in region.tiles or t in region.flower_tiles
        ]
        if keys:
            blocks.append({"name": names[base], "tiles": keys, "flowers": False})
    flowers = [
        tile_view(tile_code(t), left=state.left(t))
        for t in range(N_KINDS, 42)
        if t in region.flower_tiles
    ]
    if flowers:
        blocks.append({"name": _("Flowers 花"), "tiles": flowers, "flowers": True})
    return blocks


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
        {"code": s, "label": seat_name(s), "parts": seat_parts(s), "zh": SEAT_ZH[s]}
        for s in state.seats
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
    found = [o for o in house_rule_controls(state.region, state.options) if o["name"] == stake]
    if not found:
        return None
    for c in found[0]["choices"]:
        name, _sep, detail = str(c["label"]).partition(" (")
        c.update(name=name, detail=detail.removesuffix(")"))
    return found[0]


def house_rule_controls(region_key: str, options: Mapping[str, str]) -> list[dict[str, Any]]:
    """A control for each of a region's house rules, at ``options`` (form text,
    only the ones changed) or its default: the calculator's and the club's forms."""
    out = []
    for info in describe(REGIONS[region_key].options):
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


MOVED = {
    "to_flowers": gettext_lazy("%(region)s counts %(tiles)s as flowers: moved to the flowers."),
    "to_hand": gettext_lazy("%(region)s holds %(tiles)s in the hand: moved back from the flowers."),
}


class AsideNote(str):
    """A notice that belongs with what a switch of region set aside (at the
    top of the tiles, where the switch is seen), not with the last tap."""


def moved_notes(region_key: str, dropped: list[Dropped]) -> list[str]:
    """The tiles a switch moved to where ``region_key`` counts them, in words."""
    return [
        AsideNote(
            MOVED[d.kind] % {"region": region_name(region_key), "tiles": tiles_named(d.value)}
        )
        for d in dropped
        if d.kind in MOVED
    ]


def dropped_text(region_key: str, dropped: list[Dropped], aside: bool = False) -> str:
    """What a region leaves out, in words; ``aside``: set aside, to come back.
    Tiles moved to where it counts them are said after."""
    moved = moved_notes(region_key, dropped)
    dropped = [d for d in dropped if d.kind not in MOVED]
    if not dropped:
        return " ".join(moved)
    words = []
    for d in dropped:
        if d.kind == "tiles":
            words.append(tiles_named(d.value))
        elif d.kind == "meld":
            tiles = Tiles.read(d.tiles).tiles
            same = len(set(tiles)) == 1  # a pong or kong: its tile, once
            named = tile_name(tile_code(tiles[0])) if same else tiles_named(d.tiles)
            words.append(f"{label_of(MELDS, d.value)} {named}")
        elif d.kind == "flag":
            words.append(label_of(FLAGS, d.value))
        elif d.kind == "option":
            words.append(option_label(d.value))
        elif d.kind == "event":
            words.append(label_of(EVENTS, d.value))
        elif d.kind == "win_by":
            words.append(label_of(WIN_BY, d.value))
        elif d.kind == "players":
            words.append(_("%(n)s players") % {"n": d.value})
        else:
            words.append(label_of(TABLE, d.value))
    if aside:
        text = _("Not played in %(region)s, so set aside: %(what)s")
    else:
        text = _("Not played in %(region)s, so left out: %(what)s")
    said = text % {"region": region_name(region_key), "what": joined(words)}
    return " ".join([said, *moved])


def aside_view(state: PageState) -> dict[str, Any] | None:
    """What switches of region set aside and why, the house rules kept for
    the region left, and the way back to it."""
    lines = []
    if state.aside:
        lines.append(dropped_text(state.region, state.aside.dropped(), aside=True))
    rules = state.kept.get(state.undo, {})
    if rules:
        infos = {i.name: i for i in describe(REGIONS[state.undo].options)}
        what = []
        for name, text in rules.items():
            info = infos.get(name)
            value: Any = text
            if info is not None and info.kind == "bool":
                value = text.lower() in ("1", "true", "on")
            shown = option_value(info, value) if info is not None else text
            what.append(f"{option_label(name, state.undo)} {shown}")
        lines.append(
            _("%(region)s's house rules are kept for it: %(what)s")
            % {"region": region_name(state.undo), "what": joined(what)}
        )
    if not lines and not state.undo:
        return None
    undo = _("Undo the switch: back to %(region)s") % {"region": region_name(state.undo)}
    return {"lines": lines, "undo": undo if state.undo else ""}


# --------------------------------------------------------------------------
# The result
# --------------------------------------------------------------------------

# Where on the page each error's field is entered, and what to do about it.
PLACES = {
    "hand": "hand-area",
    "win_tile": "hand-area",
    "melds": "hand-area",
    "flowers": "hand-area",
    "seat": "who",
    "dealer": "who",
    "discarder": "who",
    "players": "region-bar",
    "win_by": "who",
    "flags": "flags",
    "rules": "house",
    "table": "tablestate",
    "events": "events",
    "other_melds": "kongs",
}
FIXES = {
    "wrong_tile_count": gettext_lazy(
        "Tap a tile in the hand to take it back, or tap more tiles below."
    ),
    "too_many_copies": gettext_lazy("Take one of them back."),
    "missing_discarder": gettext_lazy("Choose that seat under “Who won, and how”."),
    "discarder_is_winner": gettext_lazy("Choose another seat as the discarder."),
    "bad_meld": gettext_lazy("Tap the meld to take it back and enter it again."),
    "wild_in_meld": gettext_lazy("Tap the meld to take it back: 白板 stays in the hand."),
    "wild_won_on_discard": gettext_lazy("Choose 自摸, or another winning tile."),
    "unknown_tile": gettext_lazy("Check what was typed in the notation box."),
    "ready_not_single_wait": gettext_lazy("Turn off 报听, or check the hand."),
}
# Where one code has more than one cause, the field it names tells them apart,
# and the fix follows the cause: a robbed kong's tile held elsewhere is one
# copy too many because of the way of winning (rules.validate.copies_problems),
# so taking a tile back is not the only way out.
FIXES_BY_FIELD = {
    ("too_many_copies", "win_by"): gettext_lazy(
        "Choose another way of winning under “Who won, and how”, or check the tiles."
    ),
}


def fix_for(code: str, field: str) -> str:
    """What to do about an error: its cause's fix where the code has several."""
    fix = FIXES_BY_FIELD.get((code, field.split(".")[0])) or FIXES.get(code)
    return str(fix) if fix else ""


def _place(field: str) -> str:
    head = field.split(".")[0].split("[")[0]
    return PLACES.get(head, "hand-area")


def unit_of(region_key: str) -> str:
    return unit_word(MONEY_UNIT.get(region_key, "分"))


def as_sentence(text: str) -> str:
    """An engine's sentence shown as a sentence of its own: the engine writes
    in lower case, as the API's messages are; on the page it starts with a
    capital (in Chinese nothing changes). Markup stays as it was."""
    if not text[:1].islower():
        return text
    capital = text[:1].upper() + text[1:]
    return mark_safe(capital) if isinstance(text, SafeData) else capital


# Regions whose formula (``Score.how``) ends in what one payer hands over for
# the win rather than in the hand's count: 三门's multiplies 底分 up to the
# 胡型 (rules/regions/sanmen.py), its ``total`` being one payer's loss before it.
FORMULA_ENDS_IN_A_PAYMENT = frozenset({"sanmen"})


def value_line(state: PageState, got: Score, css: str = "total") -> dict[str, Any]:
    """The number shown as the hand's value, and what it is.

    Where the formula ends in a payment (三门), the number is that payment,
    said as who pays it: the discarder, the seat robbed, each of the others.
    Elsewhere it is the hand's count in its unit (番, 胡), the formula's end,
    from which the payments below are worked out. ``kind`` says which
    (``count``, ``each``, ``discarder``, ``robbed``, ``one``), ``seat`` the
    one payer, ``html`` the sentence with the number marked up (``css``)."""
    win = [p for p in got.payments if p.kind == "win"]
    amounts = {p.amount for p in win}
    payers = [p.payer for p in win]
    others = [s for s in state.seats if s != state.seat]
    kind, seat, amount, unit = (
        "count",
        "",
        got.total,
        total_unit(state.region, state.options, got.unit),
    )
    if (
        state.region in FORMULA_ENDS_IN_A_PAYMENT
        and len(amounts) == 1
        and len(set(payers)) == len(payers)
    ):
        amount, unit = amounts.pop(), unit_of(state.region)
        if len(payers) == 1:
            seat = payers[0]
            kind = "one"
            if seat == state.discarder and state.win_by == "discard":
                kind = "discarder"
            elif seat == state.discarder and state.win_by == "robbing_kong":
                kind = "robbed"
        elif sorted(payers) == sorted(others):
            kind = "each"
        else:  # never so in 三门: every payer pays alike, or one pays
            kind, amount, unit = (
                "count",
                got.total,
                total_unit(state.region, state.options, got.unit),
            )
    sentence = {
        "count": _("The hand counts %(amount)s"),
        "each": _("Each of the others pays %(amount)s for the win"),
        "discarder": _("The discarder (%(seat)s) pays %(amount)s for the win"),
        "robbed": _("%(seat)s, whose kong was robbed, pays %(amount)s for the win"),
        "one": _("%(seat)s pays %(amount)s for the win"),
    }[kind]
    number = format_html('<strong class="{}">{} {}</strong>', css, amount, unit)
    html = escape(sentence) % {"seat": escape(seat_name(seat)), "amount": number}
    return {
        "kind": kind,
        "seat": seat,
        "amount": amount,
        "unit": unit,
        "text": sentence % {"seat": seat_name(seat), "amount": f"{amount} {unit}"},
        "html": mark_safe(html),
    }


def headline(state: PageState, got: Score) -> dict[str, str]:
    """What changes hands, at a glance: who collects and who pays how much."""
    net = got.net
    unit = unit_of(state.region)
    winner = state.seat if got.winning else None

    def moves(skip: str | None) -> list[str]:
        out = []
        for s in state.seats:
            n = net.get(s, 0)
            if s == skip or not n:
                continue
            if n > 0:
                out.append(_("%(seat)s collects %(n)s") % {"seat": seat_name(s), "n": n})
            else:
                out.append(_("%(seat)s pays %(n)s") % {"seat": seat_name(s), "n": -n})
        return out

    if winner is None:
        found = moves(None)
        if not found:
            return {"main": _("Nothing changes hands"), "sub": ""}
        return {"main": joined(found), "sub": _("in %(unit)s") % {"unit": unit}}
    # The winner's own net: kong money or events paid out may outweigh the win.
    won = net.get(winner, 0)
    if won > 0:
        collects = _("%(seat)s collects %(n)s %(unit)s")
    elif won < 0:
        collects = _("%(seat)s pays %(n)s %(unit)s")
    else:
        collects = _("%(seat)s comes out even")
    collects %= {"seat": seat_name(winner), "n": abs(won), "unit": unit}
    losses = [-net.get(s, 0) for s in state.seats if s != winner]
    if losses and all(n == losses[0] > 0 for n in losses):
        if len(losses) == 1:
            loser = next(s for s in state.seats if s != winner)
            pays = _("%(seat)s pays %(n)s %(unit)s") % {
                "seat": seat_name(loser),
                "n": losses[0],
                "unit": unit,
            }
        else:
            pays = _("Each pays %(n)s %(unit)s") % {"n": losses[0], "unit": unit}
        return {"main": pays, "sub": collects}
    return {"main": collects, "sub": joined(moves(winner))}


# The seed sections that lines a region adds itself cite (a cap, a streak):
# no item's rule names them, so ``manage.py engine_strings`` does not list
# them, and without a catalog entry each page would show them as the seed
# spells them, in the other script. Listed here until it does.
LINE_SECTIONS = (
    gettext_noop("花的計算"),  # 老三番's 三番為頂 cap
    gettext_noop("打牌規則 包五家"),  # 金湖's 包五家 streak doubling
    gettext_noop("计算结果方式"),  # 三门's 最高就3台 cap
)


# The seed's section heads in English, so that an English page's citation
# says what the section is, the seed's own words beside it.
SECTION_GLOSSES = {
    "计分方法": "how points are counted",
    "必架": "waits that must be declared",
    "算分规则": "scoring rule",
    "打牌規則": "rules of play",
    "胡牌牌型": "winning hands",
    "大小類別": "the stake",
    "胡數計算": "counting 胡",
    "胡牌": "winning",
    "花的計算": "counting flowers",
    "番数计算": "counting 番",
    "胡型": "kinds of win",
    "胡牌类型": "kinds of win",
}


def section_name(section: str) -> str:
    """A seed section as a player reads it; glossed on an English page."""
    words = term(section)
    head, _sep, tail = section.partition(" ")
    gloss = SECTION_GLOSSES.get(head)
    if not is_english() or gloss is None:
        return words
    if tail.isdigit():
        gloss = f"{gloss} {tail}"
    return gloss  # the seed's own words are in its quoted sentence


def rule_name(rule: str) -> str:
    """A citation as a player reads it: the seed's section, or the house rule."""
    number = rule.removeprefix(GUOBIAO_RULE + " ")
    if number != rule:
        return _("国标番种 %(number)s") % {"number": number}
    head, _sep, rest = rule.partition(" ")
    if head.isdigit() and rest:
        return section_name(rest)
    if ".md" in head:
        option = rest.removeprefix("option ").strip()
        if option:
            region = head.removesuffix(".md")
            return _("House rule: %(option)s") % {"option": option_label(option, region)}
        return _("Our reading of the seed")
    return section_name(rule)


# What a region calls the tile that stands for another, in the result.
WILDS_STOOD_FOR = {
    "": gettext_lazy("The wild tiles stood for:"),
    "changchun": gettext_lazy("The 宝 stood for:"),
}


def line_why(region: Region, line: ItemLine) -> str:
    """Why a line of the breakdown is there: its item's explanation (× how
    many times), the item that replaced it, or the cap it applies."""
    item = region.by_key.get(line.key)
    if line.dropped_by:
        by = region.by_key[line.dropped_by]
        return _("replaced by %(name)s") % {"name": item_name(by.key, by.name)}
    if item is None:
        return _("the cap: %(rule)s") % {"rule": term(line.name)}
    why = _(item.why) if item.why else ""
    if line.times > 1:
        why = _("%(why)s (× %(n)s)") % {"why": why, "n": line.times}
    return why


def result_view(state: PageState) -> dict[str, Any] | None:
    if not state.complete:
        return None
    # The other readings come from the same validated hand (rules.readings).
    got = score({**state.to_json(), "readings": True})
    if not got.ok:
        by_place: dict[str, list[str]] = {}
        listed = []
        seen: set[str] = set()
        for e in got.errors:
            place = _place(e.field)
            text = mark_safe(as_sentence(word_html(e.text, state.region)))
            fix = fix_for(e.code, e.field)
            joined_up = escape(_("%(problem)s. %(fix)s")) % {"problem": text, "fix": escape(fix)}
            full: SafeString = mark_safe(joined_up) if fix else text
            if full in seen:  # two errors that say the same: said once
                continue
            seen.add(full)
            by_place.setdefault(place, []).append(full)
            listed.append({"place": place, "text": full})
        return {"ok": False, "errors": by_place, "listed": listed}
    region = REGIONS[state.region]
    rows = []
    for line in got.items:
        item = region.by_key.get(line.key)
        why = line_why(region, line)
        rows.append(
            {
                "key": line.key,
                "name": item_name(line.key, line.name),
                "english": glosses.english_name(line.key, line.name),
                "value": line.value,
                "unit": unit_word(line.unit),
                "why": why,
                "rule": rule_name(line.rule),
                "quote": seed_part(item.quote)[0] if item else "",  # the seed's words only
                "dropped": bool(line.dropped_by),
            }
        )
    return {
        "ok": True,
        "winning": got.winning,
        "reasons": [as_sentence(word(r)) for r in got.reasons],
        "headline": headline(state, got),
        "value": value_line(state, got) if got.winning else None,
        "rows": rows,
        "total": got.total,
        "unit": total_unit(state.region, state.options, got.unit),
        "money": unit_of(state.region),
        "how": word(got.how),
        "payments": [
            {
                "from": seat_name(p.payer),
                "to": seat_name(p.payee),
                "amount": p.amount,
                "detail": word(p.detail),
            }
            for p in got.payments
        ],
        "net": [(seat_name(s), got.net.get(s, 0)) for s in state.seats],
        "next_table": next_table_lines(got.next_table or {}),
        "wilds": [tile_view(code) for code in got.wilds],
        "wilds_label": WILDS_STOOD_FOR.get(state.region, WILDS_STOOD_FOR[""]),
        "readings": readings_view(state, got, money=unit_of(state.region)),
        "also": _("Capped: also %(items)s")
        % {
            "items": joined(
                f"{item_name(i.key, i.name)} {i.value} {unit_word(i.unit)}" for i in got.also
            )
        }
        if got.also
        else "",
    }


def waits_view(state: PageState) -> dict[str, Any] | None:
    """The tiles that would complete a full hand short of its winning tile."""
    if state.win or state.win_by == "draw" or len(state.hand.tiles) != state.need_in_hand:
        return None
    raw = state.to_json()
    raw.pop("win_tile", None)
    got = find_waits(raw)
    if not got.ok:
        return None
    return {
        "why_not": any(not w.score.winning and w.score.reasons for w in got.waits),
        "assumed": label_of(WIN_BY, state.win_by),
        "unit": unit_of(state.region),
        "tiles": [
            {
                "tile": tile_view(tile_code(w.tile), left=w.left),
                "winning": w.score.winning,
                "total": w.score.total,
                "unit": total_unit(state.region, state.options, w.score.unit),
                "collects": w.score.net.get(state.seat, 0) if w.score.winning else 0,
                "left": w.left,
                # why it does not win, short: the first reason the engine gives
                "why_not": word(w.score.reasons[0])
                if not w.score.winning and w.score.reasons
                else "",
            }
            for w in got.waits
        ],
    }


def next_table_lines(table: Mapping[str, Any]) -> list[tuple[str, str]]:
    lines = []
    for key, value in table.items():
        if key == "round_wind" and value in SEATS:
            text = str(WIND_NAMES[SEATS.index(value)])
        elif key in ("dealer", "first_dealer") or key.endswith("_seat"):
            text = seat_name(value) if value else "—"
        elif isinstance(value, dict):
            text = joined(f"{seat_name(k)} {v}" for k, v in value.items())
        else:
            text = str(value)
        label = NEXT_TABLE.get(key)
        lines.append((str(label) if label is not None else key, text))
    return lines


# --------------------------------------------------------------------------
# The whole page
# --------------------------------------------------------------------------


def melds_view(state: PageState) -> list[dict[str, Any]]:
    return [
        {
            "index": i,
            "label": (EGGS[m.kind].label if m.kind in EGGS else MELDS["egg"].label)
            if m.type == "egg"
            else label_of(MELDS, m.type),
            "tiles": [
                replace(tile, hui=standing_in)
                for tile, standing_in in zip(
                    meld_face(m.type, m.tiles.tiles)["tiles"],
                    hui_marks(m.kind, m.tiles.tiles),
                    strict=True,
                )
            ],
            "hui": m.hui,
            "named": meld_face(m.type, m.tiles.tiles)["named"],
        }
        for i, m in enumerate(state.melds)
    ]


def hui_marks(kind: str, tiles: tuple[int, ...]) -> list[bool]:
    """Which tiles of a 长春 egg are 幺鸡 standing in as 会: every 幺鸡, but
    in a 幺蛋 the first is itself (state._hui counts them alike)."""
    marks = []
    own = kind == "yao"
    for t in tiles:
        if t == YAOJI and own:
            own = False
            marks.append(False)
        else:
            marks.append(t == YAOJI)
    return marks


def egg_view(state: PageState) -> dict[str, Any] | None:
    """The egg under construction, plainly marked."""
    if not state.entry.startswith("egg."):
        return None
    kind = state.entry.partition(".")[2]
    allowed = [*EGG_TILES.get(kind, ()), YAOJI]
    return {
        "label": EGGS[kind].label if kind in EGGS else kind,
        "tiles": [
            tile_view(tile_code(t), hui=standing_in)
            for t, standing_in in zip(
                state.pending.tiles, hui_marks(kind, state.pending.tiles), strict=True
            )
        ],
        "ready": egg_ready(state),
        "allowed": joined(tile_name(tile_code(t)) for t in dict.fromkeys(allowed)),
    }


def bao_note(state: PageState) -> str:
    """What a picked 宝 does for this hand, in 长春's words, said where it is picked."""
    bao = Tiles.read(state.table.get("bao_tile", "")).single
    if bao is None or "bao_tile" not in state.reg.table_keys or state.win_by == "draw":
        return ""
    if "ready_declared" not in state.flags:
        return _(
            "The 宝 counts only for a hand that has declared ready (报听): tick 报听 for it to count."
        )
    if state.win.single == bao and state.win_by == "self_draw" and "dui_bao" not in state.flags:
        return _(
            "The winning tile is the 宝: scored as 宝牌, drawn after the look. If the 宝 "
            "was already a winning tile when it was looked at, tick 对宝."
        )
    return ""


# The page's sections in the order they are drawn: a link to one of them
# from the hand's summary points up or down to where it is.
ABOVE_THE_SUMMARY = ("region-bar", "who", "flags", "hand-area")


def sheet_whole(result: dict[str, Any] | None) -> bool:
    """Whether the tiles leave the bottom of the screen for their place in
    the page: once the hand is entered, so that nothing it still needs (the
    discarder, how it was won) sits under them; a hand whose tiles are wrong
    keeps them at hand."""
    return result is not None and (result["ok"] or "hand-area" not in result["errors"])


def fix_first(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The first thing to fix: where it is and which way it lies from the
    hand's summary."""
    if result is None or result["ok"] or not result["listed"]:
        return None
    place = result["listed"][0]["place"]
    return {"place": place, "up": place in ABOVE_THE_SUMMARY}


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


def page_context(state: PageState, notices: list[str]) -> dict[str, Any]:
    region: Region = state.reg
    win = state.win.single
    flags = [
        {
            "key": f,
            "label": label_of(FLAGS, f),
            "zh": FLAGS[f].zh if f in FLAGS else f,
            "hint": FLAGS[f].hint if f in FLAGS else "",
            "checked": f in state.flags,
        }
        for f in (*region.common_flags, *region.flags)
    ]
    win_types = [
        {
            "key": w,
            "label": WIN_BY[w].label,
            "zh": WIN_BY[w].zh,
            "checked": state.win_by == w,
            "hint": robbed_kong_refusal(state) if w == "robbing_kong" else "",
        }
        for w in region.win_types
    ]
    result = result_view(state)
    stake = stake_control(state)
    return {
        "sheet_whole": sheet_whole(result),
        "fix_first": fix_first(result),
        "state": state,
        "english": is_english(),
        "region": region,
        "region_label": region_name(region.key),
        "regions": region_choices(),
        "palette": palette(state),
        "hand": [tile_view(tile_code(t), index=i) for i, t in enumerate(state.hand.tiles)],
        "need": state.need_in_hand,
        "too_many": too_many_text(state.count.over) if state.count.over else "",
        "win": tile_view(tile_code(win)) if win is not None else None,
        "melds": melds_view(state),
        "other": [
            {
                "index": i,
                "seat": seat_name(seat),
                "label": label_of(MELDS, m.type),
                "tiles": meld_face(m.type, m.tiles.tiles)["tiles"],
                "named": meld_face(m.type, m.tiles.tiles)["named"],
            }
            for i, (seat, m) in enumerate(state.other)
        ],
        "kong_entries": kong_entries(state),
        "egg": egg_view(state),
        "hui_word": pgettext("a 幺鸡 standing in for another tile", "会"),
        "flowers": [tile_view(tile_code(t), index=i) for i, t in enumerate(state.flowers.tiles)],
        "entries": entries(state),
        "mode_hint": mode_hint(state),
        "who": seat_choices(state),
        "win_types": win_types,
        "flags": flags,
        "options": option_controls(state),
        "stake": stake,
        "stake_list": [stake] if stake else [],
        "aside": aside_view(state),
        "kept_fields": state.kept_fields(),
        "table": table_controls(state),
        "events": event_controls(state),
        "result": result,
        "waits": waits_view(state),
        "bao_note": bao_note(state),
        "applied": applied_view(state),
        "query": state.query(),
        "notices": [n for n in notices if not isinstance(n, AsideNote)],
        "aside_notes": [n for n in notices if isinstance(n, AsideNote)],
        "melds_text": " ".join(m.token for m in state.melds),
        "other_text": " ".join(seat + m.token for seat, m in state.other),
        "honor_winds": [tile_code(t) for t in WINDS],
    }
