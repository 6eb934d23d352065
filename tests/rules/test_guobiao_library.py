"""国标 against PyMahjongGB itself: the library's own examples, random hands, waits.

``rules.regions.guobiao`` turns our hand JSON into the library's arguments
and reads its answer. These tests build the library's arguments a second
way, straight from the library's string notation (``stringify.cpp``) or from
the random tiles, without ``rules.regions.guobiao``'s converters, and call
``MahjongGB.MahjongFanCalculator`` directly: our score must say what the
library says.

- The 214 ``test_points`` examples of the library's ``unit_test.cpp``
  (``guobiao_library_examples.toml``), each written as our hand JSON.
- Random complete hands (0–4 melds of every kind, sets and a pair, 七对,
  十三幺, 全不靠, 组合龙; any seat, dealer, round wind, way of winning,
  flags, flowers) and random incomplete ones. ``GUOBIAO_EXAMPLES`` sets how
  many (default 200 of each).
- Waits: the tiles our waits list are the tiles the library wins on.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

import MahjongGB
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.engine import score_json
from rules.waits import waits

SEATS = ("E", "S", "W", "N")
# Around the table from a seat (play order E → S → W → N → E).
UPPER = {"E": "N", "S": "E", "W": "S", "N": "W"}  # 上家, the previous seat
OPPOSITE = {"E": "W", "S": "N", "W": "E", "N": "S"}  # 对家
LOWER = {"E": "S", "S": "W", "W": "N", "N": "E"}  # 下家, the next seat
WINDS = ("EAST", "SOUTH", "WEST", "NORTH")  # the library's wind_t, 0 … 3

# --------------------------------------------------------------------------
# Tiles, written three ways
# --------------------------------------------------------------------------
# A tile here is (suit, rank): suit "m" 万, "p" 筒, "s" 条 with rank 1–9, or
# "h" with rank one of the library's honor letters E S W N C F P.

Tile = tuple[str, Any]

# Our notation: 1z 东 2z 南 3z 西 4z 北 5z 白 6z 发 7z 中 (hand-format.md).
OUR_HONOR = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
# The binding's strings (mahjong.cpp, MahjongInit): W 万 (characters), B 筒
# (dots), T 条 (bamboo); F1–F4 the winds; J1–J3 the honors 5–7 of the
# library's order E S W N C F P, that is 中 发 白.
LIB_SUIT = {"m": "W", "p": "B", "s": "T"}
LIB_HONOR = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}


def ours(t: Tile) -> str:
    suit, rank = t
    return OUR_HONOR[rank] if suit == "h" else f"{rank}{suit}"


def lib(t: Tile) -> str:
    suit, rank = t
    return LIB_HONOR[rank] if suit == "h" else f"{LIB_SUIT[suit]}{rank}"


def notation(tiles: list[Tile]) -> str:
    return "".join(ours(t) for t in tiles)


# The 34 kinds, as the random hands draw them: 0–8 万, 9–17 筒, 18–26 条,
# 27–33 东 南 西 北 白 发 中 (our order).
KINDS: tuple[Tile, ...] = (
    *(("m", r) for r in range(1, 10)),
    *(("p", r) for r in range(1, 10)),
    *(("s", r) for r in range(1, 10)),
    *(("h", letter) for letter in "ESWNPFC"),
)


# --------------------------------------------------------------------------
# The library, called directly
# --------------------------------------------------------------------------


class LibCall(NamedTuple):
    packs: tuple[tuple[str, str, int], ...]
    standing: tuple[str, ...]
    win_tile: str
    flowers: int
    self_drawn: bool
    fourth_tile: bool  # 和绝张
    about_kong: bool  # 杠上开花 self-drawn, 抢杠和 on a discard
    wall_last: bool  # 妙手回春 self-drawn, 海底捞月 on a discard
    seat_wind: int
    prevalent_wind: int


class Fan(NamedTuple):
    name: str
    value: int  # one count's 番
    times: int


def library(call: LibCall) -> list[Fan] | None:
    """The library's 番种, or None for ERROR_NOT_WIN (any other error raises)."""
    try:
        found = MahjongGB.MahjongFanCalculator(
            pack=call.packs,
            hand=call.standing,
            winTile=call.win_tile,
            flowerCount=call.flowers,
            isSelfDrawn=call.self_drawn,
            is4thTile=call.fourth_tile,
            isAboutKong=call.about_kong,
            isWallLast=call.wall_last,
            seatWind=call.seat_wind,
            prevalentWind=call.prevalent_wind,
            verbose=True,
        )
    except TypeError as problem:
        if str(problem) == "ERROR_NOT_WIN":
            return None
        raise
    # Our names join 独听·单钓 with the Chinese middle dot, the library's with ・.
    return [Fan(name.replace("・", "·"), value, count) for value, count, name, _english in found]


