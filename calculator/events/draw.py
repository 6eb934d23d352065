"""Seat draws for a round of an event: who sits at which table, in which seat.

Plain Python over player ids, so the rules of a draw can be read and tested
on their own:

- ``random``: shuffled, tables filled in turn;
- ``snake`` (蛇形): by standing, table 1 takes the 1st, the 2nd table the 2nd …
  and back again, so every table has strong and weak players;
- ``high_high`` (高高碰): by standing, the top players together at table 1,
  the next at table 2, and so on;
- ``fresh``: as few repeated opponents as the roster allows — a local search
  that swaps players between tables while that lowers the number of pairs who
  have already met.

Every draw then draws the seat winds at each table. A draw is reproducible
from its ``seed``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

SEATS = ("E", "S", "W", "N")
METHODS = ("random", "snake", "high_high", "fresh")
# The search's budget of swaps; it stops early once nobody meets again.
STEPS = 200_000

Table = list[int]  # player ids, in seat order E S W N
Pair = tuple[int, int]


def table_sizes(players: int, size: int) -> list[int]:
    """Tables of ``size``; where the count does not divide, some tables take one
    fewer (only where the region plays with fewer, e.g. 三门)."""
    if players <= 0:
        return []
    tables = -(-players // size)
    sizes = [size] * tables
    for i in range(tables * size - players):
        sizes[-1 - i % tables] -= 1
    return sizes


def _chunks(order: Sequence[int], sizes: Sequence[int]) -> list[Table]:
    out, start = [], 0
    for n in sizes:
        out.append(list(order[start : start + n]))
        start += n
    return out


def pairs_of(tables: Iterable[Sequence[int]]) -> Counter[Pair]:
    """Every pair of players who sit at one table, counted."""
    met: Counter[Pair] = Counter()
    for table in tables:
        for a, b in combinations(sorted(table), 2):
            met[(a, b)] += 1
    return met


def repeats(tables: Iterable[Sequence[int]], before: Mapping[Pair, int]) -> int:
    """How many pairs at these tables have met before (each earlier meeting counts)."""
    return sum(before.get(pair, 0) * n for pair, n in pairs_of(tables).items())


def repeated_pairs(tables: Iterable[Sequence[int]], before: Mapping[Pair, int]) -> int:
    """How many pairs at these tables sat together before (a pair counts once,
    however often it met): what a draw says it could not avoid."""
    return sum(1 for pair in pairs_of(tables) if before.get(pair, 0))


def draw(
    players: Sequence[int],
    size: int,
    method: str,
    *,
    standing: Sequence[int] = (),
    met: Mapping[Pair, int] | None = None,
    rounds_left: int = 1,
    seed: int = 0,
) -> list[Table]:
    """Tables for a round, each in seat order (its winds drawn).

    ``standing``: the players best first (for ``snake`` and ``high_high``);
    ``met``: how often each pair has sat together in earlier rounds (this
    evening's, and the season's earlier evenings' where one is kept), and
    ``rounds_left`` how many rounds are still to be drawn, this one included
    (``fresh``).
    """
    rng = random.Random(seed)
    sizes = table_sizes(len(players), size)
    if method == "random":
        order = list(players)
        rng.shuffle(order)
        tables = _chunks(order, sizes)
    elif method in ("snake", "high_high"):
        ranked = [p for p in standing if p in set(players)]
        ranked += [p for p in players if p not in set(ranked)]
        tables = _snake(ranked, sizes) if method == "snake" else _chunks(ranked, sizes)
    elif method == "fresh":
        tables = _fresh(list(players), sizes, met or {}, rng, rounds_left)
    else:
        raise ValueError(f"unknown draw method {method!r}")
    for table in tables:
        rng.shuffle(table)  # the seat winds
    return tables


def _snake(ranked: Sequence[int], sizes: Sequence[int]) -> list[Table]:
    tables: list[Table] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    i = 0
    for player in ranked:
        while len(tables[order[i % len(order)]]) >= sizes[order[i % len(order)]]:
            i += 1
        tables[order[i % len(order)]].append(player)
        i += 1
        if i % len(order) == 0:
            order.reverse()
    return tables


def _fresh(
    players: list[int],
    sizes: Sequence[int],
    met: Mapping[Pair, int],
    rng: random.Random,
    rounds_left: int,
) -> list[Table]:
    """Plan this round and the ones still to come together, so that no round
    is drawn into a corner the next cannot leave; keep this round's tables.

    Simulated annealing over swaps of two players at two tables of one round;
    the cost is every extra meeting of a pair (a pair met c times costs
    c(c-1)/2), so a swap changes only the pairs of its two players."""
    count: Counter[Pair] = Counter(met)
    plan = []
    for _ in range(max(1, rounds_left)):
        order = players[:]
        rng.shuffle(order)
        tables = _chunks(order, sizes)
        plan.append(tables)
        count.update(pairs_of(tables))
    cost = sum(c * (c - 1) // 2 for c in count.values())
    # What pairs who met more than once before cost whatever is drawn: the
    # search is done when it is down to that, not only at zero (a season's
    # earlier evenings often hold such pairs, and would spend every step).
    floor = sum(c * (c - 1) // 2 for c in met.values())
    best, best_cost = [t[:] for t in plan[0]], cost
    temperature = 2.0
    for _step in range(STEPS):
        if cost <= floor or len(sizes) < 2:
            break
        tables = plan[rng.randrange(len(plan))]
        t1, t2 = rng.sample(range(len(tables)), 2)
        i, j = rng.randrange(len(tables[t1])), rng.randrange(len(tables[t2]))
        a, b = tables[t1][i], tables[t2][j]
        stay1 = [p for k, p in enumerate(tables[t1]) if k != i]
        stay2 = [p for k, p in enumerate(tables[t2]) if k != j]
        delta = sum(count[_pair(b, p)] - count[_pair(a, p)] + 1 for p in stay1)
        delta += sum(count[_pair(a, p)] - count[_pair(b, p)] + 1 for p in stay2)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            for p in stay1:
                count[_pair(a, p)] -= 1
                count[_pair(b, p)] += 1
            for p in stay2:
                count[_pair(b, p)] -= 1
                count[_pair(a, p)] += 1
            tables[t1][i], tables[t2][j] = b, a
            cost += delta
            if cost < best_cost:
                best, best_cost = [t[:] for t in plan[0]], cost
        temperature = max(0.05, temperature * 0.99995)
    return best


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def swap(tables: Sequence[Sequence[int]], a: int, b: int) -> list[Table]:
    """The tables with players ``a`` and ``b`` exchanged, seats and all."""
    out = [list(t) for t in tables]
    for table in out:
        for i, p in enumerate(table):
            if p == a:
                table[i] = b
            elif p == b:
                table[i] = a
    return out
