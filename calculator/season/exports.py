"""The season table and a player's history as CSV, for a spreadsheet. Text
cells are neutralised against spreadsheet formulas, as the evenings' are."""

from __future__ import annotations

import csv
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from calculator.season.models import Member, Season
from calculator.season.pages import member_context, season_context
from calculator.season.placings import shown

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _number(value):
        return "'" + value
    return value


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _csv(name: str) -> tuple[HttpResponse, Any]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")
    return response, csv.writer(response)


def season_csv(season: Season) -> HttpResponse:
    context = season_context(season)
    response, out = _csv(f"season-{season.pk}")
    out.writerow(
        [
            _("Place"),
            _("Member"),
            _("Evenings"),
            _("Table-rounds"),
            _("Standard points"),
            _("Match points"),
            _("Firsts"),
            _("Seconds"),
            _("Thirds"),
            _("Rating"),
            _("Uncertainty"),
            _("Provisional"),
        ]
    )
    for line in [*context["lines"], *context["waiting"]]:
        out.writerow(
            [
                _cell(x)
                for x in (
                    line["rank"] or "",
                    line["member"].name,
                    line["evenings"],
                    line["table_rounds"],
                    line["points"],
                    line["money"],
                    line["firsts"],
                    line["seconds"],
                    line["thirds"],
                    line["rating"],
                    line["spread"],
                    _("yes") if line["provisional"] else "",
                )
            ]
        )
    return response


def member_csv(member: Member) -> HttpResponse:
    context = member_context(member)
    response, out = _csv(f"member-{member.pk}")
    out.writerow(
        [
            _("Date"),
            _("Evening"),
            _("Round"),
            _("Place"),
            _("Players"),
            _("Money"),
            _("Standard points"),
            _("Hands"),
            _("Hands won"),
            _("Dealt in"),
            _("Self-drawn"),
        ]
    )
    for row in context["rows"]:
        out.writerow(
            [
                _cell(x)
                for x in (
                    f"{row['event__date']:%Y-%m-%d}",
                    row["event__name"],
                    row["round"],
                    row["place"],
                    row["players"],
                    row["money"],
                    shown(row["points12"]),
                    row["hands"],
                    row["won"],
                    row["dealt_in"],
                    row["self_drawn"],
                )
            ]
        )
    return response
