"""The referee's pages of an event: set it up, keep the roster, draw each
round's seats, start and finish rounds, hand out and revoke table links,
penalties, standings and exports. Only the event's own referee sees them."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from calculator.club.public import ClubSession, HandRecord, back_on_get
from calculator.events import draw as draws
from calculator.events.forms import DrawForm, EventForm, PenaltyForm, RosterForm, SwapForm
from calculator.events.models import (
    Entrant,
    Event,
    Penalty,
    RetiredLink,
    Round,
    Seating,
    Table,
    token,
)
from calculator.events.progress import progress
from calculator.events.season_hooks import met_before
from calculator.events.standings import points_text, standings, with_standard
from calculator.words.wording import SEAT_NAMES, region_name
from rules.regions import REGIONS

SEATS = ("E", "S", "W", "N")


def _referee(request: HttpRequest) -> User:
    return cast(User, request.user)


def _own(request: HttpRequest, pk: int) -> Event:
    return get_object_or_404(Event, pk=pk, owner=_referee(request))


def _back(event: Event, anchor: str = "") -> HttpResponse:
    return HttpResponseRedirect(reverse("event", args=[event.pk]) + anchor)


def event_state(event: Event) -> str:
    """Where an evening is: 筹备 (no round started), 进行中 第 N 轮, or 已结束."""
    if event.finished is not None:
        return _("finished")
    playing = Round.objects.filter(event=event, started=True).order_by("-number").first()
    if playing is None:
        return _("being prepared")
    return _("in play, round %(n)s") % {"n": playing.number}


def _rounds_part(request: HttpRequest, pk: int) -> HttpResponse:
    return _back(_own(request, pk), "#rounds")


# A POST-only address of an event, opened with GET, leads to the event's rounds.
to_event_on_get = back_on_get(_rounds_part)


@login_required
def event_list(request: HttpRequest) -> HttpResponse:
    events = [
        {"event": e, "region": region_name(e.region), "state": event_state(e)}
        for e in Event.objects.filter(owner=_referee(request))
    ]
    return render(request, "events/list.html", {"events": events})


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None, owner=_referee(request))
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.owner = _referee(request)
        event.rank_points = form.cleaned_data["rank_points"]
        event.rules = dict(event.profile.rules) if event.profile else {}
        event.save()
        return _back(event)
    return render(request, "events/new.html", {"form": form})


def _round_view(event: Event, rnd: Round) -> dict[str, Any]:
    tables = []
    found = list(rnd.tables.select_related("session"))
    # names by table in one query of plain values (in the seats' order of play)
    names: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table_id, seat, name in Seating.objects.filter(table__round=rnd).values_list(
        "table_id", "seat", "entrant__name"
    ):
        names[table_id].append({"seat": SEAT_NAMES[seat], "name": name})
    disputes = Counter(
        HandRecord.objects.filter(session__in=[t.session_id for t in found], deleted__isnull=True)
        .exclude(dispute="")
        .values_list("session_id", flat=True)
    )
    for table in found:
        done, length = progress(event, table.session)
        disputed = disputes[table.session_id]
        tables.append(
            {
                "table": table,
                "seats": names[table.pk],
                "done": done,
                "length": length,
                "complete": done >= length,
                "over": max(0, done - length) if event.round_end == "hands" else 0,
                "disputed": disputed,
                "archived": table.session.finished is not None,
                # its link works, or will once the round starts (then a QR code for it)
                "live": not table.link_revoked
                and not rnd.finished
                and table.session.finished is None,
            }
        )
    return {"round": rnd, "tables": tables}


def _round_shown(
    event: Event, rnd: Round, rounds: list[Round], opened: str, sizes: dict[int, int]
) -> dict[str, Any]:
    """A round on the event page: its tables, or, for a finished round past
    reopening, one line that opens them (the page stays as quick in round 10
    as in round 1). ``sizes``: each round's number of tables, by its pk."""
    reopenable = _reopenable(rnd, rounds)
    if rnd.finished and not reopenable and opened != str(rnd.number):
        return {"round": rnd, "tables": [], "folded": sizes.get(rnd.pk, 0), "reopenable": False}
    return {**_round_view(event, rnd), "reopenable": reopenable, "folded": 0}


