"""Hands worth learning from: deal a random winning hand of a region.

``deal(region, rng)`` answers a hand in the spec's JSON (the shape
``/api/score`` takes) that the engine scores as ``ok`` and ``winning``. It
comes from one of two sources:

- a random complete hand of the region's tiles (four sets and a pair, now
  and then seven pairs), some of its sets melded, a winning tile among the
  concealed ones, a seat, a dealer and a way of winning, with flowers where
  the region plays them, 白板 wild tiles in 三门 and eggs (蛋) in 长春;
- a golden case of the region (``tests/cases/<region>/*.toml``) that counts
  the item asked for (``want``), its suits and seats permuted where the
  item survives it.

Every candidate is scored by the engine and held to the wall
(``off_the_table``: at most four of each tile in sight, counted as the
scorer counts them, ``rules.sight``; seats, melds and flags as a real table
allows); one that does not win or
could not lie on a table is drawn again (a bounded number of times; a golden case is the last resort, and it
wins by construction). ``deal_many`` cycles ``want`` over the items not yet
dealt, so that every item of the region turns up, rare ones included.
Everything is drawn from the ``rng`` given: a seed deals the same hands.
"""

from __future__ import annotations

import copy
import random
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import rules
from rules.engine import score_json
from rules.hand import EGG_TILES
from rules.regions import REGIONS
from rules.tiles import (
    format_tiles,
    is_honor,
    parse,
    parse_one,
    tile_code,
)
from rules.validate import validate

# From the package, not this module: compiled by mypyc, a module's __file__
# is not where its source lies (rules/__init__.py is never compiled).
CASES_DIR = Path(rules.__file__).resolve().parents[1] / "tests" / "cases"
SEATS = "ESWN"
SUITS = "mps"
RANDOM_TRIES = 40  # random draws before a golden case is dealt instead
AIM_EVERY = 3  # deal_many aims one hand in this many at a rare item
VARIED_TRIES = 6  # permutations of a golden case tried before it is dealt as written


@dataclass(frozen=True)
class Style:
    """What a region's random hands may hold, beyond its Region record."""

    wild: str = ""  # 三门: 白板 stands for any tile
    eggs: bool = False  # 长春: 蛋 in place of a set
    ready_chance: float = 0.3  # how often the winner has declared ready
    ready_needed: bool = False  # a win needs ready declared (长春 and 楚州 mostly)


STYLES: dict[str, Style] = {
    "laosanfan": Style(),
    "jinhu": Style(ready_chance=0.2),
    "chuzhou": Style(ready_chance=0.7),
    "sanmen": Style(wild="5z", ready_chance=0.0),
    "changchun": Style(eggs=True, ready_chance=0.8),
    "guobiao": Style(ready_chance=0.0),
}

# How a random set is drawn: its kind and weight.
SET_KINDS = (("seq", 5), ("trip", 4), ("kong", 1))


def items_of(region: str) -> tuple[str, ...]:
    """The keys of the region's items, in the seed's order."""
    return tuple(item.key for item in REGIONS[region].items)


def is_win(score: dict[str, Any]) -> bool:
    return bool(score.get("ok")) and bool(score.get("winning"))


def counted(score: dict[str, Any]) -> set[str]:
    """The items a score counts at a value (dropped and cap lines aside)."""
    return {line["key"] for line in score.get("items", ()) if line.get("value")}


def deal(region_key: str, rng: random.Random, want: str | None = None) -> dict[str, Any]:
    """A hand of ``region_key`` that the engine scores as a win; with ``want``,
    one that counts that item (where any golden case of the region does)."""
    return _dealt(region_key, rng, want)[0]


