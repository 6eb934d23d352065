"""What the season app offers other apps.

``evening_points(event)``: whether an evening belongs to a season of a club,
and each of its players' 标准分 that evening (4/2/1/0 per table-round by
money, ties sharing), as ``EveningPoints`` — for a picture of the evening's
results that shows 标准分 where a season is kept."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from calculator.events.models import Event
from calculator.season.models import Evening, SeatResult
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


def evening_points(event: Event) -> EveningPoints:
    evening = Evening.objects.filter(event=event).select_related("club").first()
    if evening is None:
        return EveningPoints(False)
    in_season = any(s.events().filter(pk=event.pk).exists() for s in evening.club.seasons.all())
    points: dict[int, Fraction] = {}
    for entrant, twelfths in SeatResult.objects.filter(event=event).values_list(
        "entrant_id", "points12"
    ):
        points[entrant] = points.get(entrant, Fraction(0)) + Fraction(twelfths, TWELFTHS)
    return EveningPoints(in_season, evening.club.name, points)


__all__ = ["EveningPoints", "evening_points"]
