"""The record every region module fills in, and the engine's in-between results."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from rules.context import Ctx
from rules.hand import COMMON_FLAGS, ErrorInfo, Hand, ItemLine, Payment
from rules.items import Item, exclusion_order, replacers_of
from rules.split import ALL_WILD_CHOICES, Split, WildChoices
from rules.text import Text


# In-between results, made per reading and per tile a waits answer tries:
# named tuples, which cost one call to build, where a frozen dataclass costs
# one per field.
class Evaluation(NamedTuple):
    """One split scored: its lines (caps included), total and how it was reached."""

    split: Split
    lines: tuple[ItemLine, ...]
    total: int
    how: Text
    winning: bool = True
    reasons: tuple[Text, ...] = ()
    data: Mapping[str, Any] = MappingProxyType({})  # numbers settle() needs


class Settlement(NamedTuple):
    payments: tuple[Payment, ...]
    next_table: Mapping[str, Any] | None


def _no_errors(hand: Hand, opts: Any) -> list[ErrorInfo]:
    return []


def _no_wild(hand: Hand, opts: Any) -> int | None:
    return None


def _as_split(hand: Hand, opts: Any, found: list[Split]) -> list[Split]:
    return found


@dataclass(frozen=True)
class Region:
    key: str
    name: str
    seed: str
    unit: str  # the unit of ``total``
    options: type  # a frozen dataclass of house rules (rules.options)
    items: tuple[Item, ...]
    evaluate: Callable[[Ctx, list[ItemLine]], Evaluation]
    settle: Callable[[Hand, Any, Evaluation | None], Settlement]
    tiles: frozenset[int]  # what may be held or melded
    flower_tiles: frozenset[int]  # what may go in ``flowers``
    # Copies of each flower-tray tile (1 for flowers; 金湖's dragons have 4).
    flower_copies: Mapping[int, int] = field(default_factory=dict)
    max_flowers: int = 8  # 楚州 plays two 小花
    meld_types: tuple[str, ...] = ("chi", "pong", "kong", "added_kong", "concealed_kong")
    win_types: tuple[str, ...] = ("self_draw", "discard", "robbing_kong", "draw")
    flags: tuple[str, ...] = ()  # the region's own flags beyond the common five
    # The common flags that change anything here (the others are accepted and ignored).
    common_flags: tuple[str, ...] = COMMON_FLAGS
    table_keys: tuple[str, ...] = ("ready",)
    event_types: tuple[str, ...] = ()
    # Words the region's sentences put in their values (``term=`` in
    # ``rules.text.says``), so they can be translated with the sentence.
    words: tuple[str, ...] = ()
    players: tuple[int, ...] = (4,)
    seven_pairs: Callable[[Any], bool] = lambda opts: False
    four_as_two_pairs: bool = True
    seven_pairs_with_pongs: bool = False  # 金湖: a pong and its fourth tile make two pairs
    wild_tile: Callable[[Hand, Any], int | None] = _no_wild
    wild_choices: WildChoices = ALL_WILD_CHOICES
    # What of a reading the items can see; readings alike in it score alike,
    # so only the first is scored (三门's wild tiles make hundreds of them).
    reading_key: Callable[[Split], Hashable] | None = None
    # The readings to score, given the shared splitter's: a region may add
    # some (三门's 四财神 wins with any shape) or read the hand its own way
    # (长春's 宝 standing for each winning tile).
    readings: Callable[[Hand, Any, list[Split]], list[Split]] = _as_split
    check_hand: Callable[[Hand, Any], list[ErrorInfo]] = _no_errors
    # The tiles that complete a hand short of one, where the region's shapes
    # are not the shared splitter's (国标's 十三幺, 全不靠, 组合龙 …).
    winning_tiles: Callable[[Hand, Any], list[int]] | None = None
    make_context: Callable[[Hand, Any, Split], Ctx] = Ctx
    # Derived from ``items`` and ``tiles`` once, so scoring a split does no table work.
    exclusion_order: tuple[str, ...] = ()
    replacers: Mapping[str, tuple[Item, ...]] = field(default_factory=dict)
    by_key: Mapping[str, Item] = field(default_factory=dict)
    tile_order: tuple[int, ...] = ()  # ``tiles`` in notation order

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", {i.key: i for i in self.items})
        object.__setattr__(self, "exclusion_order", exclusion_order(self.items))
        object.__setattr__(self, "replacers", replacers_of(self.items))
        object.__setattr__(self, "tile_order", tuple(sorted(self.tiles)))

    def flower_limit(self, tile: int) -> int:
        return self.flower_copies.get(tile, 1)
