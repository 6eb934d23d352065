"""Readings: the same hand under the region's other house rules.

A dispute at the table is about a reading: "we play 对宝 as 自摸 here".
Asked for (``"readings": true``), a score also says which house rules would
change it and to what (``shared/spec/hand-format.md``, "Readings"): each
value of each of the region's options other than the hand's own is tried,
in the order the region declares its options and then their values —
a choice at every value, a switch flipped, a number at the values its
rules file names as table variants (``rules.options.number``). An entry is
kept where the total or a seat's net differs from the hand's own.

Each value is scored from the hand already validated: the options object
with one field replaced, the region's own check of the hand under them (the
one part of validation that reads the options), then the engine's outcome,
so a reading is exactly what scoring the request again with
``rules[option] = value`` gives, and costs one run of the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from rules.hand import Hand, Reading
from rules.options import describe
from rules.regions import REGIONS

# The engine's outcome of a validated hand (``rules.engine.outcome``): passed
# in, since the engine is what asks for the readings.
Outcome = Callable[[Hand, Any], dict[str, Any]]


def values_tried(opts: Any) -> list[tuple[str, Any]]:
    """(option, value) for every value tried, in the spec's order."""
    tried: list[tuple[str, Any]] = []
    options_type: type = type(opts)
    for info in describe(options_type):
        current = getattr(opts, info.name)
        values: tuple[Any, ...]
        if info.kind == "choice":
            values = info.choices
        elif info.kind == "bool":
            values = (not current,)
        else:
            values = info.variants
        tried += [(info.name, v) for v in values if v != current]
    return tried


def readings_of(hand: Hand, opts: Any, own: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """``readings_tried`` and ``readings`` for a hand that scored (``own``: its
    outcome), as the fields of a ``Score``."""
    region = REGIONS[hand.region]
    tried = values_tried(opts)
    found: list[Reading] = []
    own_net = dict(own["net"])
    for name, value in tried:
        other_opts = dataclasses.replace(opts, **{name: value})
        other = dataclasses.replace(hand, rules={**hand.rules, name: value})
        # A value under which the hand does not score (the region refuses it,
        # e.g. 三门's 买码 without its flipped tile, or amount_too_large) has
        # no winning, total or net to show: it is counted as tried, not listed.
        if region.check_hand(other, other_opts):
            continue
        got = outcome(other, other_opts)
        if not got["ok"]:
            continue
        net = dict(got["net"])
        # The spec lists a value that changes the total or a seat's net; one
        # that would flip ``winning`` alone, moving no money, is not listed.
        if got["total"] == own["total"] and net == own_net:
            continue
        found.append(Reading(name, value, got["winning"], got["total"], got["unit"], net))
    return {"readings_tried": len(tried), "readings": tuple(found)}
