"""The engine's frozen input and output records.

Input: a validated ``Hand`` (see ``rules.validate``). Output: a ``Score``.
Field names follow ``shared/spec/hand-format.md``; ``rules.report`` turns a
Score into the spec's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

SEATS = ("E", "S", "W", "N")
WIN_TYPES = ("self_draw", "discard", "robbing_kong", "draw")
MELD_TYPES = ("chi", "pong", "kong", "added_kong", "concealed_kong", "egg")
KONG_TYPES = ("kong", "added_kong", "concealed_kong")
COMMON_FLAGS = ("ready_declared", "kong_replacement", "last_tile", "heavenly", "earthly")

# 长春's 蛋 (meld type ``egg``): the tiles each kind is made of.
EGG_TILES = {
    "xuanfeng": (27, 28, 29, 30),
    "xi": (31, 32, 33),
    "yao": (0, 9, 18),
    "jiu": (8, 17, 26),
}
YAOJI = 18  # 幺鸡, 1s: may stand in (会) for a missing egg tile


def seat_order(players: int) -> tuple[str, ...]:
    return SEATS[:players]


def next_seat(seat: str, players: int = 4) -> str:
    order = seat_order(players)
    return order[(order.index(seat) + 1) % players]


def seat_wind(seat: str, dealer: str, players: int = 4, mode: str = "from_dealer") -> int:
    """0 = 东 … 3 = 北: the dealer is 东 and the winds follow play order."""
    if mode == "fixed":
        return SEATS.index(seat)
    order = seat_order(players)
    return (order.index(seat) - order.index(dealer)) % players


@dataclass(frozen=True, slots=True)
class Meld:
    type: str
    tiles: tuple[int, ...]
    from_seat: str | None = None
    kind: str | None = None  # 长春 egg kind
    hui: int = 0  # 长春: how many 1s in an egg stand in for a missing tile

    @property
    def is_kong(self) -> bool:
        return self.type in KONG_TYPES

    @property
    def is_concealed(self) -> bool:
        return self.type == "concealed_kong"

    @property
    def base_tiles(self) -> tuple[int, ...]:
        """The three tiles that make the meld a set (a kong counts as its triplet)."""
        return self.tiles[:3]


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    seat: str


@dataclass(frozen=True, init=False)
class Hand:
    region: str
    concealed: tuple[int, ...]
    win_tile: int | None
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    seat: str | None
    dealer: str
    win_by: str
    discarder: str | None
    flags: frozenset[str]
    events: tuple[Event, ...]
    players: int
    rules: Mapping[str, Any]
    table: Mapping[str, Any]
    other_melds: Mapping[str, tuple[Meld, ...]]

    # Written out rather than generated: the __init__ dataclasses generates
    # stays interpreted Python when this module is compiled, and it was a
    # third of validating a request. The defaults live here only.
    def __init__(
        self,
        region: str,
        concealed: tuple[int, ...],
        win_tile: int | None,
        melds: tuple[Meld, ...],
        flowers: tuple[int, ...],
        seat: str | None,
        dealer: str,
        win_by: str,
        discarder: str | None = None,
        flags: frozenset[str] = frozenset(),
        events: tuple[Event, ...] = (),
        players: int = 4,
        rules: Mapping[str, Any] | None = None,
        table: Mapping[str, Any] | None = None,
        other_melds: Mapping[str, tuple[Meld, ...]] | None = None,
    ) -> None:
        put = object.__setattr__  # frozen: the one way in
        put(self, "region", region)
        put(self, "concealed", concealed)
        put(self, "win_tile", win_tile)
        put(self, "melds", melds)
        put(self, "flowers", flowers)
        put(self, "seat", seat)
        put(self, "dealer", dealer)
        put(self, "win_by", win_by)
        put(self, "discarder", discarder)
        put(self, "flags", flags)
        put(self, "events", events)
        put(self, "players", players)
        put(self, "rules", {} if rules is None else rules)
        put(self, "table", {} if table is None else table)
        put(self, "other_melds", {} if other_melds is None else other_melds)

    @property
    def is_draw(self) -> bool:
        return self.win_by == "draw"

    @property
    def self_drawn(self) -> bool:
        return self.win_by == "self_draw"

    @property
    def seats(self) -> tuple[str, ...]:
        return seat_order(self.players)

    def won_on(self, tile: int | None) -> Hand:
        """This hand with another winning tile (waits try each one)."""
        return Hand(
            self.region,
            self.concealed,
            tile,
            self.melds,
            self.flowers,
            self.seat,
            self.dealer,
            self.win_by,
            self.discarder,
            self.flags,
            self.events,
            self.players,
            self.rules,
            self.table,
            self.other_melds,
        )

    @property
    def all_tiles(self) -> tuple[int, ...]:
        """Concealed tiles with the winning tile: the part that must split."""
        if self.win_tile is None:
            return self.concealed
        return (*self.concealed, self.win_tile)


@dataclass(frozen=True, slots=True)
class ErrorInfo:
    field: str
    code: str
    message: str


# Lines and payments are made for every split scored: named tuples are as
# immutable as a frozen dataclass and far cheaper to build.
class ItemLine(NamedTuple):
    """One line of a breakdown: an item that counted, was dropped, or the cap."""

    key: str
    name: str
    value: int
    unit: str
    detail: str
    rule: str
    times: int = 1
    dropped_by: str | None = None


class Payment(NamedTuple):
    payer: str
    payee: str
    amount: int
    detail: str
    kind: str = "win"  # win, kong, event, hu_tou …


@dataclass(frozen=True)
class Score:
    ok: bool
    region: str
    winning: bool = False
    items: tuple[ItemLine, ...] = ()
    total: int = 0
    unit: str = ""
    how: str = ""  # how the total was reached, e.g. "(30 + 26) × 2^1 → 120"
    payments: tuple[Payment, ...] = ()
    net: Mapping[str, int] = field(default_factory=dict)
    next_table: Mapping[str, Any] | None = None
    reasons: tuple[str, ...] = ()
    errors: tuple[ErrorInfo, ...] = ()
    split: tuple[str, ...] = ()  # the winning split, one notation string per set
    wait: str = ""  # how the winning tile completed it: closed, edge, two_sided, single, triplet
    wilds: tuple[str, ...] = ()  # what each wild tile stood for in the winning split
