"""Teaching pages: each region's rules explained with real hands, the
glossary, and one hand compared across every region.

A rule page's example hands are the golden cases, scored by the engine when
the page is drawn, so what it teaches is what the calculator does.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from calculator.page.public import (
    PageState,
    TileView,
    change_region,
    dropped_text,
    rule_name,
    tile_view,
)
from calculator.teaching import terms
from calculator.teaching.cases import examples_for
from calculator.words import glosses
from calculator.words.wording import (
    WIN_BY,
    is_english,
    label_of,
    option_label,
    option_value,
    region_name,
    seed_lang,
    term,
    word,
)
from rules.engine import score
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import NotationError, parse, tile_code


def _tiles(text: str) -> list[TileView]:
    try:
        return [tile_view(tile_code(t)) for t in parse(text)]
    except NotationError:
        return []


def example_view(case: dict[str, Any], key: str) -> dict[str, Any]:
    """A golden case as a drawn hand with the engine's score for it."""
    hand = case["hand"]
    got = score(hand)
    line = next((i for i in got.items if i.key == key), None)
    state = PageState(
        region=hand["region"],
        dealer=hand.get("dealer", "E"),
        players=hand.get("players", 4),
        **PageState.fields_from_json(hand),
    )
    return {
        # The golden case's own note is English, written for the test suite.
        "note": case.get("checks", "") if is_english() else "",
        "hand": _tiles(hand.get("hand", "")),
        "win": _tiles(hand.get("win_tile", "")),
        "melds": [_tiles(m["tiles"]) for m in hand.get("melds", [])],
        "flowers": _tiles(hand.get("flowers", "")),
        "win_by": label_of(WIN_BY, hand.get("win_by", "")),
        "total": got.total,
        "unit": term(got.unit),
        "item_value": line.value if line else None,
        "expected_total": case.get("expect", {}).get("total"),
        "case": case["name"],
        "link": f"{reverse('index')}?{state.query()}",
    }


def _values(item: Any) -> str:
    if isinstance(item.value, int):
        return str(item.value)
    return " / ".join(f"{term(item.name_of(v))} {n}" for v, n in item.value.items())


def rule_entries(region_key: str) -> list[dict[str, Any]]:
    region = REGIONS[region_key]
    return [
        {
            "key": item.key,
            "name": term(item.name),
            "english": glosses.english_name(item.key),
            "values": _values(item),
            "unit": term(item.unit),
            "rule": rule_name(item.rule),
            "quote": item.quote,
            "reading": _(item.reading) if item.reading else "",
            "why": _(item.why) if item.why else "",
            "replaces": [term(region.by_key[r].name) for r in item.replaces],
            "examples": [example_view(c, item.key) for c in examples_for(region_key, item.key)],
        }
        for item in region.items
    ]


def _regions() -> list[dict[str, str]]:
    return [{"key": k, "name": region_name(k), "seed": r.seed} for k, r in REGIONS.items()]


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "teaching/rules_index.html", {"regions": _regions()})


def rules_page(request: HttpRequest, region: str) -> HttpResponse:
    if region not in REGIONS:
        raise Http404(_("No such region"))
    options = [
        {"label": option_label(o.name, region), "default": option_value(o, o.default)}
        for o in describe(REGIONS[region].options)
    ]
    context = {
        "region": REGIONS[region],
        "region_label": region_name(region),
        "unit": term(REGIONS[region].unit),
        "regions": _regions(),
        "entries": rule_entries(region),
        "options": options,
        "seed_lang": seed_lang(REGIONS[region].seed),
    }
    if REGIONS[region].seed == "国标":  # no seed page: the rulebook, through its library
        defaults = REGIONS[region].options()
        context.update(rulebook=True, min_fan=defaults.min_fan, base=defaults.base)
    return render(request, "teaching/rules.html", context)


def glossary_page(request: HttpRequest) -> HttpResponse:
    return render(
        request, "teaching/glossary.html", {"terms": terms.terms(), "english": is_english()}
    )


def compare(request: HttpRequest) -> HttpResponse:
    """The same hand under every region that can score it, side by side."""
    state = PageState.from_query(request.GET)
    columns = []
    for key in REGIONS:
        other, dropped = change_region(state, key) if key != state.region else (state, [])
        got = score(other.to_json()) if other.complete else None
        columns.append(
            {
                "name": region_name(key),
                "dropped": dropped_text(key, dropped) if dropped else "",
                "result": got,
                "errors": [word(e.text) for e in got.errors] if got else [],
                "reasons": [word(r) for r in got.reasons] if got else [],
                "items": [
                    {"name": term(i.name), "value": i.value, "unit": term(i.unit)}
                    for i in got.items
                    if i.value
                ]
                if got
                else [],
                "unit": term(got.unit) if got else "",
                "winner_net": got.net.get(other.seat) if got and got.ok else None,
                "link": f"{reverse('index')}?{other.query()}",
                "current": key == state.region,
            }
        )
    return render(request, "teaching/compare.html", {"state": state, "columns": columns})
