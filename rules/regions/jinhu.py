"""金湖老三番 (``jinhu``): seed 000, 金湖老三番規則; ``shared/rules/jinhu.md``.

按番計分: one share is the total 番. No winds; 中發白 are flowers. Pong only.
A hand wins only through a reading the wait law allows (``wait_refusal``).

Readings where the seed is silent (options where tables differ):
- 甩大 on the sequence's highest tile only (``shuai_da_either_end``);
  無花果 spoiled by 中發白 too (``wuhuaguo_ignores_dragons``); 甩大/姊妹
  need ``min_fan`` 番 (default 3) to win on an open wait.
- The wait law binds every hand without a free-wait pattern (``wait_law``:
  ``si_tong_or_zei`` binds only a hand with 四同 or won on a 賊, the two
  items the seed states it under).
- 同花's 10 番 come on top of its four tiles' 1 番 each
  (``tong_hua_replaces_flowers``: the 10 番 stand in their place).
- The 包五家 streak doubles flat (``baowu_streak_compound`` doubles once
  more per earlier win of the streak, counted in ``table.baowu_streak_wins``,
  a table key this calculator adds).
- No item reads a player's own wind (there are no winds), so the spec's
  ``seat_wind_mode`` is refused here as ``unknown_option``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from rules import shows
from rules.context import Ctx
from rules.hand import ErrorInfo, Hand, ItemLine, Payment
from rules.items import Item, sum_of
from rules.options import choice, flag, number
from rules.region import Evaluation, Region, Settlement
from rules.settle import doubling
from rules.split import CLOSED, EDGE, PAIR, SEQ, SINGLE, TRIP, TRIPLET, Block
from rules.text import Text, says
from rules.tiles import DRAGONS, FLOWERS, PLANTS, SEASONS, tile_code

FAN = "番"
ZEI = frozenset({22, 4, 6, 13})  # 賊: 五條 5s, 五萬 5m, 七萬 7m, 五筒 5p
BIG_FOUR = frozenset({3, 12, 21}) | ZEI  # 四同 at 10: 4萬 4筒 4條 and the 賊
FREE_WAIT = (
    "qi_dui",
    "dui_dui_hu",
    "qing_yi_se",
    "yi_tiao_long",
    "ming_da_jue",
    "an_da_jue",
)
# The items whose hands the wait law binds, by option wait_law (None: every
# hand). The seed states the law under 四同 (both values) and 胡賊.
WAIT_LAW_BINDS: dict[str, frozenset[str] | None] = {
    "every_hand": None,
    "si_tong_or_zei": frozenset({"si_tong", "si_tong_other", "hu_zei"}),
}
WAIT_WORDS = {
    "two_sided": "a two-sided wait",
    "single": "a single wait",
    "triplet": "a wait on a pair for a triplet",
    "closed": "a closed wait",
    "edge": "an edge wait",
}


@dataclass(frozen=True)
class Options:
    min_fan: int = number(3, "番 a hand needs to win through 甩大 or 姊妹 (足夠番數)", 0, 100)
    shuai_da_either_end: bool = flag(False, "甩大 also beside a sequence's lowest tile")
    wuhuaguo_ignores_dragons: bool = flag(False, "無花果: 中發白 do not spoil it")
    baowu_streak_compound: bool = flag(
        False, "the 包五家 streak doubles again for each earlier win of the streak"
    )
    tong_hua_replaces_flowers: bool = flag(
        False, "同花's 10 番 replace its four flowers' 1 番 each"
    )
    wait_law: str = choice(
        "every_hand",
        {
            "every_hand": "every hand without a free-wait pattern",
            "si_tong_or_zei": "only a hand with 四同 or won on a 賊",
        },
        "which hands must win on a closed or edge wait",
    )


class JinhuCtx(Ctx):
    @cached_property
    def held(self) -> list[int]:
        """Copies of each tile in the winner's hand: concealed, winning tile and pongs."""
        counts = [0] * 34
        for t in self.hand.all_tiles:
            counts[t] += 1
        for m in self.hand.melds:
            for t in m.tiles:
                counts[t] += 1
        return counts

    @cached_property
    def real_flowers(self) -> tuple[int, ...]:
        return tuple(f for f in self.flowers if f in FLOWERS)

    @property
    def win_block(self) -> Block | None:
        return self.split.win_block


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------


def _flowers(ctx: JinhuCtx) -> int:
    """One 番 a flower; where 同花 counts in place of its tiles
    (``tong_hua_replaces_flowers``), the flowers of each complete group are
    left to it."""
    grouped = 4 * _tong_hua(ctx) if ctx.opts.tong_hua_replaces_flowers else 0
    return len(ctx.flowers) - grouped