def _reopenable(rnd: Round, rounds: list[Round]) -> bool:
    """A finished round may be reopened until a later one starts."""
    return rnd.finished and not any(r.started for r in rounds if r.number > rnd.number)


@login_required
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = _own(request, pk)
    rounds = list(Round.objects.filter(event=event))
    sizes = dict(
        Table.objects.filter(round__event=event)
        .values("round_id")
        .annotate(n=Count("pk"))
        .values_list("round_id", "n")
    )
    opened = request.GET.get("round", "")
    table = with_standard(standings(event), event)
    context = {
        "event": event,
        "region": region_name(event.region),
        "entrants": event.entrants.all(),
        "rounds": [_round_shown(event, r, rounds, opened, sizes) for r in rounds],
        "running": next((r for r in rounds if r.started and not r.finished), None),
        "drawn": next((r for r in rounds if not r.started), None),
        "can_draw": len(rounds) < event.rounds
        and all(r.finished for r in rounds)
        and event.finished is None,
        "state": event_state(event),
        "standings": table,
        "points": points_text,
        "roster_form": RosterForm(),
        "draw_form": DrawForm(initial={"method": "fresh"}),
        "swap_form": SwapForm(event=event),
        "between_rounds": not any(r.started and not r.finished for r in rounds),
    }
    return render(request, "events/detail.html", context)


@login_required
@to_event_on_get
def roster_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Players join, late ones included: they play from the next round drawn."""
    event = _own(request, pk)
    form = RosterForm(request.POST)
    if form.is_valid():
        next_round = Round.objects.filter(event=event).count() + 1
        for name, number in form.players():
            Entrant.objects.create(event=event, name=name, member_no=number, joined=next_round)
        event.bump()
    else:
        messages.error(request, " ".join(str(e) for e in form.errors["names"]))
    return _back(event, "#roster")


@login_required
@to_event_on_get
def entrant_active(request: HttpRequest, pk: int, entrant: int) -> HttpResponse:
    """Withdraw a player, or take them back, between rounds; their results stay."""
    event = _own(request, pk)
    player = get_object_or_404(Entrant, event=event, pk=entrant)
    if Round.objects.filter(event=event, started=True, finished=False).exists():
        messages.error(request, _("Players can be withdrawn or taken back between rounds only."))
    else:
        player.active = not player.active
        player.save(update_fields=["active"])
        event.bump()
    return _back(event, "#roster")


def _met(event: Event) -> Counter[tuple[int, int]]:
    """Who sat together this evening, and at the earlier evenings of the season
    that keeps it (the season's members as this evening's entrants)."""
    tables = [
        [s.entrant_id for s in t.seats.all()]
        for t in Table.objects.filter(round__event=event).prefetch_related("seats")
    ]
    met = draws.pairs_of(tables)
    met.update(met_before(event))
    return met


@login_required
@to_event_on_get
def round_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the next round's tables and seats (and throw away a draw not started)."""
    event = _own(request, pk)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _back(event)
    method = form.cleaned_data["method"]
    with transaction.atomic():
        # A new draw replaces one not started, its tables' sessions with it
        # (they have no hands: a round not started takes none).
        ClubSession.objects.filter(
            event_table__round__event=event, event_table__round__started=False
        ).delete()
        Round.objects.filter(event=event, started=False).delete()
        rounds = Round.objects.filter(event=event)
        if rounds.count() >= event.rounds or rounds.filter(finished=False).exists():
            messages.error(request, _("Finish the round in play first."))
            return _back(event)
        players = [e.pk for e in event.entrants.filter(active=True)]
        smallest = min(REGIONS[event.region].players)
        sizes = draws.table_sizes(len(players), event.table_size)
        if not sizes or min(sizes) < smallest:
            messages.error(
                request,
                _("%(n)s players cannot fill tables of %(size)s: add or withdraw players.")
                % {"n": len(players), "size": event.table_size},
            )
            return _back(event)
        order = [line.entrant.pk for line in standings(event)["lines"]]
        number = rounds.count() + 1
        met = _met(event)
        tables = draws.draw(
            players,
            event.table_size,
            method,
            standing=order,
            met=met,
            rounds_left=event.rounds - number + 1,
            seed=random.SystemRandom().randrange(2**31),
        )
        rnd = Round.objects.create(
            event=event, number=number, method=method, repeats=draws.repeated_pairs(tables, met)
        )
        for i, seated in enumerate(tables, start=1):
            _make_table(event, rnd, i, seated)
        event.bump()
    return _back(event, "#rounds")


