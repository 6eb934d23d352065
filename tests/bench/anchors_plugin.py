"""Our rows for ``shared/bench/anchors.py`` (run by ``make bench``).

Inputs are built before timing, as the harness does for every library:
the ``mahjong`` package gets its 136-tile arrays, we get a validated Hand.
The "JSON" row times the whole path a request takes instead: validation,
scoring and the spec's JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.engine import score, score_hand
from rules.report import to_json
from rules.split import shapes, splits, waits
from rules.tiles import format_tiles, tile_code
from rules.validate import validate
from rules.waits import waits as waits_with_scores


def _tiles(counts: list[int]) -> list[int]:
    return [t for t in range(34) for _ in range(counts[t])]


def _concealed_and_win(h: dict[str, Any]) -> tuple[tuple[int, ...], int]:
    tiles = _tiles(h["counts"])
    tiles.remove(h["win_tile"])
    return tuple(tiles), h["win_tile"]


def _json_hand(h: dict[str, Any]) -> dict[str, Any]:
    concealed, win = _concealed_and_win(h)
    # The corpus's win tile is a discard (ron): the dealer's next seat wins on W's tile.
    return {
        "region": "laosanfan",
        "hand": format_tiles(concealed),
        "win_tile": tile_code(win),
        "seat": "S",
        "dealer": "E",
        "win_by": "discard",
        "discarder": "W",
    }


def _validated(h: dict[str, Any]) -> tuple[Any, Any]:
    valid, errors = validate(_json_hand(h))
    assert valid is not None, errors
    return valid


def _score_json(raw: dict[str, Any]) -> dict[str, Any]:
    return to_json(score(raw))


def _waits(tiles: tuple[int, ...]) -> list[int]:
    # The corpus counts seven distinct pairs as a wait, as riichi does.
    return waits(tiles, allow_seven_pairs=True, four_as_two_pairs=False)


def _tenpai_json(h: dict[str, Any]) -> dict[str, Any]:
    return {
        "region": "laosanfan",
        "hand": format_tiles(_tiles(h["counts"])),
        "seat": "S",
        "dealer": "E",
        "win_by": "discard",
        "discarder": "W",
    }


def _winning_check(hands: list[dict[str, Any]], out: list[Any]) -> dict[str, int]:
    return {"winning": sum(1 for o in out if o.winning), "hands": len(out)}


def _waits_check(hands: list[dict[str, Any]], out: list[Any]) -> dict[str, int]:
    return {"mismatch_vs_corpus": sum(o != h["waits"] for h, o in zip(hands, out, strict=True))}


# 三门: the 白板 (5z) are wild. Four in a complete hand, three in a short one.
BAIBAN = 31


def _with_baiban(h: dict[str, Any], n: int, drop_win: bool) -> list[int]:
    tiles = _tiles(h["counts"])
    if drop_win:
        tiles.remove(h["win_tile"])
    others = [t for t in tiles if t != BAIBAN]
    held = len(tiles) - len(others)
    if drop_win and h["win_tile"] == BAIBAN:
        n -= 1  # the winning 白板 is the fourth
    need = max(0, n - held)
    return sorted(others[need:] + [BAIBAN] * (held + need))


def _sanmen_validated(h: dict[str, Any]) -> tuple[Any, Any]:
    concealed = _with_baiban(h, 4, drop_win=True)
    raw = {
        "region": "sanmen",
        "hand": format_tiles(concealed),
        "win_tile": tile_code(h["win_tile"]),
        "seat": "S",
        "dealer": "E",
        "win_by": "self_draw",
    }
    valid, errors = validate(raw)
    assert valid is not None, errors
    return valid


def _sanmen_waits(tiles: tuple[int, ...]) -> list[int]:
    return waits(tiles, wild_tile=BAIBAN)


def register(add: Callable[..., None]) -> None:
    add(
        "score 4 白板",
        "suanfan sanmen",
        "complete",
        score_hand,
        input=_sanmen_validated,
        note="三门 with four tiles turned into the wild 白板: every assignment tried",
    )
    add(
        "waits 3 白板",
        "suanfan sanmen",
        "tenpai",
        _sanmen_waits,
        input=lambda h: (tuple(_with_baiban({**h, "win_tile": -1}, 3, drop_win=False)),),
        note="13-tile hands with three tiles turned into the wild 白板",
    )
    add("decompose", "suanfan", "complete", shapes, note="all splits (sets + pair)")
    add(
        "decompose",
        "suanfan + roles",
        "complete",
        splits,
        input=_concealed_and_win,
        note="all splits, once per role of the winning tile",
    )
    add(
        "score",
        "suanfan laosanfan",
        "complete",
        score_hand,
        input=_validated,
        note="validated Hand → Score (items, total, payments, next table)",
        check=_winning_check,
    )
    add(
        "score",
        "suanfan laosanfan JSON",
        "complete",
        _score_json,
        input=lambda h: (_json_hand(h),),
        note="JSON dict → validate → score → JSON dict",
    )
    add(
        "waits+score",
        "suanfan laosanfan",
        "tenpai",
        waits_with_scores,
        input=lambda h: (_tenpai_json(h),),
        note="/api/waits: every winning tile, each fully scored (JSON in, JSON out)",
    )
    add(
        "waits",
        "suanfan",
        "tenpai",
        _waits,
        input=lambda h: (tuple(_tiles(h["counts"])),),
        check=_waits_check,
    )
