"""What earns an item: the sets and tiles of the winning reading it counted.

A ``Shows`` reads the scoring context of the reading that won and returns
the sets (each a tuple of tiles) that earn the item, so that a learner is
pointed at exactly those: the 中 pong for 字牌刻, the two 678筒 runs for
姊妹付, the seat's own flower for 门风花牌. An empty tuple says the item is
earned by no tile in particular (the base every win starts from, a flag,
the absence of something).

Keys alike across regions mean alike (``POINTS``, data the drill's feedback
reads too); a region module names its own where its item reads the hand its
own way (``Item.shows``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from rules.split import KONG, PAIR, SEQ, TRIP, Block
from rules.tiles import is_honor, is_terminal_or_honor, parse_one

Sets = tuple[tuple[int, ...], ...]
Shows = Callable[[Any], Sets]
NOTHING: Sets = ()


def _sets(blocks: Any) -> Sets:
    return tuple(b.tiles for b in blocks)


def win_tile(ctx: Any) -> Sets:
    return ((ctx.win_tile,),) if ctx.win_tile is not None else NOTHING


def flowers(ctx: Any) -> Sets:
    return tuple((f,) for f in ctx.flowers)


def triplets(test: Callable[[Block], bool] = lambda b: True) -> Shows:
    """Triplets and kongs (刻子 and 杠) that pass ``test``."""

    def shows(ctx: Any) -> Sets:
        return _sets(b for b in ctx.triplets if test(b))

    return shows


def kongs(concealed: bool | None = None, test: Callable[[Block], bool] = lambda b: True) -> Shows:
    def shows(ctx: Any) -> Sets:
        return _sets(
            b
            for b in ctx.blocks
            if b.kind == KONG and (concealed is None or b.concealed == concealed) and test(b)
        )

    return shows


def pongs(concealed: bool, test: Callable[[Block], bool] = lambda b: True) -> Shows:
    """Triplets (not kongs), held in hand or shown (a discard completing one shows it)."""

    def shows(ctx: Any) -> Sets:
        return _sets(
            b for b in ctx.blocks if b.kind == TRIP and b.concealed == concealed and test(b)
        )

    return shows


def yao(b: Block) -> bool:
    return is_terminal_or_honor(b.tile)


def simple(b: Block) -> bool:
    return not is_terminal_or_honor(b.tile)


def honor(b: Block) -> bool:
    return is_honor(b.tile)


def one_tile(tile: int) -> Callable[[Block], bool]:
    return lambda b: b.tile == tile


def pairs(ctx: Any) -> Sets:
    return _sets(b for b in ctx.blocks if b.kind == PAIR)


def the_pair(ctx: Any) -> Sets:
    return pairs(ctx)


def whole_hand(ctx: Any) -> Sets:
    return _sets(ctx.blocks)


def sequences(ctx: Any) -> Sets:
    return _sets(b for b in ctx.blocks if b.kind == SEQ)


def twin_sequences(ctx: Any) -> Sets:
    """Sequences that appear twice or more (姊妹, 姊妹付, 一般高)."""
    seqs = [b for b in ctx.blocks if b.kind == SEQ]
    firsts = [b.tile for b in seqs]
    return _sets(b for b in seqs if firsts.count(b.tile) >= 2)


def concealed_sets(ctx: Any) -> Sets:
    """门清: what was formed in hand (every set, none of them shown)."""
    return _sets(b for b in ctx.blocks if b.meld is None or b.concealed)


def winning_set(ctx: Any) -> Sets:
    """The set the winning tile completed (a wait: 边张, 嵌张, 单钓)."""
    index = ctx.split.win_index
    if index is None:
        return win_tile(ctx)
    return (ctx.split.blocks[index].tiles,)


def none(ctx: Any) -> Sets:
    return NOTHING


def groups(n: int, of: str, fits: Callable[[tuple[Block, ...]], bool]) -> Shows:
    """The sets that make, ``n`` at a time, a pattern ``fits`` accepts (一色三步高,
    三色三同顺 …): every sequence (``of="seq"``) or triplet (``"trip"``) that is
    in some such group, and no other."""

    def shows(ctx: Any) -> Sets:
        wanted = (SEQ,) if of == "seq" else (TRIP, KONG)
        blocks = [(i, b) for i, b in enumerate(ctx.blocks) if b.kind in wanted and b.tile < 27]
        found: set[int] = set()
        for group in combinations(blocks, n):
            if fits(tuple(b for _i, b in group)):
                found.update(i for i, _b in group)
        return tuple(ctx.blocks[i].tiles for i in sorted(found))

    return shows


def _suits(bs: tuple[Block, ...]) -> list[int]:
    return [b.tile // 9 for b in bs]


def _ranks(bs: tuple[Block, ...]) -> list[int]:
    return sorted(b.tile % 9 for b in bs)


def one_suit(bs: tuple[Block, ...]) -> bool:
    return len(set(_suits(bs))) == 1


def each_suit(bs: tuple[Block, ...]) -> bool:
    return len(set(_suits(bs))) == len(bs)


def ranks_are(*ranks: int) -> Callable[[tuple[Block, ...]], bool]:
    return lambda bs: _ranks(bs) == sorted(ranks)


def same_rank(bs: tuple[Block, ...]) -> bool:
    return len(set(_ranks(bs))) == 1


def stepped(*steps: int) -> Callable[[tuple[Block, ...]], bool]:
    """Ranks a, a + d, a + 2d … for one of ``steps`` as d."""

    def fits(bs: tuple[Block, ...]) -> bool:
        r = _ranks(bs)
        return any(all(r[k] == r[0] + k * d for k in range(len(r))) for d in steps)

    return fits


def both(*tests: Callable[[tuple[Block, ...]], bool]) -> Callable[[tuple[Block, ...]], bool]:
    return lambda bs: all(t(bs) for t in tests)


@dataclass(frozen=True)
class Points:
    """What an item looks at in a hand, as data: ``kind`` (the winning tile,
    the set a wait completed, the flowers, the concealed kongs …) and
    ``only`` (``yao``: 1, 9 or an honor; ``simple``: 2–8; ``honors``,
    ``winds``, ``dragons``; or one tile's code). The engine reads it off the
    winning reading (``shows_of``); the drill's feedback reads the same
    grouping off the dealt hand, to say what in it rules an item out."""

    kind: str
    only: str = ""


WIN, WAIT, FLOWERS = Points("win"), Points("wait"), Points("flowers")
NONE = Points("none")

# Items whose names mean alike across regions, grouped by what they look at.
POINTS: dict[str, Points] = {
    # how and where the hand was won: the winning tile
    **dict.fromkeys(
        [
            "zi_mo",
            "self_drawn",
            "gang_hou_kai",
            "gang_kai",
            "gang_shang_kai_hua",
            "out_with_replacement_tile",
            "hai_di",
            "hai_di_lao_yue",
            "last_tile_draw",
            "last_tile_claim",
            "last_tile",
            "qiang_gang",
            "robbing_the_kong",
            "jue_zhang",
            "hu_zei",
            "bao_pai",
            "dui_bao",
            "ming_da_jue",
            "an_da_jue",
            "shuai_da",
        ],
        WIN,
    ),
    # waits: the set the winning tile completed
    **dict.fromkeys(
        [
            "bian_zhang",
            "dan_diao",
            "jia_zhong_hu",
            "edge_wait",
            "closed_wait",
            "single_wait",
            "hu_dan_zhang",
            "bian_san_qi",
            "zhong_xin_wu",
        ],
        WAIT,
    ),
    **dict.fromkeys(
        [
            "zheng_hua_season",
            "zheng_hua_plant",
            "si_ge_hua_season",
            "si_ge_hua_plant",
            "hua_hu",
            "xiao_hua",
            "hua",
            "tong_hua",
            "men_feng_hua",
            "ba_hua_qi",
            "flower_tiles",
        ],
        FLOWERS,
    ),
    "da_yao_an_gang": Points("concealed_kong", "yao"),
    **dict.fromkeys(["an_gang", "concealed_kong", "two_concealed_kongs"], Points("concealed_kong")),
    "da_yao_ming_gang": Points("exposed_kong", "yao"),
    **dict.fromkeys(["ming_gang", "melded_kong", "two_melded_kongs"], Points("exposed_kong")),
    **dict.fromkeys(
        ["gang", "three_kongs", "four_kongs", "concealed_kong_and_melded_kong"], Points("kong")
    ),
    "da_yao_peng": Points("pong", "yao"),
    "peng": Points("pong", "simple"),
    "da_yao_an_ke": Points("concealed_triplet", "yao"),
    "an_ke": Points("concealed_triplet", "simple"),
    **dict.fromkeys(
        [
            "lao_zi_ge",
            "two_concealed_pungs",
            "three_concealed_pungs",
            "four_concealed_pungs",
            "ying_san_kan",
            "kan_kan_hu",
        ],
        Points("concealed_triplet"),
    ),
    "zi_pai_ke": Points("triplet", "honors"),
    **dict.fromkeys(
        [
            "dragon_pung",
            "big_three_dragons",
            "little_three_dragons",
            "two_dragons_pungs",
            "san_da_yuan",
        ],
        Points("triplet", "dragons"),
    ),
    **dict.fromkeys(
        [
            "men_feng_ke",
            "prevalent_wind",
            "seat_wind",
            "big_four_winds",
            "little_four_winds",
            "big_three_winds",
            "ruan_si_xi",
            "ying_si_xi",
            "si_feng_ju_qi",
        ],
        Points("triplet", "winds"),
    ),
    "pung_of_terminals_or_honors": Points("triplet", "yao"),
    "hong_zhong_dui": Points("triplet", "7z"),
    "fa_cai_dui": Points("triplet", "6z"),
    "bai_ban_dui": Points("triplet", "5z"),
    **dict.fromkeys(
        [
            "dui_dui_hu",
            "all_pungs",
            "piao_hu",
            "qing_san_dui",
            "qing_si_dui",
            "san_dui_tong",
            "qing_san_lian_dui",
            "tian_di_peng",
            "double_pung",
            "triple_pung",
            "mixed_shifted_pungs",
            "pure_shifted_pungs",
            "four_pure_shifted_pungs",
            "all_even_pungs",
        ],
        Points("triplet"),
    ),
    "tile_hog": Points("four_alike"),
    # the hand's suits: the whole hand is what counts
    **dict.fromkeys(
        [
            "qing_yi_se",
            "zi_yi_se",
            "hun_yi_se",
            "que_yi_men",
            "qing_yi_se_bei",
            "full_flush",
            "half_flush",
            "all_honors",
            "one_voided_suit",
            "all_types",
            "feng_hu",
        ],
        Points("suits"),
    ),
    **dict.fromkeys(
        [
            "qi_dui",
            "qi_dui_an_jue",
            "qi_dui_an_an_jue",
            "seven_pairs",
            "hao_hua_qi_dui",
            "seven_shifted_pairs",
        ],
        Points("pairs"),
    ),
    **dict.fromkeys(
        ["zi_mei", "zi_mei_fu", "pure_double_chow", "quadruple_chow", "pure_triple_chow"],
        Points("twins"),
    ),
    **dict.fromkeys(
        ["men_qing", "bu_qiu_ren", "concealed_hand", "fully_concealed_hand"], Points("concealed")
    ),
    "all_chows": Points("sequences"),
    # the base every win starts from, or a flag: no tile in particular
    **dict.fromkeys(
        [
            "hu_di",
            "di_hu",
            "ping_hu",
            "tian_hu",
            "di_hu_earth",
            "ying_zi",
            "hu_xing",
            "chicken_hand",
        ],
        NONE,
    ),
    # earned by what the hand lacks
    "wu_cai_shen": Points("absent", "5z"),
    "wu_hua_guo": Points("absent", "flowers"),
    "no_honors": Points("absent", "honors"),
}
# Where a region's item of a shared name looks at less: 老三番's 其餘 kongs
# are the 2–8 ones (its 大幺 kongs are counted apart).
REGION_POINTS: dict[tuple[str, str], Points] = {
    ("laosanfan", "an_gang"): Points("concealed_kong", "simple"),
    ("laosanfan", "ming_gang"): Points("exposed_kong", "simple"),
}


def points_of(region_key: str, key: str) -> Points | None:
    """What ``key`` looks at in ``region_key``; ``None`` for a pattern of the
    whole hand no shared entry names (一条龙, 四合 …)."""
    return REGION_POINTS.get((region_key, key)) or POINTS.get(key)


def _only(only: str) -> Callable[[Block], bool]:
    if only == "yao":
        return yao
    if only == "simple":
        return simple
    if only == "honors":
        return honor
    if only == "winds":
        return lambda b: 27 <= b.tile < 31
    if only == "dragons":
        return lambda b: b.tile >= 31
    if only:
        return one_tile(parse_one(only))
    return lambda b: True


@cache
def _shows(points: Points) -> Shows:
    """The engine's reading of ``points`` off the winning reading."""
    kind = points.kind
    if kind in ("none", "absent"):
        return none
    test = _only(points.only)
    if kind == "win":
        return win_tile
    if kind == "wait":
        return winning_set
    if kind == "flowers":
        return flowers
    if kind in ("concealed_kong", "exposed_kong", "kong"):
        return kongs({"concealed_kong": True, "exposed_kong": False}.get(kind), test)
    if kind in ("pong", "concealed_triplet"):
        return pongs(kind == "concealed_triplet", test)
    if kind == "triplet":
        return triplets(test)
    if kind == "pairs":
        return pairs
    if kind == "twins":
        return twin_sequences
    if kind == "concealed":
        return concealed_sets
    if kind == "sequences":
        return sequences
    return whole_hand  # suits, four alike: the whole hand


def shows_of(key: str, own: Shows | None, region_key: str = "") -> Shows:
    """An item's own ``shows``, else the shared one for its key (``POINTS``),
    else the whole hand (a pattern of the whole hand: 清一色, 一条龙 …)."""
    if own is not None:
        return own
    points = points_of(region_key, key)
    return _shows(points) if points is not None else whole_hand
