"""A season's table: its members ranked by 标准分 summed over the season's
table-rounds, 比赛分 (money) breaking ties, then the counts of firsts,
seconds and thirds. Read from the kept table-round results (``kept``): one
grouped query, whatever the number of hands.

Where the season's evenings are of one region, 比赛分 is the money as won.
Where regions mix, each table-round's money is divided by the average size of
a table-round's result in its region over the season (the mean of each
seat's money, ignoring its sign) and multiplied by 100, so that an ordinary
table-round's result counts 100 in any region.

Attendance: either a minimum number of evenings to be ranked (those below it
are listed apart), or each member's average over their best N evenings, with
zeros where fewer were played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Abs

from calculator.events.models import Event
from calculator.season.models import Member, Season, SeatResult

NORMAL = 100  # an ordinary table-round's result, in the normalised 比赛分


@dataclass
class Line:
    member_id: int
    name: str
    evenings: int = 0
    table_rounds: int = 0
    points12: Fraction = Fraction(0)  # the sum, or the average over the best N
    money: Fraction = Fraction(0)  # likewise (normalised where regions mix)
    places: list[int] = field(default_factory=lambda: [0, 0, 0])  # firsts, seconds, thirds
    ranked: bool = True
    rank: int = 0
    tied: bool = False
    member: Member | None = None

    def key(self) -> tuple[Fraction, Fraction, int, int, int]:
        return (-self.points12, -self.money, -self.places[0], -self.places[1], -self.places[2])


def scales(events: list[Event]) -> dict[str, Fraction]:
    """Each region's mean |money| per seat and table-round over the season
    (empty where the season has one region: money is then taken as won)."""
    if len({e.region for e in events}) < 2:
        return {}
    found = (
        SeatResult.objects.filter(event_id__in=[e.pk for e in events])
        .values("event__region")
        .annotate(size=Sum(Abs("money")), n=Count("pk"))
    )
    sizes = {r["event__region"]: Fraction(r["size"] or 0, r["n"] or 1) for r in found}
    if len(sizes) < 2:
        return {}
    return {region: size or Fraction(1) for region, size in sizes.items()}


def season_table(season: Season, events: list[Event] | None = None) -> dict[str, Any]:
    """The lines, best first; the members not yet ranked; the season's words.
    ``events``: the season's evenings, where the caller has them already."""
    if events is None:
        events = list(season.events())
    per_region = scales(events)
    region = {e.pk: e.region for e in events}
    best_n = season.attendance == "best" and bool(season.count)
    # One row a member (a member and region where regions mix), or a member
    # and evening where the best N evenings count: 64 rows, not 1,920.
    by = ["entrant__club_player__member"]
    if best_n:
        by.append("event_id")
    elif per_region:
        by.append("event__region")
    grouped = (
        SeatResult.objects.filter(
            event_id__in=list(region), entrant__club_player__member__club_id=season.club_id
        )
        .values(*by)
        .annotate(
            points=Sum("points12"),
            money=Sum("money"),
            n=Count("pk"),
            nights=Count("event_id", distinct=True),
            firsts=Count("pk", filter=Q(place=1)),
            seconds=Count("pk", filter=Q(place=2)),
            thirds=Count("pk", filter=Q(place=3)),
        )
        .order_by()
    )
    lines: dict[int, Line] = {}
    nights: dict[int, list[tuple[int, Fraction]]] = {}
    for row in grouped:
        member = row["entrant__club_player__member"]
        line = lines.setdefault(member, Line(member, ""))
        money = Fraction(row["money"] or 0)
        if per_region:
            place = row.get("event__region") or region[row["event_id"]]
            money = money * NORMAL / per_region[place]
        line.points12 += row["points"] or 0
        line.money += money
        line.evenings += row["nights"]  # the groups of a member hold different evenings
        line.table_rounds += row["n"]
        line.places[0] += row["firsts"]
        line.places[1] += row["seconds"]
        line.places[2] += row["thirds"]
        nights.setdefault(member, []).append((row["points"] or 0, money))
    members = Member.objects.only("name", "mu", "sigma", "rated").in_bulk(list(lines))
    for line in lines.values():
        line.member = members[line.member_id]
        line.name = line.member.name
        if best_n:
            best = sorted(nights[line.member_id], key=lambda n: (-n[0], -n[1]))[: season.count]
            line.points12 = Fraction(sum(n[0] for n in best), season.count)
            line.money = Fraction(sum((n[1] for n in best), Fraction(0))) / season.count
        else:
            line.ranked = line.evenings >= season.count
    ranked = sorted((x for x in lines.values() if x.ranked), key=lambda x: (x.key(), x.name))
    for i, line in enumerate(ranked):
        level = i and ranked[i - 1].key() == line.key()
        line.rank = ranked[i - 1].rank if level else i + 1
    for a, b in pairwise(ranked):
        if a.rank == b.rank:
            a.tied = b.tied = True
    waiting = sorted(
        (x for x in lines.values() if not x.ranked), key=lambda x: (-x.evenings, x.key(), x.name)
    )
    return {
        "lines": ranked,
        "waiting": waiting,
        "evenings": len(events),
        "mixed": bool(per_region),
        "scales": per_region,
    }


def money_text(money: Fraction, mixed: bool) -> str:
    """比赛分 as shown: whole money, or the normalised points to one decimal."""
    if not mixed and money.denominator == 1:
        return str(money.numerator)
    return f"{float(money):.1f}"
