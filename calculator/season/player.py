"""A member's page: each evening, totals and averages, the hands won, dealt in
(点炮) and self-drawn, the biggest hand with its items, the items scored most,
the rating and what moved it, and head-to-head against every member sat with.
All read from the kept table-round results and rating steps."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from calculator.season.models import Member, RatingStep, SeatResult
from calculator.season.placings import shown
from calculator.season.rating import PROVISIONAL, ensure_rated, spread
from calculator.season.rating import shown as rating_shown
from calculator.words.wording import region_name, term

TOP_ITEMS = 8


@dataclass
class Night:
    event_id: int
    name: str
    date: Any
    region: str
    places: list[int] = field(default_factory=list)
    money: int = 0
    points12: int = 0
    change: int = 0
    why: list[str] = field(default_factory=list)

    @property
    def points(self) -> str:
        return shown(self.points12)


def results_of(member: Member) -> list[dict[str, Any]]:
    found: Any = (
        SeatResult.objects.filter(entrant__club_player__member=member)
        .order_by("event__date", "event_id", "round", "table_id")
        .values(
            "table_id",
            "event_id",
            "event__name",
            "event__date",
            "event__region",
            "round",
            "seat",
            "place",
            "players",
            "money",
            "points12",
            "hands",
            "won",
            "self_drawn",
            "dealt_in",
            "flows",
            "items",
            "best_money",
            "best",
        )
    )
    return [dict(row) for row in found]


def explain(step: RatingStep) -> str:
    """One table-round's change in words: "+38: 1st of 4 in round 2, against 3 stronger"."""
    change = rating_shown(step.after_mu) - rating_shown(step.before_mu)
    against = ngettext(
        "against %(n)s stronger player",
        "against %(n)s stronger players",
        step.stronger,
    ) % {"n": step.stronger}
    if not step.stronger:
        against = _("against no stronger player")
    return _("%(change)s: place %(place)s of %(players)s in round %(round)s, %(against)s") % {
        "change": f"{change:+d}",
        "place": step.place,
        "players": step.players,
        "round": step.round,
        "against": against,
    }


def page(member: Member) -> dict[str, Any]:
    if ensure_rated(member.club):
        member.refresh_from_db(fields=["mu", "sigma", "rated"])
    rows = results_of(member)
    nights: dict[int, Night] = {}
    by_region: dict[str, int] = defaultdict(int)
    items: Counter[str] = Counter()
    best: dict[str, Any] | None = None
    totals = Counter[str]()
    for row in rows:
        night = nights.get(row["event_id"])
        if night is None:
            night = nights[row["event_id"]] = Night(
                row["event_id"],
                row["event__name"],
                row["event__date"],
                region_name(row["event__region"]),
            )
        night.places.append(row["place"])
        night.money += row["money"]
        night.points12 += row["points12"]
        by_region[row["event__region"]] += row["money"]
        items.update(row["items"] or {})
        for key in ("hands", "won", "self_drawn", "dealt_in", "points12"):
            totals[key] += row[key]
        if row["best_money"] is not None and (best is None or row["best_money"] > best["money"]):
            best = {
                "money": row["best_money"],
                "night": night,
                "round": row["round"],
                **(row["best"] or {}),
            }
    for step in RatingStep.objects.filter(member=member):
        night = nights.get(step.event_id)
        if night is not None:
            night.change += rating_shown(step.after_mu) - rating_shown(step.before_mu)
            night.why.append(explain(step))
    played = len(rows)
    if best is not None:
        best["items"] = [
            {"name": term(name), "value": value, "unit": term(unit)}
            for name, value, unit in best.get("items", [])
        ]
        best["unit"] = term(best.get("unit", ""))
    return {
        "member": member,
        "nights": list(reversed(nights.values())),
        "played": played,
        "evenings": len(nights),
        "totals": totals,
        "points": shown(totals["points12"]),
        "average_points": shown(Fraction(totals["points12"], played)) if played else "—",
        "average_place": f"{sum(r['place'] for r in rows) / played:.2f}" if played else "—",
        "money": [(region_name(r), m) for r, m in sorted(by_region.items())],
        "best": best,
        "items": [(term(name), n) for name, n in items.most_common(TOP_ITEMS)],
        "rating": rating_shown(member.mu),
        "spread": spread(member.sigma),
        "provisional": member.rated < PROVISIONAL,
        "rated": member.rated,
        "rows": rows,
        "opponents": head_to_head(member, rows),
    }


@dataclass
class Against:
    member_id: int
    name: str
    together: int = 0
    above: int = 0
    below: int = 0
    level: int = 0
    money: int = 0  # what they paid this member, net (negative: this member paid them)
    tables: list[dict[str, Any]] = field(default_factory=list)


def head_to_head(member: Member, rows: list[dict[str, Any]] | None = None) -> list[Against]:
    """Every member sat with: table-rounds together, placings against each
    other, the money between them; most table-rounds first."""
    mine = {r["table_id"]: r for r in (rows if rows is not None else results_of(member))}
    others = (
        SeatResult.objects.filter(table_id__in=list(mine))
        .exclude(entrant__club_player__member=member)
        .exclude(entrant__club_player__member__isnull=True)
        .values_list(
            "table_id",
            "seat",
            "place",
            "entrant__club_player__member",
            "entrant__club_player__member__name",
        )
    )
    found: dict[int, Against] = {}
    for table, seat, place, other, name in others:
        me = mine[table]
        line = found.setdefault(other, Against(other, name))
        line.together += 1
        if me["place"] < place:
            line.above += 1
        elif me["place"] > place:
            line.below += 1
        else:
            line.level += 1
        between = int((me["flows"] or {}).get(seat, 0))
        line.money += between
        line.tables.append(
            {
                "date": me["event__date"],
                "evening": me["event__name"],
                "round": me["round"],
                "mine": me["place"],
                "theirs": place,
                "money": between,
            }
        )
    return sorted(found.values(), key=lambda a: (-a.together, a.name))
