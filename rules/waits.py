"""What would win, and for how much: the waits of a hand short of one tile.

Each tile that completes the hand's shape (under the region's shapes, wild
tiles included) is scored as if won that way, so the region's own laws
decide whether it really wins (金湖's wait law, 楚州's single-wait ready,
长春's conditions, 三门's discarded 白板).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine import outcome
from rules.hand import ErrorInfo, Hand, Score
from rules.region import Region
from rules.regions import REGIONS
from rules.report import SCORE_DEFAULTS, outcome_json, to_json
from rules.sight import in_sight, left_to_win, robbed_fourth, robbed_tile
from rules.split import waits as shape_waits
from rules.text import says
from rules.tiles import N_KINDS, tile_code
from rules.validate import validate


def candidates(region: Region, hand: Hand, opts: Any) -> list[int]:
    """Tiles that complete the shape, plus the wild tiles that could be drawn."""
    if region.winning_tiles is not None:
        return region.winning_tiles(hand, opts)
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


@dataclass(frozen=True)
class Wait:
    """One tile that completes the shape: its copies unseen and the score of winning on it."""

    tile: int
    left: int
    score: Score  # ``winning`` false, with the reasons, where a law refuses it


@dataclass(frozen=True)
class Waits:
    ok: bool
    region: str
    waits: tuple[Wait, ...] = ()
    errors: tuple[ErrorInfo, ...] = ()

    @property
    def ready(self) -> bool:
        return any(w.score.winning for w in self.waits)


# An entry's score is kept as the fields of a ``Score`` until the caller says
# what it wants: the page reads ``Score`` records, the API writes JSON straight
# from the fields, as ``rules.engine.score_json`` does.
Entry = tuple[int, int, dict[str, Any]]  # tile, copies unseen, the score's fields


def _won_on(region: Region, hand: Hand, opts: Any, tile: int, left: int) -> dict[str, Any]:
    """The score of this hand won on ``tile``: the hand is valid, so only the
    region's own checks of a win remain (a discarded 白板, 楚州's ready …)."""
    won = hand.won_on(tile)
    problems = region.check_hand(won, opts)
    if left <= 0:
        # The winning tile itself is the copy too many: the problem is this tile's.
        if robbed_tile(won) is not None:
            gone = robbed_fourth(tile_code(tile), in_sight(hand)[tile])
        else:
            gone = says("all four {tile} are in sight", tile=tile_code(tile))
        problems = [*problems, ErrorInfo("win_tile", "too_many_copies", gone)]
    if problems:
        return {**SCORE_DEFAULTS, "ok": False, "region": region.key, "errors": tuple(problems)}
    return outcome(won, opts)


def _entries(raw: object) -> tuple[str, tuple[ErrorInfo, ...], list[Entry]]:
    """The region, the errors that refuse the hand itself, and each tile tried."""
    if not isinstance(raw, Mapping):
        return "", (ErrorInfo("", "bad_json", says("the hand must be a JSON object")),), []
    request = {k: v for k, v in raw.items() if k != "win_tile"}
    request.setdefault("win_by", "self_draw")
    region_key = str(request.get("region") or "")
    if request["win_by"] == "draw":
        way = says("waits need a way of winning: self_draw, discard or robbing_kong")
        return region_key, (ErrorInfo("win_by", "bad_win_by", way),), []
    valid, errors = validate(request, for_waits=True)
    if valid is None:
        return region_key, tuple(errors), []
    hand, opts = valid
    region = REGIONS[hand.region]
    entries = []
    seen = in_sight(hand)
    for tile in candidates(region, hand, opts):
        left = left_to_win(hand, seen, tile)
        entries.append((tile, left, _won_on(region, hand, opts, tile, left)))
    # A problem with the hand itself, not with one winning tile, is the answer's.
    for _tile, _left, fields in entries:
        about_hand = tuple(e for e in fields["errors"] if e.field != "win_tile")
        if about_hand:
            return region.key, about_hand, []
    return region.key, (), [(t, left, _as_refusal(f)) for t, left, f in entries]


def _as_refusal(fields: dict[str, Any]) -> dict[str, Any]:
    """A tile the region's laws refuse (a discarded 白板, a fifth copy) is a wait
    that does not win, with the reasons."""
    if fields["ok"]:
        return fields
    reasons = tuple(e.text for e in fields["errors"])
    return {**SCORE_DEFAULTS, "ok": True, "region": fields["region"], "reasons": reasons}


def find_waits(raw: object) -> Waits:
    """Every tile that would complete a hand without its winning tile, each scored."""
    region, errors, entries = _entries(raw)
    if errors:
        return Waits(False, region, errors=errors)
    return Waits(True, region, tuple(Wait(t, left, Score(**f)) for t, left, f in entries))


def waits(raw: object) -> dict[str, Any]:
    """The spec's waits answer for a hand without its winning tile."""
    region, errors, entries = _entries(raw)
    if errors:
        return to_json(Score(ok=False, region=region, errors=errors))
    return {
        "ok": True,
        "region": region,
        "ready": any(f["winning"] for _t, _left, f in entries),
        "waits": [
            {"tile": tile_code(t), "left": left, "score": outcome_json(f)} for t, left, f in entries
        ],
    }
