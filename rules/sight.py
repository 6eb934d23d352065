"""Tiles in sight: the copies of each tile a hand puts on the table.

One count for everything that asks how many copies a table shows: the
scorer refuses a fifth copy (``rules.validate``), the waits say how many
copies are left to win on (``rules.waits``), and the dealer deals only
hands a table could show (``rules.deal``); the page's tile pad counts what
has been entered with the same ``tally``. A hand shows:

- the winner's concealed tiles, its winning tile, its melds and its flowers
  (金湖's 中發白 among them);
- the other players' melds entered for kong money;
- the table's flipped tiles (三门's 买码, 长春's 宝), except a 宝 won on by
  对宝, which is the winning tile itself;
- for a robbed kong, the three copies of the winning tile in the robbed
  seat's pong: the robbed tile is the fourth copy, so the winner can hold
  no other one.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.hand import Hand
from rules.text import Text, says
from rules.tiles import N_TILES

COPIES = 4  # of each tile that forms sets
ROBBED_SHOWN = 3  # copies of the robbed tile the robbed seat's pong shows
TABLE_TILES = ("maima_tile", "bao_tile")  # table keys that hold a flipped tile


def robbed_tile(hand: Hand) -> int | None:
    """The tile a robbed kong's pong shows three of, for a hand won by robbing it."""
    return hand.win_tile if hand.win_by == "robbing_kong" else None


def tally(groups: Iterable[Iterable[int]]) -> list[int]:
    """Copies of each tile (flowers included) in these groups of tiles: the
    count itself, which the page also keeps of what has been entered so far."""
    counts = [0] * N_TILES
    for tiles in groups:
        for t in tiles:
            counts[t] += 1
    return counts


def in_sight(hand: Hand) -> list[int]:
    """Copies of each tile (flowers included) this hand puts in sight."""
    won = () if hand.win_tile is None else (hand.win_tile,)
    others = (m for ms in hand.other_melds.values() for m in ms)
    counts = tally(
        (
            hand.concealed,
            won,
            hand.flowers,
            *(m.tiles for m in hand.melds),
            *(m.tiles for m in others),
        )
    )
    for key in TABLE_TILES:
        flipped = hand.table.get(key)
        if flipped is not None and not (key == "bao_tile" and _won_by_dui_bao(hand)):
            counts[flipped] += 1
    robbed = robbed_tile(hand)
    if robbed is not None:
        counts[robbed] += ROBBED_SHOWN
    return counts


def left_to_win(hand: Hand, seen: list[int], tile: int) -> int:
    """Copies of ``tile`` a hand short of its winning tile could still win on:
    four less those in sight (``seen``, the hand's ``in_sight``) and, for a
    robbed kong, less the robbed pong's three."""
    shown = seen[tile] + (ROBBED_SHOWN if hand.win_by == "robbing_kong" else 0)
    return max(0, COPIES - shown)


def _won_by_dui_bao(hand: Hand) -> bool:
    # 长春's 对宝: the winner looked at the 宝 and won on it, the same tile.
    return "dui_bao" in hand.flags and hand.table.get("bao_tile") == hand.win_tile


def robbed_fourth(tile: str, held: int) -> Text:
    """Why a robbed kong cannot be won on a tile held elsewhere (``held`` copies)."""
    if held == 1:
        return says(
            "a robbed kong takes the fourth {tile}: the robbed pong shows the other three,"
            " so no other {tile} can be in sight, and one is",
            tile=tile,
        )
    return says(
        "a robbed kong takes the fourth {tile}: the robbed pong shows the other three,"
        " so no other {tile} can be in sight, and {held} are",
        tile=tile,
        held=held,
    )
