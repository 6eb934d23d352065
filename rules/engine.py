"""The scoring pipeline, one function for every region."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import lru_cache
from typing import Any

from rules.hand import ErrorInfo, Hand, ItemLine, Score
from rules.items import Hit, as_hit, resolve
from rules.readings import readings_of
from rules.region import Evaluation, Region
from rules.regions import REGIONS
from rules.report import SCORE_DEFAULTS, outcome_json, to_json
from rules.settle import MAX_EXACT, AmountTooLarge, net_of
from rules.split import Block, Split, splits
from rules.text import Text, says
from rules.tiles import format_tiles, tile_code
from rules.validate import validate

NOT_A_SHAPE = says("the tiles do not make four sets and a pair")
NOBODY_WON = says("nobody won: a drawn hand")
CAP = "cap"  # the key of a region's cap line (老三番's 三番為頂, 三门's 最高就3台)

# Table state that multiplies the money: where it is given, an amount too
# large to write exactly is put down to the table, else to the rules.
AMOUNT_KEYS = ("lao_zhuang", "baowu_streak_wins", "zhen")
# An amount too large to write exactly is named in the error while it is short.
SHOWN_AMOUNT = 10**40


def score(raw: object) -> Score:
    """Score a hand given as the spec's JSON (already decoded).

    1. validate the input into a Hand and the region's options;
    2. hand it to ``score_hand``;
    3. where the hand asks (``"readings": true``), add its readings.
    """
    valid, errors = validate(raw)
    if valid is None:
        return _refused(raw, errors)
    hand, opts = valid
    if _asks_readings(raw):
        return Score(**_with_readings(hand, opts, outcome(hand, opts)))
    return score_hand(hand, opts)


def score_json(raw: object) -> dict[str, Any]:
    """``to_json(score(raw))``, without a frozen Score in between: the API's path."""
    valid, errors = validate(raw)
    if valid is None:
        return to_json(_refused(raw, errors))
    fields = outcome(*valid)
    if _asks_readings(raw):
        fields = _with_readings(*valid, fields)
    return outcome_json(fields)


def _asks_readings(raw: object) -> bool:
    # Validation has let through only true, false or null.
    return isinstance(raw, Mapping) and raw.get("readings") is True


