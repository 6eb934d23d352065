"""What earns an item: the sets and tiles of the winning reading it counted.

A ``Shows`` reads the scoring context of the reading that won and returns
the sets (each a tuple of tiles) that earn the item, so that a learner is
pointed at exactly those: the 中 pong for 字牌刻, the two 678筒 runs for
姊妹付, the seat's own flower for 门风花牌. An empty tuple says the item is
earned by no tile in particular (the base every win starts from, a flag,
the absence of something).

Keys alike across regions mean alike (``BY_KEY``); a region module names
its own where its item reads the hand its own way (``Item.shows``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from rules.split import KONG, PAIR, SEQ, TRIP, Block
from rules.tiles import is_honor, is_terminal_or_honor

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


# Items whose names mean alike across regions.
BY_KEY: dict[str, Shows] = {
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
        ],
        win_tile,
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
        winning_set,
    ),
    **dict.fromkeys(
        ["hua_hu", "xiao_hua", "hua", "ba_hua_qi", "flower_tiles", "tong_hua"], flowers
    ),
    "da_yao_an_gang": kongs(True, yao),
    "an_gang": kongs(True),
    "concealed_kong": kongs(True),
    "two_concealed_kongs": kongs(True),
    "da_yao_ming_gang": kongs(False, yao),
    "ming_gang": kongs(False),
    "melded_kong": kongs(False),
    "two_melded_kongs": kongs(False),
    **dict.fromkeys(
        ["gang", "three_kongs", "four_kongs", "concealed_kong_and_melded_kong"], kongs()
    ),
    "da_yao_peng": pongs(False, yao),
    "peng": pongs(False, simple),
    "da_yao_an_ke": pongs(True, yao),
    "an_ke": pongs(True, simple),
    **dict.fromkeys(
        [
            "lao_zi_ge",
            "two_concealed_pungs",
            "three_concealed_pungs",
            "four_concealed_pungs",
            "ying_san_kan",
            "kan_kan_hu",
        ],
        pongs(True),
    ),
    **dict.fromkeys(
        [
            "dragon_pung",
            "big_three_dragons",
            "little_three_dragons",
            "two_dragons_pungs",
            "san_da_yuan",
        ],
        triplets(lambda b: b.tile >= 31),
    ),
    **dict.fromkeys(
        [
            "big_four_winds",
            "little_four_winds",
            "big_three_winds",
            "ruan_si_xi",
            "ying_si_xi",
            "si_feng_ju_qi",
        ],
        triplets(lambda b: 27 <= b.tile < 31),
    ),
    "pung_of_terminals_or_honors": triplets(yao),
    "hong_zhong_dui": triplets(one_tile(33)),
    "fa_cai_dui": triplets(one_tile(32)),
    "bai_ban_dui": triplets(one_tile(31)),
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
        triplets(),
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
        pairs,
    ),
    **dict.fromkeys(
        ["zi_mei", "zi_mei_fu", "pure_double_chow", "quadruple_chow", "pure_triple_chow"],
        twin_sequences,
    ),
    **dict.fromkeys(
        ["men_qing", "bu_qiu_ren", "concealed_hand", "fully_concealed_hand"], concealed_sets
    ),
    "all_chows": sequences,
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
            "wu_cai_shen",
            "wu_hua_guo",
            "no_honors",
        ],
        none,
    ),
}


def shows_of(key: str, own: Shows | None) -> Shows:
    """An item's own ``shows``, else the shared one for its key, else the
    whole hand (a pattern of the whole hand: 清一色, 一条龙 …)."""
    return own or BY_KEY.get(key) or whole_hand
