"""The drill: pick a region and a level, get a dealt winning hand, answer
(tick the items; the total; each seat's money), see the full breakdown
with every item marked right, missed or wrong. Plain form posts; with
htmx the drill is morphed in place (``#drill``)."""

from __future__ import annotations

import json
import random
from typing import Any, cast

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_htmx.middleware import HtmxDetails

from calculator.learn import forms, pointing
from calculator.learn.grading import MISSED, RIGHT, WRONG, Graded, grade, scored_items
from calculator.learn.models import LEVELS, Answer
from calculator.learn.progress import (
    COOKIE,
    COOKIE_AGE,
    COOKIE_SALT,
    Progress,
    family_name,
    family_rule,
    from_answers,
)
from calculator.page.public import (
    PageState,
    TileView,
    house_rules_text,
    line_why,
    meld_face_json,
    rule_name,
    tile_view,
    value_line,
)
from calculator.words import glosses
from calculator.words.wording import (
    EVENTS,
    FLAGS,
    MELDS,
    MONEY_UNIT,
    TABLE,
    WIN_BY,
    is_english,
    item_name,
    joined,
    label_of,
    option_label,
    option_value,
    region_name,
    seat_name,
    seed_lang,
    seed_part,
    term,
    tile_name,
    tiles_named,
    word,
)
from rules.deal import SEATS, counted, deal
from rules.engine import score, score_json
from rules.hand import Score
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import NotationError, parse, tile_code

DEFAULT_REGION = "laosanfan"
LEVEL_NAMES = {
    "items": gettext_lazy("Tick the items"),
    "total": gettext_lazy("The total"),
    "payments": gettext_lazy("Who pays whom"),
}
MARKS = {
    RIGHT: gettext_lazy("Right"),
    MISSED: gettext_lazy("Missed"),
    WRONG: gettext_lazy("Wrong"),
}
ANSWERS_COUNTED = 500  # a signed-in learner's latest answers that make the table
_rng = random.SystemRandom()


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# --- progress -------------------------------------------------------------


def progress_of(request: HttpRequest) -> Progress:
    if request.user.is_authenticated:
        answers = Answer.objects.filter(user=request.user, drill_hand=None).only(
            "region", "level", "graded", "right"
        )[:ANSWERS_COUNTED]
        return from_answers(answers)
    return _cookie_progress(request)


def _cookie_progress(request: HttpRequest) -> Progress:
    raw = request.get_signed_cookie(COOKIE, default=None, salt=COOKIE_SALT)
    try:
        return Progress.from_json(json.loads(raw)) if raw else Progress.empty()
    except ValueError:
        return Progress.empty()


def progress_view(progress: Progress) -> dict[str, Any]:
    families: list[dict[str, Any]] = []
    for fam, (right, seen) in sorted(progress.families.items()):
        region_key, _sep, n = fam.partition(".")
        if region_key not in REGIONS:
            continue
        rule = family_rule(fam)
        name = family_name(fam) or (rule_name(rule) if rule else "")
        if region_key == "guobiao":
            name = f"{n} {term('番')}"
        if not name:  # a family no longer kept (grouped anew since)
            continue
        families.append(
            {"region": region_name(region_key), "name": name, "right": right, "seen": seen}
        )
    levels: list[dict[str, Any]] = [
        {"name": LEVEL_NAMES[lv], "right": right, "seen": seen}
        for lv, right, seen in progress.level_rows()
    ]
    for row in (*families, *levels):
        row["percent"] = round(100 * row["right"] / row["seen"]) if row["seen"] else 0
    missed = progress.most_missed()
    practise = None
    if missed:
        region_key, key = missed
        practise = {
            "region": region_key,
            "key": key,
            "name": item_name(key, REGIONS[region_key].by_key[key].name),
            "region_name": region_name(region_key),
        }
    return {"families": families, "levels": levels, "practise": practise}


# --- what the page shows ----------------------------------------------------


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
        return joined(seat_name(str(s)) for s in value)
    if key in ("maima_tile", "bao_tile"):
        return tile_name(str(value))
    if key == "round_wind" and str(value) in SEATS:
        return tile_name(f"{SEATS.index(str(value)) + 1}z")
    return seat_name(str(value)) if str(value) in SEATS else str(value)


def _said(rule: str, value: str) -> str:
    return _("%(rule)s: %(value)s") % {"rule": rule, "value": value}