def total_of(fans: list[Fan]) -> int:
    return sum(f.value * f.times for f in fans)


REASON = re.compile(r"^(\d+) 番起和: (\d+) 番 without 花牌 do not win$")
NO_SHAPE = "the tiles do not make four sets and a pair"


def agree(got: dict[str, Any], fans: list[Fan] | None, flowers: int) -> None:
    """Our answer says what the library said (8 番起和 on top)."""
    assert got["ok"], got
    if fans is None:
        assert got["winning"] is False, got
        assert got["items"] == [], got
        assert got["reasons"] == [NO_SHAPE], got
        return
    total = total_of(fans)
    assert sum(f.value * f.times for f in fans if f.name == "花牌") == flowers
    without_flowers = total - flowers
    if without_flowers < 8:
        assert got["winning"] is False, (got, fans)
        # A refused hand keeps no items: its reason carries the count.
        assert got["items"] == [], got
        assert len(got["reasons"]) == 1, got
        said = REASON.match(got["reasons"][0])
        assert said, got["reasons"]
        assert (int(said[1]), int(said[2])) == (8, without_flowers), (got["reasons"], fans)
        return
    assert got["winning"] is True, (got, fans)
    assert got["total"] == {"value": total, "unit": "番"}, (got["total"], fans)
    items = Counter(got_item["name"] for got_item in got["items"])
    assert all(n == 1 for n in items.values()), got["items"]
    mine = {i["name"]: (i["value"], i.get("count", 1)) for i in got["items"]}
    theirs = {f.name: (f.value * f.times, f.times) for f in fans}
    assert mine == theirs, (got["items"], fans)
    assert all(i["unit"] == "番" and "replaced_by" not in i for i in got["items"])


# --------------------------------------------------------------------------
# 1. The library's own examples (unit_test.cpp)
# --------------------------------------------------------------------------

EXAMPLES_FILE = Path(__file__).with_name("guobiao_library_examples.toml")
EXAMPLES: list[dict[str, Any]] = tomllib.loads(EXAMPLES_FILE.read_text("utf-8"))["example"]

FLAG_BITS = {
    "WIN_FLAG_DISCARD": 0,
    "WIN_FLAG_SELF_DRAWN": 1,
    "WIN_FLAG_LAST_TILE": 2,  # 绝张
    "WIN_FLAG_KONG_INVOLVED": 4,
    "WIN_FLAG_WALL_LAST": 8,
    "WIN_FLAG_INITIAL": 16,  # no parameter in the Python binding: dropped
}


class Pack(NamedTuple):
    tiles: list[Tile]
    offer: int  # as string_to_tiles leaves it


class Parsed(NamedTuple):
    packs: list[Pack]
    standing: list[Tile]  # without the winning tile
    win_tile: Tile | None  # None for a waiting hand


def parse_library(text: str, waiting: bool = False) -> Parsed:
    """The library's string notation, read as stringify.cpp's string_to_tiles does.

    ``[..]`` is a fixed pack. One digit before ``]`` is its offer; offer 4 (or
    none) is 0, and a 3-tile pack (chow or pung) with offer 0 gets offer 1: it
    is always melded; a 4-tile pack keeps 0, a concealed kong. Outside the
    brackets the tiles stand, and the last of 14 − 3 × packs is the winning tile.
    """
    packs: list[Pack] = []
    standing: list[Tile] = []
    digits: list[int] = []
    pending: list[Tile] = []
    in_brackets = False
    for c in text:
        if c in "123456789":
            digits.append(int(c))
        elif c in "msp":
            assert digits, text
            pending += [(c, d) for d in digits]
            digits = []
        elif c in "ESWNCFP":
            assert not digits, text
            pending.append(("h", c))
        elif c == "[":
            assert not in_brackets and not digits, text
            standing += pending
            pending = []
            in_brackets = True
        elif c == "]":
            assert in_brackets, text
            offer = 0
            if len(digits) == 1:
                offer = digits[0] if digits[0] != 4 else 0
                digits = []
            assert not digits and len(pending) in (3, 4), text
            if len(pending) == 3 and offer == 0:
                offer = 1
            packs.append(Pack(pending, offer))
            pending = []
            in_brackets = False
        else:
            raise AssertionError(f"{c!r} in {text}")
    assert not in_brackets and not digits, text
    standing += pending
    if waiting:  # a hand short of its winning tile (test_wait)
        assert len(standing) == 13 - 3 * len(packs), text
        return Parsed(packs, standing, None)
    assert len(standing) == 14 - 3 * len(packs), text
    return Parsed(packs, standing[:-1], standing[-1])