def _seven_pairs(ctx: Ctx) -> bool:
    return ctx.split.seven_pairs


def _all_triplets(ctx: Ctx) -> bool:
    return not ctx.split.seven_pairs and all(b.kind == TRIP for b in ctx.sets)


def _one_suit(ctx: Ctx) -> bool:
    return len(ctx.suits) == 1


def _dragon_run(ctx: Ctx) -> bool:
    starts = {b.tile for b in ctx.sequences}
    return any({s, s + 3, s + 6} <= starts for s in (0, 9, 18))


def _ming_da_jue(ctx: Ctx) -> bool:
    return any(m.tiles[0] == ctx.win_tile for m in ctx.hand.melds)


def _an_da_jue(ctx: Ctx) -> bool:
    return ctx.win_tile is not None and ctx.hand.concealed.count(ctx.win_tile) == 3


def _si_tong(big: bool) -> Any:
    def check(ctx: JinhuCtx) -> int:
        return sum(1 for t, n in enumerate(ctx.held) if n == 4 and (t in BIG_FOUR) == big)

    return check


def _hu_zei(ctx: Ctx) -> bool:
    return ctx.win_tile in ZEI


def shuai_da(ctx: JinhuCtx) -> bool:
    """The winning tile X makes the pair XX beside a sequence ending in X."""
    block = ctx.win_block
    if block is None or block.kind != PAIR or ctx.split.seven_pairs:
        return False
    x = block.tile
    ends = {b.tile + 2 for b in ctx.sequences}
    if ctx.opts.shuai_da_either_end:
        ends |= {b.tile for b in ctx.sequences}
    return x in ends


def _zi_mei_pairs(blocks: tuple[Block, ...]) -> list[tuple[Block, Block]]:
    """Adjacent 姊妹 pairs: identical sequences, or triplets one apart in a suit."""
    pairs: list[tuple[Block, Block]] = []
    seqs = sorted(b for b in blocks if b.kind == SEQ)
    for a, b in itertools.pairwise(seqs):
        if a.tile == b.tile:
            pairs.append((a, b))
    trips = sorted({b.tile: b for b in blocks if b.kind == TRIP}.values())
    for a, b in itertools.pairwise(trips):
        if b.tile == a.tile + 1 and a.tile // 9 == b.tile // 9 and a.tile < 27:
            pairs.append((a, b))
    return pairs


def _zi_mei(ctx: Ctx) -> int:
    return 0 if ctx.split.seven_pairs else len(_zi_mei_pairs(ctx.sets))


def completes_zi_mei(ctx: JinhuCtx) -> bool:
    block = ctx.win_block
    if block is None or block.kind == PAIR:
        return False
    return any(block in pair for pair in _zi_mei_pairs(ctx.sets))


def _wu_hua_guo(ctx: JinhuCtx) -> bool:
    if ctx.opts.wuhuaguo_ignores_dragons:
        return not ctx.real_flowers
    return not ctx.flowers


def _tong_hua(ctx: JinhuCtx) -> int:
    groups = sum(1 for d in DRAGONS if ctx.flowers.count(d) == 4)
    groups += all(f in ctx.flowers for f in SEASONS)
    groups += all(f in ctx.flowers for f in PLANTS)
    return groups


def _hai_di(ctx: Ctx) -> bool:
    return ctx.self_drawn and "last_tile" in ctx.hand.flags


R = "000 胡牌牌型"
QUOTE_SI_TONG = (
    "四同：手中有四張四萬、四張四條、四張四筒或是四張賊的，算10番。此外有四個其它牌型的算2番。"
    "被碰下來的也算，如碰了4萬，手裡還有4萬的，算10番"
)

