"""What a club's season adds to an evening, given by the season app.

The layers run season > events: the season app may read an evening, an
evening may not import the season. So the season registers its answers here
in its ``AppConfig.ready()``, and the evening asks through these functions.
With nothing registered (or an evening no season keeps) the evening stands
alone: no 标准分 column, no earlier meetings to avoid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from calculator.events.models import Event

Pair = tuple[int, int]  # two entrant ids of one evening, smaller first


@dataclass(frozen=True)
class SeasonHooks:
    # entrant id → 标准分 as read ("3", "2.5"), or None where no season keeps the evening
    standard: Callable[[Event], Mapping[int, str] | None]
    # pairs of this evening's entrants → how often the same two sat at one
    # table-round at the season's earlier evenings
    met_before: Callable[[Event], Mapping[Pair, int]]


_registered: list[SeasonHooks] = []


def register(hooks: SeasonHooks) -> None:
    """The season app's answers (registered again, e.g. by a reloaded app,
    they replace the earlier ones rather than counting twice)."""
    _registered[:] = [hooks]


def standard_points(event: Event) -> Mapping[int, str] | None:
    """Each player's 标准分 this evening, where a season keeps it."""
    return _registered[0].standard(event) if _registered else None


def met_before(event: Event) -> Mapping[Pair, int]:
    """Who sat together at the season's earlier evenings, as this evening's entrants."""
    return _registered[0].met_before(event) if _registered else {}
