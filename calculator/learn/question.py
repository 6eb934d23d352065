"""The question: the levels, the items offered to tick, the number asked for
and the seats to answer for."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from calculator.learn import forms
from calculator.learn.dealt import hand_view
from calculator.words import glosses
from calculator.words.wording import (
    MONEY_UNIT,
    item_name,
    region_name,
    seat_name,
    term,
)
from rules.engine import score
from rules.hand import Score
from rules.regions import REGIONS

LEVEL_NAMES = {
    "items": gettext_lazy("Tick the items"),
    "total": gettext_lazy("The total"),
    "payments": gettext_lazy("Who pays whom"),
}


def item_choices(region_key: str, ticked: set[str]) -> list[dict[str, Any]]:
    return [
        {
            "key": item.key,
            "name": item_name(item.key, item.name),
            "english": glosses.english_name(item.key, item.name),
            "checked": item.key in ticked,
        }
        for item in REGIONS[region_key].items
    ]


def net_seats(got: Score, hand: dict[str, Any]) -> list[str]:
    return list(got.net) if got.net else list(forms.seats_of(hand))


def question_context(
    hand: dict[str, Any], level: str, typed: dict[str, Any], got: Score | None = None
) -> dict[str, Any]:
    region_key = hand["region"]
    got = got or score(hand)
    seats = net_seats(got, hand)
    active = typed.get("ks") if typed.get("ks") in seats else seats[0]
    nets = typed.get("net", {})
    return {
        "asking": True,
        "region": region_key,
        "region_name": region_name(region_key),
        "level": level,
        "level_name": LEVEL_NAMES[level],
        "signed": forms.sign_hand(hand),
        "dealt": hand_view(hand),
        "items": item_choices(region_key, set(typed.get("items", ()))) if level == "items" else [],
        "total": typed.get("total", ""),
        "unit": term(got.unit),
        "money": term(money_unit(region_key)),
        "seats": [
            {"code": s, "name": seat_name(s), "value": nets.get(s, ""), "active": s == active}
            for s in seats
        ],
        "keypad": [*"123456789", "0"],
    }


def money_unit(region_key: str) -> str:
    return MONEY_UNIT.get(region_key, "分")