def pack_kind(pack: Pack) -> str:
    tiles = pack.tiles
    if len(tiles) == 4:
        assert len(set(tiles)) == 1
        return "kong"
    if len(set(tiles)) == 1:
        return "pung"
    suit = tiles[0][0]
    ranks = sorted(r for _s, r in tiles)
    assert suit != "h" and {s for s, _r in tiles} == {suit}, tiles
    assert ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2], tiles
    return "chow"


def giver(winner: str, offer: int) -> str:
    """The seat that offered a pung's or kong's tile: 1 上家, 2 对家, 3 下家."""
    return {1: UPPER, 2: OPPOSITE, 3: LOWER}[offer][winner]


def library_packs(packs: list[Pack]) -> tuple[tuple[str, str, int], ...]:
    """The binding's packs: (CHI with its middle tile | PENG | GANG, tile, offer)."""
    out = []
    for pack in packs:
        kind = pack_kind(pack)
        if kind == "chow":
            middle = sorted(pack.tiles, key=lambda t: t[1])[1]
            out.append(("CHI", lib(middle), pack.offer))
        else:
            out.append(("PENG" if kind == "pung" else "GANG", lib(pack.tiles[0]), pack.offer))
    return tuple(out)


def our_melds(packs: list[Pack], seat: str) -> list[dict[str, Any]]:
    """Our melds for the library's packs, the winner sitting at ``seat``."""
    melds: list[dict[str, Any]] = []
    for pack in packs:
        kind = pack_kind(pack)
        tiles = notation(sorted(pack.tiles, key=lambda t: str(t[1])))
        if kind == "chow":  # a chow is taken from 上家, whichever of its tiles it was
            melds.append({"type": "chi", "tiles": tiles, "from": UPPER[seat]})
        elif kind == "pung":
            melds.append({"type": "pong", "tiles": tiles, "from": giver(seat, pack.offer)})
        elif pack.offer == 0:
            melds.append({"type": "concealed_kong", "tiles": tiles})
        else:
            melds.append({"type": "kong", "tiles": tiles, "from": giver(seat, pack.offer)})
    return melds


def example_args(example: dict[str, Any]) -> LibCall:
    """(b): the library's arguments, straight from the string and the flags."""
    parsed = parse_library(example["tiles"])
    flags = sum(FLAG_BITS[f] for f in example["flags"]) & ~FLAG_BITS["WIN_FLAG_INITIAL"]
    assert parsed.win_tile is not None
    return LibCall(
        packs=library_packs(parsed.packs),
        standing=tuple(lib(t) for t in parsed.standing),
        win_tile=lib(parsed.win_tile),
        flowers=0,
        self_drawn=bool(flags & 1),
        fourth_tile=bool(flags & 2),
        about_kong=bool(flags & 4),
        wall_last=bool(flags & 8),
        seat_wind=WINDS.index(example["seat_wind"]),
        prevalent_wind=WINDS.index(example["prevalent"]),
    )


