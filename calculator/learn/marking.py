"""The earning tiles marked on the drawn hand itself (issue 43 point 2).

When an item is marked right or missed, the sets that earn it — the engine's
own evidence (``rules.evidence``) — are marked where they lie in the dealt
hand's picture: a meld as a whole, a concealed tile, the winning tile, a
flower. Each marked tile or meld carries the names of the items it earns, as
text a screen reader reads (the mark itself is drawn by CSS).

A set is found in the picture the way a player would point at it: a set a
meld holds is that meld; a flower is that flower; the rest is taken from the
concealed tiles and the winning tile (the winning tile first, so that 自摸
points at the tile drawn, not at a copy of it in the hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from calculator.words.wording import joined
from rules.tiles import NotationError, parse, tile_code


def _codes(text: Any) -> list[str]:
    try:
        return [tile_code(t) for t in parse(str(text or ""))]
    except NotationError:
        return []


def placed(
    hand: Mapping[str, Any], evidence: Mapping[str, Iterable[Iterable[str]]], keys: Iterable[str]
) -> dict[str, list[list[str]]]:
    """For each part of the picture (``hand`` arranged as drawn, ``win``,
    ``melds``, ``flowers``), per position, the keys of ``keys`` whose
    evidence earns that tile or meld."""
    try:  # arranged as the picture draws it (``dealt.hand_view``)
        concealed = [tile_code(t) for t in sorted(parse(str(hand.get("hand") or "")))]
    except NotationError:
        concealed = []
    win = _codes(hand.get("win_tile"))[:1]
    melds = [sorted(_codes(m.get("tiles"))) for m in hand.get("melds") or ()]
    flowers = _codes(hand.get("flowers"))
    out: dict[str, list[list[str]]] = {
        "hand": [[] for _ in concealed],
        "win": [[] for _ in win],
        "melds": [[] for _ in melds],
        "flowers": [[] for _ in flowers],
    }
    for key in keys:
        taken: dict[str, set[int]] = {part: set() for part in out}
        for found in evidence.get(key) or ():
            tiles = list(found)
            spot = _place(tiles, concealed, win, melds, flowers, taken)
            for part, index in spot:
                taken[part].add(index)
                if key not in out[part][index]:
                    out[part][index].append(key)
    return out


def _place(
    tiles: list[str],
    concealed: list[str],
    win: list[str],
    melds: list[list[str]],
    flowers: list[str],
    taken: dict[str, set[int]],
) -> list[tuple[str, int]]:
    # A meld that holds exactly this set (a set the engine read off a meld).
    for i, meld in enumerate(melds):
        if i not in taken["melds"] and meld == sorted(tiles):
            return [("melds", i)]
    if len(tiles) == 1 and tiles[0] in flowers:
        for i, f in enumerate(flowers):
            if f == tiles[0] and i not in taken["flowers"]:
                return [("flowers", i)]
    # Otherwise tiles held: the winning tile first, then the concealed ones.
    spot: list[tuple[str, int]] = []
    used = {part: set(ix) for part, ix in taken.items()}
    for code in tiles:
        if win and win[0] == code and 0 not in used["win"]:
            used["win"].add(0)
            spot.append(("win", 0))
            continue
        free = [i for i, c in enumerate(concealed) if c == code and i not in used["hand"]]
        if not free:
            return []  # not in the picture as held: mark nothing rather than a wrong tile
        used["hand"].add(free[0])
        spot.append(("hand", free[0]))
    return spot


def marked_view(
    dealt: dict[str, Any], spots: dict[str, list[list[str]]], names: Mapping[str, str]
) -> dict[str, Any]:
    """The dealt hand's picture (``dealt.hand_view``) with, beside each tile
    and meld, the names of the items it earns ("" where none)."""

    def said(keys: list[str]) -> str:
        return joined(names.get(k, k) for k in keys)

    return {
        **dealt,
        "hand": [
            {"code": t.code, "earns": said(k), "items": " ".join(k)}
            for t, k in zip(dealt["hand"], spots["hand"], strict=False)
        ],
        "win": [
            {"code": t.code, "earns": said(k), "items": " ".join(k)}
            for t, k in zip(dealt["win"], spots["win"], strict=False)
        ],
        "melds": [
            {**m, "earns": said(k), "items": " ".join(k)}
            for m, k in zip(dealt["melds"], spots["melds"], strict=False)
        ],
        "flowers": [
            {"code": t.code, "earns": said(k), "items": " ".join(k)}
            for t, k in zip(dealt["flowers"], spots["flowers"], strict=False)
        ],
        "marked": any(k for part in spots.values() for k in part),
    }
