"""What the players' phones see, with no account: the event's public link —
their table and seat this round and the standings, kept live — and each
table's own link, to enter that table's hands in the round being played.

Live means asked again every few seconds (htmx polling); the answer carries
the event's version as its ETag, so a phone whose standings have not moved
gets a 304 and nothing is drawn again. Nothing is kept in a process: several
instances behind a balancer answer alike.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_POST
from django.views.decorators.vary import vary_on_headers

from calculator.club.public import (
    CLOSED,
    Played,
    calculator_url,
    hand_page,
    mark_disputed,
    save,
    saved_record,
    witnessed,
)
from calculator.events.models import Entrant, Event, RetiredLink, Round, Seating, Table
from calculator.events.progress import complete
from calculator.events.standings import points_text, standings, with_standard
from calculator.words.wording import SEAT_NAMES, WIND_NAMES, region_name


def _event(token: str) -> Event:
    if not token:
        raise Http404
    return get_object_or_404(Event, public_token=token)


def _etag(request: HttpRequest, token: str) -> str | None:
    found = Event.objects.filter(public_token=token).values_list("pk", "version").first()
    if found is None:
        return None
    # Only a number names a player; anything else (a line break would break
    # the header) shows the page for nobody in particular.
    player = request.GET.get("p", "")
    player = player if player.isdigit() else ""
    return f"{found[0]}-{found[1]}-{player}-{get_language()}"


def _follow_context(event: Event, player_id: str) -> dict[str, Any]:
    rnd = (
        Round.objects.filter(event=event, started=True).order_by("-number").first()
        or Round.objects.filter(event=event).order_by("-number").first()
    )
    me = Entrant.objects.filter(event=event, pk=player_id).first() if player_id.isdigit() else None
    seat = None
    if me is not None and rnd is not None:
        found = Seating.objects.filter(table__round=rnd, entrant=me).select_related("table").first()
        if found is not None:
            winds = "ESWN"
            seat = {
                "table": found.table.number,
                "seat": SEAT_NAMES[found.seat],
                "wind": WIND_NAMES[winds.index(found.seat)],
                "others": [
                    {"seat": SEAT_NAMES[s.seat], "name": s.entrant.name}
                    for s in found.table.seats.select_related("entrant")
                    if s.entrant_id != me.pk
                ],
            }
    return {
        "event": event,
        "region": region_name(event.region),
        "round": rnd,
        "me": me,
        "seat": seat,
        "standings": with_standard(standings(event), event),
        "points": points_text,
        "entrants": event.entrants.filter(active=True),
    }


@cache_control(no_cache=True)
@condition(etag_func=_etag)
def follow(request: HttpRequest, token: str) -> HttpResponse:
    """A player's phone: pick your name once, then your seat and the standings."""
    event = _event(token)
    return render(request, "events/follow.html", _follow_context(event, request.GET.get("p", "")))


@cache_control(no_cache=True)
@condition(etag_func=_etag)
def live(request: HttpRequest, token: str) -> HttpResponse:
    """The part of the follow page that changes, asked for every few seconds."""
    event = _event(token)
    context = _follow_context(event, request.GET.get("p", ""))
    return render(request, "events/follow.html#live", context)


def _table(token: str) -> Table:
    """A table link that still works: not revoked, its round drawn and started.
    A closed round's link still opens, to say so with the hand kept on screen."""
    table, why = _table_held(token)
    if why == "replaced":
        raise Http404
    return table


def _table_held(token: str) -> tuple[Table, str]:
    """The table a phone's link is for, and "replaced" where the referee has
    since revoked it or given the table a new one (the phone is told so, with
    its hand kept); a link never given, or a round not started, is a 404."""
    found = Table.objects.select_related("round__event", "session").filter(link_token=token).first()
    why = "replaced" if found is not None and found.link_revoked else ""
    if found is None:
        retired = (
            RetiredLink.objects.select_related("table__round__event", "table__session")
            .filter(token=token)
            .first()
        )
        found, why = (retired.table, "replaced") if retired is not None else (None, "")
    if found is None or not found.round.started:
        raise Http404
    return found, why