def example_hand(example: dict[str, Any], index: int) -> dict[str, Any]:
    """(a): our hand JSON. The winner sits at each seat in turn; the dealer
    is placed so that the winner's wind (counted from the dealer) is the
    example's seat wind."""
    parsed = parse_library(example["tiles"])
    win_tile = parsed.win_tile
    assert win_tile is not None
    flags = set(example["flags"]) - {"WIN_FLAG_INITIAL", "WIN_FLAG_DISCARD"}
    seat = SEATS[index % 4]
    wind = WINDS.index(example["seat_wind"])
    dealer = SEATS[(SEATS.index(seat) - wind) % 4]
    self_drawn = "WIN_FLAG_SELF_DRAWN" in flags
    ours_flags = []
    win_by = "self_draw" if self_drawn else "discard"
    if "WIN_FLAG_KONG_INVOLVED" in flags:
        if self_drawn:
            ours_flags.append("kong_replacement")
        else:
            win_by = "robbing_kong"
    if "WIN_FLAG_WALL_LAST" in flags:
        ours_flags.append("last_tile")
    if "WIN_FLAG_LAST_TILE" in flags:
        ours_flags.append("last_of_kind")
    hand: dict[str, Any] = {
        "region": "guobiao",
        "hand": notation(parsed.standing),
        "win_tile": ours(win_tile),
        "melds": our_melds(parsed.packs, seat),
        "flowers": "",
        "seat": seat,
        "dealer": dealer,
        "win_by": win_by,
        "flags": ours_flags,
        "table": {"round_wind": SEATS[WINDS.index(example["prevalent"])]},
    }
    if win_by != "self_draw":
        others = [s for s in SEATS if s != seat]
        hand["discarder"] = others[index % 3]
    return hand


@pytest.mark.parametrize(
    "index",
    range(len(EXAMPLES)),
    ids=[f"line{e['line']}-{e['tiles']}" for e in EXAMPLES],
)
def test_the_librarys_own_examples(index: int) -> None:
    example = EXAMPLES[index]
    hand = example_hand(example, index)
    agree(score_json(hand), library(example_args(example)), 0)


def test_the_examples_are_all_there() -> None:
    """Every test_points call of unit_test.cpp's main() is in the data, and
    they cover what the conversion has to get right."""
    assert len(EXAMPLES) == 214
    flags = Counter(f for e in EXAMPLES for f in e["flags"])
    assert {
        "WIN_FLAG_DISCARD",
        "WIN_FLAG_SELF_DRAWN",
        "WIN_FLAG_LAST_TILE",
        "WIN_FLAG_KONG_INVOLVED",
        "WIN_FLAG_WALL_LAST",
        "WIN_FLAG_INITIAL",
    } <= set(flags)
    offers = Counter(
        (pack_kind(p), p.offer) for e in EXAMPLES for p in parse_library(e["tiles"]).packs
    )
    assert {("chow", 1), ("chow", 2), ("chow", 3), ("pung", 1), ("kong", 0)} <= set(offers)
    assert {("kong", 1), ("kong", 2), ("kong", 3)} <= set(offers)
    winds = {(e["prevalent"], e["seat_wind"]) for e in EXAMPLES}
    assert len(winds) > 4
    # The library wins every one; one, at 7 番 (门前清 四归一 一般高 缺一门
    # 无字), is below the 8 番 minimum.
    answers = [library(example_args(e)) for e in EXAMPLES]
    assert all(a is not None for a in answers)
    below = [e["tiles"] for e, a in zip(EXAMPLES, answers, strict=True) if total_of(a or []) < 8]
    assert below == ["445566m2277779s8s"]


def test_the_string_reader_reads_the_librarys_notation() -> None:
    parsed = parse_library("[345m3][CCC][EEEE][5555p1]2s2s")
    assert [(pack_kind(p), p.offer) for p in parsed.packs] == [
        ("chow", 3),
        ("pung", 1),
        ("kong", 0),
        ("kong", 1),
    ]
    assert parsed.standing == [("s", 2)] and parsed.win_tile == ("s", 2)
    assert notation(parsed.packs[1].tiles) == "7z7z7z"
    assert [lib(t) for t in parsed.packs[1].tiles] == ["J1"] * 3  # 中
    assert lib(("h", "P")) == "J3" and ours(("h", "P")) == "5z"  # 白
    assert lib(("p", 5)) == "B5" and lib(("s", 5)) == "T5" and lib(("m", 5)) == "W5"
    hand = example_hand({"tiles": "[EEE2]11123444789p", "flags": ["WIN_FLAG_DISCARD"],
                         "seat_wind": "SOUTH", "prevalent": "WEST"}, 1)  # fmt: skip
    assert hand["seat"] == "S" and hand["dealer"] == "E"
    assert hand["melds"] == [{"type": "pong", "tiles": "1z1z1z", "from": "N"}]
    assert hand["table"] == {"round_wind": "W"}


