"""The result: the breakdown of a scored hand, or what to fix and where, and
what the next hand's table carries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.page.present.citations import rule_name
from calculator.page.present.phrasing import as_sentence, unit_of
from calculator.page.present.tiles import tile_view
from calculator.page.present.value import headline, value_line
from calculator.page.readings import readings_view
from calculator.page.state import PageState
from calculator.words import glosses
from calculator.words.wording import (
    NEXT_TABLE,
    WIND_NAMES,
    item_name,
    joined,
    seat_name,
    seed_part,
    term,
    total_unit,
    unit_word,
    word,
    word_html,
)
from rules.engine import score
from rules.hand import SEATS, ItemLine
from rules.region import Region
from rules.regions import REGIONS

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
