"""The engine's frozen input and output records.

Input: a validated ``Hand`` (see ``rules.validate``). Output: a ``Score``.
Field names follow ``shared/spec/hand-format.md``; ``rules.report`` turns a
Score into the spec's JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps
from types import SimpleNamespace
from typing import Any, Final, NamedTuple

from rules.text import Text

# Final: compiled, each reads as a constant, not a lookup in the module's dict.
SEATS: Final = ("E", "S", "W", "N")
WIN_TYPES: Final = ("self_draw", "discard", "robbing_kong", "draw")
MELD_TYPES: Final = ("chi", "pong", "kong", "added_kong", "concealed_kong", "egg")
KONG_TYPES: Final = ("kong", "added_kong", "concealed_kong")
COMMON_FLAGS: Final = ("ready_declared", "kong_replacement", "last_tile", "heavenly", "earthly")

# 长春's 蛋 (meld type ``egg``): the tiles each kind is made of.
EGG_TILES: Final = {
    "xuanfeng": (27, 28, 29, 30),
    "xi": (31, 32, 33),
    "yao": (0, 9, 18),
    "jiu": (8, 17, 26),
}
EGG_NAMES: Final = {"xuanfeng": "旋风蛋", "xi": "喜蛋", "yao": "幺蛋", "jiu": "九蛋"}
YAOJI: Final = 18  # 幺鸡, 1s: may stand in (会) for a missing egg tile


# Frozen records built once or more per request write their __init__ out:
# the one dataclasses generates stays interpreted when the module is
# compiled. Compiled, ``self.x = v`` in a record's own __init__ is a plain
# store into it (frozen only guards assignment from outside), ten times
# cheaper than object.__setattr__; interpreted, the frozen __setattr__
# refuses it, so there each such __init__ stores into a scratch object
# whose fields are then copied in.
def _init_through_setattr(init: Callable[..., None]) -> Callable[..., None]:
    @wraps(init)
    def __init__(self: object, *args: Any, **kwargs: Any) -> None:
        scratch = SimpleNamespace()  # plain attributes, compiled here or not
        init(scratch, *args, **kwargs)
        for name, value in vars(scratch).items():
            object.__setattr__(self, name, value)

    return __init__


def written_inits(module_file: str, *records: type) -> None:
    """Let these records' written-out __init__s run in plain Python too.

    ``module_file`` is the defining module's ``__file__``: compiled, it names
    the extension library and nothing needs doing.
    """
    if module_file.endswith(".py"):
        for record in records:
            record.__init__ = _init_through_setattr(record.__init__)  # type: ignore[misc]


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

    # Written out (see ``written_inits``); the defaults live here only.
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
        self.region = region  # type: ignore[misc]
        self.concealed = concealed  # type: ignore[misc]
        self.win_tile = win_tile  # type: ignore[misc]
        self.melds = melds  # type: ignore[misc]
        self.flowers = flowers  # type: ignore[misc]
        self.seat = seat  # type: ignore[misc]
        self.dealer = dealer  # type: ignore[misc]
        self.win_by = win_by  # type: ignore[misc]
        self.discarder = discarder  # type: ignore[misc]
        self.flags = flags  # type: ignore[misc]
        self.events = events  # type: ignore[misc]
        self.players = players  # type: ignore[misc]
        self.rules = {} if rules is None else rules  # type: ignore[misc]
        self.table = {} if table is None else table  # type: ignore[misc]
        self.other_melds = {} if other_melds is None else other_melds  # type: ignore[misc]

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


# Lines are resolved once per combination of items found and then looked up
# by value: a named tuple hashes and compares in C.
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


@dataclass(frozen=True, slots=True, init=False)
class Payment:
    payer: str
    payee: str
    amount: int
    detail: Text
    kind: str  # win, kong, event, hu_tou …

    def __init__(
        self, payer: str, payee: str, amount: int, detail: Text, kind: str = "win"
    ) -> None:
        self.payer = payer  # type: ignore[misc]
        self.payee = payee  # type: ignore[misc]
        self.amount = amount  # type: ignore[misc]
        self.detail = detail  # type: ignore[misc]
        self.kind = kind  # type: ignore[misc]


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


written_inits(__file__, Hand, Payment)