def _make_table(event: Event, rnd: Round, number: int, seated: list[int]) -> Table:
    names = {e.pk: e.name for e in event.entrants.filter(pk__in=seated)}
    session = ClubSession.objects.create(
        owner=event.owner,
        title=_("%(event)s · round %(round)s · table %(table)s")
        % {"event": event.name, "round": rnd.number, "table": number},
        region=event.region,
        players={SEATS[i]: names[p] for i, p in enumerate(seated)},
        rules=dict(event.rules),
        start={"dealer": "E"},
    )
    table = Table.objects.create(round=rnd, number=number, session=session)
    for i, p in enumerate(seated):
        Seating.objects.create(table=table, entrant_id=p, seat=SEATS[i])
    return table


@login_required
@to_event_on_get
def round_swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Exchange two players' seats in a drawn round before it starts."""
    event = _own(request, pk)
    rnd = get_object_or_404(Round, event=event, number=number)
    form = SwapForm(request.POST, event=event)
    if rnd.started:
        messages.error(request, _("This round has started: its seats stay."))
    elif not form.is_valid():
        # Another event's entrant, a withdrawn one, or none chosen: say which.
        messages.error(
            request,
            " ".join(
                f"{form.fields[f].label}: {e}" for f, errors in form.errors.items() for e in errors
            ),
        )
    else:
        a, b = form.cleaned_data["a"], form.cleaned_data["b"]
        seated = {
            s.entrant_id: s
            for s in Seating.objects.select_related("table").filter(
                table__round=rnd, entrant__in=[a, b]
            )
        }
        missing = [p.name for p in (a, b) if p.pk not in seated]
        if missing:
            messages.error(
                request,
                _("Not swapped: %(name)s has no seat in this round.") % {"name": missing[0]},
            )
            return _back(event, "#rounds")
        with transaction.atomic():
            seat_a, seat_b = seated[a.pk], seated[b.pk]
            seat_a.entrant, seat_b.entrant = b, a
            seat_a.save(update_fields=["entrant"])
            seat_b.save(update_fields=["entrant"])
            for seat in (seat_a, seat_b):
                session = seat.table.session
                session.players[seat.seat] = seat.entrant.name
                session.save(update_fields=["players"])
            event.bump()
    return _back(event, "#rounds")


