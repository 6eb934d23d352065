"""What an item's check looks at: the hand, the options and one split.

Facts nearly every item reads are computed once per split; the rarer ones
on first use.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from rules.hand import Hand, seat_wind
from rules.split import LOOSE, PAIR, SEQ, Block, Split
from rules.tiles import is_honor, suit_of


def _seat_wind(hand: Hand, mode: str) -> int:
    return seat_wind(hand.seat or hand.dealer, hand.dealer, hand.players, mode)


class Ctx:
    def __init__(self, hand: Hand, opts: Any, split: Split) -> None:
        self.hand = hand
        self.opts = opts
        self.split = split
        self.win_tile = hand.win_tile
        self.self_drawn = hand.win_by == "self_draw"
        self.wait = split.wait
        self.flowers = hand.flowers
        self.blocks = split.blocks
        # One pass over the blocks: nearly every item reads these.
        sets: list[Block] = []
        triplets: list[Block] = []
        sequences: list[Block] = []
        suits: set[int] = set()
        for b in split.blocks:
            suits.add(suit_of(b.tile))
            if b.kind in (PAIR, LOOSE):
                continue
            sets.append(b)
            if b.kind == SEQ:
                sequences.append(b)
            else:
                triplets.append(b)
        self.sets = tuple(sets)
        self.triplets = tuple(triplets)  # triplets and kongs (刻子 and 杠)
        self.sequences = tuple(sequences)
        self.suits = frozenset(suits)  # 0, 1, 2 for the suits present; 3 for honors

    @cached_property
    def seat_wind(self) -> int:
        """0 = 东 … 3 = 北 (the spec's ``seat_wind_mode`` option, where a region has it)."""
        return _seat_wind(self.hand, getattr(self.opts, "seat_wind_mode", "from_dealer"))

    @cached_property
    def tiles(self) -> tuple[int, ...]:
        """Every tile the split stands for, kongs as four, wilds as what they became."""
        return tuple(t for b in self.split.blocks for t in b.tiles)

    @cached_property
    def has_honors(self) -> bool:
        return any(is_honor(t) for t in self.tiles)
