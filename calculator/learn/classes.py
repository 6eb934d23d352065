"""A class: a teacher's drill sets, shared by link, and what the class answered.

A set belongs to the teacher who made it: other users get 404 and anonymous
visitors are sent to sign in. Its hands come from the calculator ("add to a
drill set", the page's own fields read as the page reads them) or are dealt
and kept; only hands the engine scores as winning, of the set's region, go
in. Learners need no account: behind the set's link they type a name once
(kept in their session) and answer the hands one by one at the set's level;
each answer is graded and kept, and the teacher's page counts them per hand.
A new link retires the old one.
"""

from __future__ import annotations

import json
import random
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST

from calculator.addresses import public_url
from calculator.learn import grading
from calculator.learn.breakdown import result_context
from calculator.learn.dealt import hand_view
from calculator.learn.forms import number
from calculator.learn.models import LEVELS, Answer, DrillHand, DrillSet
from calculator.learn.question import LEVEL_NAMES, item_choices, total_asked
from calculator.page.public import PageState
from calculator.words import glosses
from calculator.words.typed import NameField, read_name
from calculator.words.wording import is_english, item_name, joined, region_name, seat_name, term
from rules.deal import deal, is_win
from rules.engine import score, score_json
from rules.hand import seat_order
from rules.regions import REGIONS

NAME_KEY = "learn_name"  # the name a learner typed, in their session
DONE_KEY = "learn_done"  # token → the ids of the answers this session gave
MOST_HANDS = 60


def _teacher(request: HttpRequest) -> User:
    return cast(User, request.user)


def _owned(request: HttpRequest, pk: int) -> DrillSet:
    return get_object_or_404(DrillSet, pk=pk, owner=_teacher(request))


# --------------------------------------------------------------------------
# Grading: the drill's (learn/grading.py)
# --------------------------------------------------------------------------


