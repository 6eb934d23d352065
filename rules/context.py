"""What an item's check looks at: the hand, the options and one split.

Facts several items share are computed once per split, on first use.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from rules.hand import Hand, seat_wind
from rules.split import KONG, PAIR, SEQ, TRIP, Block, Split
from rules.tiles import is_honor, suit_of


class Ctx:
    def __init__(self, hand: Hand, opts: Any, split: Split) -> None:
        self.hand = hand
        self.opts = opts
        self.split = split

    @property
    def win_tile(self) -> int | None:
        return self.hand.win_tile

    @property
    def self_drawn(self) -> bool:
        return self.hand.win_by == "self_draw"

    @property
    def wait(self) -> str:
        return self.split.wait

    @cached_property
    def seat_wind(self) -> int:
        """0 = 东 … 3 = 北 (the spec's ``seat_wind_mode`` option, where a region has it)."""
        mode = getattr(self.opts, "seat_wind_mode", "from_dealer")
        seat = self.hand.seat or self.hand.dealer
        return seat_wind(seat, self.hand.dealer, self.hand.players, mode)

    @cached_property
    def blocks(self) -> tuple[Block, ...]:
        return self.split.blocks

    @cached_property
    def sets(self) -> tuple[Block, ...]:
        return tuple(b for b in self.split.blocks if b.kind != PAIR)

    @cached_property
    def triplets(self) -> tuple[Block, ...]:
        """Triplets and kongs (刻子 and 杠)."""
        return tuple(b for b in self.split.blocks if b.kind in (TRIP, KONG))

    @cached_property
    def sequences(self) -> tuple[Block, ...]:
        return tuple(b for b in self.split.blocks if b.kind == SEQ)

    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """Every tile the split stands for, kongs as four, wilds as what they became."""
        return tuple(t for b in self.split.blocks for t in b.tiles)

    @cached_property
    def suits(self) -> frozenset[int]:
        """0, 1, 2 for the suits present; 3 when there are honors."""
        return frozenset(suit_of(t) for t in self.tiles)

    @cached_property
    def has_honors(self) -> bool:
        return any(is_honor(t) for t in self.tiles)

    @property
    def flowers(self) -> tuple[int, ...]:
        return self.hand.flowers