# --------------------------------------------------------------------------
# 2. Random hands
# --------------------------------------------------------------------------

N_EXAMPLES = int(os.environ.get("GUOBIAO_EXAMPLES", "200"))
RANDOM = settings(
    max_examples=N_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

SEQ_STARTS = [s * 9 + r for s in range(3) for r in range(7)]
TERMINALS_HONORS = [0, 8, 9, 17, 18, 26, *range(27, 34)]
KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))  # 147, 258, 369 as ranks − 1
MELD_TYPES = ("chi", "pong", "kong", "concealed_kong", "added_kong")
FLAGS = ("kong_replacement", "last_tile", "last_of_kind", "ready_declared", "heavenly", "earthly")

a_set = st.one_of(
    st.integers(0, 33).map(lambda t: [t, t, t]),
    st.sampled_from(SEQ_STARTS).map(lambda s: [s, s + 1, s + 2]),
)


@st.composite
def knitted_nine(draw: st.DrawFn) -> list[int]:
    """147, 258, 369 each of a different suit (组合龙's nine tiles)."""
    suits = draw(st.permutations([0, 1, 2]))
    return [suit * 9 + r for suit, ranks in zip(suits, KNITTED, strict=True) for r in ranks]


@st.composite
def concealed_part(draw: st.DrawFn, n_melds: int) -> list[int]:
    """14 − 3 × melds tiles that complete the hand in some 国标 shape."""
    shapes = ["regular"] * 4
    if n_melds == 0:
        shapes += ["seven_pairs", "thirteen_orphans", "honors_and_knitted"]
    if n_melds <= 1:
        shapes.append("knitted_straight")
    shape = draw(st.sampled_from(shapes))
    if shape == "seven_pairs":
        return [t for t in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7)) for _ in "xx"]
    if shape == "thirteen_orphans":
        return [*TERMINALS_HONORS, draw(st.sampled_from(TERMINALS_HONORS))]
    if shape == "honors_and_knitted":  # 全不靠 (七星不靠 with all seven honors)
        pool = [*draw(knitted_nine()), *range(27, 34)]
        left_out = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
        return [t for t in pool if t not in left_out]
    pair = draw(st.integers(0, 33))
    if shape == "knitted_straight":  # 组合龙 and a set (unless one is melded) and a pair
        sets = draw(st.lists(a_set, min_size=1 - n_melds, max_size=1 - n_melds))
        return [*draw(knitted_nine()), *(t for s in sets for t in s), pair, pair]
    sets = draw(st.lists(a_set, min_size=4 - n_melds, max_size=4 - n_melds))
    return [*(t for s in sets for t in s), pair, pair]


class Meld(NamedTuple):
    type: str
    tiles: list[int]
    giver: str | None


@st.composite
def a_meld(draw: st.DrawFn, winner: str) -> Meld:
    kind = draw(st.sampled_from(MELD_TYPES))
    if kind == "chi":
        start = draw(st.sampled_from(SEQ_STARTS))
        tiles = [start, start + 1, start + 2]
    else:
        tiles = [draw(st.integers(0, 33))] * (3 if kind == "pong" else 4)
    giver = None
    if kind != "concealed_kong":
        giver = draw(st.sampled_from([None, *(s for s in SEATS if s != winner)]))
    return Meld(kind, tiles, giver)


class Drawn(NamedTuple):
    hand: dict[str, Any]
    call: LibCall