# Why a seat pays for all, per region: the seed's cases, said before answering.
BAO_WHY = {
    "laosanfan": gettext_lazy(
        "三攤包牌: the winner shows three melds that bar that discard, and %(seat)s "
        "discarded it anyway, so %(seat)s pays every share."
    ),
    "chuzhou": gettext_lazy(
        "包庄: %(seat)s fed the tile that made the hand (三大元, 清十四一, 清一色 or "
        "脱裤子), so %(seat)s pays for all three."
    ),
}
# The seed's cases, each said where the hand shows it: (region, what shows it, why).
BAO_CASES = (
    (
        "laosanfan",
        "three_pongs",
        gettext_lazy(
            "三攤包牌: the winner shows three pongs or kongs, so no 1, 9 or honor may be "
            "discarded; %(seat)s discarded one anyway and pays every share."
        ),
    ),
    (
        "laosanfan",
        "one_suit",
        gettext_lazy(
            "三攤包牌: the winner shows three melds of one suit (honor pongs go with any "
            "suit), so that suit may not be discarded; %(seat)s discarded it anyway and "
            "pays every share."
        ),
    ),
    (
        "chuzhou",
        "san_da_yuan",
        gettext_lazy(
            "包庄 (三大元): two dragon pongs were down and %(seat)s fed the third, so "
            "%(seat)s pays for all three."
        ),
    ),
    (
        "chuzhou",
        "qing_shi_si_yi",
        gettext_lazy(
            "包庄 (清十四一): three of its pongs were down and %(seat)s fed the fourth, so "
            "%(seat)s pays for all three."
        ),
    ),
    (
        "chuzhou",
        "qing_yi_se",
        gettext_lazy(
            "包庄 (清一色): three melds of one suit were down and %(seat)s fed the fourth, "
            "so %(seat)s pays for all three."
        ),
    ),
)


def bao_why(hand: dict[str, Any], seat: str) -> str:
    """Why ``seat`` pays for all, in the seed's case the hand shows (the
    region's general words where none shows)."""
    region_key = hand["region"]
    melds = hand.get("melds") or []
    shown = set(counted(score_json(hand)))
    # 老三番: which bar the discard broke, read off the winning tile.
    sets = [m for m in melds if m.get("type") in ("pong", "kong", "added_kong")]
    suits = {str(m.get("tiles", ""))[-1:] for m in melds} - {"z"}
    win = str(hand.get("win_tile", ""))
    if len(sets) >= 3 and (win.endswith("z") or win[:1] in ("1", "9")):
        shown.add("three_pongs")
    if len(melds) >= 3 and len(suits) == 1 and win[-1:] in suits:
        shown.add("one_suit")
    for region, case, why in BAO_CASES:
        if region == region_key and case in shown:
            return str(why) % {"seat": seat}
    return str(BAO_WHY[region_key]) % {"seat": seat}


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
    return [
        _said(option_label(name, region_key), option_value(info, given.get(name, info.default)))
        for name, info in infos.items()
        if name in turning
    ]


# Table state a region's items read that a hand leaves at its default, said
# all the same (国标's 圈风 scores 圈风刻).
TABLE_DEFAULTS = {"guobiao": {"round_wind": "E"}}


def _table_lines(hand: dict[str, Any]) -> list[str]:
    region_key = hand["region"]
    out = []
    table = {**TABLE_DEFAULTS.get(region_key, {}), **(hand.get("table") or {})}
    for key, value in table.items():
        if key == "zhen" and isinstance(value, dict) and set(value.values()) <= {1}:
            continue  # every seat at 1 针 is the plain case, nothing to weigh
        out.append(_said(label_of(TABLE, key), _table_value(key, value)))
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


def _state(hand: dict[str, Any]) -> PageState:
    return PageState(
        region=hand["region"],
        dealer=hand.get("dealer", "E"),
        players=hand.get("players", 4),
        options=house_rules_text(hand.get("rules") or {}),
        **PageState.fields_from_json(hand),
    )


def result_rows(hand: dict[str, Any], got: Score, graded: Graded) -> list[dict[str, Any]]:
    """The breakdown as the calculator shows it, each item marked (at the
    items level) and pointing at the tiles that earn it; items ticked that
    the hand does not count follow, with what in the hand says so."""
    region_key = hand["region"]
    region = REGIONS[region_key]
    rows = []
    marks = graded.items

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
            codes, said = pointing.pointer(hand, region_key, line.key)
            r["tiles"] = [tile_view(c) for c in codes]
            r["tiles_named"] = said
        rows.append(r)
    shown = {line.key for line in got.items}
    for key, mark in marks.items():
        if mark == WRONG and key not in shown:
            item = region.by_key[key]
            why = _(item.why) if item.why else ""
            r = row(key, item_name(key, item.name), "—", "", why, item.rule)
            r["absent"] = True
            r["why_not"] = pointing.why_not(hand, region_key, key)
            rows.append(r)
    return rows


def _net_seats(got: Score, hand: dict[str, Any]) -> list[str]:
    return list(got.net) if got.net else list(forms.seats_of(hand))


def _render(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    htmx = cast(HtmxHttpRequest, request).htmx
    context.setdefault("regions", [{"key": k, "name": region_name(k)} for k in REGIONS])
    context.setdefault("levels", [{"key": lv, "name": LEVEL_NAMES[lv]} for lv in LEVELS])
    context["english"] = is_english()
    if htmx:
        response = render(request, "learn/drill.html#drill", context, status=status)
        response["HX-Retarget"] = "#drill"
        response["HX-Reswap"] = "morph:outerHTML"
        return response
    return render(request, "learn/drill.html", context, status=status)


def question_context(
    hand: dict[str, Any], level: str, typed: dict[str, Any], got: Score | None = None
) -> dict[str, Any]:
    region_key = hand["region"]
    got = got or score(hand)
    seats = _net_seats(got, hand)
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
        "money": term(_money(region_key)),
        "seats": [
            {"code": s, "name": seat_name(s), "value": nets.get(s, ""), "active": s == active}
            for s in seats
        ],
        "keypad": [*"123456789", "0"],
    }