def _finish_question(request: HttpRequest, event: Event, rnd: Round) -> HttpResponse:
    """Finish round N? naming the tables still playing."""
    unfinished = [t for t in _round_view(event, rnd)["tables"] if not t["complete"]]
    return render(
        request, "events/close.html", {"event": event, "round": rnd, "unfinished": unfinished}
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def round_state(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Start a drawn round (its table links open); finish the one in play,
    once the referee has seen which tables are still playing; or reopen a
    finished round while no later round has started (a mistaken close)."""
    event = _own(request, pk)
    rnd = get_object_or_404(Round, event=event, number=number)
    rounds = Round.objects.filter(event=event)
    if request.method != "POST":
        # "Finish round N?" reloaded or gone back to: the question again, while
        # it is still one; otherwise the event's page. A GET changes nothing.
        if rnd.started and not rnd.finished:
            return _finish_question(request, event, rnd)
        return _back(event, "#rounds")
    if request.POST.get("reopen"):
        if not rnd.finished or rounds.filter(number__gt=rnd.number, started=True).exists():
            messages.error(request, _("A round can be reopened only until the next one starts."))
            return _back(event, "#rounds")
        rnd.finished = False
        messages.info(request, _("Round %(n)s is open again.") % {"n": rnd.number})
    elif request.POST.get("finish"):
        if not rnd.started or rnd.finished:
            return _back(event, "#rounds")
        if not request.POST.get("confirm"):
            return _finish_question(request, event, rnd)
        rnd.finished = True
    else:
        if rounds.filter(started=True, finished=False).exclude(pk=rnd.pk).exists():
            messages.error(request, _("Finish the round in play first."))
            return _back(event, "#rounds")
        rnd.started = True
    rnd.save(update_fields=["started", "finished"])
    event.bump()
    return _back(event, "#rounds")


@login_required
def table_link(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Revoke a table's link, or give it a new one: asked first, since a
    phone still holding the old link can save nothing more with it (it is
    told so, its hand kept on screen)."""
    event = _own(request, pk)
    found = get_object_or_404(Table, round__event=event, pk=table)
    revoke = bool(request.POST.get("revoke") or request.GET.get("revoke"))
    if request.method != "POST" or not request.POST.get("confirm"):
        context = {"event": event, "table": found, "revoke": revoke}
        return render(request, "events/link_change.html", context)
    with transaction.atomic():
        RetiredLink.objects.get_or_create(token=found.link_token, defaults={"table": found})
        if revoke:
            found.link_revoked = True
        else:
            found.link_token, found.link_revoked = token(), False
        found.save(update_fields=["link_token", "link_revoked"])
        event.bump()
    if revoke:
        messages.info(request, _("Table %(n)s's link is revoked.") % {"n": found.number})
    else:
        messages.info(request, _("Table %(n)s has a new link.") % {"n": found.number})
    return _back(event, "#rounds")


@login_required
def evening_end(request: HttpRequest, pk: int) -> HttpResponse:
    """The end of the evening, in one step once asked: the round in play is
    closed, every table archived, the standings final; then the results."""
    event = _own(request, pk)
    running = event.current_round
    if request.method != "POST" or not request.POST.get("confirm"):
        unfinished = (
            [t for t in _round_view(event, running)["tables"] if not t["complete"]]
            if running is not None
            else []
        )
        context = {"event": event, "round": running, "unfinished": unfinished}
        return render(request, "events/end.html", context)
    now = timezone.now()
    with transaction.atomic():
        Round.objects.filter(event=event, started=True, finished=False).update(finished=True)
        # A round drawn but never started had no hands: it goes, with its tables.
        ClubSession.objects.filter(
            event_table__round__event=event, event_table__round__started=False
        ).delete()
        Round.objects.filter(event=event, started=False).delete()
        ClubSession.objects.filter(event_table__round__event=event, finished__isnull=True).update(
            finished=now
        )
        event.finished = now
        event.save(update_fields=["finished"])
        event.bump()
    messages.info(request, _("The evening is over: the standings are final."))
    return HttpResponseRedirect(reverse("event-results", args=[event.pk]))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def penalty_add(request: HttpRequest, pk: int) -> HttpResponse:
    """A penalty, on a page of its own: a rare act, kept off the event page
    that every hand at every table asks for again."""
    event = _own(request, pk)
    form = PenaltyForm(request.POST if request.method == "POST" else None, event=event)
    if form.is_valid():
        Penalty.objects.create(
            event=event,
            round=event.current_round or Round.objects.filter(event=event).last(),
            entrant=form.cleaned_data["entrant"],
            amount=form.cleaned_data["amount"],
            reason=form.cleaned_data["reason"],
        )
        event.bump()
        return _back(event, "#standings")
    status = 422 if form.is_bound else 200
    return render(request, "events/penalty.html", {"event": event, "form": form}, status=status)


@login_required
def seat_cards(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A card a table, to print or to show on a phone: the round, the table,
    each seat and its player, and the table's link with its QR code."""
    event = _own(request, pk)
    rnd = get_object_or_404(Round, event=event, number=number)
    return render(request, "events/cards.html", {"event": event, **_round_view(event, rnd)})
