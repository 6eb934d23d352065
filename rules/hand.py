"""The engine's frozen input and output records.

Input: a validated ``Hand`` (see ``rules.validate``). Output: a ``Score``.
Field names follow ``shared/spec/hand-format.md``; ``rules.report`` turns a
Score into the spec's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules.text import Text

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
EGG_NAMES = {"xuanfeng": "旋风蛋", "xi": "喜蛋", "yao": "幺蛋", "jiu": "九蛋"}
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


@dataclass(frozen=True, slots=True)
class Hand:
    region: str
    concealed: tuple[int, ...]
    win_tile: int | None
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    seat: str | None
    dealer: str
    win_by: str
    discarder: str | None = None
    flags: frozenset[str] = frozenset()
    events: tuple[Event, ...] = ()
    players: int = 4
    rules: Mapping[str, Any] = field(default_factory=dict)
    table: Mapping[str, Any] = field(default_factory=dict)
    other_melds: Mapping[str, tuple[Meld, ...]] = field(default_factory=dict)

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
    """One problem with the input: the field, the spec's code, and what to say."""

    field: str
    code: str
    text: Text

    @property
    def message(self) -> str:
        return str(self.text)


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


@dataclass(frozen=True, slots=True)
class Payment:
    payer: str
    payee: str
    amount: int
    detail: Text
    kind: str = "win"  # win, kong, event, hu_tou …


@dataclass(frozen=True, slots=True)
class Reading:
    """The hand scored with one house rule set otherwise (``rules.readings``)."""

    option: str
    value: Any  # the option's value: a choice, true/false or a number
    winning: bool
    total: int
    unit: str
    net: Mapping[str, int]


@dataclass(frozen=True)
class Score:
    ok: bool
    region: str
    winning: bool = False
    items: tuple[ItemLine, ...] = ()
    total: int = 0
    unit: str = ""
    how: Text | None = None  # how the total was reached, e.g. "30 + 26 = 56 胡; × 2 (1 番) = 112 …"
    payments: tuple[Payment, ...] = ()
    net: Mapping[str, int] = field(default_factory=dict)
    next_table: Mapping[str, Any] | None = None
    reasons: tuple[Text, ...] = ()
    errors: tuple[ErrorInfo, ...] = ()
    split: tuple[str, ...] = ()  # the winning split, one notation string per set
    wait: str = ""  # how the winning tile completed it: closed, edge, two_sided, single, triplet
    wilds: tuple[str, ...] = ()  # what each wild tile stood for in the winning split
    # Where the hand asks for its readings: how many option values were tried,
    # and those that change the total or a seat's net (``None``: not asked).
    readings_tried: int | None = None
    readings: tuple[Reading, ...] = ()
    # Where a cap made two readings of the hand worth the same: the items the
    # other readings count and the breakdown shown does not (三门: 3“得” shown,
    # 清一色 as good), so a player who counts them sees them acknowledged.
    also: tuple[ItemLine, ...] = ()
