"""The answer checked: the calculator's breakdown with each item marked
right, missed or wrong and pointing at its tiles, the total, the payments
and the verdict."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.learn import forms, marking, pointing
from calculator.learn.dealt import hand_view
from calculator.learn.grading import MISSED, RIGHT, WRONG, Graded, scored_items
from calculator.learn.question import LEVEL_NAMES, money_unit, net_seats, page_state, total_asked
from calculator.page.public import (
    line_why,
    rule_name,
    tile_view,
    value_line,
)
from calculator.words import glosses
from calculator.words.wording import (
    item_name,
    region_name,
    seat_name,
    seed_lang,
    seed_part,
    term,
    word,
)
from rules.evidence import Evidence, item_tiles
from rules.hand import Payment, Score
from rules.regions import REGIONS

MARKS = {
    RIGHT: gettext_lazy("Right"),
    MISSED: gettext_lazy("Missed"),
    WRONG: gettext_lazy("Wrong"),
}


def result_rows(
    hand: dict[str, Any], got: Score, graded: Graded, evidence: Evidence | None = None
) -> list[dict[str, Any]]:
    """The breakdown as the calculator shows it, each item marked (at the
    items level) and pointing at the tiles that earn it; items ticked that
    the hand does not count follow, with what in the hand says so."""
    region_key = hand["region"]
    region = REGIONS[region_key]
    rows = []
    marks = graded.items
    evidence = item_tiles(hand) if evidence is None else evidence

    def row(key: str, name: str, value: Any, unit: str, why: str, rule: str) -> dict[str, Any]:
        item = region.by_key.get(key)
        mark = marks.get(key, "")
        return {
            "key": key,
            "name": name,
            "english": glosses.english_name(key, name),
            "value": value,
            "unit": unit,
            "why": why,
            "rule": rule_name(rule),
            "quote": seed_part(item.quote)[0] if item else "",
            "link": f"{reverse('rules', args=[region_key])}#{key}" if item else "",
            "mark": mark,
            "mark_text": MARKS[mark] if mark else "",
        }

    for line in got.items:
        r = row(
            line.key,
            item_name(line.key, line.name),
            line.value,
            term(line.unit),
            line_why(region, line),
            line.rule,
        )
        r["dropped"] = bool(line.dropped_by)
        if line.value and not line.dropped_by:
            sets, said = pointing.pointer(evidence, region_key, line.key)
            r["sets"] = [[tile_view(c) for c in s] for s in sets]
            r["tiles_named"] = said
        rows.append(r)
    shown = {line.key for line in got.items}
    for key, mark in marks.items():
        if mark == WRONG and key not in shown:
            item = region.by_key[key]
            # What in this hand rules it out, in place of the item's definition.
            why_not = pointing.why_not(hand, region_key, key, got)
            why = "" if why_not else (_(item.why) if item.why else "")
            r = row(key, item_name(key, item.name), "—", "", why, item.rule)
            r["absent"] = True
            r["why_not"] = why_not
            rows.append(r)
    return rows


def result_context(
    hand: dict[str, Any], level: str, got: Score, graded: Graded, given: dict[str, Any]
) -> dict[str, Any]:
    region_key = hand["region"]
    state = page_state(hand)
    seats = net_seats(got, hand)
    evidence = item_tiles(hand)
    rows = result_rows(hand, got, graded, evidence)
    seats_right = graded.seats_right or {}
    counts = {m: sum(1 for v in graded.items.values() if v == m) for m in (RIGHT, MISSED, WRONG)}
    return {
        "graded": True,
        "region": region_key,
        "region_name": region_name(region_key),
        "level": level,
        "level_name": LEVEL_NAMES[level],
        "dealt": dealt_marked(hand, rows, graded, evidence),
        "right": graded.right,
        "rows": rows,
        "counts": counts,
        "verdict": verdict_of(level, counts),
        "scored": len(scored_items(got)),
        "value": value_line(state, got) if got.winning else None,
        "how": _how(got),
        "asked": total_asked(hand, got) if got.winning else None,
        "total_given": given["total"],
        "total_right": graded.total_right,
        "unit": term(got.unit),
        "money": term(money_unit(region_key)),
        "payments": [
            {
                "from": seat_name(p.payer),
                "to": seat_name(p.payee),
                "amount": p.amount,
                # The calculator's own formula, so the learner sees how it is reached.
                "detail": word(p.detail, region_key),
                "factors": payment_factors(hand, p),
            }
            for p in got.payments
        ],
        "net": [
            {
                "name": seat_name(s),
                "amount": got.net.get(s, 0),
                "given": given["net"].get(s),
                "right": seats_right.get(s),
            }
            for s in seats
        ],
        "seed_lang": seed_lang(REGIONS[region_key].seed),
        "again": f"{reverse('learn')}?r={region_key}&l={level}",
        "query": state.query(),  # the hand's picture to share draws it from the calculator's query
    }


def dealt_marked(
    hand: dict[str, Any], rows: list[dict[str, Any]], graded: Graded, evidence: Evidence
) -> dict[str, Any]:
    """The dealt hand's picture with the tiles that earn each item marked
    right or missed marked on it (``marking``), from the engine's evidence."""
    keys = [k for k, m in graded.items.items() if m in (RIGHT, MISSED)]
    names = {r["key"]: str(r["name"]) for r in rows}
    spots = marking.placed(hand, evidence, keys)
    return marking.marked_view(hand_view(hand), spots, names)


def payment_factors(hand: dict[str, Any], payment: Payment) -> str:
    """What each number of a payment's formula is, where the formula leaves
    it bare: 楚州's 10 × (winner's 针 + payer's 针), the dealer's counted
    twice ("270 + 10 × (2 + 1)": the 2 is the dealer's doubled 针)."""
    if hand["region"] != "chuzhou" or payment.kind != "win":
        return ""
    zhen = {
        **dict.fromkeys(forms.seats_of(hand), 1),
        **((hand.get("table") or {}).get("zhen") or {}),
    }
    dealer = hand.get("dealer", "E")

    def part(seat: str) -> str:
        if seat == dealer:
            return _("%(seat)s's %(n)s 针 × 2, the dealer's counted twice") % {
                "seat": seat_name(seat),
                "n": zhen.get(seat, 1),
            }
        return _("%(seat)s's %(n)s 针") % {"seat": seat_name(seat), "n": zhen.get(seat, 1)}

    return _("10 × (%(winner)s + %(payer)s)") % {
        "winner": part(payment.payee),
        "payer": part(payment.payer),
    }


def verdict_of(level: str, counts: dict[str, int]) -> str:
    """What a wrong answer got wrong, so that an extra tick is not called a miss."""
    if level == "total":
        return _("Not quite: see how the total is counted below.")
    if level == "payments":
        return _("Not quite: see who pays whom below.")
    if counts[MISSED] and counts[WRONG]:
        return _("Not quite: see what was missed and what was ticked wrongly below.")
    if counts[WRONG]:
        return _("Not quite: nothing was missed, but an item ticked is not counted (see below).")
    return _("Not quite: see what was missed below.")


def _how(got: Score) -> str:
    return word(got.how)
