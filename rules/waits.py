"""What would win, and for how much: the waits of a hand short of one tile.

Each tile that completes the hand's shape (under the region's shapes, wild
tiles included) is scored as if won that way, so the region's own laws
decide whether it really wins (金湖's wait law, 楚州's single-wait ready,
长春's conditions, 三门's discarded 白板).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine import outcome
from rules.hand import ErrorInfo, Hand
from rules.region import Region
from rules.regions import REGIONS
from rules.report import outcome_json
from rules.split import waits as shape_waits
from rules.tiles import N_KINDS, tile_code
from rules.validate import validate


def _errors(errors: list[ErrorInfo] | tuple[ErrorInfo, ...], region: str = "") -> dict[str, Any]:
    return {
        "ok": False,
        "region": region,
        "errors": [{"field": e.field, "code": e.code, "message": e.message} for e in errors],
    }


def candidates(region: Region, hand: Hand, opts: Any) -> list[int]:
    """Tiles that complete the shape, plus the wild tiles that could be drawn."""
    wild = region.wild_tile(hand, opts)
    found = set(
        shape_waits(
            hand.concealed,
            hand.melds,
            wild_tile=wild,
            allow_seven_pairs=region.seven_pairs(opts),
            four_as_two_pairs=region.four_as_two_pairs,
            candidates=region.tile_order,
        )
    )
    if wild is not None and sum(1 for t in hand.concealed if t == wild) == 3:
        found.add(wild)  # a fourth 财神 wins with any shape (三门 四财神)
    bao = hand.table.get("bao_tile")
    if bao is not None and "ready_declared" in hand.flags and hand.self_drawn and found:
        found.add(bao)  # 长春: a self-drawn 宝 stands for a winning tile
    return sorted(t for t in found if t < N_KINDS)


def unseen(hand: Hand, tile: int) -> int:
    """Copies of a tile not in this hand, its melds or the others' kongs."""
    seen = sum(1 for t in hand.concealed if t == tile)
    seen += sum(1 for m in hand.melds for t in m.tiles if t == tile)
    seen += sum(1 for ms in hand.other_melds.values() for m in ms for t in m.tiles if t == tile)
    seen += sum(1 for t in hand.flowers if t == tile)
    return max(0, 4 - seen)


def _won_on(region: Region, hand: Hand, opts: Any, tile: int, left: int) -> dict[str, Any]:
    """The score of this hand won on ``tile``: the hand is valid, so only the
    region's own checks of a win remain (a discarded 白板, 楚州's ready …)."""
    won = hand.won_on(tile)
    problems = region.check_hand(won, opts)
    if left <= 0:
        gone = f"all four {tile_code(tile)} are in sight"
        problems = [*problems, ErrorInfo("win_tile", "too_many_copies", gone)]
    if problems:
        return _errors(problems, region.key)
    return outcome_json(outcome(won, opts))


def waits(raw: object) -> dict[str, Any]:
    """The spec's waits answer for a hand without its winning tile."""
    if not isinstance(raw, Mapping):
        return _errors([ErrorInfo("", "bad_json", "the hand must be a JSON object")])
    request = {k: v for k, v in raw.items() if k != "win_tile"}
    request.setdefault("win_by", "self_draw")
    region_key = str(request.get("region") or "")
    if request["win_by"] == "draw":
        return _errors(
            [
                ErrorInfo(
                    "win_by",
                    "bad_win_by",
                    "waits need a way of winning: self_draw, discard or robbing_kong",
                )
            ],
            region_key,
        )
    valid, errors = validate(request, for_waits=True)
    if valid is None:
        return _errors(errors, region_key)
    hand, opts = valid
    region = REGIONS[hand.region]
    entries: list[dict[str, Any]] = []
    for tile in candidates(region, hand, opts):
        left = unseen(hand, tile)
        entries.append(
            {
                "tile": tile_code(tile),
                "left": left,
                "score": _won_on(region, hand, opts, tile, left),
            }
        )
    # A problem with the hand itself (not with one winning tile) is the answer's.
    failed = [e["score"] for e in entries if not e["score"]["ok"]]
    if entries and len(failed) == len(entries):
        codes = {tuple(sorted(err["code"] for err in f["errors"])) for f in failed}
        if len(codes) == 1:
            return {"ok": False, "region": region.key, "errors": failed[0]["errors"]}
    for e in entries:
        if not e["score"]["ok"]:  # this tile may not be won on (a discarded 白板, …)
            reasons = [err["message"] for err in e["score"]["errors"]]
            e["score"] = {"ok": True, "region": region.key, "winning": False, "reasons": reasons}
    ready = any(e["score"].get("winning") for e in entries)
    return {"ok": True, "region": region.key, "ready": ready, "waits": entries}
