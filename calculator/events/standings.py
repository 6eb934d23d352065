"""The standings of an event: each player's money across rounds, and where the
event counts them, rank points per table-round with money breaking ties.

Rank points (e.g. 4/2/1/0) go by the money at each table of a round; players
tied there share the points of the places they tie for (two tied for first at
4/2/1/0 get 3 each). Penalties are a referee's adjustments with a reason: they
change a player's money, and a round whose money no longer sums to zero says
so rather than hiding it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from calculator.events.models import Entrant, Event, Penalty, Round, Seating, Table
from calculator.events.season_hooks import standard_points


@dataclass
class Line:
    entrant: Entrant
    money: int = 0
    points: Fraction = Fraction(0)
    played: int = 0  # table-rounds
    by_round: dict[int, int] = field(default_factory=dict)  # round number → money
    penalties: int = 0
    rank: int = 0
    tied: bool = False  # shares its place with another line
    standard: str = ""  # 标准分 this evening, where a season keeps it (``with_standard``)

    @property
    def shown_points(self) -> str:
        return points_text(self.points)


def shared_points(money: dict[int, int], points: list[int]) -> dict[int, Fraction]:
    """Each player's rank points at one table: ties share the places they hold."""
    ordered = sorted(money, key=lambda p: -money[p])
    out: dict[int, Fraction] = {}
    place = 0
    while place < len(ordered):
        tied = [p for p in ordered if money[p] == money[ordered[place]]]
        held = [
            Fraction(points[i]) if i < len(points) else Fraction(0)
            for i in range(place, place + len(tied))
        ]
        for p in tied:
            out[p] = sum(held, Fraction(0)) / len(tied)
        place += len(tied)
    return out


def standings(event: Event) -> dict[str, Any]:
    """The lines, best first, and each round's sum (zero unless penalised)."""
    lines = {e.pk: Line(e) for e in event.entrants.all()}
    rounds: dict[int, int] = defaultdict(int)
    # Plain values, not model instances: the page is asked for after every
    # hand at every table, and an instance per table, session and seat cost
    # most of its time late in an evening. A table's money is its session's
    # kept totals, so nothing here grows with the hands played.
    played = Table.objects.filter(round__event=event, session__hands_played__gt=0)
    seated: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for table, seat, entrant in Seating.objects.filter(table__in=played).values_list(
        "table_id", "seat", "entrant_id"
    ):
        seated[table].append((seat, entrant))
    for table, number, totals in played.values_list("pk", "round__number", "session__totals"):
        money = {entrant: int((totals or {}).get(seat, 0)) for seat, entrant in seated[table]}
        for pk, amount in money.items():
            line = lines[pk]
            line.money += amount
            line.played += 1
            line.by_round[number] = line.by_round.get(number, 0) + amount
            rounds[number] += amount
        if event.scoring == "rank":
            for pk, points in shared_points(money, list(event.rank_points)).items():
                lines[pk].points += points
    for entrant, amount, number in Penalty.objects.filter(event=event).values_list(
        "entrant_id", "amount", "round__number"
    ):
        line = lines[entrant]
        line.money += amount
        line.penalties += amount
        if number is not None:
            rounds[number] += amount

    def score(line: Line) -> tuple[Fraction | int, ...]:
        return (-line.points, -line.money) if event.scoring == "rank" else (-line.money,)

    ordered = sorted(lines.values(), key=lambda line: (score(line), line.entrant.pk))
    # Players level on what counts share a place ("1, 1, 3"): the order they
    # were typed in is no ranking, and before any hand everyone is level.
    for i, line in enumerate(ordered):
        level = i and score(ordered[i - 1]) == score(line)
        line.rank = ordered[i - 1].rank if level else i + 1
    for a, b in pairwise(ordered):
        if a.rank == b.rank:
            a.tied = b.tied = True
    played_rounds = list(
        Round.objects.filter(event=event, started=True).values_list("number", flat=True)
    )
    return {
        "lines": ordered,
        "rounds": [{"number": n, "sum": rounds.get(n, 0)} for n in played_rounds],
        "unbalanced": [n for n in played_rounds if rounds.get(n, 0)],
    }


def with_standard(table: dict[str, Any], event: Event) -> dict[str, Any]:
    """The standings with each line's 标准分 where a season keeps the evening
    (``table["standard"]`` says whether to show the column), for the pages
    and the picture to read the same numbers."""
    shown = standard_points(event)
    table["standard"] = shown is not None
    for line in table["lines"]:
        line.standard = shown.get(line.entrant.pk, "0") if shown is not None else ""
    return table


def points_text(points: Fraction) -> str:
    """Rank points as a player reads them: 3, 2.5, 1⅓ → 1.33."""
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0").rstrip(".")
