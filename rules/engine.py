"""The scoring pipeline, one function for every region."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final, NamedTuple

from rules.hand import ErrorInfo, Hand, ItemLine, Score
from rules.items import ONCE, Hit, as_hit, resolve
from rules.memo import remember
from rules.region import Evaluation, Region
from rules.regions import REGIONS
from rules.report import SCORE_DEFAULTS, outcome_json, to_json
from rules.settle import net_of
from rules.split import Block, Split, splits
from rules.text import Text, says
from rules.tiles import N_TILES, format_tiles, tile_code
from rules.validate import validate

NOT_A_SHAPE: Final = says("the tiles do not make four sets and a pair")
NOBODY_WON: Final = says("nobody won: a drawn hand")


def score(raw: object) -> Score:
    """Score a hand given as the spec's JSON (already decoded).

    1. validate the input into a Hand and the region's options;
    2. hand it to ``score_hand``.
    """
    valid, errors = validate(raw)
    if valid is None:
        return _refused(raw, errors)
    hand, opts = valid
    return score_hand(hand, opts)


def score_json(raw: object) -> dict[str, Any]:
    """``to_json(score(raw))``, without a frozen Score in between: the API's path."""
    valid, errors = validate(raw)
    if valid is None:
        return to_json(_refused(raw, errors))
    return outcome_json(outcome(*valid))


def _refused(raw: object, errors: list[ErrorInfo]) -> Score:
    region = raw.get("region") if isinstance(raw, dict) else None
    return Score(ok=False, region=str(region or ""), errors=tuple(errors))


def score_hand(hand: Hand, opts: Any) -> Score:
    """Score a validated hand."""
    return Score(**outcome(hand, opts))


def outcome(hand: Hand, opts: Any) -> dict[str, Any]:
    """A validated hand's score, as the fields of a ``Score``.

    1. a drawn hand settles only what is left to settle;
    2. split the hand every way it splits;
    3. score each split: find items, apply exclusions (data), caps, total;
    4. keep the split best for the winner;
    5. settle: payments, each seat's net, the next hand's table.

    A waits answer turns each winning tile's fields straight into JSON
    (``rules.report.outcome_json``): building a frozen ``Score`` for each
    would cost more than the rest of its settling.
    """
    region = REGIONS[hand.region]
    if hand.is_draw:
        return _settled(region, hand, opts, None, (NOBODY_WON,))
    candidates = splits_of(region, hand, opts)
    if not candidates:
        return _settled(region, hand, opts, None, (NOT_A_SHAPE,))
    best = best_evaluation(region, hand, opts, candidates)
    if not best.winning:
        return _settled(region, hand, opts, best, best.reasons)
    return _settled(region, hand, opts, best, ())


def splits_of(region: Region, hand: Hand, opts: Any) -> list[Split]:
    found = splits(
        hand.concealed,
        hand.win_tile,
        hand.melds,
        self_drawn=hand.win_by == "self_draw",
        wild_tile=region.wild_tile(hand, opts),
        allow_seven_pairs=region.seven_pairs(opts),
        four_as_two_pairs=region.four_as_two_pairs,
        seven_pairs_with_pongs=region.seven_pairs_with_pongs,
        wild_choices=region.wild_choices,
    )
    return region.readings(hand, opts, found)


# The lines of a breakdown depend only on the items found and the options,
# and the same few combinations recur across hands (and across the readings
# of one hand), so they are resolved once; so is the total, where the region
# says it depends on nothing else. Bounded: all are cleared once they hold
# _CACHE_MAX entries between them.
#
# The tables are kept per options object, found by its id: hashing a frozen
# dataclass runs its generated __hash__ as plain Python, on every split.
# Each entry holds its options object, so no other can take that id while
# the entry lives; ``rules.options.build`` hands out equal options as one
# object, so their hands share the tables.
_Found = tuple[str, tuple[tuple[str, Hit], ...]]


class _Tables(NamedTuple):
    opts: Any
    lines: dict[_Found, tuple[ItemLine, ...]]
    totals: dict[_Found, Evaluation]


_BY_OPTIONS: Final[dict[int, _Tables]] = {}
_CACHE_MAX = 8192
_KEPT: Final = [0]  # entries in all the tables


def _tables(opts: Any) -> _Tables:
    got = _BY_OPTIONS.get(id(opts))
    if got is None or got.opts is not opts:
        got = _BY_OPTIONS[id(opts)] = _Tables(opts, {}, {})
    return got


