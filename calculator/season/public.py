"""What the season app offers other apps.

``evening_points(event)``: whether an evening belongs to a season of a club,
and each of its players' 标准分 that evening (4/2/1/0 per table-round by
money, ties sharing), as ``EveningPoints`` — for a picture of the evening's
results that shows 标准分 where a season is kept.

``standard_texts`` and ``met_before`` are what the evening asks through
``calculator.events.season_hooks`` (registered in ``SeasonConfig.ready``):
the 标准分 column of its results, and who sat together earlier in the season
for its seat draw."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, product

from django.db.models import Q

from calculator.events.models import Event
from calculator.season.models import Evening, Player, Season, SeatResult
from calculator.season.placings import TWELFTHS, shown


@dataclass(frozen=True)
class EveningPoints:
    in_season: bool  # the evening is kept by a club and falls in one of its seasons
    club: str = ""  # the club's name ("" when none keeps it)
    # entrant pk → 标准分 that evening (Fraction: 2.5, 7/3 …)
    points: dict[int, Fraction] = field(default_factory=dict)

    def text(self, entrant_id: int) -> str:
        """A player's 标准分 as read: 3, 2.5, 2.33."""
        return shown(self.points.get(entrant_id, Fraction(0)) * TWELFTHS)


def _seasons_of(event: Event, evening: Evening) -> list[Season]:
    return [s for s in evening.club.seasons.all() if s.events().filter(pk=event.pk).exists()]


def evening_points(event: Event) -> EveningPoints:
    evening = Evening.objects.filter(event=event).select_related("club").first()
    if evening is None:
        return EveningPoints(False)
    in_season = bool(_seasons_of(event, evening))
    points: dict[int, Fraction] = {}
    for entrant, twelfths in SeatResult.objects.filter(event=event).values_list(
        "entrant_id", "points12"
    ):
        points[entrant] = points.get(entrant, Fraction(0)) + Fraction(twelfths, TWELFTHS)
    return EveningPoints(in_season, evening.club.name, points)


def standard_texts(event: Event) -> dict[int, str] | None:
    """Each entrant's 标准分 as read, every entrant of the evening included
    (0 before they play); None where no season keeps the evening."""
    found = evening_points(event)
    if not found.in_season:
        return None
    return {pk: found.text(pk) for pk in event.entrants.values_list("pk", flat=True)}


def met_before(event: Event) -> Mapping[tuple[int, int], int]:
    """Pairs of this evening's entrants → the table-rounds the same two members
    shared at the earlier evenings of every season this evening is in.

    Members are who is counted across evenings (a guest is a new person each
    evening); a table-round counts once it has a hand (its kept rows)."""
    evening = Evening.objects.filter(event=event).select_related("club").first()
    seasons = _seasons_of(event, evening) if evening is not None else []
    if not seasons:
        return {}
    earlier = Q(date__lt=event.date) | Q(date=event.date, pk__lt=event.pk)
    events: set[int] = set()
    for season in seasons:
        events.update(season.events().filter(earlier).values_list("pk", flat=True))
    entrants: dict[int, list[int]] = defaultdict(list)  # member → this evening's entrants
    for entrant, member in Player.objects.filter(
        entrant__event=event, member__isnull=False
    ).values_list("entrant_id", "member_id"):
        entrants[member].append(entrant)
    if not events or not entrants:
        return {}
    tables: dict[int, set[int]] = defaultdict(set)
    for table, member in SeatResult.objects.filter(
        event_id__in=events, entrant__club_player__member_id__in=list(entrants)
    ).values_list("table_id", "entrant__club_player__member_id"):
        tables[table].add(member)
    met: Counter[tuple[int, int]] = Counter()
    for members in tables.values():
        for a, b in combinations(sorted(members), 2):
            for x, y in product(entrants[a], entrants[b]):
                met[(x, y) if x < y else (y, x)] += 1
    return dict(met)


__all__ = ["EveningPoints", "evening_points", "met_before", "standard_texts"]
