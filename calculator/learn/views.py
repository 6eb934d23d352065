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
from django.views.decorators.http import require_POST
from django_htmx.middleware import HtmxDetails

from calculator.learn import forms
from calculator.learn.breakdown import result_context
from calculator.learn.grading import grade
from calculator.learn.models import LEVELS, Answer
from calculator.learn.progress import (
    COOKIE,
    COOKIE_AGE,
    COOKIE_SALT,
)
from calculator.learn.question import LEVEL_NAMES, net_seats, question_context, total_asked
from calculator.learn.shown_progress import cookie_progress, progress_of, progress_view
from calculator.words.wording import (
    is_english,
    region_name,
)
from rules.deal import deal
from rules.engine import score
from rules.regions import REGIONS

DEFAULT_REGION = "laosanfan"
_rng = random.SystemRandom()


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


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
    seats = net_seats(got, hand)
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
    asked = total_asked(hand, got)["amount"] if level == "total" and got.winning else None
    graded = grade(level, got, answered, asked)
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
    progress = cookie_progress(request)
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
