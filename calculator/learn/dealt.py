"""The dealt hand as the question shows it: its tiles, seat, dealer and win,
and everything else its score turns on (house rules in force, the table's
state, events, the others' melds), said before the learner answers."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from calculator.learn import forms
from calculator.learn.bao import BAO_WHY, bao_why
from calculator.page.public import (
    TileView,
    meld_face_json,
    tile_view,
)
from calculator.words.wording import (
    EVENTS,
    FLAGS,
    MELDS,
    TABLE,
    WIN_BY,
    joined,
    label_of,
    option_label,
    option_value,
    seat_name,
    tile_name,
    tiles_named,
)
from rules.deal import SEATS
from rules.engine import score
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import NotationError, parse, tile_code


def _tiles(text: str, arranged: bool = False) -> list[TileView]:
    """``arranged``: in suit and rank order, as a player arranges a hand."""
    try:
        tiles = parse(text)
    except NotationError:
        return []
    return [tile_view(tile_code(t)) for t in (sorted(tiles) if arranged else tiles)]


def hand_view(hand: dict[str, Any]) -> dict[str, Any]:
    """The dealt hand drawn as tiles, and its seat, dealer and win in words."""
    seat = str(hand.get("seat", "E"))
    win_by = str(hand.get("win_by", "self_draw"))
    how = label_of(WIN_BY, win_by)
    if win_by in ("discard", "robbing_kong") and hand.get("discarder"):
        how = _("%(how)s, from %(seat)s") % {"how": how, "seat": seat_name(hand["discarder"])}
    return {
        "hand": _tiles(str(hand.get("hand", "")), arranged=True),
        "win": _tiles(str(hand.get("win_tile", ""))),
        "melds": [meld_face_json(m) for m in hand.get("melds", [])],
        "flowers": _tiles(str(hand.get("flowers", ""))),
        "seat": seat_name(seat),
        "dealer": seat_name(str(hand.get("dealer", "E"))),
        "is_dealer": hand.get("dealer", "E") == seat,
        "how": how,
        "flags": [label_of(FLAGS, f) for f in hand.get("flags", [])],
        "players": int(hand.get("players", 4)),
        "more": more_words(hand),
    }


def _table_value(key: str, value: Any) -> str:
    if isinstance(value, dict):
        return joined(f"{seat_name(str(s))} {n}" for s, n in value.items())
    if isinstance(value, list):
        return joined(seat_name(str(s)) for s in value) if value else _("nobody")
    if key in ("maima_tile", "bao_tile"):
        return tile_name(str(value))
    if key == "round_wind" and str(value) in SEATS:
        return tile_name(f"{SEATS.index(str(value)) + 1}z")
    return seat_name(str(value)) if str(value) in SEATS else str(value)


def _said(rule: str, value: str) -> str:
    return _("%(rule)s: %(value)s") % {"rule": rule, "value": value}


def rules_in_force(hand: dict[str, Any]) -> list[str]:
    """The house rules this hand is scored under that its score turns on:
    every option set on the hand, and every option whose other value would
    change its total or anyone's money (the calculator's readings), each
    with the value in force, so the learner answers under the same rules."""
    region_key = hand["region"]
    infos = {info.name: info for info in describe(REGIONS[region_key].options)}
    given = hand.get("rules") or {}
    got = score({**hand, "readings": True})
    turning = {reading.option for reading in got.readings} | set(given)
    turning |= STAKES.get(region_key, set())
    return [
        _said(option_label(name, region_key), option_value(info, given.get(name, info.default)))
        for name, info in infos.items()
        if name in turning
    ]


# The stake every payment is counted from, said whatever its value.
STAKES = {"laosanfan": {"tier"}, "sanmen": {"base"}, "changchun": {"base"}, "guobiao": {"base"}}


def table_defaults(hand: dict[str, Any]) -> dict[str, Any]:
    """Table state a region's score always turns on, said where the hand
    leaves it at its default: 国标's 圈风 (圈风刻), 楚州's 针 of every seat
    (each payment adds them), 三门's 老庄 streak (it doubles the money), and
    on a discard 金湖's who had declared ready (an unready discarder of a
    賊 pays for all: 包五家)."""
    region_key = hand["region"]
    if region_key == "guobiao":
        return {"round_wind": "E"}
    if region_key == "chuzhou":
        return {"zhen": dict.fromkeys(forms.seats_of(hand), 1)}
    if region_key == "sanmen":
        return {"lao_zhuang": 0}
    if region_key == "jinhu" and hand.get("win_by") == "discard":
        return {"ready": []}
    return {}


def _table_lines(hand: dict[str, Any]) -> list[str]:
    region_key = hand["region"]
    out = []
    given = dict(hand.get("table") or {})
    table = {**table_defaults(hand), **given}
    if "zhen" in given:
        table["zhen"] = {**table_defaults(hand).get("zhen", {}), **given["zhen"]}
    for key, value in table.items():
        out.append(_said(label_of(TABLE, key), _table_value(key, value)))
        if key == "zhen":
            dealer = str(hand.get("dealer", "E"))
            out.append(
                _(
                    "The dealer's 针 counts twice in every payment: %(seat)s's %(n)s 针 count as %(twice)s."
                )
                % {
                    "seat": seat_name(dealer),
                    "n": value.get(dealer, 1),
                    "twice": 2 * int(value.get(dealer, 1)),
                }
            )
        if key == "ready" and region_key == "jinhu" and hand.get("discarder"):
            ready = set(value) | set(table.get("fake_ready") or ())
            discarder = seat_name(str(hand["discarder"]))
            if str(hand["discarder"]) in ready:
                out.append(
                    _("%(seat)s, who discarded the winning tile, had declared ready.")
                    % {"seat": discarder}
                )
            else:
                out.append(
                    _("%(seat)s, who discarded the winning tile, had not declared ready.")
                    % {"seat": discarder}
                )
        if key == "bao_seat" and region_key in BAO_WHY:
            if "qing_bu_bao_qing" in (hand.get("flags") or ()):
                out.append(
                    _("清不包清: %(seat)s's own hand is 清一色, so nobody pays for all.")
                    % {"seat": seat_name(str(value))}
                )
            else:
                out.append(bao_why(hand, seat_name(str(value))))
    return out


def more_words(hand: dict[str, Any]) -> list[str]:
    """What else the hand says that its score depends on: the house rules in
    force, the table's state (包 with why), events, the others' melds."""
    out = [*rules_in_force(hand), *_table_lines(hand)]
    for event in hand.get("events") or ():
        out.append(
            _said(label_of(EVENTS, str(event.get("type"))), seat_name(str(event.get("seat"))))
        )
    for seat, melds in (hand.get("other_melds") or {}).items():
        for m in melds:
            meld = f"{label_of(MELDS, m['type'])} {tiles_named(m['tiles'])}"
            out.append(_said(seat_name(seat), meld))
    return out
