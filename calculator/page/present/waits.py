"""The waits: the tiles that would complete a hand short of its winning tile."""

from __future__ import annotations

from typing import Any

from calculator.page.present.phrasing import unit_of
from calculator.page.present.tiles import tile_view
from calculator.page.state import PageState
from calculator.words.wording import WIN_BY, label_of, total_unit, word
from rules.tiles import tile_code
from rules.waits import find_waits


def waits_view(state: PageState) -> dict[str, Any] | None:
    """The tiles that would complete a full hand short of its winning tile."""
    if state.win or state.win_by == "draw" or len(state.hand.tiles) != state.need_in_hand:
        return None
    raw = state.to_json()
    raw.pop("win_tile", None)
    got = find_waits(raw)
    if not got.ok:
        return None
    return {
        "why_not": any(not w.score.winning and w.score.reasons for w in got.waits),
        "assumed": label_of(WIN_BY, state.win_by),
        "unit": unit_of(state.region),
        "tiles": [
            {
                "tile": tile_view(tile_code(w.tile), left=w.left),
                "winning": w.score.winning,
                "total": w.score.total,
                "unit": total_unit(state.region, state.options, w.score.unit),
                "collects": w.score.net.get(state.seat, 0) if w.score.winning else 0,
                "left": w.left,
                # why it does not win, short: the first reason the engine gives
                "why_not": word(w.score.reasons[0])
                if not w.score.winning and w.score.reasons
                else "",
            }
            for w in got.waits
        ],
    }
