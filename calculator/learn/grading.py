"""Grading a drill answer against the engine's score: pure functions.

An item counts as *scored* when its line in the breakdown has a value and
was not replaced by another item (``dropped_by``): a dropped line shows on
the calculator, struck through, but adds nothing, so ticking it is wrong.
Lines that are no item of the region (a cap) are never asked about.

- items: ``right`` ticked and scored, ``missed`` scored and not ticked,
  ``wrong`` ticked and not scored; an item neither is left out;
- total: right iff the number equals ``Score.total``;
- who pays whom: right per seat iff the seat's net equals ``Score.net``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.hand import Score
from rules.regions import REGIONS

RIGHT, MISSED, WRONG = "right", "missed", "wrong"


def scored_items(score: Score) -> list[str]:
    """The region's items the score counts, in the breakdown's order."""
    region = REGIONS[score.region]
    return [
        line.key
        for line in score.items
        if line.value and not line.dropped_by and line.key in region.by_key
    ]


def grade_items(score: Score, ticked: Iterable[str]) -> dict[str, str]:
    scored = scored_items(score)
    chosen = set(ticked)
    out = {key: RIGHT if key in chosen else MISSED for key in scored}
    region = REGIONS[score.region]
    for key in sorted(chosen - set(scored), key=_order(score.region)):
        if key in region.by_key:
            out[key] = WRONG
    return out


def _order(region_key: str) -> Any:
    keys = [item.key for item in REGIONS[region_key].items]
    return lambda key: keys.index(key) if key in keys else len(keys)


def grade_total(score: Score, answered: int | None, asked: int | None = None) -> bool:
    """``asked``: the number the question asked for, where it is not the
    score's total (三门's headline is what each of the others pays)."""
    expected = score.total if asked is None else asked
    return answered is not None and answered == expected


def seats_of(score: Score) -> list[str]:
    return list(score.net) if score.net else []


def grade_payments(score: Score, answered: Mapping[str, int | None]) -> dict[str, bool]:
    """Each seat of the table: is its net answered as the score has it?
    A seat left blank is wrong (a seat that neither pays nor collects is 0)."""
    return {seat: answered.get(seat) == net for seat, net in score.net.items()}


@dataclass(frozen=True)
class Graded:
    level: str
    items: dict[str, str] = field(default_factory=dict)
    total_right: bool | None = None
    seats_right: dict[str, bool] | None = None

    @property
    def right(self) -> bool:
        if self.level == "items":
            return all(v == RIGHT for v in self.items.values())
        if self.level == "total":
            return bool(self.total_right)
        return bool(self.seats_right) and all((self.seats_right or {}).values())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"items": self.items}
        if self.total_right is not None:
            out["total_right"] = self.total_right
        if self.seats_right is not None:
            out["seats_right"] = self.seats_right
        return out


def grade(
    level: str, score: Score, answer: Mapping[str, Any], asked_total: int | None = None
) -> Graded:
    """``answer``: ``{"items": [...]}``, ``{"total": n}`` or ``{"net": {seat: n}}``
    (a number not given is ``None``); ``asked_total``: the number the total
    question asked for, where it is not ``score.total``."""
    if level == "items":
        return Graded(level, items=grade_items(score, answer.get("items", ())))
    if level == "total":
        return Graded(level, total_right=grade_total(score, answer.get("total"), asked_total))
    if level == "payments":
        return Graded(level, seats_right=grade_payments(score, answer.get("net", {})))
    raise ValueError(f"no such level: {level}")
