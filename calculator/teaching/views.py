"""Teaching pages: each region's rules explained with real hands, the
glossary, and one hand compared across every region.

A rule page's example hands are the golden cases, scored by the engine, so
what it teaches is what the calculator does. They sit behind a disclosure per
item, fetched when opened (or, without JavaScript, a page of their own), and
are scored and drawn once per process and language: the cases never change
while it runs.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from calculator.page.public import (
    PageState,
    TileView,
    change_region,
    dropped_text,
    house_rules_text,
    meld_face_json,
    rule_name,
    tile_view,
    value_line,
)
from calculator.teaching import terms
from calculator.teaching.cases import examples_for
from calculator.words import glosses
from calculator.words.marked import mark_chinese
from calculator.words.wording import (
    FIELDS,
    FLAGS,
    TABLE,
    WIN_BY,
    choice_label,
    is_english,
    item_name,
    label_of,
    option_label,
    option_value,
    region_name,
    seed_lang,
    seed_part,
    term,
    total_unit,
    unit_word,
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
        options=house_rules_text(hand.get("rules") or {}),
        **PageState.fields_from_json(hand),
    )
    return {
        # The golden case's own note is English, written for the test suite;
        # the rules' sentences it quotes are marked as quotes in their script.
        "note": quoted(
            worded(case.get("checks", ""), hand["region"]), seed_lang(REGIONS[hand["region"]].seed)
        )
        if is_english()
        else "",
        "hand": _tiles(hand.get("hand", "")),
        "win": _tiles(hand.get("win_tile", "")),
        "melds": [meld_face_json(m) for m in hand.get("melds", [])],
        "flowers": _tiles(hand.get("flowers", "")),
        "win_by": label_of(WIN_BY, hand.get("win_by", "")),
        "total": got.total,  # the engine's, as the golden case expects it
        "value": value_line(state, got, css="example-total") if got.ok else None,
        "item_value": line.value if line else None,
        "expected_total": case.get("expect", {}).get("total"),
        "case": case["name"],
        "link": f"{reverse('index')}?{state.query()}",
    }


# Variants the engine knows by a code alone: the seed's own term for each
# (marked for makemessages; worded by ``term`` when drawn).
VARIANT_TERMS = {
    ("laosanfan", "hu_di"): {
        "yao_ban_san": gettext_noop("么半三"),
        "yao_ban_liu": gettext_noop("么半六"),
        "yao_er_liu": gettext_noop("麼二六"),
    },
    ("changchun", "hu_dan_zhang"): {
        "bian": gettext_noop("边"),
        "jia": gettext_noop("夹"),
        "jia5": gettext_noop("夹五"),
        "dan": gettext_noop("单砸"),
        "yao": gettext_noop("单胡幺"),
    },
}
# A variant that differs by the number at the table (三门's 点炮胡3: three players).
BY_PLAYERS = re.compile(r"(.+?)([234])")
PLAYERS = (2, 3, 4)
# The engine's codes in a sentence: a flag or option name in snake_case, or
# an option of one word where the sentence says "option qidui".
_ONE_WORD_OPTIONS = sorted(
    {o.name for r in REGIONS.values() for o in describe(r.options) if "_" not in o.name},
    key=len,
    reverse=True,
)
CODE = re.compile(
    r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|(?<=option )(?:" + "|".join(_ONE_WORD_OPTIONS) + r")\b"
)
OPTION_RULE = re.compile(r"\.md option (\w+)")


def _variant_label(region_key: str, item: Any, variant: str) -> str:
    named = VARIANT_TERMS.get((region_key, item.key), {}).get(variant)
    return term(named or item.name_of(variant))


def _values(item: Any) -> str:
    """The value in the heading: one number, or the lowest to the highest."""
    if isinstance(item.value, int):
        return str(item.value)
    low, high = min(item.value.values()), max(item.value.values())
    return str(low) if low == high else f"{low}–{high}"


def value_table(region_key: str, item: Any) -> dict[str, Any] | None:
    """An item whose value depends on how it is made, as a small table: a
    column per variant (明 / 暗, each wait), or a row per way of winning and
    a column per number of players; ``None`` for a single value."""
    if isinstance(item.value, int):
        return None
    values = dict(item.value)
    rows: dict[str, dict[str, Any]] = {}
    for variant, n in values.items():
        found = BY_PLAYERS.fullmatch(variant)
        base = found[1] if found else variant
        row = rows.setdefault(base, {"label": _variant_label(region_key, item, variant), "by": {}})
        if found:
            row["by"][int(found[2])] = n
        else:
            row["by"].update(dict.fromkeys(PLAYERS, n))
    by_players = len(rows) < len(values) and all(
        set(r["by"]) == set(PLAYERS) for r in rows.values()
    )
    if by_players:
        return {
            "head": [_("%(n)s players") % {"n": p} for p in PLAYERS],
            "rows": [
                {"label": r["label"], "values": [r["by"][p] for p in PLAYERS]}
                for r in rows.values()
            ],
        }
    return {
        "head": [_variant_label(region_key, item, v) for v in values],
        "rows": [{"label": "", "values": list(values.values())}],
    }


# A run of Chinese in an English sentence: the rules' own words, quoted.
CHINESE_RUN = re.compile(
    r"[\u4e00-\u9fff“「（][\u4e00-\u9fff0-9“”「」，。、：；（）·\s]*[\u4e00-\u9fff”」。）]|[\u4e00-\u9fff]"
)


def quoted(html: SafeString, lang: str) -> SafeString:
    """Each run of Chinese in ``html`` (escaped already) marked with ``lang``."""
    return mark_safe(CHINESE_RUN.sub(lambda m: f'<q lang="{lang}">{m[0]}</q>', str(html)))


def worded(text: str, region_key: str | None = None) -> SafeString:
    """A sentence for the page with the engine's codes in it (an option or a
    flag named in an item's English note) worded as the page words them: a
    house rule by its name, a flag by its label — never the code itself."""
    out, at = [], 0
    for m in CODE.finditer(text):
        before = text[at : m.start()]
        said = code_words(m[0], region_key)
        if before.endswith("option ") and said != m[0]:  # "option qidui": the rule by its name
            before = before.removesuffix("option ")
            said = _("the house rule %(rule)s") % {"rule": said}
        out += [str(escape(before)), str(escape(said))]
        at = m.end()
    out.append(str(escape(text[at:])))
    return mark_safe("".join(out))


def code_words(code: str, region_key: str | None = None) -> str:
    """An option's or a flag's code in the page's words (quoted, for it is a name)."""
    if code in FLAGS or code in WIN_BY:
        return label_of(FLAGS if code in FLAGS else WIN_BY, code)
    if code in TABLE:  # a field of the table's state
        return label_of(TABLE, code)
    if code in FIELDS:  # a field of the hand
        return str(FIELDS[code])
    worded = option_label(code, region_key)
    if worded != code:
        return _("“%(rule)s”") % {"rule": worded}
    regions = [REGIONS[region_key]] if region_key in REGIONS else list(REGIONS.values())
    for info in (i for r in regions for i in describe(r.options)):
        if code in info.choices:  # a choice of a house rule: its words
            return _("“%(rule)s”") % {"rule": choice_label(info, code)}
    return code  # not a code the engine knows: the sentence's own word


