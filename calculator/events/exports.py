"""An event taken away: the standings (for people and, with codes, for
machines), every table's hands, and one results sheet to print. Text cells are
neutralised against spreadsheet formulas, as the club's exports are. The
tables' sessions are dated by the event (its date is the evening's, whenever
the sessions were made), and so is every file's name."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from calculator.club.public import context as ledger_context
from calculator.club.public import hand_cells, hand_headers
from calculator.events.models import Event, Table
from calculator.events.standings import points_text, standings, with_standard
from calculator.words.wording import SEAT_NAMES, region_name

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _Writer:
    def __init__(self, out: Any) -> None:
        self._writer = csv.writer(out)

    def row(self, *cells: object) -> None:
        self._writer.writerow([_cell(c) for c in cells])


def _csv(event: Event, name: str) -> tuple[HttpResponse, _Writer]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="event-{event.pk}-{event.date:%Y-%m-%d}-{name}.csv"'
    )
    response.write("\ufeff")
    return response, _Writer(response)


def _own(request: HttpRequest, pk: int) -> Event:
    return get_object_or_404(Event, pk=pk, owner=request.user)


@login_required
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = _own(request, pk)
    table = standings(event)
    response, out = _csv(event, "standings")
    rounds = [r["number"] for r in table["rounds"]]
    ranked = event.scoring == "rank"
    out.row(
        _("Place"),
        _("Player"),
        _("Member number"),
        *([_("Rank points")] if ranked else []),
        _("Money"),
        _("Penalties"),
        *[_("Round %(n)s") % {"n": n} for n in rounds],
    )
    for line in table["lines"]:
        out.row(
            line.rank,
            line.entrant.name,
            line.entrant.member_no,
            *([points_text(line.points)] if ranked else []),
            line.money,
            line.penalties,
            *[line.by_round.get(n, 0) for n in rounds],
        )
    return response


@login_required
def standings_codes(request: HttpRequest, pk: int) -> HttpResponse:
    event = _own(request, pk)
    table = standings(event)
    response, out = _csv(event, "standings-codes")
    out.row("place", "player_id", "name", "member_no", "points", "money", "penalties", "active")
    for line in table["lines"]:
        out.row(
            line.rank,
            line.entrant.pk,
            line.entrant.name,
            line.entrant.member_no,
            str(float(line.points)),
            line.money,
            line.penalties,
            int(line.entrant.active),
        )
    return response


@login_required
def hands_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table's hands, one a row, in the referee's words, dated by the event."""
    event = _own(request, pk)
    response, out = _csv(event, "hands")
    date = f"{event.date:%Y-%m-%d}"
    # The table's own CSV's columns, after where the table sat; the players
    # change from table to table, so the money is under the seats.
    seats = [str(SEAT_NAMES[s]) for s in "ESWN"]
    out.row(
        _("Date"),
        _("Round"),
        _("Table"),
        *hand_headers(),
        *seats,
        *[_("Total: %(name)s") % {"name": s} for s in seats],
    )
    tables = Table.objects.filter(round__event=event).select_related("round", "session")
    for table in tables.order_by("round__number", "number"):
        session = table.session
        for row in ledger_context(session, read_only=True)["rows"]:
            net = dict(zip(session.seats, row["net"], strict=True))
            totals = dict(zip(session.seats, row["totals"], strict=True))
            out.row(
                date,
                table.round.number,
                table.number,
                *hand_cells(row),
                *[net.get(s, "") for s in "ESWN"],
                *[totals.get(s, "") for s in "ESWN"],
            )
    return response


@login_required
def results_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """One sheet to print: the final standings and each round's tables."""
    event = _own(request, pk)
    tables = Table.objects.filter(round__event=event).select_related("round", "session")
    rounds: dict[int, list[dict[str, Any]]] = {}
    for table in tables.order_by("round__number", "number"):
        session = table.session
        rounds.setdefault(table.round.number, []).append(
            {
                "number": table.number,
                "players": [
                    (session.players.get(s, ""), session.totals.get(s, 0)) for s in session.seats
                ],
            }
        )
    context = {
        "event": event,
        "region": region_name(event.region),
        "standings": with_standard(standings(event), event),
        "points": points_text,
        "rounds": sorted(rounds.items()),
    }
    return render(request, "events/results.html", context)
