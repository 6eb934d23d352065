"""A session taken away: CSV for people (in the referee's language), CSV for
machines (the spec's codes), and a sheet to print.

Every text cell is neutralised against spreadsheet formulas (OWASP's "CSV
injection"): a name typed as ``=1+1`` or ``@SUM(1)`` is written with a leading
``'`` and shows as typed; numbers stay numbers.
"""

from __future__ import annotations

import csv
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from calculator.club import ledger
from calculator.club.models import ClubSession

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeCsvWriter:
    """``csv.writer`` whose every text cell is neutralised."""

    def __init__(self, out: Any) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self._writer.writerow([safe_cell(v) for v in row])


def _csv(session: ClubSession, name: str) -> tuple[HttpResponse, SafeCsvWriter]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}{name}.csv"'
    response.write("\ufeff")  # so spreadsheet programs read the Chinese as UTF-8
    return response, SafeCsvWriter(response)


def _owned(request: HttpRequest, pk: int) -> ClubSession:
    return get_object_or_404(ClubSession, pk=pk, owner=request.user)


def hand_headers() -> list[str]:
    """The columns that say what happened in a hand, shared with an event's
    hands.csv so the two files read alike."""
    return [
        pgettext("a round of play", "Hand"),
        _("Dealer"),
        _("Winner"),
        _("How it was won"),
        _("Discarder"),
        _("Value"),
    ]


def hand_cells(row: dict[str, Any]) -> list[object]:
    """A ledger row's cells under ``hand_headers``."""
    value = f"{row['value']} {row['unit']}" if row["winning"] else "; ".join(row["problems"])
    return [
        row["number"],
        row["dealer"] + (" " + _("(chosen, not the deal's)") if row["dealer_set"] else ""),
        row["winner"],
        row["win_by"],
        row["discarder"],
        value,
    ]


@login_required
def export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """For people: headers, seats and ways of winning in the referee's language."""
    session = _owned(request, pk)
    context = ledger.context(session, read_only=True)
    response, writer = _csv(session, "")
    names = [ledger.who(session, seat) for seat, _name in context["seats"]]
    writer.writerow([*hand_headers(), *names, *[_("Total: %(name)s") % {"name": n} for n in names]])
    for row in context["rows"]:
        writer.writerow([*hand_cells(row), *row["net"], *row["totals"]])
    writer.writerow([])
    for payer, payee, amount in context["transfers"]:
        writer.writerow([_("Settle up"), payer, payee, amount])
    return response


@login_required
def export_codes(request: HttpRequest, pk: int) -> HttpResponse:
    """For machines: the spec's codes (seats E S W N, win_by, units), one hand a row."""
    session = _owned(request, pk)
    context = ledger.context(session, read_only=True)
    response, writer = _csv(session, "-codes")
    seats = [seat for seat, _ in context["seats"]]
    writer.writerow(
        [
            "hand",
            "dealer",
            "winner",
            "win_by",
            "discarder",
            "dealer_set",
            "value",
            "unit",
            *seats,
            *[f"total_{s}" for s in seats],
        ]
    )
    played = session.replayed()
    for row, step in zip(context["rows"], played.steps, strict=True):
        writer.writerow(
            [
                row["number"],
                step.request.get("dealer", ""),
                row["winner_seat"],
                row["win_by_code"] or "",
                row["discarder_seat"] or "",
                int(row["dealer_set"]),
                row["value"] if row["winning"] else "",
                row["unit_code"] if row["winning"] else "",
                *row["net"],
                *row["totals"],
            ]
        )
    return response


@login_required
def print_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    session = _owned(request, pk)
    return render(request, "club/print.html", ledger.context(session, read_only=True))