def _money(region_key: str) -> str:
    return MONEY_UNIT.get(region_key, "分")


# --- views ------------------------------------------------------------------


def drill(request: HttpRequest) -> HttpResponse:
    """The picker and progress; with ``r`` and ``l``, a dealt hand to answer
    (``want``: an item the hand must count, for "practise what I miss")."""
    region_key = request.GET.get("r", "")
    level = forms.level_of(request.GET.get("l"))
    context: dict[str, Any] = {
        "chosen_region": region_key if region_key in REGIONS else DEFAULT_REGION,
        "chosen_level": level,
        "progress": progress_view(progress_of(request)),
    }
    if region_key in REGIONS:
        want = request.GET.get("want") or None
        if want not in REGIONS[region_key].by_key:
            want = None
        hand = deal(region_key, _rng, want=want)
        context.update(question_context(hand, level, {}))
    return _render(request, context)


def _typed(request: HttpRequest, seats: list[str]) -> dict[str, Any]:
    post = request.POST
    return {
        "items": post.getlist("i"),
        "total": post.get("t", "").strip(),
        "net": {s: post.get(f"n.{s}", "").strip() for s in seats},
        "ks": post.get("ks", ""),
    }


@require_POST
def answer(request: HttpRequest) -> HttpResponse:
    """A keypad press (``k``) edits the typed number and asks again; the
    check button grades the answer and shows the breakdown."""
    level = forms.level_of(request.POST.get("l"))
    try:
        hand = forms.read_hand(request.POST.get("h", ""))
    except forms.Tampered:
        context = {
            "tampered": True,
            "chosen_region": DEFAULT_REGION,
            "chosen_level": level,
            "progress": progress_view(progress_of(request)),
        }
        return _render(request, context, status=400)
    region_key = hand["region"]
    got = score(hand)
    seats = _net_seats(got, hand)
    typed = _typed(request, seats)
    key = request.POST.get("k", "")
    base = {"chosen_region": region_key, "chosen_level": level}
    if key in forms.KEYS:
        if level == "payments":
            seat = typed["ks"] if typed["ks"] in seats else seats[0]
            typed["ks"] = seat
            typed["net"][seat] = forms.pressed(typed["net"][seat], key)
        elif key != "neg":
            typed["total"] = forms.pressed(typed["total"], key)
        context = {**base, **question_context(hand, level, typed, got)}
        context["progress"] = progress_view(progress_of(request))
        return _render(request, context)
    given: dict[str, Any] = {
        "items": [k for k in typed["items"] if k in REGIONS[region_key].by_key],
        "total": forms.number(typed["total"]),
        "net": {s: forms.number(v) for s, v in typed["net"].items()},
    }
    answered = {"items": given["items"]} if level == "items" else {}
    if level == "total":
        answered = {"total": given["total"]}
    elif level == "payments":
        answered = {"net": given["net"]}
    graded = grade(level, got, answered)
    if request.user.is_authenticated:
        Answer.objects.create(
            user=request.user,
            region=region_key,
            level=level,
            hand=hand,
            answer=answered,
            graded=graded.to_json(),
            right=graded.right,
        )
    progress = _cookie_progress(request)
    progress.add(region_key, level, graded.to_json(), graded.right)
    context = {**base, **result_context(hand, level, got, graded, given)}
    context["progress"] = progress_view(
        progress if not request.user.is_authenticated else progress_of(request)
    )
    response = _render(request, context)
    response.set_signed_cookie(
        COOKIE,
        json.dumps(progress.to_json(), separators=(",", ":")),
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
    )
    return response


def result_context(
    hand: dict[str, Any], level: str, got: Score, graded: Graded, given: dict[str, Any]
) -> dict[str, Any]:
    region_key = hand["region"]
    state = _state(hand)
    seats = _net_seats(got, hand)
    seats_right = graded.seats_right or {}
    counts = {m: sum(1 for v in graded.items.values() if v == m) for m in (RIGHT, MISSED, WRONG)}
    return {
        "graded": True,
        "region": region_key,
        "region_name": region_name(region_key),
        "level": level,
        "level_name": LEVEL_NAMES[level],
        "dealt": hand_view(hand),
        "right": graded.right,
        "rows": result_rows(hand, got, graded),
        "counts": counts,
        "verdict": verdict_of(level, counts),
        "scored": len(scored_items(got)),
        "value": value_line(state, got) if got.winning else None,
        "how": _word(got),
        "total": got.total,
        "total_given": given["total"],
        "total_right": graded.total_right,
        "unit": term(got.unit),
        "money": term(_money(region_key)),
        "payments": [
            {
                "from": seat_name(p.payer),
                "to": seat_name(p.payee),
                "amount": p.amount,
                # The calculator's own formula, so the learner sees how it is reached.
                "detail": word(p.detail, region_key),
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


def _word(got: Score) -> str:
    return word(got.how)
