"""A referee's session: hands replayed in order, the table carried between them.

Each recorded hand keeps only what happened in it; the dealer and the table
state that carries over (针, 老庄, the 包五家 streak …) come from the hands
before it. So correcting or deleting a hand changes everything after it by
simply replaying, and totals are always the engine's own payments summed.

A hand may keep a ``dealer`` of its own: the referee's word that the table
got out of step and this hand was dealt by someone else. It is scored with
that dealer, and the deal goes on from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from rules.engine import score_json
from rules.hand import seat_order
from rules.regions import REGIONS

# Table keys a hand hands on to the next (the rest belong to one hand).
CARRIED = (
    "zhen",
    "lao_zhuang",
    "baowu_streak_seat",
    "baowu_streak_wins",
    "round_wind",
    "first_dealer",
)


@dataclass(frozen=True)
class Step:
    number: int  # 1-based position in the session
    request: Mapping[str, Any]  # the hand as scored, dealer and table filled in
    result: Mapping[str, Any]  # the engine's score JSON
    totals: Mapping[str, int]  # each seat's running total after this hand
    dealt: Mapping[str, Any] = field(default_factory=dict)  # the table the deal handed it

    @property
    def dealer_set(self) -> bool:
        """The referee set this hand's dealer, against the deal."""
        return self.request.get("dealer") != self.dealt.get("dealer")


@dataclass(frozen=True)
class Replay:
    steps: tuple[Step, ...]
    totals: Mapping[str, int]
    table: Mapping[str, Any]  # what the next hand starts with, dealer included
    errors: tuple[tuple[int, Any], ...] = field(default=())  # (hand number, errors)


def replay(
    region: str,
    players: int,
    rules: Mapping[str, Any],
    start: Mapping[str, Any],
    hands: Iterable[Mapping[str, Any]],
) -> Replay:
    """Score the hands in order; ``start`` is the first hand's table (dealer included)."""
    seats = seat_order(players)
    table: dict[str, Any] = {"dealer": start.get("dealer", "E")}
    table.update({k: v for k, v in start.items() if k in CARRIED and v is not None})
    if "first_dealer" in REGIONS[region].table_keys:
        # The round's wind moves on when the deal is back with the session's first dealer.
        table.setdefault("first_dealer", table["dealer"])
    totals = dict.fromkeys(seats, 0)
    steps: list[Step] = []
    errors: list[tuple[int, Any]] = []
    for number, hand in enumerate(hands, start=1):
        dealt = dict(table)
        request = fill(hand, region, players, rules, table)
        result = score_json(request)
        if result["ok"]:
            for seat, amount in result["net"].items():
                totals[seat] += amount
            nxt = result.get("next_table")
            if nxt:
                table = {"dealer": nxt.get("dealer", table["dealer"])}
                table.update({k: v for k, v in nxt.items() if k in CARRIED and v is not None})
        else:
            errors.append((number, result["errors"]))
        steps.append(Step(number, request, result, dict(totals), dealt))
    return Replay(tuple(steps), totals, table, tuple(errors))


def fill(
    hand: Mapping[str, Any],
    region: str,
    players: int,
    rules: Mapping[str, Any],
    table: Mapping[str, Any],
) -> dict[str, Any]:
    """A recorded hand made whole with the session's region, rules and table
    (and the dealer of the deal, unless the hand keeps its own)."""
    own_table = {k: v for k, v in (hand.get("table") or {}).items() if k not in CARRIED}
    carried = {k: v for k, v in table.items() if k in CARRIED}
    request = {k: v for k, v in hand.items() if k not in ("region", "players", "rules", "dealer")}
    request.update(
        region=region,
        players=players,
        rules=dict(rules),
        dealer=hand.get("dealer") or table.get("dealer", "E"),
        table={**own_table, **carried},
    )
    return request


def settle_up(totals: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Who pays whom at the end, in as few transfers as there can be.

    Seats split into as many groups as possible whose totals sum to zero;
    each group of k seats settles in k − 1 transfers, largest first.
    """
    seats = [s for s, v in totals.items() if v]
    groups = _zero_groups(seats, totals)
    out: list[tuple[str, str, int]] = []
    for group in groups:
        debtors = sorted((s for s in group if totals[s] < 0), key=lambda s: totals[s])
        creditors = sorted((s for s in group if totals[s] > 0), key=lambda s: -totals[s])
        owed = {s: -totals[s] for s in debtors}
        due = {s: totals[s] for s in creditors}
        i = j = 0
        while i < len(debtors) and j < len(creditors):
            payer, payee = debtors[i], creditors[j]
            amount = min(owed[payer], due[payee])
            out.append((payer, payee, amount))
            owed[payer] -= amount
            due[payee] -= amount
            if owed[payer] == 0:
                i += 1
            if due[payee] == 0:
                j += 1
    return out


def _zero_groups(seats: list[str], totals: Mapping[str, int]) -> list[list[str]]:
    """The most disjoint zero-sum groups covering the seats (tables are small)."""
    if not seats:
        return []
    first, rest = seats[0], seats[1:]
    best: list[list[str]] | None = None
    for size in range(len(rest) + 1):
        for others in combinations(rest, size):
            group = [first, *others]
            if sum(totals[s] for s in group) != 0:
                continue
            remaining = [s for s in rest if s not in others]
            found = [group, *_zero_groups(remaining, totals)]
            if best is None or len(found) > len(best):
                best = found
        if best is not None and len(best) == len(seats):
            break
    return best or [seats]