def _house_rule(region_key: str, item: Any) -> dict[str, Any] | None:
    """An item that is a house rule of the rules file, not the seed's: its
    default, and the house rule that turns it on, by name."""
    found = OPTION_RULE.search(item.rule)
    if not found:
        return None
    name = found[1]
    info = next((o for o in describe(REGIONS[region_key].options) if o.name == name), None)
    default = option_value(info, info.default) if info else ""
    return {
        "text": _("Not in the seed: a house rule, %(default)s by default.") % {"default": default},
    }


def _entry(region_key: str, item: Any, region: Any) -> dict[str, Any]:
    quote, _note = seed_part(item.quote)
    return {
        "key": item.key,
        "name": item_name(item.key, item.name),
        "english": glosses.english_name(item.key, item.name),
        "values": _values(item),
        "table": value_table(region_key, item),
        "unit": unit_word(item.unit),
        "rule": rule_name(item.rule),
        "quote": quote,
        "house": _house_rule(region_key, item),
        "reading": worded(_(item.reading), region_key) if item.reading else "",
        "why": worded(_(item.why), region_key) if item.why else "",
        "replaces": [item_name(r, region.by_key[r].name) for r in item.replaces],
        "example_count": len(examples_for(region_key, item.key)),
        "examples_url": reverse("rule-examples", args=[region_key, item.key]),
    }


