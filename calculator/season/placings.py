"""标准分 at one table-round: places by money won score 4/2/1/0 (a table of
three 4/2/1, of two 4/2); players level on money share the points of the
places they hold between them (two first at a table of four: (4+2)/2 = 3
each). Kept in twelfths, so every share is a whole number (7/3, 7/4 …)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

POINTS = (4, 2, 1, 0)
TWELFTHS = 12


def placings[K](money: Mapping[K, int]) -> dict[K, tuple[int, int]]:
    """Each player's place (1 + those strictly ahead) and 标准分 in twelfths."""
    out: dict[K, tuple[int, int]] = {}
    for player, amount in money.items():
        ahead = sum(1 for other in money.values() if other > amount)
        level = sum(1 for other in money.values() if other == amount)
        held = [POINTS[i] if i < len(POINTS) else 0 for i in range(ahead, ahead + level)]
        out[player] = (ahead + 1, sum(held) * TWELFTHS // level)
    return out


def shown(twelfths: int | Fraction) -> str:
    """标准分 as a player reads it: 3, 2.5, 2.33."""
    value = Fraction(twelfths) / TWELFTHS
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