def _with_readings(hand: Hand, opts: Any, fields: dict[str, Any]) -> dict[str, Any]:
    """The outcome with its readings (``rules.readings``), worked out from the
    same validated hand; a hand that does not score has none."""
    if not fields["ok"]:
        return fields
    return {**fields, **readings_of(hand, opts, fields, outcome)}


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

    ``score_json`` turns these fields straight into JSON
    (``rules.report.outcome_json``); ``score_hand`` makes them a ``Score``.
    """
    try:
        fields = _outcome(hand, opts)
    except AmountTooLarge:  # a streak doubles the money past MAX_EXACT (rules.settle.doubling)
        return _too_large(hand, None)
    return _exact(hand, fields)


def _outcome(hand: Hand, opts: Any) -> dict[str, Any]:
    region = REGIONS[hand.region]
    if hand.is_draw:
        return _settled(region, hand, opts, None, (NOBODY_WON,))
    candidates = splits_of(region, hand, opts)
    if not candidates:
        return _settled(region, hand, opts, None, (NOT_A_SHAPE,))
    tied: list[Evaluation] = []
    best = best_evaluation(region, hand, opts, candidates, tied)
    if not best.winning:
        return _settled(region, hand, opts, best, best.reasons)
    return _settled(region, hand, opts, best, (), beyond_the_cap(best, tied))


def beyond_the_cap(best: Evaluation, tied: list[Evaluation]) -> tuple[ItemLine, ...]:
    """The items readings worth as much as ``best`` count and ``best`` does not,
    where ``best`` reached a cap (without one, another reading worth the same
    is a coincidence, not something the total hides; the cap may be in the
    other reading: 3“得” alone is the cap, 清一色 besides is capped to it)."""
    caps = [line for ev in (best, *tied) for line in ev.lines if line.key == CAP]
    if not caps:
        return ()
    # An item is hidden by the cap where it alone is worth what the capped
    # total is (清一色 3 台 beside 3“得” 3 台), not where it only adds to it.
    unit = caps[0].unit
    capped = sum(line.value for line in best.lines if line.unit == unit)
    shown = {line.key for line in best.lines}
    also: dict[str, ItemLine] = {}
    for ev in tied:
        for line in ev.lines:
            if (
                line.key not in shown
                and line.unit == unit
                and line.value >= capped
                and not line.dropped_by
            ):
                also.setdefault(line.key, line)
    return tuple(also.values())


def _exact(hand: Hand, fields: dict[str, Any]) -> dict[str, Any]:
    """The outcome, or an error where an amount is too large to be written exactly."""
    # The payments' sum bounds every payment and every seat's net.
    largest = max(abs(fields["total"]), sum(abs(p.amount) for p in fields["payments"]))
    if largest > MAX_EXACT:
        return _too_large(hand, largest)
    if fields["next_table"] and _largest_count(fields["next_table"]) > MAX_EXACT:
        return _too_large(hand, None)  # a streak or 针 handed on, past what is written exactly
    return fields


def _largest_count(table: Mapping[str, Any]) -> int:
    """The largest number in a next hand's table (its streaks, each seat's 针)."""
    largest = 0
    for v in table.values():
        if isinstance(v, int):
            largest = max(largest, abs(v))
        elif isinstance(v, Mapping):
            largest = max([largest, *(abs(n) for n in v.values() if isinstance(n, int))])
    return largest


def _too_large(hand: Hand, amount: int | None) -> dict[str, Any]:
    """The error for amounts (or counts handed on) past ``MAX_EXACT``, naming
    the amount while it is short; ``None`` where it was not computed."""
    where = "table" if any(k in hand.table for k in AMOUNT_KEYS) else "rules"
    if amount is not None and amount < SHOWN_AMOUNT:
        problem = says(
            "the amounts reach {amount}, more than {most}, the most a score can show exactly",
            amount=amount,
            most=MAX_EXACT,
        )
    else:
        problem = says("the numbers pass {most}, the most a score can show exactly", most=MAX_EXACT)
    return {
        **SCORE_DEFAULTS,
        "ok": False,
        "region": hand.region,
        "errors": (ErrorInfo(where, "amount_too_large", problem),),
    }


def splits_of(region: Region, hand: Hand, opts: Any) -> list[Split]:
    found = _splits(
        region.key,
        hand.concealed,
        hand.win_tile,
        hand.melds,
        hand.win_by == "self_draw",
        region.wild_tile(hand, opts),
        region.seven_pairs(opts),
    )
    return region.readings(hand, opts, list(found))


# A hand's splits depend on its tiles and on how the region splits, not on the
# rest of its options: the readings of one hand (one scoring per house-rule
# value) split it once. Four wild 白板 take milliseconds to split, and make
# many splits: kept for the few hands at hand, not for every hand seen. Keyed
# by the region's name, not by the fixed ways it splits (its wild tiles'
# choices are tuples of dozens of tiles, hashed afresh at every look-up).
@lru_cache(maxsize=256)
def _splits(
    region_key: str,
    concealed: tuple[int, ...],
    win_tile: int | None,
    melds: tuple[Any, ...],
    self_drawn: bool,
    wild_tile: int | None,
    allow_seven_pairs: bool,
) -> tuple[Split, ...]:
    region = REGIONS[region_key]
    return tuple(
        splits(
            concealed,
            win_tile,
            melds,
            self_drawn=self_drawn,
            wild_tile=wild_tile,
            allow_seven_pairs=allow_seven_pairs,
            four_as_two_pairs=region.four_as_two_pairs,
            seven_pairs_with_pongs=region.seven_pairs_with_pongs,
            wild_choices=region.wild_choices,
        )
    )


def evaluate(region: Region, hand: Hand, opts: Any, split: Split) -> Evaluation:
    ctx = region.make_context(hand, opts, split)
    found: list[tuple[str, Hit]] = []
    for item in region.items:
        got = item.check(ctx)
        if got:  # most items are absent from any one hand
            hit = as_hit(got)
            if hit is not None:
                found.append((item.key, hit))
    return region.evaluate(ctx, list(_lines(region.key, tuple(found), opts)))


# A breakdown's lines depend only on the items found and the options, and the
# same few combinations recur across hands and readings: resolve each once.
@lru_cache(maxsize=4096)
def _lines(region_key: str, found: tuple[tuple[str, Hit], ...], opts: Any) -> tuple[ItemLine, ...]:
    region = REGIONS[region_key]
    return tuple(
        resolve(
            region.items,
            region.exclusion_order,
            dict(found),
            opts,
            region.replacers,
            region.by_key,
        )
    )


def clear_caches() -> None:
    """Forget every resolved breakdown and split (tests score with a cold cache)."""
    _lines.cache_clear()
    _splits.cache_clear()


def best_evaluation(
    region: Region,
    hand: Hand,
    opts: Any,
    candidates: list[Split],
    tied: list[Evaluation] | None = None,
) -> Evaluation:
    """The winning reading worth most; if none wins, the refused one worth most
    (``tied``: filled with the other readings worth as much)."""
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
    same: list[Evaluation] = []
    for split in candidates:
        ev = evaluate(region, hand, opts, split)
        if best is None or (ev.winning, ev.total) > (best.winning, best.total):
            best = ev
            same = []
        elif (ev.winning, ev.total) == (best.winning, best.total):
            same.append(ev)
    assert best is not None
    if tied is not None:
        tied.extend(same)
    return best


def _settled(
    region: Region,
    hand: Hand,
    opts: Any,
    ev: Evaluation | None,
    reasons: tuple[Text, ...],
    also: tuple[ItemLine, ...] = (),
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
        "readings_tried": None,
        "readings": (),
        "also": also,
    }


def _block_text(b: Block) -> str:
    return _notation(b.meld.tiles if b.meld is not None else b.tiles)


# The few hundred sets there are recur in every answer: each is written once.
@lru_cache(maxsize=4096)
def _notation(tiles: tuple[int, ...]) -> str:
    return format_tiles(tiles)