@lru_cache(maxsize=64)
def _entries(region_key: str, language: str) -> tuple[dict[str, Any], ...]:
    """A region's items as its page shows them, in one language: the same
    for every request, so worded once per process."""
    region = REGIONS[region_key]
    return tuple(_entry(region_key, item, region) for item in region.items)


def rule_entries(region_key: str, examples: bool = True) -> list[dict[str, Any]]:
    """Every item of a region as its page shows it (``examples``: with its
    example hands scored, as the examples view draws them)."""
    entries = _entries(region_key, get_language() or "")
    if not examples:
        return list(entries)
    return [
        {**e, "examples": [example_view(c, e["key"]) for c in examples_for(region_key, e["key"])]}
        for e in entries
    ]


def _regions() -> list[dict[str, str]]:
    return [{"key": k, "name": region_name(k), "seed": r.seed} for k, r in REGIONS.items()]


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "teaching/rules_index.html", {"regions": _regions()})


def rules_page(request: HttpRequest, region: str) -> HttpResponse:
    """A region's items; each item's example hands are behind a disclosure
    that fetches them when opened (``rule_examples``), so the page is light."""
    if region not in REGIONS:
        raise Http404(_("No such region"))
    options = [
        {
            "name": o.name,
            "label": option_label(o.name, region),
            "default": option_value(o, o.default),
        }
        for o in describe(REGIONS[region].options)
    ]
    context = {
        "region": REGIONS[region],
        "region_label": region_name(region),
        "unit": unit_word(REGIONS[region].unit),
        "regions": _regions(),
        "entries": rule_entries(region, examples=False),
        "options": options,
        "english": is_english(),
        "seed_lang": seed_lang(REGIONS[region].seed),
    }
    if REGIONS[region].seed == "国标":  # no seed page: the rulebook, through its library
        defaults = REGIONS[region].options()
        context.update(rulebook=True, min_fan=defaults.min_fan, base=defaults.base)
    return render(request, "teaching/rules.html", context)


@lru_cache(maxsize=1024)
def _examples_html(region_key: str, key: str, language: str) -> str:
    """An item's example hands, drawn: golden cases scored by the engine.
    The same every time for a language, so scored and drawn once per process
    (``language`` is the active one, passed to key the cache)."""
    item = REGIONS[region_key].by_key[key]
    examples = [example_view(c, key) for c in examples_for(region_key, key)]
    html = render_to_string(
        "teaching/_examples.html", {"examples": examples, "name": item_name(item.key, item.name)}
    )
    # The fragment htmx sets into an English rules page marks its Chinese as the page does.
    return str(mark_chinese(mark_safe(html))) if is_english() else html


def rule_examples(request: HttpRequest, region: str, key: str) -> HttpResponse:
    """One item's example hands: the fragment its disclosure fetches (htmx),
    or, without JavaScript, a page of their own that links back."""
    if region not in REGIONS or key not in REGIONS[region].by_key:
        raise Http404(_("No such region"))
    body = _examples_html(region, key, get_language() or "")
    if getattr(request, "htmx", False):
        response = HttpResponse(body)
    else:
        item = REGIONS[region].by_key[key]
        response = render(
            request,
            "teaching/examples.html",
            {
                "region": REGIONS[region],
                "region_label": region_name(region),
                "name": item_name(item.key, item.name),
                "key": key,
                "body": mark_safe(body),
            },
        )
    patch_vary_headers(response, ("HX-Request",))
    return response


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
                    {"name": item_name(i.key, i.name), "value": i.value, "unit": unit_word(i.unit)}
                    for i in got.items
                    if i.value
                ]
                if got
                else [],
                "unit": total_unit(other.region, other.options, got.unit) if got else "",
                "value": value_line(other, got) if got and got.ok else None,
                "winner_net": got.net.get(other.seat) if got and got.ok else None,
                "link": f"{reverse('index')}?{other.query()}",
                "current": key == state.region,
            }
        )
    return render(request, "teaching/compare.html", {"state": state, "columns": columns})
