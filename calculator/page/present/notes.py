"""Notes beside the hand: what a switch of region set aside or moved, and
what a picked 宝 does."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.page.state import Dropped, PageState, Tiles
from calculator.words.wording import (
    EVENTS,
    FLAGS,
    MELDS,
    TABLE,
    WIN_BY,
    joined,
    label_of,
    option_label,
    option_value,
    region_name,
    tile_name,
    tiles_named,
)
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import tile_code

MOVED = {
    "to_flowers": gettext_lazy("%(region)s counts %(tiles)s as flowers: moved to the flowers."),
    "to_hand": gettext_lazy("%(region)s holds %(tiles)s in the hand: moved back from the flowers."),
}


class AsideNote(str):
    """A notice that belongs with what a switch of region set aside (at the
    top of the tiles, where the switch is seen), not with the last tap."""


def moved_notes(region_key: str, dropped: list[Dropped]) -> list[str]:
    """The tiles a switch moved to where ``region_key`` counts them, in words."""
    return [
        AsideNote(
            MOVED[d.kind] % {"region": region_name(region_key), "tiles": tiles_named(d.value)}
        )
        for d in dropped
        if d.kind in MOVED
    ]


def dropped_text(region_key: str, dropped: list[Dropped], aside: bool = False) -> str:
    """What a region leaves out, in words; ``aside``: set aside, to come back.
    Tiles moved to where it counts them are said after."""
    moved = moved_notes(region_key, dropped)
    dropped = [d for d in dropped if d.kind not in MOVED]
    if not dropped:
        return " ".join(moved)
    words = []
    for d in dropped:
        if d.kind == "tiles":
            words.append(tiles_named(d.value))
        elif d.kind == "meld":
            tiles = Tiles.read(d.tiles).tiles
            same = len(set(tiles)) == 1  # a pong or kong: its tile, once
            named = tile_name(tile_code(tiles[0])) if same else tiles_named(d.tiles)
            words.append(f"{label_of(MELDS, d.value)} {named}")
        elif d.kind == "flag":
            words.append(label_of(FLAGS, d.value))
        elif d.kind == "option":
            words.append(option_label(d.value))
        elif d.kind == "event":
            words.append(label_of(EVENTS, d.value))
        elif d.kind == "win_by":
            words.append(label_of(WIN_BY, d.value))
        elif d.kind == "players":
            words.append(_("%(n)s players") % {"n": d.value})
        else:
            words.append(label_of(TABLE, d.value))
    if aside:
        text = _("Not played in %(region)s, so set aside: %(what)s")
    else:
        text = _("Not played in %(region)s, so left out: %(what)s")
    said = text % {"region": region_name(region_key), "what": joined(words)}
    return " ".join([said, *moved])


def aside_view(state: PageState) -> dict[str, Any] | None:
    """What switches of region set aside and why, the house rules kept for
    the region left, and the way back to it."""
    lines = []
    if state.aside:
        lines.append(dropped_text(state.region, state.aside.dropped(), aside=True))
    rules = state.kept.get(state.undo, {})
    if rules:
        infos = {i.name: i for i in describe(REGIONS[state.undo].options)}
        what = []
        for name, text in rules.items():
            info = infos.get(name)
            value: Any = text
            if info is not None and info.kind == "bool":
                value = text.lower() in ("1", "true", "on")
            shown = option_value(info, value) if info is not None else text
            what.append(f"{option_label(name, state.undo)} {shown}")
        lines.append(
            _("%(region)s's house rules are kept for it: %(what)s")
            % {"region": region_name(state.undo), "what": joined(what)}
        )
    if not lines and not state.undo:
        return None
    undo = _("Undo the switch: back to %(region)s") % {"region": region_name(state.undo)}
    return {"lines": lines, "undo": undo if state.undo else ""}


def bao_note(state: PageState) -> str:
    """What a picked 宝 does for this hand, in 长春's words, said where it is picked."""
    bao = Tiles.read(state.table.get("bao_tile", "")).single
    if bao is None or "bao_tile" not in state.reg.table_keys or state.win_by == "draw":
        return ""
    if "ready_declared" not in state.flags:
        return _(
            "The 宝 counts only for a hand that has declared ready (报听): tick 报听 for it to count."
        )
    if state.win.single == bao and state.win_by == "self_draw" and "dui_bao" not in state.flags:
        return _(
            "The winning tile is the 宝: scored as 宝牌, drawn after the look. If the 宝 "
            "was already a winning tile when it was looked at, tick 对宝."
        )
    return ""