ITEMS: tuple[Item, ...] = (
    Item(
        "hua",
        "花",
        1,
        FAN,
        "000 打牌規則 花",
        _flowers,
        "each flower, 中發白 included",
        quote="金湖麻將計番，一個花牌算一番，再加上成牌的番數得到總番數。",
    ),
    Item(
        "qi_dui",
        "7對",
        10,
        FAN,
        f"{R} 7對",
        _seven_pairs,
        "seven pairs (free wait)",
        quote="7對（10番）：手裡如有牌型為11 22 33 55 66 77 88 這樣的牌型稱為7對，7對聽牌不受限制，"
        "可以聽任意一張牌。金湖麻將的7對碰下來的也算",
    ),
    Item(
        "dui_dui_hu",
        "對對胡",
        5,
        FAN,
        f"{R} 對對胡",
        _all_triplets,
        "four triplets and a pair (free wait)",
        quote="對對胡（5番）：符合牌型為 111 222 333 777 88 這樣的牌型稱為對對胡……對對胡聽牌不受牌的限制",
    ),
    Item(
        "qing_yi_se",
        "清一色",
        10,
        FAN,
        f"{R} 清一色",
        _one_suit,
        "one suit only (free wait)",
        quote="清一色（10番）：手裡的牌全是一種類型的，如全是萬或條或筒稱為清一色，清一色可以聽任意一張可以胡的牌。",
    ),
    Item(
        "yi_tiao_long",
        "一條龍",
        10,
        FAN,
        f"{R} 一條龍",
        _dragon_run,
        "123 456 789 of one suit (free wait)",
        quote="一條龍（10番）：手裡牌型為同一類型123 456 789 這樣的牌型稱為一條龍，若缺其中任意一張牌，都可以聽",
    ),
    Item(
        "ming_da_jue",
        "明大絕",
        5,
        FAN,
        f"{R} 明大絕",
        _ming_da_jue,
        "won on the fourth tile of an own pong",
        quote="明大絕（5番）：聽自己碰下來那張牌，如碰了張3萬，此時可以聽3萬。聽這樣的牌不受任何限制，可聽任意牌。",
    ),
    Item(
        "an_da_jue",
        "暗大絕",
        5,
        FAN,
        f"{R} 暗大絕",
        _an_da_jue,
        "won on the fourth tile of a triplet held in hand",
        quote="暗大絕（5番）：聽自己手裡已有的三張牌：如手裡已有3張3萬，此時可以聽3萬，可以聽任意牌。",
    ),
    Item(
        "si_tong",
        "四同",
        10,
        FAN,
        f"{R} 四同",
        _si_tong(True),
        "all four of 4萬/4條/4筒 or a 賊",
        quote=QUOTE_SI_TONG,
    ),
    Item(
        "si_tong_other",
        "四同",
        2,
        FAN,
        f"{R} 四同",
        _si_tong(False),
        "all four of another tile",
        quote=QUOTE_SI_TONG,
    ),
    Item(
        "hu_zei",
        "胡賊",
        5,
        FAN,
        f"{R} 胡賊",
        _hu_zei,
        "won on a 賊 (5萬 7萬 5條 5筒)",
        quote="胡賊（5番）：聽的牌是賊的牌，（除9、10兩種情況以外必須是夾子或丫子）。",
    ),
    Item(
        "shuai_da",
        "甩大",
        1,
        FAN,
        f"{R} 甩大",
        shuai_da,
        "won on X making XX beside a run ending in X",
        quote="甩大（1番）：如678 8聽8，這樣的牌叫甩大，可以胡牌不必是夾子，前提手中牌型必須有足夠番數。",
    ),
    Item(
        "zi_mei",
        "姊妹",
        1,
        FAN,
        f"{R} 姊妹",
        _zi_mei,
        "two identical runs, or triplets one apart",
        quote="姊妹（1番）：同一類型的123 12 或是 33 222這樣的牌可以聽3，不必是夾子，前提手中牌型必須有足夠番數。"
        "姊妹有幾個算幾番。如（444 555 666 算兩個姊妹，而444 555 666 777）算三個姊妹。",
    ),
    Item(
        "wu_hua_guo",
        "無花果",
        10,
        FAN,
        f"{R} 無花果",
        _wu_hua_guo,
        "no flower at all",
        quote="無花果（10番）：贏的玩家手裡沒有硬花，則算10個花",
    ),
    Item(
        "zi_mo",
        "自摸",
        1,
        FAN,
        f"{R} 自摸",
        lambda ctx: ctx.self_drawn,
        "self-drawn win",
        quote="自摸（1番）：自摸的玩家可以多一番。",
    ),
    Item(
        "tong_hua",
        "同花",
        10,
        FAN,
        f"{R} 同花",
        _tong_hua,
        "four identical flowers, or a whole flower group",
        quote="同花：如果手裡有四個同樣的花牌就算10番。特殊：春夏秋冬、梅蘭竹菊也算同花。",
    ),
    Item(
        "hai_di",
        "海底撈月",
        10,
        FAN,
        f"{R} 海底撈月",
        _hai_di,
        "self-drawn last tile of the wall",
        quote="海底撈月(10番)：自摸最後一張,此時牌牆已無牌！",
    ),
)