def _dealt(
    region_key: str, rng: random.Random, want: str | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``deal``'s hand with the engine's score of it, scored once."""
    if want is not None and templates(region_key, want):
        return _from_template(region_key, rng, want)
    for _ in range(RANDOM_TRIES):
        hand = random_hand(region_key, rng)
        if off_the_table(hand):
            continue
        score = score_json(hand)
        if _refuses_ready(score):  # 楚州: ready only on a single wait
            hand["flags"] = [f for f in hand["flags"] if f != "ready_declared"]
            score = score_json(hand)
        if is_win(score):
            return hand, score
    return _from_template(region_key, rng, None)


def deal_many(region: str, n: int, seed: int = 0) -> Iterator[dict[str, Any]]:
    """``n`` hands of ``region`` from ``seed``: two in three random, every
    third aimed at the item dealt least so far (the first in the seed's
    order among equals), so that every item turns up, rare ones included."""
    rng = random.Random(seed)
    dealt = dict.fromkeys((key for key in items_of(region) if templates(region, key)), 0)
    for i in range(n):
        want = (
            min(dealt, key=dealt.__getitem__) if dealt and i % AIM_EVERY == AIM_EVERY - 1 else None
        )
        hand, score = _dealt(region, rng, want)
        for key in counted(score):
            if key in dealt:
                dealt[key] += 1
        yield hand


def beyond_the_wall(hand: dict[str, Any]) -> list[str]:
    """The tiles of which the hand shows more than the wall holds (four), or
    more of a flower than the region plays, counted as the scorer counts them
    (``rules.sight``: the robbed kong's three and the table's flipped tiles
    included); empty for a hand that can happen."""
    _, errors = validate(hand)
    return sorted(
        {
            str(e.text.values["tile"])
            for e in errors
            if e.code in ("too_many_copies", "too_many_flowers") and "tile" in e.text.values
        }
    )


KONGS = ("kong", "added_kong", "concealed_kong")


def off_the_table(hand: dict[str, Any]) -> list[str]:
    """What in ``hand`` no real deal of its region shows (empty if none):
    more copies than the wall holds, seats not at the table, melds, flowers
    and flags the region or the way of winning does not allow. Some golden
    cases check the engine on such hands; they are not dealt."""
    region = REGIONS[hand["region"]]
    out = [f"{code}: more than the wall holds" for code in beyond_the_wall(hand)]
    players = int(hand.get("players", 4))
    seats = tuple(SEATS[:players])
    seat, win_by = str(hand.get("seat", "")), hand.get("win_by")
    if players not in region.players:
        out.append(f"{players} players")
    if seat not in seats or str(hand.get("dealer", "")) not in seats:
        out.append("a seat not at the table")
    if win_by not in region.win_types or win_by == "draw":
        out.append(f"won by {win_by}")
    discarder = str(hand.get("discarder", ""))
    if win_by in ("discard", "robbing_kong") and (discarder not in seats or discarder == seat):
        out.append("the discarder is not another seat")
    flowers = parse(hand.get("flowers", ""))
    if any(t not in region.flower_tiles for t in flowers) or len(flowers) > region.max_flowers:
        out.append("flowers the region does not play")
    melds = hand.get("melds") or []
    for m in melds:
        kind, giver = m["type"], m.get("from")
        if kind not in region.meld_types:
            out.append(f"a {kind} the region does not play")
        # Golden cases may leave ``from`` out (the spec allows it).
        if kind == "chi" and (players != 4 or giver not in (None, UPPER.get(seat))):
            out.append("a chi not from the seat before")
        if kind == "concealed_kong" and giver is not None:
            out.append("a concealed kong given by a seat")
        if giver is not None and (giver == seat or giver not in seats):
            out.append(f"a {kind} given by {giver}")
    flags = set(hand.get("flags") or ())
    if "kong_replacement" in flags and (
        win_by != "self_draw" or not any(m["type"] in KONGS for m in melds)
    ):
        out.append("a kong replacement without a kong of one's own drawn on")
    if "last_tile" in flags and win_by == "robbing_kong":
        out.append("a kong robbed off the last tile")
    for s in hand.get("other_melds") or {}:
        if s == seat or s not in seats:
            out.append(f"others' melds for {s}")
    return out


def _refuses_ready(score: dict[str, Any]) -> bool:
    return any(e.get("code") == "ready_not_single_wait" for e in score.get("errors", ()))


# -- golden cases ----------------------------------------------------------


@lru_cache(maxsize=8)
def _winning_cases(region: str) -> tuple[tuple[dict[str, Any], frozenset[str]], ...]:
    """(hand, the items it counts) for every golden case of the region that wins."""
    found = []
    for path in sorted((CASES_DIR / region).glob("*.toml")):
        for case in tomllib.loads(path.read_text(encoding="utf-8")).get("case", ()):
            hand = {k: v for k, v in case["hand"].items() if k != "readings"}
            score = score_json(hand)
            if is_win(score) and not off_the_table(hand):
                found.append((hand, frozenset(counted(score))))
    return tuple(found)


def templates(region: str, want: str) -> list[dict[str, Any]]:
    """The region's winning golden hands that count ``want``."""
    return [hand for hand, keys in _winning_cases(region) if want in keys]


def _from_template(
    region: str, rng: random.Random, want: str | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    pool = templates(region, want) if want else [h for h, _ in _winning_cases(region)]
    if not pool:
        raise LookupError(f"{region}: no winning golden case to deal from ({CASES_DIR})")
    base = rng.choice(pool)
    for _ in range(VARIED_TRIES):
        hand = vary(base, rng)
        if off_the_table(hand):
            continue
        score = score_json(hand)
        if is_win(score) and (want is None or want in counted(score)):
            return hand, score
    hand = copy.deepcopy(base)
    hand.setdefault("melds", [])
    return hand, score_json(hand)


# Fields that hold tiles, and those that hold seats.
TILE_FIELDS = ("hand", "win_tile", "flowers")
TABLE_TILES = ("maima_tile", "bao_tile")
SEAT_FIELDS = ("seat", "dealer", "discarder", "first_dealer", "bao_seat", "baowu_streak_seat")


def vary(hand: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The hand with its suits permuted and its seats turned, all alike."""
    suits = dict(zip(SUITS, rng.sample(SUITS, 3), strict=True))
    players = int(hand.get("players", 4))
    turn = rng.randrange(players)
    order = SEATS[:players]

    def seat(s: Any) -> Any:
        return order[(order.index(s) + turn) % players] if s in order else s

    def tiles(text: Any) -> Any:
        return "".join(suits.get(c, c) for c in text) if isinstance(text, str) else text

    out = copy.deepcopy(hand)
    for key in TILE_FIELDS:
        if key in out:
            out[key] = tiles(out[key])
    for key in SEAT_FIELDS:
        if key in out:
            out[key] = seat(out[key])
    out["melds"] = [_turned_meld(m, seat, tiles) for m in out.get("melds", ())]
    if "other_melds" in out:
        out["other_melds"] = {
            seat(s): [_turned_meld(m, seat, tiles) for m in ms]
            for s, ms in out["other_melds"].items()
        }
    if "events" in out:
        out["events"] = [{**e, "seat": seat(e.get("seat"))} for e in out["events"]]
    table = out.get("table", {})
    for key, value in list(table.items()):
        if key in TABLE_TILES:
            table[key] = tiles(value)
        elif key in SEAT_FIELDS:
            table[key] = seat(value)
        elif isinstance(value, dict):
            table[key] = {seat(s): v for s, v in value.items()}
        elif isinstance(value, list):
            table[key] = [seat(s) for s in value]
    return out


def _turned_meld(meld: dict[str, Any], seat: Any, tiles: Any) -> dict[str, Any]:
    out = {**meld, "tiles": tiles(meld["tiles"])}
    if "from" in out:
        out["from"] = seat(out["from"])
    return out


# -- random hands ----------------------------------------------------------


def random_hand(region_key: str, rng: random.Random) -> dict[str, Any]:
    """A random complete hand of the region, in the spec's JSON (it may not win)."""
    region = REGIONS[region_key]
    style = STYLES[region_key]
    pool = _tile_pool(region.tile_order, rng)
    counts: dict[int, int] = {}
    blocks = (
        _seven_pairs(pool, counts, rng)
        if rng.random() < 0.08
        else _four_sets(pool, counts, rng, style, region.meld_types)
    )
    players = rng.choice(region.players) if rng.random() < 0.3 else max(region.players)
    seats = SEATS[:players]
    seat = rng.choice(seats)
    meld_types = (
        region.meld_types if players == 4 else tuple(m for m in region.meld_types if m != "chi")
    )
    melds, concealed = _meld_some(blocks, seat, seats, meld_types, rng)
    if style.wild:
        concealed = _with_wilds(concealed, counts, rng, style.wild)
    how = _win_by(seat, seats, region.win_types, rng)
    if how["win_by"] == "robbing_kong":
        # The robbed seat holds the other three copies: the winner can hold
        # none but the one robbed.
        shown = concealed + [tile_code(t) for m in melds for t in parse(m["tiles"])]
        lone = [i for i, t in enumerate(concealed) if shown.count(t) == 1]
        if lone:
            win = concealed.pop(rng.choice(lone))
        else:
            how["win_by"] = "discard"
            win = concealed.pop(rng.randrange(len(concealed)))
    else:
        win = concealed.pop(rng.randrange(len(concealed)))
    hand: dict[str, Any] = {
        "region": region_key,
        "hand": "".join(concealed),
        "win_tile": win,
        "melds": melds,
        "seat": seat,
        "dealer": rng.choice(seats),
    }
    if players != 4:
        hand["players"] = players
    hand.update(how)
    flowers = _flowers(region, rng)
    if flowers:
        hand["flowers"] = flowers
    flags = _flags(hand, style, rng)
    if flags:
        hand["flags"] = flags
    return hand


def _tile_pool(order: Iterable[int], rng: random.Random) -> list[int]:
    """The tiles a hand draws from: now and then one suit (with or without
    honors), or no honors, for the one-suit and all-suited items."""
    tiles = list(order)
    roll = rng.random()
    if roll < 0.25:
        suit = rng.randrange(3)
        keep_honors = rng.random() < 0.5
        tiles = [t for t in tiles if t // 9 == suit or (keep_honors and is_honor(t))]
    elif roll < 0.4:
        tiles = [t for t in tiles if not is_honor(t)]
    return tiles or list(order)


def _take(counts: dict[int, int], tiles: list[int]) -> bool:
    """Use these tiles if four copies of each allow it."""
    need: dict[int, int] = {}
    for t in tiles:
        need[t] = need.get(t, 0) + 1
    if any(counts.get(t, 0) + n > 4 for t, n in need.items()):
        return False
    for t, n in need.items():
        counts[t] = counts.get(t, 0) + n
    return True


Block = tuple[str, list[int]]  # kind (seq, trip, kong, egg, pair), tiles


def _four_sets(
    pool: list[int],
    counts: dict[int, int],
    rng: random.Random,
    style: Style,
    meld_types: tuple[str, ...],
) -> list[Block]:
    blocks: list[Block] = []
    triplets_only = rng.random() < 0.15
    kinds = [k for k, _ in SET_KINDS]
    weights = [w for _, w in SET_KINDS]
    if style.eggs and rng.random() < 0.4:
        kind = rng.choice(sorted(EGG_TILES))
        if _take(counts, list(EGG_TILES[kind])):
            blocks.append((f"egg:{kind}", list(EGG_TILES[kind])))
    while len(blocks) < 4:
        kind = "trip" if triplets_only else rng.choices(kinds, weights)[0]
        if kind == "kong" and not any("kong" in m for m in meld_types):
            kind = "trip"
        start = rng.choice(pool)
        if kind == "seq":
            if is_honor(start) or start % 9 > 6 or start + 2 not in pool:
                continue
            tiles = [start, start + 1, start + 2]
        else:
            tiles = [start] * (4 if kind == "kong" else 3)
        if _take(counts, tiles):
            blocks.append((kind, tiles))
    while True:
        start = rng.choice(pool)
        if _take(counts, [start, start]):
            blocks.append(("pair", [start, start]))
            return blocks


def _seven_pairs(pool: list[int], counts: dict[int, int], rng: random.Random) -> list[Block]:
    blocks: list[Block] = []
    while len(blocks) < 7:
        start = rng.choice(pool)
        if _take(counts, [start, start]):
            blocks.append(("pair", [start, start]))
    return blocks


# The previous seat (上家), who gives a chi.
UPPER = {s: SEATS[(i - 1) % 4] for i, s in enumerate(SEATS)}


def _meld_some(
    blocks: list[Block], seat: str, seats: str, meld_types: tuple[str, ...], rng: random.Random
) -> tuple[list[dict[str, Any]], list[str]]:
    """Declare some of the sets (every kong and egg), keep the rest concealed."""
    others = [s for s in seats if s != seat]
    melded_chance = rng.choice((0.0, 0.2, 0.5))
    melds: list[dict[str, Any]] = []
    concealed: list[str] = []
    for kind, tiles in blocks:
        text = format_tiles(tiles)
        if kind.startswith("egg:"):
            melds.append({"type": "egg", "kind": kind[4:], "tiles": text, "hui": 0})
        elif kind == "kong":
            options = [m for m in ("kong", "added_kong", "concealed_kong") if m in meld_types]
            kong = rng.choice(options)
            meld: dict[str, Any] = {"type": kong, "tiles": text}
            if kong != "concealed_kong":
                meld["from"] = rng.choice(others)
            melds.append(meld)
        elif kind == "seq" and "chi" in meld_types and rng.random() < melded_chance:
            melds.append({"type": "chi", "tiles": text, "from": UPPER[seat]})
        elif kind == "trip" and "pong" in meld_types and rng.random() < melded_chance:
            melds.append({"type": "pong", "tiles": text, "from": rng.choice(others)})
        else:
            concealed.extend(tile_code(t) for t in tiles)
    return melds, concealed


def _with_wilds(
    concealed: list[str], counts: dict[int, int], rng: random.Random, wild: str
) -> list[str]:
    """三门: put 白板 for up to four concealed tiles (the engine reads them back)."""
    have = counts.get(parse_one(wild), 0)
    n = min(rng.choice((0, 0, 1, 1, 2, 3, 4)), 4 - have)
    spots = [i for i, t in enumerate(concealed) if t != wild]
    for i in rng.sample(spots, min(n, len(spots))):
        concealed[i] = wild
    return concealed


def _win_by(
    seat: str, seats: str, win_types: tuple[str, ...], rng: random.Random
) -> dict[str, Any]:
    ways = [w for w in ("self_draw", "discard", "robbing_kong") if w in win_types]
    way = rng.choices(ways, weights=[4, 5, 1][: len(ways)])[0]
    if way == "self_draw":
        return {"win_by": way}
    return {"win_by": way, "discarder": rng.choice([s for s in seats if s != seat])}


def _flowers(region: Any, rng: random.Random) -> str:
    tray = sorted(region.flower_tiles)
    if not tray or rng.random() < 0.4:
        return ""
    picked: list[int] = []
    for t in tray:
        for _ in range(region.flower_limit(t)):
            if rng.random() < 0.25:
                picked.append(t)
    return format_tiles(picked[: region.max_flowers])


def _flags(hand: dict[str, Any], style: Style, rng: random.Random) -> list[str]:
    flags = []
    if rng.random() < style.ready_chance:
        flags.append("ready_declared")
    kongs = any("kong" in m["type"] for m in hand["melds"])
    if hand["win_by"] == "self_draw" and kongs and rng.random() < 0.3:
        flags.append("kong_replacement")
    if hand["win_by"] != "robbing_kong" and rng.random() < 0.05:
        flags.append("last_tile")
    return flags