def random_args(
    melds: list[Meld],
    standing: list[int],
    win: int,
    seat: str,
    dealer: str,
    round_wind: str,
    win_by: str,
    flags: set[str],
    flowers: list[int],
) -> LibCall:
    """(b) for a random hand: the library's arguments from the tiles themselves."""
    packs = []
    for m in melds:
        if m.type == "chi":
            offer = 1  # the chow's first tile was offered: which changes no 番
            packs.append(("CHI", lib(KINDS[m.tiles[1]]), offer))
            continue
        if m.type == "concealed_kong":
            offer = 0
        elif m.giver is None:
            offer = 1  # melded, from whom unknown
        else:
            offer = {UPPER[seat]: 1, OPPOSITE[seat]: 2, LOWER[seat]: 3}[m.giver]
        packs.append(("PENG" if m.type == "pong" else "GANG", lib(KINDS[m.tiles[0]]), offer))
    # The winner's wind: the dealer is 东, then in play order.
    winds = {dealer: 0, LOWER[dealer]: 1, OPPOSITE[dealer]: 2, UPPER[dealer]: 3}
    self_drawn = win_by == "self_draw"
    return LibCall(
        packs=tuple(packs),
        standing=tuple(lib(KINDS[t]) for t in standing),
        win_tile=lib(KINDS[win]),
        flowers=len(flowers),
        self_drawn=self_drawn,
        fourth_tile="last_of_kind" in flags,
        about_kong=(self_drawn and "kong_replacement" in flags) or win_by == "robbing_kong",
        wall_last="last_tile" in flags,
        seat_wind=winds[seat],
        prevalent_wind={"E": 0, "S": 1, "W": 2, "N": 3}[round_wind],
    )


@st.composite
def hands(draw: st.DrawFn, complete: bool) -> Drawn:
    seat = draw(st.sampled_from(SEATS))
    n_melds = draw(st.integers(0, 4))
    melds = [draw(a_meld(seat)) for _ in range(n_melds)]
    if complete:
        tiles = draw(concealed_part(n_melds))
    else:
        size = 14 - 3 * n_melds
        tiles = draw(st.lists(st.integers(0, 33), min_size=size, max_size=size))
    held = Counter([*tiles, *(t for m in melds for t in m.tiles)])
    assume(max(held.values()) <= 4)
    win = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    standing = draw(st.permutations(tiles))
    dealer = draw(st.sampled_from(SEATS))
    round_wind = draw(st.sampled_from(SEATS))
    # A robbed kong's tile is the fourth copy: only a tile the winner holds no other of.
    ways = ["self_draw", "discard", "robbing_kong"] if held[win] == 1 else ["self_draw", "discard"]
    win_by = draw(st.sampled_from(ways))
    flags = draw(st.sets(st.sampled_from(FLAGS)))
    flowers = sorted(draw(st.sets(st.integers(1, 8))))
    hand: dict[str, Any] = {
        "region": "guobiao",
        "hand": "".join(ours(KINDS[t]) for t in standing),
        "win_tile": ours(KINDS[win]),
        "melds": [
            {
                "type": m.type,
                "tiles": "".join(ours(KINDS[t]) for t in m.tiles),
                **({"from": m.giver} if m.giver else {}),
            }
            for m in melds
        ],
        "flowers": "".join(f"{f}f" for f in flowers),
        "seat": seat,
        "dealer": dealer,
        "win_by": win_by,
        "flags": sorted(flags),
        "table": {"round_wind": round_wind},
    }
    if win_by != "self_draw":
        hand["discarder"] = draw(st.sampled_from([s for s in SEATS if s != seat]))
    call = random_args(melds, list(standing), win, seat, dealer, round_wind, win_by, flags, flowers)
    return Drawn(hand, call)


@RANDOM
@given(hands(complete=True))
def test_random_complete_hands_score_as_the_library_says(drawn: Drawn) -> None:
    got = score_json(drawn.hand)
    fans = library(drawn.call)
    assert fans is not None, drawn  # every shape drawn is a 国标 win shape
    agree(got, fans, drawn.call.flowers)


@RANDOM
@given(hands(complete=False))
def test_random_incomplete_hands_do_not_win(drawn: Drawn) -> None:
    got = score_json(drawn.hand)
    fans = library(drawn.call)  # once in a while fourteen random tiles do win
    agree(got, fans, drawn.call.flowers)
    if fans is None:
        assert got["ok"] and got["winning"] is False


# --------------------------------------------------------------------------
# 3. Waits
# --------------------------------------------------------------------------

