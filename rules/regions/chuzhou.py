"""楚州麻将 (``chuzhou``): seed 001; ``shared/rules/chuzhou.md``.

Fifty items in 番, most with a 明 and a 暗 value (暗 twice 明), four 必架
items that count only when ready was declared, 针 in the payments and 包庄.

明 or 暗, item by item: a set-based item is 暗 when every set making it was
formed in hand (a set the discarded winning tile completed is not); the
items the seed defines by 门清自摸 are 暗 when the hand is 门清 and
self-drawn.

Readings where the seed and the rules file are silent:
- 姊妹付 counts each two identical sequences once (three alike count once,
  four alike twice).
- 清三对/清四对/三对同/清三连对/天地碰 count kongs as triplets (对).
- 混十四一 needs both a terminal and an honor (all honors is 风胡).
- With ``xianchanghui_opening_only`` a ``follow_discard`` of a seat other than
  the dealer is ignored (no payment); ``four_of_a_discard`` is untouched.
- No item reads a player's own wind (四喜 and 清三连对 count any winds, whoever
  holds them), so the spec's ``seat_wind_mode`` is refused here as
  ``unknown_option``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from rules import shows
from rules.context import Ctx
from rules.hand import ErrorInfo, Hand, ItemLine, Payment, next_seat
from rules.items import Hit, Item, sum_of
from rules.options import flag
from rules.region import Evaluation, Region, Settlement
from rules.split import EDGE, KONG, SEQ, SINGLE, TRIP, Block, waits
from rules.text import Text, says
from rules.tiles import FLOWERS, WINDS, format_tiles, is_honor

FAN = "番"
MING = "ming"
AN = "an"
OPEN_MELDS = ("chi", "pong", "kong", "added_kong")


def mingan(ming: int) -> dict[str, int]:
    return {MING: ming, AN: 2 * ming}


@dataclass(frozen=True)
class Options:
    dui_items_count_qidui_pairs: bool = flag(
        False, "清三对, 清四对, 三对同, 清三连对 and 天地碰 also count the pairs of a 七对 hand"
    )
    xianchanghui_opening_only: bool = flag(
        False, "现场汇 follow_discard counts only for the dealer's first discard (跟庄)"
    )


class ChuzhouCtx(Ctx):
    @cached_property
    def hidden(self) -> tuple[bool, ...]:
        """Per block: formed in hand (not a meld, not completed by a discarded tile)."""
        out = []
        for i, b in enumerate(self.split.blocks):
            in_hand = b.meld is None or b.meld.type == "concealed_kong"
            if i == self.split.win_index and not self.self_drawn:
                in_hand = False
            out.append(in_hand)
        return tuple(out)

    @cached_property
    def men_qing(self) -> bool:
        return not any(m.type in OPEN_MELDS for m in self.hand.melds)

    @cached_property
    def men_qing_zi_mo(self) -> bool:
        return self.men_qing and self.self_drawn

    @cached_property
    def seqs(self) -> list[tuple[Block, bool]]:
        return [(b, h) for b, h in zip(self.blocks, self.hidden, strict=True) if b.kind == SEQ]

    @cached_property
    def trips(self) -> list[tuple[Block, bool]]:
        """Triplets and kongs (the seed's 对 in items 30–32, 35, 50), with 暗-ness."""
        return [
            (b, h) for b, h in zip(self.blocks, self.hidden, strict=True) if b.kind in (TRIP, KONG)
        ]

    @cached_property
    def dui(self) -> list[tuple[Block, bool]]:
        """What items 30–32, 35 and 50 count: triplets, and a 七对's pairs when the
        option says, each 暗 as a set is (the pair a discarded winning tile
        completed is 明, as a triplet so completed is)."""
        if self.split.seven_pairs and self.opts.dui_items_count_qidui_pairs:
            return list(zip(self.blocks, self.hidden, strict=True))
        return self.trips

    @cached_property
    def kans(self) -> int:
        """坎 (老资格): triplets held in hand; a concealed kong counts as 暗杠 instead."""
        return sum(1 for b, h in zip(self.blocks, self.hidden, strict=True) if b.kind == TRIP and h)

    @cached_property
    def all_tiles(self) -> tuple[int, ...]:
        return tuple(t for b in self.blocks for t in b.tiles)

    @cached_property
    def waits13(self) -> list[int]:
        return waits(self.hand.concealed, self.hand.melds, allow_seven_pairs=True)


def _by(sets: Iterable[bool]) -> str:
    return AN if all(sets) else MING


def _mq_zm(ctx: ChuzhouCtx) -> Hit:
    return Hit(variant=AN if ctx.men_qing_zi_mo else MING)


def _when(test: Callable[[ChuzhouCtx], bool]) -> Callable[[ChuzhouCtx], Hit | None]:
    """A 门清自摸-valued item: 暗 when 门清 and self-drawn."""

    def check(ctx: ChuzhouCtx) -> Hit | None:
        return _mq_zm(ctx) if test(ctx) else None

    return check


# --------------------------------------------------------------------------
# Checks, in the seed's order
# --------------------------------------------------------------------------


def _kong(concealed: bool) -> Callable[[ChuzhouCtx], int]:
    def check(ctx: ChuzhouCtx) -> int:
        return sum(1 for m in ctx.hand.melds if m.is_kong and m.is_concealed == concealed)

    return check


def _xiao_hua(ctx: ChuzhouCtx) -> Hit | None:
    n = len(ctx.flowers)
    return None if n == 0 else Hit(variant=MING if n == 1 else AN)


def _que_yi_men(ctx: ChuzhouCtx) -> bool:
    return len(ctx.suits - {3}) == 2


def _quan_qiu_ren(ctx: ChuzhouCtx) -> bool:
    melds = ctx.hand.melds
    return (
        len(melds) == 4
        and all(m.type in OPEN_MELDS for m in melds)
        and ctx.wait == SINGLE
        and not ctx.self_drawn
    )


def _seq_groups(ctx: ChuzhouCtx) -> dict[int, list[bool]]:
    """Sequences by first tile → the 暗-ness of each."""
    groups: dict[int, list[bool]] = {}
    for b, h in ctx.seqs:
        groups.setdefault(b.tile, []).append(h)
    return groups


def _lao_shao_fu(ctx: ChuzhouCtx) -> Hit | None:
    groups = _seq_groups(ctx)
    parts = []
    for base in (0, 9, 18):
        if base in groups and base + 6 in groups:
            parts.append(_by([any(groups[base]), any(groups[base + 6])]))
    return Hit(parts=tuple(parts)) if parts else None


def _zi_mei_fu(ctx: ChuzhouCtx) -> Hit | None:
    parts = []
    for hs in _seq_groups(ctx).values():
        ordered = sorted(hs, reverse=True)  # in-hand ones pair up first
        for k in range(len(ordered) // 2):
            parts.append(_by(ordered[2 * k : 2 * k + 2]))
    return Hit(parts=tuple(parts)) if parts else None


def _suit_seqs(ctx: ChuzhouCtx, n: int) -> Hit | None:
    for base in (0, 9, 18):
        hs = [h for b, h in ctx.seqs if base <= b.tile < base + 9]
        if len(hs) >= n:
            return Hit(variant=_by(sorted(hs, reverse=True)[:n]))
    return None


def _san_fu_tong(ctx: ChuzhouCtx) -> Hit | None:
    """The same sequence in all three suits."""
    groups = _seq_groups(ctx)
    for r in range(7):
        if all(base + r in groups for base in (0, 9, 18)):
            return Hit(variant=_by(any(groups[base + r]) for base in (0, 9, 18)))
    return None


def _si_fu_tong(ctx: ChuzhouCtx) -> Hit | None:
    groups = _seq_groups(ctx)
    for r in range(7):
        if all(base + r in groups for base in (0, 9, 18)) and any(
            len(groups[base + r]) >= 2 for base in (0, 9, 18)
        ):
            return Hit(variant=_by(h for base in (0, 9, 18) for h in groups[base + r]))
    return None


def _long(ctx: ChuzhouCtx, starts: tuple[int, ...]) -> Hit | None:
    groups = _seq_groups(ctx)
    for base in (0, 9, 18):
        if all(base + s in groups for s in starts):
            return Hit(variant=_by(any(groups[base + s]) for s in starts))
    return None


def _ban_tiao_long(ctx: ChuzhouCtx) -> Hit | None:
    """123456 or 456789 of a suit; each suit counts, its 暗 reading where it has one."""
    groups = _seq_groups(ctx)
    parts = []
    for base in (0, 9, 18):
        found = [
            _by(any(groups[base + s]) for s in starts)
            for starts in ((0, 3), (3, 6))
            if all(base + s in groups for s in starts)
        ]
        if found:
            parts.append(AN if AN in found else MING)
    return Hit(parts=tuple(parts)) if parts else None


def _yi_tiao_long(ctx: ChuzhouCtx) -> Hit | None:
    return _long(ctx, (0, 3, 6))


def _yi_tiao_long_plus(ctx: ChuzhouCtx) -> bool:
    """The seed's note: a 明一条龙 holding a 暗半龙 or 暗老少 adds a 明半龙/明老少 (10)."""
    long = _yi_tiao_long(ctx)
    if long is None or long.variant == AN:
        return False
    inner = [_long(ctx, (0, 3)), _long(ctx, (3, 6)), _long(ctx, (0, 6))]
    return any(h is not None and h.variant == AN for h in inner)


def _shuang_long(ctx: ChuzhouCtx) -> Hit | None:
    groups = _seq_groups(ctx)
    for base in (0, 9, 18):
        if all(base + s in groups for s in (0, 3, 6)) and any(
            len(groups[base + s]) >= 2 for s in (0, 3, 6)
        ):
            return Hit(variant=_by(h for s in (0, 3, 6) for h in groups[base + s]))
    return None


def _si_he(in_seqs: int) -> Callable[[ChuzhouCtx], Hit | None]:
    """四合一/二/四: all four of a suited tile, ``in_seqs`` of them in sequences."""

    def check(ctx: ChuzhouCtx) -> Hit | None:
        parts = []
        for t in range(27):
            places = [
                (b.kind, h)
                for b, h in zip(ctx.blocks, ctx.hidden, strict=True)
                for x in b.tiles
                if x == t
            ]
            if len(places) == 4 and sum(1 for k, _ in places if k == SEQ) == in_seqs:
                parts.append(_by(h for _, h in places))
        return Hit(parts=tuple(parts)) if parts else None

    return check


def _qing_dui(n: int) -> Callable[[ChuzhouCtx], Hit | None]:
    def check(ctx: ChuzhouCtx) -> Hit | None:
        for base in (0, 9, 18):
            hs = [h for b, h in ctx.dui if base <= b.tile < base + 9]
            if len(hs) >= n:
                return Hit(variant=_by(sorted(hs, reverse=True)[:n]))
        return None

    return check


def _san_dui_tong(ctx: ChuzhouCtx) -> Hit | None:
    by_tile = {b.tile: h for b, h in ctx.dui}
    for r in range(9):
        if all(base + r in by_tile for base in (0, 9, 18)):
            return Hit(variant=_by(by_tile[base + r] for base in (0, 9, 18)))
    return None


def _terminals_only(ctx: ChuzhouCtx) -> bool:
    return all(t < 27 and t % 9 in (0, 8) for t in ctx.all_tiles)


def _terminals_and_honors(ctx: ChuzhouCtx) -> bool:
    tiles = ctx.all_tiles
    return (
        all(is_honor(t) or t % 9 in (0, 8) for t in tiles)
        and any(is_honor(t) for t in tiles)
        and any(not is_honor(t) for t in tiles)
    )


def _qing_san_lian_dui(ctx: ChuzhouCtx) -> Hit | None:
    by_tile = {b.tile: h for b, h in ctx.dui}
    for base in (0, 9, 18):
        for r in range(7):
            run = [base + r, base + r + 1, base + r + 2]
            if all(t in by_tile for t in run):
                return Hit(variant=_by(by_tile[t] for t in run))
    winds = [by_tile[t] for t in WINDS if t in by_tile]
    if len(winds) >= 3:
        return Hit(variant=_by(sorted(winds, reverse=True)[:3]))
    return None


def _four_winds(ctx: ChuzhouCtx) -> bool:
    return all(any(b.tile == w for b in ctx.blocks) for w in WINDS) and ctx.win_tile in WINDS


def _si_xi_variant(ctx: ChuzhouCtx) -> str:
    in_hand = all(
        any(b.tile == w and h for b, h in zip(ctx.blocks, ctx.hidden, strict=True)) for w in WINDS
    )
    return AN if in_hand and ctx.self_drawn else MING


def _ruan_si_xi(ctx: ChuzhouCtx) -> Hit | None:
    return Hit(variant=_si_xi_variant(ctx)) if _four_winds(ctx) else None


def _ying_si_xi(ctx: ChuzhouCtx) -> Hit | None:
    if not _four_winds(ctx) or sum(1 for t in ctx.waits13 if t in WINDS) < 2:
        return None
    return Hit(variant=_si_xi_variant(ctx))


def _yao_hand(pair_test: Callable[[int], bool]) -> Callable[[ChuzhouCtx], bool]:
    """清"1"/混"1": the pair passes ``pair_test``; every set holds a 1 or 9; no 111/999."""

    def check(ctx: ChuzhouCtx) -> bool:
        pair = ctx.split.pair
        if pair is None or ctx.split.seven_pairs or not pair_test(pair.tile):
            return False
        return all(b.kind == SEQ and b.tile % 9 in (0, 6) for b in ctx.sets)

    return check


def _san_da_yuan(ctx: ChuzhouCtx) -> bool:
    return all(any(b.tile == d for b in ctx.triplets) for d in (31, 32, 33))


def _qi_dui_shape(ctx: ChuzhouCtx) -> bool:
    return ctx.split.seven_pairs


def _an_jue_shape(ctx: ChuzhouCtx) -> bool:
    """Five pairs and a 坎, waiting on the 坎's fourth tile."""
    return (
        ctx.split.seven_pairs
        and ctx.win_tile is not None
        and ctx.hand.concealed.count(ctx.win_tile) == 3
    )


def _qi_dui(ctx: ChuzhouCtx) -> Hit | None:
    if not _qi_dui_shape(ctx):
        return None
    return Hit(variant=AN if ctx.self_drawn else MING)


def _feng_hu(ctx: ChuzhouCtx) -> bool:
    return all(is_honor(t) for t in ctx.all_tiles)


def _fu_wu(n: int) -> Callable[[ChuzhouCtx], Hit | None]:
    """三付"5": a sequence with a 5 in each suit; 四付"5": four sequences with a 5."""

    def check(ctx: ChuzhouCtx) -> Hit | None:
        fives = [(b.tile // 9, h) for b, h in ctx.seqs if 2 <= b.tile % 9 <= 4]
        if len({s for s, _ in fives}) < 3 or len(fives) < n:
            return None
        if n == 3:  # one per suit, an in-hand one where the suit has it
            return Hit(variant=_by(any(h for s, h in fives if s == suit) for suit in (0, 1, 2)))
        return Hit(variant=_by(h for _, h in fives))

    return check


def _fu_fu_jian(ctx: ChuzhouCtx) -> bool:
    pair = ctx.split.pair
    if pair is None or ctx.split.seven_pairs or pair.tile >= 27 or pair.tile % 9 not in (2, 6):
        return False
    return len(ctx.seqs) == 4 and all(any(t % 9 in (2, 6) for t in b.tiles) for b, _ in ctx.seqs)


def _fu_fu_tong_number(ctx: ChuzhouCtx) -> int | None:
    pair = ctx.split.pair
    if pair is None or ctx.split.seven_pairs or pair.tile >= 27 or len(ctx.seqs) != 4:
        return None
    n = pair.tile % 9
    if all(any(t % 9 == n for t in b.tiles) for b, _ in ctx.seqs):
        return n
    return None


def _fu_fu_tong(ctx: ChuzhouCtx) -> bool:
    return _fu_fu_tong_number(ctx) is not None


def _fu_fu_quan(ctx: ChuzhouCtx) -> bool:
    return _fu_fu_tong(ctx) and ctx.suits >= {0, 1, 2}


def _tian_di_peng(ctx: ChuzhouCtx) -> Hit | None:
    """A 1 and a 9 pong of one suit; each suit that has both counts."""
    by_tile = {b.tile: h for b, h in ctx.dui}
    parts = tuple(
        _by([by_tile[base], by_tile[base + 8]])
        for base in (0, 9, 18)
        if base in by_tile and base + 8 in by_tile
    )
    return Hit(parts=parts) if parts else None


# 必架: only with ready declared; 明 on a discard, 暗 self-drawn.


def _bi_jia(test: Callable[[ChuzhouCtx], bool]) -> Callable[[ChuzhouCtx], Hit | None]:
    def check(ctx: ChuzhouCtx) -> Hit | None:
        if "ready_declared" not in ctx.hand.flags or not test(ctx):
            return None
        return Hit(variant=AN if ctx.self_drawn else MING)

    return check


def _only_wait(ctx: ChuzhouCtx) -> int | None:
    w = ctx.waits13
    return w[0] if len(w) == 1 else None


def _zhong_xin_wu(ctx: ChuzhouCtx) -> bool:
    only = _only_wait(ctx)
    return only is not None and only < 27 and only % 9 == 4


def _bian_san_qi(ctx: ChuzhouCtx) -> bool:
    only = _only_wait(ctx)
    return only is not None and only < 27 and only % 9 in (2, 6) and ctx.wait == EDGE


# --------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------

R = "001 算分规则"
B = "001 必架"


def _item(
    n: int, key: str, name: str, value: int | dict[str, int], check: Any, why: str, **kw: Any
) -> Item:
    return Item(key, name, value, FAN, f"{R} {n}", check, why, **kw)


def _an_names(name: str, an: str | None = None, ming: str | None = None) -> dict[str, str]:
    return {MING: ming or name, AN: an or f"暗{name}"}


ITEMS: tuple[Item, ...] = (
    _item(1, "di_hu", "底胡", 10, lambda ctx: True, "every win"),
    _item(2, "zi_mo", "自摸", 10, lambda ctx: ctx.self_drawn, "self-drawn"),
    _item(4, "lao_zi_ge", "老资格", 10, lambda ctx: ctx.kans, "each 坎: three alike held in hand"),
    _item(
        5,
        "dui_dui_hu",
        "对对胡",
        40,
        lambda ctx: not ctx.split.seven_pairs and all(b.kind != SEQ for b in ctx.sets),
        "all pongs and 坎",
    ),
    _item(6, "ying_san_kan", "硬三坎", 80, lambda ctx: ctx.kans >= 3, "three 坎 in hand"),
    _item(
        7,
        "kan_kan_hu",
        "坎坎胡",
        1000,
        lambda ctx: ctx.kans == 4 and ctx.men_qing_zi_mo,
        "four 坎 and a pair, 门清 self-drawn",
        replaces=("ying_san_kan", "dui_dui_hu"),
    ),
    _item(
        8,
        "tian_hu",
        "天胡",
        500,
        lambda ctx: (
            "heavenly" in ctx.hand.flags and ctx.hand.seat == ctx.hand.dealer and ctx.self_drawn
        ),
        "the dealer wins on the first fourteen",
    ),
    _item(
        9,
        "di_hu_earth",
        "地胡",
        500,
        lambda ctx: (
            "earthly" in ctx.hand.flags and ctx.hand.seat != ctx.hand.dealer and ctx.self_drawn
        ),
        "a non-dealer self-draws in the first go-round",
    ),
    _item(
        10,
        "hai_di_lao_yue",
        "海底捞月",
        20,
        lambda ctx: ctx.self_drawn and "last_tile" in ctx.hand.flags,
        "self-drawn last tile",
    ),
    _item(11, "gang", "杠牌", 10, _kong(False), "each exposed or added kong"),
    _item(11, "an_gang", "暗杠", 20, _kong(True), "each concealed kong"),
    _item(
        12,
        "xiao_hua",
        "小花",
        {MING: 10, AN: 20},
        _xiao_hua,
        "one 小花 (明花) or both (暗花)",
        names={MING: "明花", AN: "暗花"},
    ),
    _item(
        13,
        "gang_hou_kai",
        "杠后开",
        10,
        lambda ctx: ctx.self_drawn and "kong_replacement" in ctx.hand.flags,
        "won on the tile after a kong or 小花",
    ),
    _item(14, "que_yi_men", "缺一门", 10, _que_yi_men, "exactly two of 条饼万"),
    _item(15, "men_qing", "门清", 10, lambda ctx: ctx.men_qing, "no chi, no pong (暗杠 allowed)"),
    _item(
        16,
        "bu_qiu_ren",
        "不求人",
        50,
        lambda ctx: ctx.men_qing_zi_mo,
        "门清 and self-drawn",
        replaces=("men_qing",),
    ),
    _item(
        17,
        "quan_qiu_ren",
        "全求人",
        50,
        _quan_qiu_ren,
        "four melds by chi/pong, single wait, won on a discard",
    ),
    _item(
        18,
        "lao_shao_fu",
        "老少付",
        mingan(10),
        _lao_shao_fu,
        "123 and 789 of one suit",
        names=_an_names("老少付"),
    ),
    _item(
        19,
        "zi_mei_fu",
        "姊妹付",
        mingan(20),
        _zi_mei_fu,
        "two identical sequences",
        names=_an_names("姊妹付"),
    ),
    _item(
        20,
        "qing_san_fu",
        "清三付",
        mingan(20),
        lambda ctx: _suit_seqs(ctx, 3),
        "three sequences of one suit",
        names=_an_names("清三付"),
    ),
    _item(
        21,
        "qing_si_fu",
        "清四付",
        mingan(40),
        lambda ctx: _suit_seqs(ctx, 4),
        "four sequences of one suit",
        names=_an_names("清四付"),
        replaces=("qing_san_fu",),
    ),
    _item(
        22,
        "san_fu_tong",
        "三付同",
        mingan(40),
        _san_fu_tong,
        "the same sequence in all three suits",
        names=_an_names("三付同"),
    ),
    _item(
        23,
        "si_fu_tong",
        "四付同",
        mingan(60),
        _si_fu_tong,
        "三付同 plus a 姊妹付",
        names=_an_names("四付同"),
        replaces=("san_fu_tong", "zi_mei_fu"),
    ),
    _item(
        24,
        "ban_tiao_long",
        "半条龙",
        mingan(10),
        _ban_tiao_long,
        "123456 or 456789 of one suit",
        names=_an_names("半条龙"),
    ),
    _item(
        25,
        "yi_tiao_long",
        "一条龙",
        mingan(80),
        _yi_tiao_long,
        "123456789 of one suit",
        names=_an_names("一条龙"),
        replaces=("ban_tiao_long", "lao_shao_fu"),
    ),
    _item(
        25,
        "yi_tiao_long_plus",
        "明半龙/明老少",
        10,
        _yi_tiao_long_plus,
        "a 明一条龙 holding a 暗半龙 or 暗老少",
    ),
    _item(
        26,
        "shuang_long",
        "双龙",
        mingan(160),
        _shuang_long,
        "一条龙 plus another 123, 456 or 789 of its suit",
        names=_an_names("双龙"),
        replaces=("zi_mei_fu", "yi_tiao_long", "yi_tiao_long_plus", "ban_tiao_long", "lao_shao_fu"),
    ),
    _item(
        27,
        "si_he_yi",
        "四合一",
        mingan(40),
        _si_he(1),
        "all four of a tile, one in a sequence",
        names=_an_names("四合一", ming="明四合一"),
    ),
    _item(
        28,
        "si_he_er",
        "四合二",
        mingan(80),
        _si_he(2),
        "all four of a tile, two in sequences",
        names=_an_names("四合二", ming="明四合二"),
        replaces=("si_he_yi",),
    ),
    _item(
        29,
        "si_he_si",
        "四合四",
        mingan(80),
        _si_he(4),
        "all four of a tile, all in sequences",
        names=_an_names("四合四", ming="明四合四"),
        replaces=("si_he_yi", "si_he_er"),
    ),
    _item(
        30,
        "qing_san_dui",
        "清三对",
        mingan(40),
        _qing_dui(3),
        "three pongs of one suit",
        names=_an_names("清三对"),
    ),
    _item(
        31,
        "qing_si_dui",
        "清四对",
        mingan(80),
        _qing_dui(4),
        "four pongs of one suit",
        names=_an_names("清四对"),
        replaces=("qing_san_dui",),
    ),
    _item(
        32,
        "san_dui_tong",
        "三对同",
        mingan(200),
        _san_dui_tong,
        "pongs of one number in all three suits",
        names=_an_names("三对同"),
    ),
    _item(
        33,
        "qing_shi_si_yi",
        "清十四（对对）一",
        mingan(280),
        _when(_terminals_only),
        "only 1s and 9s of the suits",
        names=_an_names("清十四（对对）一"),
    ),
    _item(
        34,
        "hun_shi_si_yi",
        "混十四（对对）一",
        mingan(140),
        _when(_terminals_and_honors),
        "only 1s, 9s and honors",
        names=_an_names("混十四（对对）一"),
    ),
    _item(
        35,
        "qing_san_lian_dui",
        "清三连对",
        mingan(120),
        _qing_san_lian_dui,
        "three pongs in a row of one suit, or three wind pongs",
        names=_an_names("清三连对"),
    ),
    _item(
        36,
        "ruan_si_xi",
        "软四喜",
        mingan(240),
        _ruan_si_xi,
        "all four winds, won on a wind",
        names=_an_names("软四喜"),
    ),
    _item(
        37,
        "ying_si_xi",
        "硬四喜",
        mingan(480),
        _ying_si_xi,
        "all four winds, waiting on two winds",
        names=_an_names("硬四喜"),
        replaces=("ruan_si_xi",),
    ),
    _item(
        38,
        "qing_yi_se",
        "清一色",
        mingan(200),
        _when(lambda ctx: len(ctx.suits) == 1 and 3 not in ctx.suits),
        "one suit only",
        names=_an_names("清一色"),
    ),
    _item(
        39,
        "hun_yi_se",
        "混一色",
        mingan(40),
        _when(lambda ctx: len(ctx.suits) == 2 and 3 in ctx.suits),
        "one suit and honors",
        names=_an_names("混一色"),
    ),
    _item(
        40,
        "qing_yao",
        "清“1”",
        mingan(80),
        _when(_yao_hand(lambda t: t < 27 and t % 9 in (0, 8))),
        "pair of 1 or 9, every sequence holds a 1 or 9",
        names=_an_names("清“1”", an="暗清‘1’"),
    ),
    _item(
        41,
        "hun_yao",
        "混“1”",
        mingan(40),
        _when(_yao_hand(is_honor)),
        "honor pair, every sequence holds a 1 or 9",
        names=_an_names("混“1”", an="暗混‘1’"),
    ),
    _item(
        42,
        "san_da_yuan",
        "三大元",
        mingan(500),
        _when(_san_da_yuan),
        "three or more of each of 中發白",
        names=_an_names("三大元"),
    ),
    _item(
        43,
        "qi_dui",
        "七对",
        mingan(80),
        _qi_dui,
        "seven pairs, declared ready on one tile",
        names=_an_names("七对", ming="明七对"),
    ),
    _item(
        43,
        "qi_dui_an_jue",
        "七对暗绝",
        160,
        lambda ctx: _an_jue_shape(ctx) and not ctx.self_drawn,
        "five pairs and a 坎, won on the 坎's fourth tile by discard",
        replaces=("qi_dui",),
    ),
    _item(
        43,
        "qi_dui_an_an_jue",
        "七对暗暗绝",
        320,
        lambda ctx: _an_jue_shape(ctx) and ctx.self_drawn,
        "five pairs and a 坎, self-drawn the 坎's fourth tile",
        replaces=("qi_dui",),
    ),
    _item(
        44, "feng_hu", "风胡", mingan(2000), _when(_feng_hu), "honors only", names=_an_names("风胡")
    ),
    _item(
        45,
        "san_fu_wu",
        "三付“5”",
        mingan(20),
        _fu_wu(3),
        "a sequence with a 5 in each suit",
        names=_an_names("三付“5”", an="暗三付‘5’"),
    ),
    _item(
        46,
        "si_fu_wu",
        "四付“5”",
        mingan(40),
        _fu_wu(4),
        "三付“5” and one more sequence with a 5",
        names=_an_names("四付“5”", an="暗四付‘5’"),
        replaces=("san_fu_wu",),
    ),
    _item(
        47,
        "fu_fu_jian",
        "付付尖",
        mingan(40),
        _when(_fu_fu_jian),
        "four sequences with a 3 or 7, pair of 3 or 7",
        names=_an_names("付付尖"),
    ),
    _item(
        48,
        "fu_fu_tong",
        "付付同",
        mingan(80),
        _when(_fu_fu_tong),
        "every sequence and the pair share a number",
        names=_an_names("付付同"),
    ),
    _item(
        49,
        "fu_fu_quan",
        "付付全",
        mingan(160),
        _when(_fu_fu_quan),
        "付付同 in all three suits",
        names=_an_names("付付全"),
        replaces=("fu_fu_tong",),
    ),
    _item(
        50,
        "tian_di_peng",
        "天地碰",
        mingan(40),
        _tian_di_peng,
        "pongs of 1 and 9 of one suit",
        names=_an_names("天地碰", ming="明天地碰"),
    ),
    Item(
        "jue_zhang",
        "绝张",
        mingan(80),
        FAN,
        f"{B} 1",
        _bi_jia(lambda ctx: "jue_zhang" in ctx.hand.flags),
        "ready on the last copy (必架)",
        names={MING: "明绝", AN: "暗绝"},
    ),
    Item(
        "ying_zi",
        "硬子",
        mingan(80),
        FAN,
        f"{B} 2",
        _bi_jia(lambda ctx: "ying_zi" in ctx.hand.flags),
        "ready from the deal or the first go-round (必架)",
        names={MING: "明硬子", AN: "暗硬子"},
    ),
    Item(
        "zhong_xin_wu",
        "中心“5”",
        mingan(20),
        FAN,
        f"{B} 3",
        _bi_jia(_zhong_xin_wu),
        "ready waiting only on a 5 (必架)",
        names={MING: "明中心‘5’", AN: "暗中心‘5’"},
    ),
    Item(
        "bian_san_qi",
        "边“3”“7”",
        mingan(20),
        FAN,
        f"{B} 4",
        _bi_jia(_bian_san_qi),
        "ready waiting only on 3 of 12 or 7 of 89 (必架)",
        names={MING: "明边“3”“7”", AN: "暗边“3”“7”"},
    ),
)


# Where shared/rules/chuzhou.md reads more into the seed than it says.
READINGS = {
    "si_he_si": "All four in sequences (the seed says 两付; four is the only count that fits the ladder).",
    "qing_san_dui": "对 here is a triplet or pong (option dui_items_count_qidui_pairs: a 七对's pairs too).",
    "qing_si_dui": "对 here is a triplet or pong (option dui_items_count_qidui_pairs: a 七对's pairs too).",
    "san_dui_tong": "对 here is a triplet or pong (option dui_items_count_qidui_pairs: a 七对's pairs too).",
    "tian_di_peng": "对 here is a triplet or pong; each suit holding both counts.",
    "qing_san_lian_dui": "Three pongs in a row of one suit, or any three wind pongs.",
    "yi_tiao_long": "Replaces 半条龙 and 老少付 (then the seed's note adds 10 for a 暗半龙 or 暗老少 inside a 明一条龙).",
    "shuang_long": "Replaces 一条龙, 半条龙, 老少付 and 姊妹付.",
    "zi_mei_fu": "Each two identical sequences count once.",
}


def _seqs_where(test: Callable[[ChuzhouCtx, dict[int, list[bool]]], Iterable[int]]) -> shows.Shows:
    """The sequences whose first tile ``test`` names, given the hand's sequences by first tile."""

    def seqs(ctx: ChuzhouCtx) -> shows.Sets:
        firsts = set(test(ctx, _seq_groups(ctx)))
        return tuple(b.tiles for b, _h in ctx.seqs if b.tile in firsts)

    return seqs


def _old_and_young(ctx: ChuzhouCtx, groups: dict[int, list[bool]]) -> Iterable[int]:
    for base in (0, 9, 18):
        if base in groups and base + 6 in groups:
            yield from (base, base + 6)


def _in_three_suits(ctx: ChuzhouCtx, groups: dict[int, list[bool]]) -> Iterable[int]:
    for r in range(7):
        if all(base + r in groups for base in (0, 9, 18)):
            yield from (r, 9 + r, 18 + r)


def _long_of(
    *starts: tuple[int, ...],
) -> Callable[[ChuzhouCtx, dict[int, list[bool]]], Iterable[int]]:
    def long(ctx: ChuzhouCtx, groups: dict[int, list[bool]]) -> Iterable[int]:
        for base in (0, 9, 18):
            for run in starts:
                if all(base + s in groups for s in run):
                    yield from (base + s for s in run)

    return long


def _one_suit_seqs(n: int) -> Callable[[ChuzhouCtx, dict[int, list[bool]]], Iterable[int]]:
    def suit(ctx: ChuzhouCtx, groups: dict[int, list[bool]]) -> Iterable[int]:
        for base in (0, 9, 18):
            if len([b for b, _h in ctx.seqs if base <= b.tile < base + 9]) >= n:
                yield from (t for t in groups if base <= t < base + 9)

    return suit


def _with_a_five(ctx: ChuzhouCtx, groups: dict[int, list[bool]]) -> Iterable[int]:
    return (t for t in groups if 2 <= t % 9 <= 4)


def _four_of_a_tile(ctx: ChuzhouCtx) -> shows.Sets:
    """四合: the sets that hold all four of one suited tile."""
    found: set[int] = set()
    for t in range(27):
        holding = [i for i, b in enumerate(ctx.blocks) for x in b.tiles if x == t]
        if len(holding) == 4:
            found.update(holding)
    return tuple(ctx.blocks[i].tiles for i in sorted(found))


def _dui_shown(ctx: ChuzhouCtx) -> shows.Sets:
    return tuple(b.tiles for b, _h in ctx.dui)


# What earns an item, where the shared ``rules.shows`` does not say it.
SHOWS: dict[str, shows.Shows] = {
    "lao_shao_fu": _seqs_where(_old_and_young),
    "zi_mei_fu": shows.twin_sequences,
    "qing_san_fu": _seqs_where(_one_suit_seqs(3)),
    "qing_si_fu": _seqs_where(_one_suit_seqs(4)),
    "san_fu_tong": _seqs_where(_in_three_suits),
    "si_fu_tong": _seqs_where(_in_three_suits),
    "ban_tiao_long": _seqs_where(_long_of((0, 3), (3, 6))),
    "yi_tiao_long": _seqs_where(_long_of((0, 3, 6))),
    "yi_tiao_long_plus": _seqs_where(_long_of((0, 3, 6))),
    "shuang_long": _seqs_where(_long_of((0, 3, 6))),
    "si_he_yi": _four_of_a_tile,
    "si_he_er": _four_of_a_tile,
    "si_he_si": _four_of_a_tile,
    "qing_san_dui": _dui_shown,
    "qing_si_dui": _dui_shown,
    "san_dui_tong": _dui_shown,
    "tian_di_peng": shows.groups(2, "trip", shows.both(shows.one_suit, shows.ranks_are(0, 8))),
    "san_fu_wu": _seqs_where(_with_a_five),
    "si_fu_wu": _seqs_where(_with_a_five),
    "gang": shows.kongs(),
    "an_gang": shows.kongs(True),
    "men_qing": shows.concealed_sets,
    "xiao_hua": shows.flowers,
}

ITEMS = tuple(replace(i, reading=READINGS.get(i.key, ""), shows=SHOWS.get(i.key)) for i in ITEMS)


# --------------------------------------------------------------------------
# Winning, settlement, the next hand
# --------------------------------------------------------------------------


def evaluate(ctx: Ctx, lines: list[ItemLine]) -> Evaluation:
    total = sum(line.value for line in lines)
    how = says("{parts} = {total} 番", parts=sum_of(lines), total=total)
    if ctx.split.seven_pairs and "ready_declared" not in ctx.hand.flags:
        refusal = says("七对 wins only when ready was declared (不叫七对是不能胡牌的)")
        return Evaluation(ctx.split, tuple(lines), total, how, False, (refusal,))
    return Evaluation(ctx.split, tuple(lines), total, how)


def zhen_of(hand: Hand) -> dict[str, int]:
    zhen = dict(hand.table.get("zhen") or {})
    return {s: int(zhen.get(s, 1)) for s in hand.seats}


def _weighted(hand: Hand, zhen: dict[str, int], seat: str) -> int:
    """A seat's 针 in the payment: the dealer's counts double."""
    return zhen[seat] * (2 if seat == hand.dealer else 1)


def _events(hand: Hand, opts: Options) -> list[Payment]:
    out: list[Payment] = []
    for e in hand.events:
        others = [s for s in hand.seats if s != e.seat]
        if e.type == "follow_discard":
            if opts.xianchanghui_opening_only and e.seat != hand.dealer:
                continue
            out += [Payment(e.seat, s, 10, says("现场汇: 跟打"), kind="event") for s in others]
        elif e.type == "four_of_a_discard":
            out += [Payment(s, e.seat, 10, says("现场汇: 打出四张"), kind="event") for s in others]
    return out


def next_table(hand: Hand) -> dict[str, Any]:
    zhen = zhen_of(hand)
    if hand.is_draw or hand.seat is None:
        return {"dealer": next_seat(hand.dealer, hand.players), "zhen": zhen}
    winner = hand.seat
    if winner in (hand.dealer, next_seat(hand.dealer, hand.players)):
        new = dict.fromkeys(hand.seats, zhen[winner] + 1)
    else:
        new = dict.fromkeys(hand.seats, 1)
        new[winner] = zhen[winner] + 1
    dealer = hand.dealer if winner == hand.dealer else next_seat(hand.dealer, hand.players)
    return {"dealer": dealer, "zhen": new}


def settle(hand: Hand, opts: Options, ev: Evaluation | None) -> Settlement:
    events = _events(hand, opts)
    if ev is None:
        table = next_table(hand) if hand.is_draw else None
        return Settlement(tuple(events), table)
    assert hand.seat is not None
    zhen = zhen_of(hand)
    w = _weighted(hand, zhen, hand.seat)
    shares: list[tuple[str, int, Text]] = []
    for seat in hand.seats:
        if seat == hand.seat:
            continue
        z = _weighted(hand, zhen, seat)
        dian = 10 if hand.win_by != "self_draw" and seat == hand.discarder else 0
        amount = ev.total + dian + 10 * (w + z)
        if dian:
            detail = says("{total} + 点胡 10 + 10 × ({w} + {z})", total=ev.total, w=w, z=z)
        else:
            detail = says("{total} + 10 × ({w} + {z})", total=ev.total, w=w, z=z)
        shares.append((seat, amount, detail))
    bao = hand.table.get("bao_seat")
    if bao and "qing_bu_bao_qing" not in hand.flags:
        total = sum(a for _, a, _ in shares)
        parts = " + ".join(str(a) for _, a, _ in shares)
        payments = [
            Payment(bao, hand.seat, total, says("包庄: {amounts}", amounts=parts), kind="bao")
        ]
    else:
        payments = [Payment(s, hand.seat, a, d) for s, a, d in shares]
    return Settlement(tuple(payments + events), next_table(hand))


def check_hand(hand: Hand, opts: Options) -> list[ErrorInfo]:
    errors: list[ErrorInfo] = []
    if "ready_declared" in hand.flags and not hand.is_draw:
        got = waits(hand.concealed, hand.melds, allow_seven_pairs=True)
        if len(got) != 1:
            errors.append(
                ErrorInfo(
                    "flags",
                    "ready_not_single_wait",
                    says(
                        "听牌 means waiting on exactly one tile (只能胡一张牌); this hand waits on {tiles}",
                        tiles=format_tiles(got),
                    )
                    if got
                    else says(
                        "听牌 means waiting on exactly one tile (只能胡一张牌); this hand waits on none"
                    ),
                )
            )
    bao = hand.table.get("bao_seat")
    if bao and bao == hand.seat:
        errors.append(
            ErrorInfo("table.bao_seat", "bad_table", says("the winner cannot 包 its own win"))
        )
    return errors


REGION = Region(
    key="chuzhou",
    name="楚州麻将",
    seed="001",
    unit=FAN,
    options=Options,
    items=ITEMS,
    evaluate=evaluate,
    settle=settle,
    tiles=frozenset(range(34)),
    flower_tiles=frozenset(FLOWERS),
    max_flowers=2,
    flags=("jue_zhang", "ying_zi", "qing_bu_bao_qing"),
    table_keys=("ready", "zhen", "bao_seat"),
    event_types=("follow_discard", "four_of_a_discard"),
    seven_pairs=lambda opts: True,
    check_hand=check_hand,
    make_context=ChuzhouCtx,
)
