"""The item record and the one function that applies exclusions."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rules.items import Hit, Item, exclusion_order, resolve


def item(key: str, value: int = 1, replaces: tuple[str, ...] = (), unless: str = "") -> Item:
    return Item(
        key,
        key.upper(),
        value,
        "番",
        "test",
        lambda ctx: True,
        replaces=replaces,
        replaces_unless=unless,
    )


def lines_of(table: tuple[Item, ...], found: list[str], opts: object = None) -> dict[str, int]:
    got = resolve(table, exclusion_order(table), {k: Hit() for k in found}, opts)
    return {line.key: line.value for line in got}


def test_a_replaced_item_stays_listed_at_zero_with_the_reason() -> None:
    table = (item("big", 5, replaces=("small",)), item("small", 2))
    got = resolve(table, exclusion_order(table), {"big": Hit(), "small": Hit()})
    assert [(line.key, line.value) for line in got] == [("big", 5), ("small", 0)]
    assert got[1].detail == "replaced by BIG" and got[1].dropped_by == "big"


def test_a_dropped_item_drops_nothing_itself() -> None:
    table = (item("a", replaces=("b",)), item("b", replaces=("c",)), item("c"))
    assert lines_of(table, ["a", "b", "c"]) == {"a": 1, "b": 0, "c": 1}
    assert lines_of(table, ["b", "c"]) == {"b": 1, "c": 0}


def test_order_does_not_depend_on_the_table_order() -> None:
    table = (item("c"), item("b", replaces=("c",)), item("a", replaces=("b",)))
    assert lines_of(table, ["a", "b", "c"]) == {"a": 1, "b": 0, "c": 1}


def test_an_option_can_lift_a_replacement() -> None:
    @dataclass(frozen=True)
    class Opts:
        add_up: bool

    table = (item("four", 2, replaces=("one",), unless="add_up"), item("one", 1))
    assert lines_of(table, ["four", "one"], Opts(add_up=False)) == {"four": 2, "one": 0}
    assert lines_of(table, ["four", "one"], Opts(add_up=True)) == {"four": 2, "one": 1}


def test_counts_and_variants() -> None:
    table = (
        Item(
            "k",
            "坎",
            {"ming": 10, "an": 20},
            "番",
            "t",
            lambda c: True,
            names={"ming": "明坎", "an": "暗坎"},
        ),
    )
    (line,) = resolve(table, exclusion_order(table), {"k": Hit(times=2, variant="an")})
    assert (line.name, line.value, line.times) == ("暗坎", 40, 2)
    (mixed,) = resolve(table, exclusion_order(table), {"k": Hit(parts=("ming", "an"))})
    assert (mixed.name, mixed.value, mixed.times) == ("坎", 30, 2)


def test_tables_are_checked_when_built() -> None:
    with pytest.raises(ValueError, match="cycle"):
        exclusion_order((item("a", replaces=("b",)), item("b", replaces=("a",))))
    with pytest.raises(ValueError, match="unknown"):
        exclusion_order((item("a", replaces=("zzz",)),))