# Where shared/rules/jinhu.md reads more into the seed than it says.
READINGS = {
    "qi_dui": "A pong with its fourth tile held counts as two pairs (seed: 333 碰 + 11 22 55 66 3, waiting 7).",
    "si_tong": "Each tile with all four copies in the hand counts; the winning tile counts; also inside 7對.",
    "shuai_da": "Beside the sequence's highest tile (option shuai_da_either_end: either end); "
    "without a closed or edge wait it needs min_fan 番 (default 3) to win.",
    "zi_mei": "Each adjacent pair counts; winning through it on an open wait needs min_fan 番 (default 3).",
    "wu_hua_guo": "中發白 spoil it too (option wuhuaguo_ignores_dragons).",
    "hu_zei": "The closed-or-edge wait it asks for binds every hand without a free-wait pattern "
    "(option wait_law: only a hand with 四同 or won on a 賊).",
    "tong_hua": "Its 10 番 come on top of its four tiles' 1 番 each "
    "(option tong_hua_replaces_flowers: in their place).",
}


def _zi_mei_shown(ctx: Ctx) -> shows.Sets:
    # Two identical runs are equal blocks: kept apart by where they lie.
    found = {id(b): b for pair in _zi_mei_pairs(ctx.sets) for b in pair}
    return tuple(b.tiles for b in found.values())


def _four_alike_shown(big: bool) -> shows.Shows:
    def four(ctx: JinhuCtx) -> shows.Sets:
        return tuple((t,) * 4 for t, n in enumerate(ctx.held) if n == 4 and (t in BIG_FOUR) == big)

    return four


def _da_jue_shown(ctx: Ctx) -> shows.Sets:
    """The three alike the winning tile made four of, and the tile."""
    return ((ctx.win_tile,) * 4,) if ctx.win_tile is not None else ()


# What earns an item, where the shared ``rules.shows`` does not say it.
SHOWS: dict[str, shows.Shows] = {
    "zi_mei": _zi_mei_shown,
    "si_tong": _four_alike_shown(True),
    "si_tong_other": _four_alike_shown(False),
    "ming_da_jue": _da_jue_shown,
    "an_da_jue": _da_jue_shown,
    "shuai_da": shows.winning_set,
    "qi_dui": shows.pairs,
}

ITEMS = tuple(replace(i, reading=READINGS.get(i.key, ""), shows=SHOWS.get(i.key)) for i in ITEMS)


# --------------------------------------------------------------------------
# The wait law, the total and the streak
# --------------------------------------------------------------------------


def wait_refusal(ctx: JinhuCtx, lines: list[ItemLine], fan: int) -> Text | None:
    """Why this reading may not win, or None when it may."""
    if ctx.hand.seat in ctx.hand.table.get("fake_ready", ()):
        return says("假聽 may not win")
    present = {line.key for line in lines if line.value}
    if present & set(FREE_WAIT):
        return None
    bound = WAIT_LAW_BINDS[ctx.opts.wait_law]
    if bound is not None and not present & bound:
        return None  # a hand the wait law does not bind
    wait = ctx.wait
    if wait in (CLOSED, EDGE):
        return None
    if ctx.win_tile in ZEI and wait in (SINGLE, TRIPLET):
        return None  # 調賊, 硬抗賊
    open_item = "甩大" if shuai_da(ctx) else "姊妹" if completes_zi_mei(ctx) else ""
    if open_item:
        if fan >= ctx.opts.min_fan:
            return None
        return says(
            "{term} needs at least {need} 番 to win; this hand has {fan}",
            term=open_item,
            need=ctx.opts.min_fan,
            fan=fan,
        )
    win = tile_code(ctx.win_tile) if ctx.win_tile is not None else "?"
    # Every way the rules let a hand win, so the player sees what would.
    return says(
        "{term} on {tile} needs a free-wait pattern (7對, 對對胡, 清一色, 一條龍, 明大絕, 暗大絕);"
        " otherwise a hand wins only on a closed or edge wait, on a 賊 (5萬 7萬 5條 5筒)"
        " as its pair or its triplet, or through 甩大 or 姊妹 with at least {need} 番",
        term=WAIT_WORDS.get(wait, wait),
        tile=win,
        need=ctx.opts.min_fan,
    )


def streak_factor(hand: Hand, opts: Options) -> int:
    """包五家連莊 doubles the winner's 番; compounding, once more for each
    earlier win of the streak: refused (``doubling``) where that alone passes
    what a score writes exactly."""
    if hand.seat is None or hand.table.get("baowu_streak_seat") != hand.seat:
        return 1
    if opts.baowu_streak_compound:
        return doubling(1 + int(hand.table.get("baowu_streak_wins", 0)))
    return 2


