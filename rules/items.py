"""Scoring items as data, and the one function that applies exclusions.

A region's table is a tuple of ``Item`` records in the seed's order. Each
names the seed's term, its value, the rule it cites and the items it
replaces; the check is a plain function of the scoring context. Nothing
region-specific lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from rules.hand import ItemLine


class Hit(NamedTuple):
    """What a check found: how many times, which value (明/暗), and a why."""

    times: int = 1
    variant: str = ""
    detail: str = ""
    # Occurrences that differ in variant (楚州: one 明 and one 暗 老少付), one each.
    parts: tuple[str, ...] = ()


# A check returns a Hit, a count (0 = the item is absent) or a bool.
Check = Callable[[Any], "Hit | int | bool | None"]


@dataclass(frozen=True)
class Item:
    key: str
    name: str  # the seed's own term
    value: int | Mapping[str, int]  # one value, or per variant (e.g. {"ming": 2, "an": 4})
    unit: str  # 番, 胡, 台, 倍
    rule: str  # the seed rule it cites, e.g. "000 胡數計算"
    check: Check
    why: str = ""  # one line in plain words: when it counts
    quote: str = ""  # the seed's own sentence (or the rules file's, for a house rule)
    reading: str = ""  # how the rules file reads the seed here, where it adds a reading
    replaces: tuple[str, ...] = ()
    # A boolean house-rule option that, when on, lifts this item's replacements.
    replaces_unless: str = ""
    names: Mapping[str, str] | None = None  # per-variant name (楚州 明/暗 terms)
    # The sets that earn it in the reading that won (``rules.shows``), where
    # the shared one for its key does not say it.
    shows: Callable[[Any], tuple[tuple[int, ...], ...]] | None = None

    @property
    def house_rule(self) -> str:
        """The option that switches the item on, where only a house rule
        scores it (its rule cites the rules file's option); "" otherwise."""
        _, sep, option = self.rule.partition(".md option ")
        return option if sep else ""

    def value_of(self, variant: str) -> int:
        return self.value if isinstance(self.value, int) else self.value[variant]

    def name_of(self, variant: str) -> str:
        return self.names[variant] if self.names and variant in self.names else self.name

    def line(self, hit: Hit) -> ItemLine:
        if hit.parts:
            total = sum(self.value_of(v) for v in hit.parts)
            variants = set(hit.parts)
            name = self.name_of(hit.parts[0]) if len(variants) == 1 else self.name
            detail = hit.detail or self.why
            if len(hit.parts) > 1:
                each = " + ".join(self.name_of(v) for v in hit.parts)
                detail = f"{detail} ({each})"
            return ItemLine(self.key, name, total, self.unit, detail, self.rule, len(hit.parts))
        detail = hit.detail or self.why
        if hit.times > 1 and not hit.detail:
            detail = f"{self.why} (× {hit.times})" if self.why else f"× {hit.times}"
        value = self.value_of(hit.variant) * hit.times
        return ItemLine(
            self.key, self.name_of(hit.variant), value, self.unit, detail, self.rule, hit.times
        )


ONCE = Hit()


def as_hit(found: Hit | int | bool | None) -> Hit | None:
    if not found:
        return None
    if found is True:
        return ONCE
    if isinstance(found, Hit):
        return found if found.times and (found.parts or found.times) else None
    return Hit(times=int(found))


def sum_of(lines: Sequence[ItemLine]) -> str:
    """``10 + 2 + 4``: the values that count, as a total's formula shows them."""
    return " + ".join(str(line.value) for line in lines if line.value)


def exclusion_order(items: Sequence[Item]) -> tuple[str, ...]:
    """Keys ordered so every item comes after all items that replace it.

    Computed once per table; a cycle in ``replaces`` is a table error.
    """
    keys = [i.key for i in items]
    known = set(keys)
    replaced_by: dict[str, list[str]] = {k: [] for k in keys}
    for item in items:
        for r in item.replaces:
            if r not in known:
                raise ValueError(f"{item.key} replaces unknown item {r}")
            replaced_by[r].append(item.key)
    order: list[str] = []
    state: dict[str, int] = {}

    def visit(k: str) -> None:
        if state.get(k) == 2:
            return
        if state.get(k) == 1:
            raise ValueError(f"items replace each other in a cycle through {k}")
        state[k] = 1
        for parent in replaced_by[k]:
            visit(parent)
        state[k] = 2
        order.append(k)

    for k in keys:
        visit(k)
    return tuple(order)


def replacers_of(items: Sequence[Item]) -> dict[str, tuple[Item, ...]]:
    """For each replaced key, the items that replace it."""
    out: dict[str, list[Item]] = {}
    for item in items:
        for r in item.replaces:
            out.setdefault(r, []).append(item)
    return {k: tuple(v) for k, v in out.items()}


def resolve(
    table: Sequence[Item],
    order: Sequence[str],
    found: Mapping[str, Hit],
    opts: object = None,
    replacers: Mapping[str, tuple[Item, ...]] | None = None,
    by_key: Mapping[str, Item] | None = None,
) -> list[ItemLine]:
    """Lines for every found item, in the order found (the engine finds them
    in table order); replaced ones at value 0.

    An item is dropped when an item that counts replaces it; a dropped item
    drops nothing itself, so the reason always names an item that counts.
    A replacer whose ``replaces_unless`` option is on replaces nothing.
    """
    if replacers is None:
        replacers = replacers_of(table)
    dropped: dict[str, Item] = {}
    if any(k in replacers for k in found):
        kept: set[str] = set()
        for key in order:
            if key not in found:
                continue
            by = next(
                (
                    p
                    for p in replacers.get(key, ())
                    if p.key in kept
                    and not (p.replaces_unless and getattr(opts, p.replaces_unless, False))
                ),
                None,
            )
            if by is None:
                kept.add(key)
            else:
                dropped[key] = by
    if by_key is None:
        by_key = {item.key: item for item in table}
    lines: list[ItemLine] = []
    for key, hit in found.items():
        item = by_key[key]
        line = item.line(hit)
        winner = dropped.get(item.key)
        if winner is not None:
            line = ItemLine(
                line.key,
                line.name,
                0,
                line.unit,
                f"replaced by {winner.name}",
                line.rule,
                line.times,
                dropped_by=winner.key,
            )
        lines.append(line)
    return lines
