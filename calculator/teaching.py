"""Teaching pages: each region's rules explained with real hands, the
glossary, and one hand compared across every region.

A rule page's example hands are the golden cases, scored by the engine when
the page is drawn, so what it teaches is what the calculator does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from calculator import glossary
from calculator.cases import examples_for
from calculator.presentation import TileView, _tile
from calculator.state import MeldEntry, PageState, change_region
from rules.engine import score_json
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import NotationError, parse, tile_code


def _tiles(text: str) -> list[TileView]:
    try:
        return [_tile(tile_code(t)) for t in parse(text)]
    except NotationError:
        return []


def example_view(case: dict[str, Any], key: str) -> dict[str, Any]:
    """A golden case as a drawn hand with the engine's score for it."""
    hand = case["hand"]
    got = score_json(hand)
    item = next((i for i in got.get("items", []) if i["key"] == key), None)
    state = PageState.from_query({})
    state = replace(
        state,
        region=hand["region"],
        hand=hand.get("hand", ""),
        win=hand.get("win_tile", ""),
        melds=tuple(
            MeldEntry(m["type"], m["tiles"], m.get("kind", ""), m.get("hui", 0))
            for m in hand.get("melds", [])
        ),
        flowers=hand.get("flowers", ""),
        seat=hand.get("seat", "E"),
        dealer=hand.get("dealer", "E"),
        win_by=hand.get("win_by", "self_draw"),
        discarder=hand.get("discarder", ""),
        flags=tuple(hand.get("flags", [])),
        players=hand.get("players", 4),
    )
    return {
        "name": case["name"],
        "checks": case.get("checks", ""),
        "hand": _tiles(hand.get("hand", "")),
        "win": _tiles(hand.get("win_tile", "")),
        "melds": [_tiles(m["tiles"]) for m in hand.get("melds", [])],
        "flowers": _tiles(hand.get("flowers", "")),
        "win_by": hand.get("win_by", ""),
        "total": got.get("total"),
        "item_value": item["value"] if item else None,
        "expected_total": case.get("expect", {}).get("total"),
        "link": f"{reverse('index')}?{state.query()}",
        "score": got,
    }


def rule_entries(region_key: str) -> list[dict[str, Any]]:
    region = REGIONS[region_key]
    entries = []
    for item in region.items:
        values = (
            str(item.value)
            if isinstance(item.value, int)
            else " / ".join(f"{item.name_of(v)} {n}" for v, n in item.value.items())
        )
        entries.append(
            {
                "key": item.key,
                "name": item.name,
                "english": glossary.ENGLISH_NAMES.get(item.key, ""),
                "values": values,
                "unit": item.unit,
                "rule": item.rule,
                "quote": item.quote,
                "reading": item.reading,
                "why": _(item.why) if item.why else "",
                "replaces": [
                    next(i.name for i in region.items if i.key == r) for r in item.replaces
                ],
                "examples": [example_view(c, item.key) for c in examples_for(region_key, item.key)],
            }
        )
    return entries


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "calculator/rules_index.html", {"regions": list(REGIONS.values())})


def rules_page(request: HttpRequest, region: str) -> HttpResponse:
    if region not in REGIONS:
        raise Http404(_("No such region"))
    context = {
        "region": REGIONS[region],
        "regions": list(REGIONS.values()),
        "entries": rule_entries(region),
        "options": describe(REGIONS[region].options),
    }
    return render(request, "calculator/rules.html", context)


def glossary_page(request: HttpRequest) -> HttpResponse:
    return render(request, "calculator/glossary.html", {"terms": glossary.terms()})


def compare(request: HttpRequest) -> HttpResponse:
    """The same hand under every region that can score it, side by side."""
    state = PageState.from_query(request.GET)
    columns = []
    for key, region in REGIONS.items():
        other, dropped = change_region(state, key) if key != state.region else (state, [])
        got = score_json(other.to_json()) if other.complete else None
        columns.append(
            {
                "region": region,
                "dropped": dropped,
                "result": got,
                "winner_net": got["net"].get(other.seat) if got and got["ok"] else None,
                "link": f"{reverse('index')}?{other.query()}",
                "current": key == state.region,
            }
        )
    return render(request, "calculator/compare.html", {"state": state, "columns": columns})