def grade(hand: dict[str, Any], level: str, answer: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """``answer`` against the engine's score of ``hand`` at ``level``."""
    got = score(hand)
    asked = total_asked(hand, got)["amount"] if level == "total" and got.winning else None
    graded = grading.grade(level, got, answer, asked)
    return graded.to_json(), graded.right


def _items_graded(graded: dict[str, Any], names: dict[str, str]) -> list[tuple[str, str]]:
    """Each item's verdict, the region's items only, in the seed's order."""
    verdicts = graded.get("items") or {}
    return [(key, str(verdicts[key])) for key in names if key in verdicts]


# --------------------------------------------------------------------------
# What a hand looks like on these pages
# --------------------------------------------------------------------------


def drawn(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand's tiles and the facts around them, as the drill draws them, and
    its address on the calculator."""
    return {**hand_view(hand), "calculator": "/?" + _state_of(hand).query()}


def _state_of(hand: dict[str, Any]) -> PageState:
    return PageState(
        region=hand["region"],
        dealer=hand.get("dealer", "E"),
        players=hand.get("players", 4),
        **PageState.fields_from_json(hand),
    )


def _item_names(region: str) -> dict[str, str]:
    return {item.key: item_name(item.key, item.name) for item in REGIONS[region].items}


# --------------------------------------------------------------------------
# The teacher's pages
# --------------------------------------------------------------------------


TITLE_MOST = DrillSet._meta.get_field("title").max_length or 120
LEARNER_MOST = Answer._meta.get_field("learner").max_length or 40


class SetForm(forms.Form):
    title = NameField(label=pgettext_lazy("class", "Title"), max_length=120)
    # The drill's words: 玩法, and its levels (算总数, 谁付给谁).
    region = forms.ChoiceField(label=gettext_lazy("Region"), choices=())
    level = forms.ChoiceField(label=gettext_lazy("What learners answer"), choices=())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        region = cast(forms.ChoiceField, self.fields["region"])
        region.choices = [(key, region_name(key)) for key in REGIONS]
        level = cast(forms.ChoiceField, self.fields["level"])
        level.choices = [(key, LEVEL_NAMES[key]) for key in LEVELS]


@login_required
def set_list(request: HttpRequest) -> HttpResponse:
    form = SetForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        made = DrillSet.objects.create(owner=_teacher(request), **form.cleaned_data)
        return HttpResponseRedirect(reverse("drill-set", args=[made.pk]))
    sets = [
        {"set": s, "region": region_name(s.region), "level": LEVEL_NAMES.get(s.level, s.level)}
        for s in DrillSet.objects.filter(owner=_teacher(request))
    ]
    return render(request, "learn/set_list.html", {"form": form, "sets": sets})


def results(drill_hand: DrillHand, answers: list[Answer]) -> dict[str, Any]:
    """What the class answered to one hand: how many answered, and who got
    each item right (and ticked one it does not count), the total, each
    seat, the whole answer — the learners named beside each count."""
    names = _item_names(drill_hand.hand["region"])
    items_right: dict[str, list[str]] = {}
    items_wrong: dict[str, list[str]] = {}
    total_right: list[str] = []
    seats_right: list[str] = []
    whole: list[str] = []
    for a in answers:
        for key, verdict in _items_graded(a.graded, names):
            if verdict == "right":
                items_right.setdefault(key, []).append(a.learner)
            elif verdict == "wrong":
                items_wrong.setdefault(key, []).append(a.learner)
        if a.graded.get("total_right"):
            total_right.append(a.learner)
        seats = a.graded.get("seats_right")
        if seats and all(seats.values()):
            seats_right.append(a.learner)
        if a.right:
            whole.append(a.learner)
    return {
        "answered": len(answers),
        "items": [
            {
                "key": key,
                "name": names.get(key, key),
                "english": glosses.english_name(key, names.get(key, key)),
                "right": len(items_right.get(key, [])),
                "who": _who(items_right.get(key, [])),
                "missed_by": _who(
                    [a.learner for a in answers if a.learner not in items_right.get(key, [])]
                ),
            }
            for key in grading.scored_items(score(drill_hand.hand))
        ],
        "wrong": [
            {"key": key, "name": names[key], "n": len(who), "who": _who(who)}
            for key, who in items_wrong.items()
        ],
        "total_right": len(total_right),
        "total_who": _who(total_right),
        "seats_right": len(seats_right),
        "seats_who": _who(seats_right),
        "right": len(whole),
        "who": _who(whole),
    }


def _who(learners: list[str]) -> list[str]:
    return sorted(dict.fromkeys(learners), key=str.casefold)


def answer_summary(answer: Answer, names: dict[str, str]) -> dict[str, Any]:
    """One learner's answer to one hand in a line: right or not, and what
    went wrong — the items missed and ticked wrongly, or the number given."""
    verdicts = _items_graded(answer.graded, names)
    given: Any = None
    if answer.level == "total":
        given = answer.answer.get("total")
    elif answer.level == "payments":
        net = answer.answer.get("net") or {}
        given = ", ".join(f"{seat_name(s)} {'—' if n is None else n}" for s, n in net.items())
    return {
        "answer": answer,
        "right": answer.right,
        "missed": joined(names[k] for k, v in verdicts if v == "missed"),
        "wrong": joined(names[k] for k, v in verdicts if v == "wrong"),
        "given": given,
        "total_right": bool(answer.graded.get("total_right")),
    }


def learner_rows(
    drill_set: DrillSet, hands: list[DrillHand], by_hand: dict[int, list[Answer]]
) -> list[dict[str, Any]]:
    """Each learner by the name they typed, with their latest answer to each
    hand (— where they gave none) and how many they got right."""
    names = _item_names(drill_set.region)
    latest: dict[str, dict[int, Answer]] = {}
    for answers in by_hand.values():
        for a in answers:  # newest first (Answer's ordering)
            latest.setdefault(a.learner, {}).setdefault(cast(int, a.drill_hand_id), a)
    rows = []
    for learner in sorted(latest, key=str.casefold):
        theirs = latest[learner]
        rows.append(
            {
                "name": learner,
                "link": f"{reverse('drill-set-learner', args=[drill_set.pk])}?{urlencode({'name': learner})}",
                "right": sum(a.right for a in theirs.values()),
                "answered": len(theirs),
                "hands": [
                    {"n": n, **(answer_summary(theirs[h.pk], names) if h.pk in theirs else {})}
                    for n, h in enumerate(hands, 1)
                ],
            }
        )
    return rows


def _detail(
    request: HttpRequest, drill_set: DrillSet, candidate: dict[str, Any] | None = None
) -> HttpResponse:
    hands = list(drill_set.hands.all())
    by_hand: dict[int, list[Answer]] = {h.pk: [] for h in hands}
    for a in Answer.objects.filter(drill_hand__drill_set=drill_set):
        by_hand[cast(int, a.drill_hand_id)].append(a)
    rows = []
    for n, h in enumerate(hands, 1):
        got = score_json(h.hand)
        rows.append(
            {
                "hand": h,
                "n": n,
                "drawn": drawn(h.hand),
                "total": got.get("total", {}).get("value"),
                "unit": term(got.get("total", {}).get("unit", "")),
                "results": results(h, by_hand[h.pk]),
            }
        )
    link = public_url(request, reverse("drill-shared", args=[drill_set.token]))
    learners = {a.learner for answers in by_hand.values() for a in answers}
    context = {
        "drill_set": drill_set,
        "region": region_name(drill_set.region),
        "level": LEVEL_NAMES.get(drill_set.level, drill_set.level),
        "rows": rows,
        "link": link,
        "learners": len(learners),
        "learner_rows": learner_rows(drill_set, hands, by_hand),
        "candidate": candidate,
        "candidate_json": json.dumps(candidate, ensure_ascii=False) if candidate else "",
        "candidate_drawn": drawn(candidate) if candidate else None,
        "full": len(hands) >= MOST_HANDS,
        "english": is_english(),
    }
    return render(request, "learn/set_detail.html", context)


@login_required
def set_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail(request, _owned(request, pk))


@login_required
def set_learner(request: HttpRequest, pk: int) -> HttpResponse:
    """Every answer one learner gave to the set, newest first, each with its
    hand and what they got right, missed or ticked wrongly."""
    drill_set = _owned(request, pk)
    name = request.GET.get("name", "")
    answers = list(
        Answer.objects.filter(drill_hand__drill_set=drill_set, learner=name).select_related(
            "drill_hand"
        )
    )
    if not answers:
        raise Http404
    positions = {h.pk: n for n, h in enumerate(drill_set.hands.all(), 1)}
    names = _item_names(drill_set.region)
    shown = [
        {
            **_breakdown(a),
            **answer_summary(a, names),
            "n": positions.get(cast(int, a.drill_hand_id)),
        }
        for a in answers
    ]
    context = {
        "drill_set": drill_set,
        "name": name,
        "region": region_name(drill_set.region),
        "level": LEVEL_NAMES.get(drill_set.level, drill_set.level),
        "answers": shown,
        "right": sum(a.right for a in answers),
        "english": is_english(),
    }
    return render(request, "learn/set_learner_answers.html", context)


@login_required
@require_POST
def set_deal(request: HttpRequest, pk: int) -> HttpResponse:
    """Deal a hand of the set's region, shown to be kept or dealt again."""
    drill_set = _owned(request, pk)
    return _detail(request, drill_set, deal(drill_set.region, random.Random()))


def _added(drill_set: DrillSet, hand: dict[str, Any], source: str) -> str:
    """Put ``hand`` at the end of the set, or say why not."""
    if hand.get("region") != drill_set.region:
        return _("Not added: this hand is %(hand)s, the set is %(set)s.") % {
            "hand": region_name(str(hand.get("region", ""))),
            "set": region_name(drill_set.region),
        }
    if not is_win(score_json(hand)):
        return _("Not added: the engine does not score this as a winning hand.")
    with transaction.atomic():
        DrillSet.objects.select_for_update().filter(pk=drill_set.pk).first()
        if drill_set.hands.count() >= MOST_HANDS:
            return _("Not added: a set holds at most %(n)s hands.") % {"n": MOST_HANDS}
        last = drill_set.hands.aggregate(last=Max("position"))["last"] or 0
        DrillHand.objects.create(drill_set=drill_set, position=last + 1, hand=hand, source=source)
    return ""


def _posted_hand(request: HttpRequest) -> dict[str, Any] | None:
    try:
        hand = json.loads(request.POST.get("hand_json", ""))
    except ValueError:
        return None
    return hand if isinstance(hand, dict) else None


@login_required
@require_POST
def set_keep(request: HttpRequest, pk: int) -> HttpResponse:
    drill_set = _owned(request, pk)
    hand = _posted_hand(request)
    problem = _added(drill_set, hand, "dealt") if hand else _("Not added: no hand was sent.")
    if problem:
        messages.error(request, problem)
    return HttpResponseRedirect(reverse("drill-set", args=[pk]))


@login_required
@require_POST
def set_remove(request: HttpRequest, pk: int, hand: int) -> HttpResponse:
    drill_set = _owned(request, pk)
    get_object_or_404(DrillHand, pk=hand, drill_set=drill_set).delete()
    return HttpResponseRedirect(reverse("drill-set", args=[pk]))


@login_required
@require_POST
def set_share(request: HttpRequest, pk: int) -> HttpResponse:
    """A new link: the old one stops working."""
    drill_set = _owned(request, pk)
    drill_set.token = DrillSet._meta.get_field("token").get_default()
    drill_set.save(update_fields=["token"])
    return HttpResponseRedirect(reverse("drill-set", args=[pk]))


@login_required
def set_add(request: HttpRequest) -> HttpResponse:
    """The calculator's "add to a drill set": the page's fields in, a set
    chosen (or asked for), the hand checked and added."""
    if request.method != "POST":
        return HttpResponseRedirect(reverse("drill-sets"))
    hand = _posted_hand(request) or PageState.from_query(request.POST).to_json()
    got = score_json(hand)
    sets = DrillSet.objects.filter(owner=_teacher(request))
    problem = ""
    chosen = request.POST.get("drill_set", "")
    title, title_problem = read_name(request.POST.get("new_title", ""), TITLE_MOST)
    level = request.POST.get("new_level", "")
    if not is_win(got):
        problem = _("Not added: the engine does not score this as a winning hand.")
    elif "drill_set" not in request.POST and title_problem:
        problem = title_problem
    elif title and "drill_set" not in request.POST:  # a new set of this hand's region
        made = DrillSet.objects.create(
            owner=_teacher(request),
            title=title,
            region=str(hand["region"]),
            level=level if level in LEVELS else LEVELS[0],
        )
        problem = _added(made, hand, "entered")
        if not problem:
            messages.success(request, _("Added to the set."))
            return HttpResponseRedirect(reverse("drill-set", args=[made.pk]))
    elif chosen:
        drill_set = get_object_or_404(sets, pk=chosen if chosen.isdigit() else 0)
        problem = _added(drill_set, hand, "entered")
        if not problem:
            messages.success(request, _("Added to the set."))
            return HttpResponseRedirect(reverse("drill-set", args=[drill_set.pk]))
    context = {
        "problem": problem,
        "hand_json": json.dumps(hand, ensure_ascii=False),
        "drawn": drawn(hand) if is_win(got) else None,
        "region": region_name(str(hand.get("region", ""))),
        "sets": [s for s in sets if s.region == hand.get("region")],
        "others": sum(1 for s in sets if s.region != hand.get("region")),
        "levels": [(key, LEVEL_NAMES[key]) for key in LEVELS],
    }
    return render(request, "learn/set_add.html", context, status=400 if problem else 200)


# --------------------------------------------------------------------------
# The learner's page behind the link
# --------------------------------------------------------------------------


def _answer_of(request: HttpRequest, drill_set: DrillSet, got: dict[str, Any]) -> dict[str, Any]:
    data = request.POST
    if drill_set.level == "items":
        known = set(_item_names(drill_set.region))
        return {"items": sorted(k for k in data.getlist("item") if k in known)}

    if drill_set.level == "total":
        return {"total": number(data.get("total", ""))}
    seats = list(got.get("net") or {})
    return {"net": {s: number(data.get(f"net_{s}", "")) for s in seats}}


def _breakdown(answer: Answer) -> dict[str, Any]:
    """The graded answer as the learner sees it: the drill's own feedback
    (each item marked and pointing at its tiles, a wrong tick answered from
    the hand, the total in the headline's words, who pays whom)."""
    hand = answer.hand
    got = score(hand)
    graded = grading.Graded(
        answer.level,
        items=answer.graded.get("items") or {},
        total_right=answer.graded.get("total_right"),
        seats_right=answer.graded.get("seats_right"),
    )
    given = {
        "items": answer.answer.get("items") or [],
        "total": answer.answer.get("total"),
        "net": answer.answer.get("net") or {},
    }
    return {
        **result_context(hand, answer.level, got, graded, given),
        "drawn": drawn(hand),
        "answer": answer,
        "english": is_english(),
    }


@cache_control(private=True)
def shared(request: HttpRequest, token: str) -> HttpResponse:
    drill_set = get_object_or_404(DrillSet, token=token) if token else None
    if drill_set is None:
        raise Http404
    name = str(request.session.get(NAME_KEY, ""))
    if request.method == "POST" and "learner" in request.POST:
        typed, problem = read_name(request.POST.get("learner", ""), LEARNER_MOST)
        problem = problem or ("" if typed else _("Type a name first."))
        if not problem:
            request.session[NAME_KEY] = typed
            return HttpResponseRedirect(request.path)
        return render(
            request,
            "learn/set_learner.html",
            {"drill_set": drill_set, "ask_name": True, "problem": problem},
            status=400,
        )
    if not name or request.GET.get("rename"):
        return render(request, "learn/set_learner.html", {"drill_set": drill_set, "ask_name": True})
    done_all: dict[str, list[int]] = request.session.get(DONE_KEY, {})
    done = done_all.get(token, [])
    answers = {a.pk: a for a in Answer.objects.filter(pk__in=done, drill_hand__drill_set=drill_set)}
    answered = {a.drill_hand_id for a in answers.values()}
    hands = list(drill_set.hands.all())
    if request.method == "POST":
        pk = request.POST.get("hand", "")
        hand = get_object_or_404(DrillHand, pk=pk if pk.isdigit() else 0, drill_set=drill_set)
        if hand.pk not in answered:
            got = score_json(hand.hand)
            given = _answer_of(request, drill_set, got)
            graded, right = grade(hand.hand, drill_set.level, given)
            made = Answer.objects.create(
                learner=name,
                drill_hand=hand,
                region=drill_set.region,
                level=drill_set.level,
                hand=hand.hand,
                answer=given,
                graded=graded,
                right=right,
            )
            done_all[token] = [*done, made.pk]
            request.session[DONE_KEY] = done_all
            return HttpResponseRedirect(f"{request.path}?graded={made.pk}")
        return HttpResponseRedirect(request.path)
    context: dict[str, Any] = {
        "drill_set": drill_set,
        "name": name,
        "level_name": LEVEL_NAMES.get(drill_set.level, drill_set.level),
        "count": len(hands),
        "answered": len(answered),
    }
    graded_pk = request.GET.get("graded", "")
    if graded_pk.isdigit() and int(graded_pk) in answers:
        feedback = _breakdown(answers[int(graded_pk)])
        context.update(feedback, graded=feedback)
    left = [h for h in hands if h.pk not in answered]
    if left and "graded" not in context:
        hand = left[0]
        seats = seat_order(int(hand.hand.get("players", 4)))
        context.update(
            hand=hand,
            number=hands.index(hand) + 1,
            drawn=drawn(hand.hand),
            choices=item_choices(hand.hand, set()),
            asked=total_asked(hand.hand, score(hand.hand)) if drill_set.level == "total" else None,
            english=is_english(),
            seats=[(s, seat_name(s)) for s in seats],
            unit=term(score_json(hand.hand).get("total", {}).get("unit", "")),
        )
    elif not left:
        context["score"] = sum(a.right for a in answers.values())
        context["finished"] = True
    context["more"] = bool(left)
    return render(request, "learn/set_learner.html", context)