# The library's own test_wait examples of unit_test.cpp (in its notation),
# one with a pack added to make up thirteen, and a few plain ones.
WAITING = [
    ("19m19s19pESWNCFP", "十三幺, 13-sided"),
    ("19m19s199pESWNCF", "十三幺, on 白 alone"),
    ("2229999mSSWWFF", "七对, single wait on 2m (9999m two pairs)"),
    ("369s147pESWNCFP", "全不靠 on 258m"),
    ("58m369s17pEWNCFP", "全不靠 on 2m 4p 南"),
    ("258m369s147pECFP", "全不靠 on 南 西 北"),
    ("1112345678999s", "九莲宝灯, nine-sided"),
    ("1112223456777m", "one suit, several waits"),
    ("2223334445678m", "one suit, several waits"),
    ("25558m369s46778p", "组合龙 on the dragon's 1p"),
    ("25558m369s14677p", "组合龙 on the fourth set, 5p 8p"),
    ("25568m369s14777p", "组合龙 on the fourth set, 4m 7m"),
    ("258m369s1445677p", "组合龙, two-sided or the pair, 4p 7p"),
    ("2233445566778s", "one suit, plain and 七对"),
    ("[CCC]2458m369s147p", "组合龙 and a pung, single wait on 4m"),
    ("22334455p77779s", "plain on 8s, 七对 on 9s"),
    ("234m456789s3477p", "plain, two-sided"),
    ("123m456p789sEESS", "plain, two pairs"),
    ("[EEE][SSSS][9999s1]12m55p", "edge wait on 3m, three packs"),
    ("[EEE][SSSS][789p][9999s2]5m", "single wait, four packs"),
]


@pytest.mark.parametrize(("text", "what"), WAITING, ids=[w[1] for w in WAITING])
def test_waits_are_the_tiles_the_library_wins_on(text: str, what: str) -> None:
    """Each of the 34 tiles, tried with the library, against our waits (self-drawn, 东 in 东)."""
    parsed = parse_library(text, waiting=True)
    held = Counter([*parsed.standing, *(t for p in parsed.packs for t in p.tiles)])
    wins: dict[str, int] = {}
    for tile in KINDS:
        if held[tile] >= 4:  # no fifth copy (the library does not check for one)
            continue
        call = LibCall(
            packs=library_packs(parsed.packs),
            standing=tuple(lib(t) for t in parsed.standing),
            win_tile=lib(tile),
            flowers=0,
            self_drawn=True,
            fourth_tile=False,
            about_kong=False,
            wall_last=False,
            seat_wind=0,
            prevalent_wind=0,
        )
        fans = library(call)
        if fans is not None:
            wins[ours(tile)] = total_of(fans)
    assert wins, what
    request = {
        "region": "guobiao",
        "hand": notation(parsed.standing),
        "melds": our_melds(parsed.packs, "E"),
        "seat": "E",
        "dealer": "E",
        "win_by": "self_draw",
    }
    got = waits(request)
    assert got["ok"], got
    listed = [w["tile"] for w in got["waits"]]
    assert sorted(listed) == sorted(wins), (what, listed, wins)
    unseen = {ours(t): 4 - n for t, n in held.items()}
    for w in got["waits"]:
        score = w["score"]
        assert score["ok"], score
        assert score["winning"] == (wins[w["tile"]] >= 8), (w, wins)
        if score["winning"]:
            assert score["total"]["value"] == wins[w["tile"]], (w, wins)
        assert w["left"] == unseen.get(w["tile"], 4)
    assert got["ready"] == any(v >= 8 for v in wins.values())


# --------------------------------------------------------------------------
# A meld's giver that is no seat
# --------------------------------------------------------------------------


@pytest.mark.parametrize("entry", ["score", "waits"])
@pytest.mark.parametrize("kind", ["pong", "kong", "added_kong"])
@pytest.mark.parametrize("giver", ["X", "上家", "e"])
def test_a_meld_from_no_seat_is_an_answer_not_an_exception(
    entry: str, kind: str, giver: str
) -> None:
    tiles = "777z" if kind == "pong" else "7777z"
    hand = {
        "region": "guobiao",
        "hand": "234m456789s3p",
        "win_tile": "3p",
        "melds": [{"type": kind, "tiles": tiles, "from": giver}],
        "seat": "E",
        "dealer": "E",
        "win_by": "discard",
        "discarder": "N",
    }
    if entry == "score":
        got = score_json(hand)
    else:
        got = waits({k: v for k, v in hand.items() if k != "win_tile"})
    assert not got["ok"], got  # a giver that is no seat is refused, by name
    assert ("melds[0].from", "bad_meld") in [(e["field"], e["code"]) for e in got["errors"]]