# What a table's phone is told where its link saves nothing now: at the top of
# its page, in its own language, with the hand it holds left on screen.
PHONE_CLOSED = {
    "replaced": gettext_lazy(
        "This table's link was replaced or withdrawn by the referee: ask the referee for the "
        "new link (or scan the new QR code). The hand on screen stays here."
    ),
    "archived": gettext_lazy(
        "This table is archived: nothing more is saved here. Please call the referee. The hand "
        "on screen stays here."
    ),
    "round_closed": CLOSED["round_closed"],
    "played_out": gettext_lazy(
        "This table has played its round: nothing more is saved here. Please call the referee "
        "if a hand is missing."
    ),
}


def _table_state(table: Table, why: str) -> str:
    """Why the table's phones save nothing now ("" while they do)."""
    if why:
        return why
    closed = table.session.closed_because()
    if closed:
        return closed
    return "played_out" if complete(table.round.event, table.session) else ""


def _moves(table: Table) -> list[dict[str, str]]:
    """Where this table's players sit in the round now in play, if it is a
    later one: an old round's link points each to their table."""
    now = table.round.event.current_round
    if now is None or now.pk == table.round_id:
        return []
    players = [s.entrant_id for s in table.seats.all()]
    out = []
    for seat in (
        Seating.objects.filter(table__round=now, entrant_id__in=players)
        .select_related("table", "entrant")
        .order_by("table__number", "pk")
    ):
        there = seat.table
        out.append(
            {
                "name": seat.entrant.name,
                "where": _("Round %(round)s · Table %(table)s")
                % {"round": now.number, "table": there.number},
                "url": reverse("table-link", args=[there.link_token])
                if not there.link_revoked
                else "",
            }
        )
    return out


def _status(table: Table, why: str, token: str, shown: str | None = None) -> dict[str, Any]:
    state = _table_state(table, why)
    shown = state if shown is None else shown
    return {
        "table_token": token,
        "table_state": state,
        "shown_state": shown,
        "state_words": str(PHONE_CLOSED.get(state, "")),
        "reopened": bool(shown) and not state,
        "moves": _moves(table) if state in ("round_closed", "archived") else [],
    }


def _table_extra(table: Table, token: str, why: str = "") -> dict[str, Any]:
    session = table.session
    status = _status(table, why, token)
    extra = {
        **_witness(table, token),
        **status,
        "event_table": table,
        "table_seats": [
            {"seat": SEAT_NAMES[s], "name": session.players.get(s, "")} for s in session.seats
        ],
        "save_url": reverse("table-save", args=[token]),
        "round_complete": complete(table.round.event, session),
    }
    if status["table_state"] in ("replaced", "archived"):
        extra["closed"] = status["state_words"]
    return extra


@cache_control(no_cache=True)
def table_status(request: HttpRequest, token: str) -> HttpResponse:
    """What the table's phones are told at the top of the page, asked again
    every few seconds: a round reopened brings back the way to save."""
    table, why = _table_held(token)
    shown = str(request.GET.get("shown", ""))
    return render(
        request, "events/_table_status.html", _status(table, why, token, shown=shown[:20])
    )


def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """The calculator, entering this table's hands in the round in play
    (``saved``: the entry just stored, said once before the next hand)."""
    table, why = _table_held(token)
    session = table.session
    address = reverse("table-link", args=[token])
    if request.method == "GET" and not request.GET:
        return HttpResponseRedirect(calculator_url(session, Played(session).table, address=address))
    if request.method == "GET" and "saved" in request.GET:
        # The next hand's page, which says what became of this one until
        # its own entry is answered (one account of the last save).
        fresh = calculator_url(session, Played(session).table, address=address)
        record = saved_record(session, str(request.GET["saved"]))
        after = urlencode({"after": record.key}) if record is not None else ""
        return HttpResponseRedirect(f"{fresh}&{after}" if after else fresh)
    extra = _table_extra(table, token, why)
    return hand_page(request, session, address, extra, may_correct=False)


