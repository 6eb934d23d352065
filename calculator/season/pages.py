"""What the season table, a player page and a head-to-head show, for the
referees' pages and the read-only links alike."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from calculator.season.models import Member, Season
from calculator.season.placings import shown
from calculator.season.player import head_to_head, page
from calculator.season.rating import PROVISIONAL, ensure_rated, spread
from calculator.season.rating import shown as rating_shown
from calculator.season.standing import money_text, season_table
from calculator.words.wording import region_name


def rules_in_words(season: Season, mixed: bool) -> list[str]:
    """How the table ranks, said on the table."""
    lines = [
        _(
            "Standard points: at every table-round, 4 / 2 / 1 / 0 by the money won there "
            "(players level on money share the points of their places: two first get 3 each); "
            "summed over the season."
        ),
        _("Ties are broken by match points, then by the most firsts, seconds and thirds."),
    ]
    if mixed:
        lines.append(
            _(
                "Match points: this season mixes regions, so each table-round's money is "
                "divided by the average size of a table-round's result in its region this "
                "season (the mean of each player's money, sign ignored), times 100."
            )
        )
    else:
        lines.append(_("Match points: the money won, in the evenings' own units."))
    if season.attendance == "best" and season.count:
        lines.append(
            ngettext(
                "Attendance: each member's average over their best evening, "
                "a missing evening counting as zero.",
                "Attendance: each member's average over their best %(n)s evenings, "
                "missing evenings counting as zero.",
                season.count,
            )
            % {"n": season.count}
        )
    elif season.count:
        lines.append(
            ngettext(
                "Attendance: ranked from %(n)s evening played; the others are listed below.",
                "Attendance: ranked from %(n)s evenings played; the others are listed below.",
                season.count,
            )
            % {"n": season.count}
        )
    else:
        lines.append(_("Attendance: every member who played is ranked."))
    lines.append(
        _("Rating: replayed over every table-round in date order; provisional until %(n)s.")
        % {"n": PROVISIONAL}
    )
    return lines


def _line(line: Any, mixed: bool) -> dict[str, Any]:
    member = line.member
    return {
        "rank": line.rank,
        "tied": line.tied,
        "member": member,
        "evenings": line.evenings,
        "table_rounds": line.table_rounds,
        "points": shown(line.points12),
        "money": money_text(line.money, mixed),
        "firsts": line.places[0],
        "seconds": line.places[1],
        "thirds": line.places[2],
        "rating": rating_shown(member.mu),
        "spread": spread(member.sigma),
        "provisional": member.rated < PROVISIONAL,
    }


def season_context(season: Season) -> dict[str, Any]:
    ensure_rated(season.club)
    events = list(season.events())
    table = season_table(season, events)
    mixed = table["mixed"]
    return {
        "club": season.club,
        "season": season,
        "lines": [_line(x, mixed) for x in table["lines"]],
        "waiting": [_line(x, mixed) for x in table["waiting"]],
        "evenings": [{"event": e, "region": region_name(e.region)} for e in events],
        "mixed": mixed,
        "rules": rules_in_words(season, mixed),
        "best": season.attendance == "best" and season.count,
    }


def member_context(member: Member) -> dict[str, Any]:
    return {"club": member.club, **page(member)}


def pair_context(member: Member, other: Member) -> dict[str, Any]:
    if member.pk == other.pk:
        raise Http404
    found = next((a for a in head_to_head(member) if a.member_id == other.pk), None)
    return {"club": member.club, "member": member, "other": other, "against": found}