def evaluate(ctx: Ctx, lines: list[ItemLine]) -> Evaluation:
    assert isinstance(ctx, JinhuCtx)
    fan = sum(line.value for line in lines)
    refusal = wait_refusal(ctx, lines, fan)
    # Only a reading that wins, and has 番 to double, is doubled: a refused one
    # pays nothing (the same factor for every reading keeps their order).
    factor = streak_factor(ctx.hand, ctx.opts) if refusal is None and fan else 1
    total = fan * factor
    how = says("{parts} = {total} 番", parts=sum_of(lines), total=fan)
    if factor > 1:
        lines = [
            *lines,
            ItemLine(
                "baowu_streak",
                "包五家連莊",
                total - fan,
                FAN,
                f"the 包五家 payer wins while dealing: × {factor}",
                "000 打牌規則 包五家",
            ),
        ]
        how = says(
            "{parts} = {fan} 番; 包五家 × {factor} → {total}",
            parts=sum_of(lines[:-1]),
            fan=fan,
            factor=factor,
            total=total,
        )
    return Evaluation(
        ctx.split,
        tuple(lines),
        total,
        how,
        winning=refusal is None,
        reasons=(refusal,) if refusal else (),
    )


def _is_baowu(hand: Hand, ev: Evaluation) -> bool:
    """包五家: an unready discarder fed a 賊 or the winner's 明大絕."""
    if hand.win_by != "discard" or hand.discarder is None:
        return False
    ready = set(hand.table.get("ready", ())) | set(hand.table.get("fake_ready", ()))
    if hand.discarder in ready:
        return False
    ming_da_jue = any(line.key == "ming_da_jue" and line.value for line in ev.lines)
    return hand.win_tile in ZEI or ming_da_jue


def settle(hand: Hand, opts: Options, ev: Evaluation | None) -> Settlement:
    streak = hand.table.get("baowu_streak_seat")
    wins = int(hand.table.get("baowu_streak_wins", 0))
    if ev is None:
        # A drawn hand changes nothing: the dealer deals again, the streak stays.
        return Settlement((), _next(hand.dealer, streak, wins if streak else 0))
    assert hand.seat is not None
    f = ev.total
    others = [s for s in hand.seats if s != hand.seat]
    if _is_baowu(hand, ev):
        payer = hand.discarder
        assert payer is not None
        payments = [Payment(payer, hand.seat, 3 * f, says("包五家: 3 × {fan}", fan=f), kind="bao")]
        payments += [
            Payment(payer, s, f, says("包五家: {fan}", fan=f), kind="bao")
            for s in others
            if s != payer
        ]
        return Settlement(tuple(payments), _next(payer, payer, 0))
    payments = [Payment(s, hand.seat, f, says("{fan} 番", fan=f)) for s in others]
    dealer = hand.dealer if hand.seat == hand.dealer else hand.seat
    if streak == hand.seat:
        return Settlement(tuple(payments), _next(dealer, streak, wins + 1))
    return Settlement(tuple(payments), _next(dealer, None, 0))


def _next(dealer: str, streak: str | None, wins: int) -> dict[str, Any]:
    table: dict[str, Any] = {"dealer": dealer, "baowu_streak_seat": streak}
    if streak:
        table["baowu_streak_wins"] = wins
    return table


def check_hand(hand: Hand, opts: Options) -> list[ErrorInfo]:
    streak = hand.table.get("baowu_streak_seat")
    if streak and streak != hand.dealer:
        return [
            ErrorInfo(
                "table.baowu_streak_seat",
                "bad_table",
                says(
                    "the 包五家 payer deals while the streak runs; the dealer here is {seat}",
                    seat=hand.dealer,
                ),
            )
        ]
    return []


SUITED = frozenset(range(27))

REGION = Region(
    key="jinhu",
    name="金湖老三番",
    seed="000",
    unit=FAN,
    options=Options,
    items=ITEMS,
    evaluate=evaluate,
    settle=settle,
    tiles=SUITED,
    flower_tiles=frozenset(DRAGONS) | frozenset(FLOWERS),
    flower_copies={d: 4 for d in DRAGONS},
    max_flowers=20,  # eight flowers and four of each dragon
    meld_types=("pong",),
    win_types=("self_draw", "discard", "draw"),
    table_keys=("ready", "fake_ready", "baowu_streak_seat", "baowu_streak_wins"),
    words=(*WAIT_WORDS.values(), "甩大", "姊妹"),
    seven_pairs=lambda opts: True,
    seven_pairs_with_pongs=True,
    check_hand=check_hand,
    make_context=JinhuCtx,
)