@require_POST
def table_save(request: HttpRequest, token: str) -> HttpResponse:
    """Add the hand on screen to this table's session: a table's link adds
    hands and does nothing else; what it may not save stays on screen. Once
    stored, the answer needs nothing more from the database (it names the
    entry, and the next page finds what it became), so a fault after the
    commit cannot turn a saved hand into an error."""
    table, why = _table_held(token)
    session = table.session
    address = reverse("table-link", args=[token])
    extra = _table_extra(table, token, why)
    refusal = extra["state_words"] if extra["table_state"] in PHONE_CLOSED else ""
    outcome = save(
        request,
        session,
        None,
        address,
        extra,
        may_correct=False,
        refusal=refusal,
        extra_now=lambda: _table_extra(table, token, why),
    )
    if isinstance(outcome, HttpResponse):
        return outcome
    url = f"{address}?{urlencode({'saved': outcome.record.key})}"
    if getattr(request, "htmx", False):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url)


# The table's page lists its newest hands, so that it costs the same late in
# the evening as early; the rest are one tap away.
HANDS_SHOWN = 8


def _witness(table: Table, token: str, problem: str = "", every: bool = False) -> dict[str, Any]:
    newest = None if every else HANDS_SHOWN
    return {
        "table_token": token,
        # read only where a page draws them (a save's answer does not)
        "table_hands": lambda: witnessed(table.session, newest),
        "hands_every": every,
        "hands_earlier": 0 if every else max(0, table.session.hands_played - HANDS_SHOWN),
        "dispute_problem": problem,
    }


def _hands_etag(request: HttpRequest, token: str) -> str | None:
    found = (
        Table.objects.filter(link_token=token)
        .values_list("session_id", "session__version", "session__updated")
        .first()
    )
    if found is None:
        return None
    # the list is drawn four ways: newest or every hand, as a part or a page
    hands = "all" if request.GET.get("all") else "newest"
    drawn = "part" if getattr(request, "htmx", False) else "page"
    return f"{found[0]}-{found[1]}-{found[2].timestamp()}-{get_language()}-{hands}-{drawn}"


@cache_control(no_cache=True)
@vary_on_headers("HX-Request")
@condition(etag_func=_hands_etag)
def table_hands(request: HttpRequest, token: str) -> HttpResponse:
    """The table's saved hands, asked for again every few seconds by each
    phone at the table (a 304 while nothing was saved or marked); with
    ``all``, every hand of the table, also as a page of its own."""
    table = _table(token)
    context = _witness(table, token, every=bool(request.GET.get("all")))
    if getattr(request, "htmx", False):
        return render(request, "events/_table_hands.html", context)
    back = _same_table(request, token)
    return render(request, "events/table_hands.html", {**context, "table": table, "back": back})


@require_POST
def table_dispute(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A phone at the table marks a saved hand "有异议" with a reason, for the
    referee to settle; nothing here changes the hand."""
    table = _table(token)
    every = bool(request.POST.get("all"))
    problem = ""
    try:
        mark_disputed(table.session, number, str(request.POST.get("reason", "")))
    except ValueError as refused:
        problem = str(refused)
    if getattr(request, "htmx", False):
        table.session.refresh_from_db()
        status = 422 if problem else 200
        return render(
            request,
            "events/_table_hands.html",
            _witness(table, token, problem, every=every),
            status=status,
        )
    if problem:
        messages.error(request, problem)
    else:
        messages.info(request, _("Marked: the referee will see it."))
    if every:
        return HttpResponseRedirect(
            reverse("table-hands", args=[token]) + "?all=1#table-hands", status=303
        )
    return HttpResponseRedirect(_same_table(request, token) + "#table-hands", status=303)


def _same_table(request: HttpRequest, token: str) -> str:
    """Back to the page the phone was on (the hand it holds is in that
    address), if it was this table's; else the table's page."""
    address = reverse("table-link", args=[token])
    came_from = urlsplit(request.headers.get("Referer", ""))
    if came_from.path == address and came_from.netloc == request.get_host():
        return f"{address}?{came_from.query}" if came_from.query else address
    return address
