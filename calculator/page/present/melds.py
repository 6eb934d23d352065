"""Melds as they lie on the table: the hand's own, other seats' kongs, an egg being built."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from calculator.page.present.tiles import tile_view
from calculator.page.state import PageState, egg_ready
from calculator.words.wording import EGGS, MELDS, is_english, joined, label_of, seat_name, tile_name
from rules.hand import EGG_TILES, SEATS, YAOJI
from rules.tiles import NotationError, parse, tile_code


def meld_face(kind: str, tiles: Iterable[int], giver: str | None = None) -> dict[str, Any]:
    """A meld as it lies on the table, since 明杠 and 暗杠 score apart: a
    concealed kong with its two end tiles face down, an added kong with its
    fourth tile set apart, each named (and, on the English page, its Chinese
    term beside) with the seat that gave it where known."""
    codes = [tile_code(t) for t in tiles]
    last = len(codes) - 1
    down = kind == "concealed_kong"
    found = MELDS.get(kind)
    label = label_of(MELDS, kind)
    if kind == "egg":
        label = str(MELDS["egg"].label)
    return {
        "type": kind,
        "label": label,
        "zh": found.zh if found is not None and is_english() else "",
        "from": seat_name(giver) if giver and giver in SEATS else "",
        "tiles": [tile_view(c, down=down and i in (0, last)) for i, c in enumerate(codes)],
        # what a screen reader says of the meld's button: its tiles by name
        "named": joined(tile_name(c) for c in codes),
        "added": kind == "added_kong",
    }


def meld_face_json(meld: Mapping[str, Any]) -> dict[str, Any]:
    """``meld_face`` of a meld in the spec's JSON (a bad one draws no tiles)."""
    try:
        tiles = parse(str(meld.get("tiles", "")))
    except NotationError:
        tiles = []
    giver = meld.get("from")
    face = meld_face(str(meld.get("type", "")), tiles, str(giver) if giver else None)
    egg = EGGS.get(str(meld.get("kind", ""))) if face["type"] == "egg" else None
    if egg is not None:
        face["label"] = str(egg.label)
        face["zh"] = egg.zh if is_english() else ""
    hui = meld.get("hui")
    face["hui"] = hui if isinstance(hui, int) and hui > 0 else 0
    return face


def melds_view(state: PageState) -> list[dict[str, Any]]:
    return [
        {
            "index": i,
            "label": (EGGS[m.kind].label if m.kind in EGGS else MELDS["egg"].label)
            if m.type == "egg"
            else label_of(MELDS, m.type),
            "tiles": [
                replace(tile, hui=standing_in)
                for tile, standing_in in zip(
                    meld_face(m.type, m.tiles.tiles)["tiles"],
                    hui_marks(m.kind, m.tiles.tiles)
                    if m.type == "egg"
                    else [False] * len(m.tiles.tiles),
                    strict=True,
                )
            ],
            "hui": m.hui,
            "named": meld_face(m.type, m.tiles.tiles)["named"],
        }
        for i, m in enumerate(state.melds)
    ]


def hui_marks(kind: str, tiles: tuple[int, ...]) -> list[bool]:
    """Which tiles of a 长春 egg are 幺鸡 standing in as 会: every 幺鸡, but
    in a 幺蛋 the first is itself (state._hui counts them alike)."""
    marks = []
    own = kind == "yao"
    for t in tiles:
        if t == YAOJI and own:
            own = False
            marks.append(False)
        else:
            marks.append(t == YAOJI)
    return marks


def egg_view(state: PageState) -> dict[str, Any] | None:
    """The egg under construction, plainly marked."""
    if not state.entry.startswith("egg."):
        return None
    kind = state.entry.partition(".")[2]
    allowed = [*EGG_TILES.get(kind, ()), YAOJI]
    return {
        "label": EGGS[kind].label if kind in EGGS else kind,
        "tiles": [
            tile_view(tile_code(t), hui=standing_in)
            for t, standing_in in zip(
                state.pending.tiles, hui_marks(kind, state.pending.tiles), strict=True
            )
        ],
        "ready": egg_ready(state),
        "allowed": joined(tile_name(tile_code(t)) for t in dict.fromkeys(allowed)),
    }
