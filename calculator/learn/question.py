"""The question: the levels, the items offered to tick, the number asked for
and the seats to answer for."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from calculator.learn import forms, pointing
from calculator.learn.dealt import hand_view
from calculator.page.public import PageState, house_rules_text, value_line
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


def item_choices(hand: dict[str, Any], ticked: set[str]) -> list[dict[str, Any]]:
    """The region's items to tick; an item only a house rule scores is left
    out where this table plays without that rule."""
    region_key = hand["region"]
    return [
        {
            "key": item.key,
            "name": item_name(item.key, item.name),
            "english": glosses.english_name(item.key, item.name),
            "checked": item.key in ticked,
        }
        for item in REGIONS[region_key].items
        if not pointing.house_rule_off(hand, region_key, item.key)
    ]


def page_state(hand: dict[str, Any]) -> PageState:
    return PageState(
        region=hand["region"],
        dealer=hand.get("dealer", "E"),
        players=hand.get("players", 4),
        options=house_rules_text(hand.get("rules") or {}),
        **PageState.fields_from_json(hand),
    )


BLANK = "＿"


def total_asked(hand: dict[str, Any], got: Score) -> dict[str, Any]:
    """The number the total question asks for, in the words of the result's
    headline: the hand's count (番, 胡) where the payments are worked out
    from it, or what is paid for the win where the formula ends in a
    payment (三门: "each of the others pays ＿ 分"). The answer is graded
    against this very number."""
    line = value_line(page_state(hand), got)
    amount, unit = line["amount"], line["unit"]
    asked = str(line["text"]).replace(f"{amount} {unit}", f"{BLANK} {unit}", 1)
    return {"amount": amount, "unit": unit, "question": asked}


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
        "items": item_choices(hand, set(typed.get("items", ()))) if level == "items" else [],
        "asked": total_asked(hand, got) if level == "total" else None,
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