def _keep(table: dict[_Found, Any], key: _Found, value: Any) -> None:
    if _KEPT[0] >= _CACHE_MAX:
        clear_caches()  # ``table`` goes with the rest; this entry is its last
    table[key] = value
    _KEPT[0] += 1


def clear_caches() -> None:
    """Forget every kept breakdown and total (tests score with cold tables)."""
    _BY_OPTIONS.clear()
    _KEPT[0] = 0


def evaluate(region: Region, hand: Hand, opts: Any, split: Split) -> Evaluation:
    ctx = region.make_context(hand, opts, split)
    found: list[tuple[str, Hit]] = []
    for item_key, check in region.checks:
        got = check(ctx)
        if got:
            hit = ONCE if got is True else as_hit(got)
            if hit is not None:
                found.append((item_key, hit))
    tables = _tables(opts)
    key = (region.key, tuple(found))
    if region.total_from_lines:
        ev = tables.totals.get(key)
        if ev is not None:
            return Evaluation(split, ev.lines, ev.total, ev.how, ev.winning, ev.reasons, ev.data)
    lines = tables.lines.get(key)
    if lines is None:
        lines = tuple(
            resolve(
                region.items,
                region.exclusion_order,
                dict(found),
                opts,
                region.replacers,
                region.by_key,
            )
        )
        _keep(tables.lines, key, lines)
    ev = region.evaluate(ctx, list(lines))
    if region.total_from_lines:
        _keep(tables.totals, key, ev)
    return ev


def best_evaluation(region: Region, hand: Hand, opts: Any, candidates: list[Split]) -> Evaluation:
    """The winning reading worth most; if none wins, the refused one worth most."""
    best: Evaluation | None = None
    if region.reading_key is not None:
        seen: set[Hashable] = set()
        alike = []
        for split in candidates:
            key = region.reading_key(split)
            if key not in seen:
                seen.add(key)
                alike.append(split)
        candidates = alike
    for split in candidates:
        ev = evaluate(region, hand, opts, split)
        if best is None or (ev.winning, ev.total) > (best.winning, best.total):
            best = ev
    assert best is not None
    return best


def _settled(
    region: Region, hand: Hand, opts: Any, ev: Evaluation | None, reasons: tuple[Text, ...]
) -> dict[str, Any]:
    won = ev is not None and ev.winning
    settlement = region.settle(hand, opts, ev if won else None)
    if ev is None or not won:
        return {
            **SCORE_DEFAULTS,
            "ok": True,
            "region": region.key,
            "unit": region.unit,
            "payments": settlement.payments,
            "net": net_of(settlement.payments, hand.seats),
            "next_table": settlement.next_table if hand.is_draw else None,
            "reasons": reasons,
        }
    # Every field of a Score, so outcome_json needs no defaults.
    split = ev.split
    return {
        "ok": True,
        "region": region.key,
        "winning": True,
        "items": ev.lines,
        "total": ev.total,
        "unit": region.unit,
        "how": ev.how,
        "payments": settlement.payments,
        "net": net_of(settlement.payments, hand.seats),
        "next_table": settlement.next_table,
        "reasons": reasons,
        "errors": (),
        "split": tuple(_block_text(b) for b in split.blocks),
        "wait": split.wait,
        "wilds": tuple(tile_code(t) for t in split.wild_assignments),
    }


# The notation of a block: the same few hundred recur in every answer. A
# hand block's depends only on its kind and tile, so those are looked up by
# index rather than through a tuple key hashed for every block.
_HAND_BLOCK_TEXT: Final[dict[str, list[str | None]]] = {}
_MELD_TEXT: Final[dict[tuple[int, ...], str]] = {}


def _block_text(b: Block) -> str:
    if b.meld is not None:
        tiles = b.meld.tiles
        text = _MELD_TEXT.get(tiles)
        if text is None:
            text = remember(_MELD_TEXT, tiles, format_tiles(tiles), 4096)
        return text
    by_tile = _HAND_BLOCK_TEXT.get(b.kind)
    if by_tile is None:
        by_tile = _HAND_BLOCK_TEXT[b.kind] = [None] * N_TILES
    made = by_tile[b.tile]
    if made is None:
        made = by_tile[b.tile] = format_tiles(b.tiles)
    return made
