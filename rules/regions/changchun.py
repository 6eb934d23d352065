"""长春麻将 (``changchun``): seed 004; ``shared/rules/changchun.md``.

The winner's 番 come from the seed's table; each payer's loss doubles per
番 (base × 2^min(cap, n − 1)), with 坐庄 and 点炮 added per payer. 蛋 (eggs)
are special kongs from the first hand; 宝牌 is a wild tile only as the
winning tile self-drawn after ready.

Readings where the seed and the rules file are silent:
- Next dealer: the dealer keeps the deal on a dealer win; another seat's win
  passes it to the dealer's next seat; a drawn hand keeps it
  (``draw_dealer``: ``pass`` hands it on).
- 胡单张 counts the tiles that would really win (the win conditions
  included), not every tile that completes the shape; a 七对 (``qidui``)
  waiting on its last pair alone is 单砸.
- No item reads a player's own wind (a 旋风蛋 is any four winds), so the
  spec's ``seat_wind_mode`` is refused here as ``unknown_option``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from rules.context import Ctx
from rules.hand import (
    EGG_NAMES,
    EGG_TILES,
    YAOJI,
    ErrorInfo,
    Hand,
    ItemLine,
    Meld,
    Payment,
    next_seat,
)
from rules.items import Hit, Item, sum_of
from rules.options import choice, flag, number
from rules.region import Evaluation, Region, Settlement
from rules.split import (
    CLOSED,
    EDGE,
    EGG,
    KONG,
    PAIR,
    SEQ,
    SINGLE,
    TRIP,
    TWO_SIDED,
    Split,
    splits,
    waits,
)
from rules.text import Text, says
from rules.tiles import DRAGONS, is_honor, is_terminal, suit_of

FAN = "番"
FEN = "分"
BIG_KONG = frozenset({YAOJI, 9, *DRAGONS})  # 大蛋: kongs of 幺鸡, 幺筒, 中, 发, 白
EGG_BASE = {kind: len(tiles) for kind, tiles in EGG_TILES.items()}


@dataclass(frozen=True)
class Options:
    qidui: bool = flag(False, "seven pairs win: 七对 3 番, 豪华七对 4 番")
    qidui_exempt_sanmen_yaojiu: bool = flag(False, "七对 need neither 三门齐 nor 幺九")
    gang_kai: bool = flag(False, "杠上开花 1 番")
    hai_di: bool = flag(False, "海底 1 番 (self-drawn last tile)")
    qiang_gang: bool = flag(False, "抢杠 1 番")
    jia_wu: bool = flag(False, "夹五: a closed wait on a 5 counts 2 番")
    egg_keeps_menqing: bool = flag(False, "下蛋算站立: an egg does not open the hand for 门清")
    bao_counts_zimo: bool = flag(True, "a 宝牌 win also counts 自摸")
    dui_bao_counts_zimo: bool = flag(False, "对宝 also counts 自摸")
    pay_mode: str = choice(
        "all_three",
        {
            "all_three": "all three pay",
            "discarder_only": "the discarder only",
            "unready_discarder_pays_all": "an unready discarder pays for all three",
        },
        "who pays a win on a discard",
    )
    cap: int = number(6, "doublings at most (6: 64 × base)", 0, 20)
    base: int = number(1, "底注, the base", 1, 10_000)
    draw_dealer: str = choice(
        "stay",
        {"stay": "the dealer stays", "pass": "the deal passes on"},
        "after a drawn hand",
    )


# --------------------------------------------------------------------------
# The hand's tiles, eggs read right
# --------------------------------------------------------------------------


def counted_tiles(hand: Hand) -> list[int]:
    """Every tile of the hand and melds, less the 幺鸡 standing in (会) in eggs."""
    tiles = list(hand.all_tiles)
    for m in hand.melds:
        own = list(m.tiles)
        for _ in range(m.hui):
            own.remove(YAOJI)
        tiles += own
    return tiles


def is_bao_win(hand: Hand) -> bool:
    """宝牌: ready, and self-drew the 宝, which then stands for the best winning tile."""
    bao = hand.table.get("bao_tile")
    return (
        bao is not None
        and hand.win_tile == bao
        and hand.self_drawn
        and "ready_declared" in hand.flags
        and "dui_bao" not in hand.flags
    )


def opens_hand(m: Meld, opts: Options) -> bool:
    if m.type == "egg":
        return not opts.egg_keeps_menqing
    return m.type in ("chi", "pong", "kong", "added_kong")


class ChangchunCtx(Ctx):
    @cached_property
    def tiles_counted(self) -> list[int]:
        if is_bao_win(self.hand) and self.split.wild_assignments:
            own = counted_tiles(self.hand)
            own.remove(self.hand.win_tile)  # type: ignore[arg-type]
            return [*own, *self.split.wild_assignments]
        return counted_tiles(self.hand)

    @cached_property
    def waits13(self) -> list[int]:
        return winning_tiles(self.hand, self.opts)


# --------------------------------------------------------------------------
# Win conditions
# --------------------------------------------------------------------------


def refusal(hand: Hand, opts: Options, split: Split, tiles: list[int]) -> Text | None:
    """Why this reading may not win, or None."""
    seven = split.seven_pairs
    if not (seven and opts.qidui_exempt_sanmen_yaojiu):
        if {0, 1, 2} - {suit_of(t) for t in tiles}:
            return says("三门齐: 万, 筒 and 条 must all be in the hand")
        if not any(is_terminal(t) or is_honor(t) for t in tiles):
            return says("幺九: the hand needs a 1 or a 9 (an honor stands in)")
    if seven:
        return None
    sets = [b for b in split.blocks if b.kind != PAIR]
    pair = split.pair
    has_kong = any(b.kind in (KONG, EGG) for b in sets)
    has_triplet = any(b.kind in (TRIP, KONG, EGG) for b in sets)
    dragon_pair = pair is not None and pair.tile in DRAGONS
    if not (has_triplet or has_kong or dragon_pair):
        return says("the hand needs a triplet (刻子), a kong or egg, or a 中/发/白 pair")
    all_melded = len(hand.melds) == 4
    if all_melded and any(b.kind == SEQ for b in sets):
        return says("手把一 (all four sets melded) wins only as 飘胡, with no chi")
    return None


def winning_tiles(hand: Hand, opts: Options) -> list[int]:
    """Tiles that would complete this hand and pass the win conditions."""
    found = []
    held = counted_tiles(hand)
    if hand.win_tile is not None:
        held.remove(hand.win_tile)
    for t in waits(hand.concealed, hand.melds, allow_seven_pairs=opts.qidui):
        readings = splits(hand.concealed, t, hand.melds, allow_seven_pairs=opts.qidui)
        if any(refusal(hand, opts, sp, [*held, t]) is None for sp in readings):
            found.append(t)
    return found


# --------------------------------------------------------------------------
# Items
# --------------------------------------------------------------------------


def _zi_mo(ctx: ChangchunCtx) -> bool:
    if not ctx.self_drawn:
        return False
    if "dui_bao" in ctx.hand.flags:
        return ctx.opts.dui_bao_counts_zimo
    if is_bao_win(ctx.hand):
        return ctx.opts.bao_counts_zimo
    return True


def _men_qing(ctx: ChangchunCtx) -> bool:
    return not any(opens_hand(m, ctx.opts) for m in ctx.hand.melds)


def _hu_dan_zhang(ctx: ChangchunCtx) -> Hit | None:
    """One winning tile only: 边 before 夹; 单砸 on the pair (a 七对's last pair
    too); 单胡幺 with no 1, 9 or honor."""
    win = ctx.win_tile
    if win is None:
        return None
    if is_bao_win(ctx.hand):
        if len(ctx.split.wild_assignments) != 1:
            return None
        win = ctx.split.wild_assignments[0]
    if ctx.waits13 != [win]:
        return None
    wait = ctx.wait
    thirteen = list(ctx.hand.concealed)
    no_yao = not any(is_terminal(t) or is_honor(t) for t in thirteen)
    if no_yao and is_terminal(win) and wait in (EDGE, TWO_SIDED):
        # 23 → 1, 78 → 9: the other side would leave the hand without a 1 or 9.
        return Hit(variant="yao", detail="单胡幺")
    if wait == EDGE:
        return Hit(variant="bian", detail="边")
    if wait == CLOSED:
        five = win < 27 and win % 9 == 4 and ctx.opts.jia_wu
        return Hit(variant="jia5" if five else "jia", detail="夹五" if five else "夹")
    if wait == SINGLE:
        return Hit(variant="dan", detail="单砸")
    return None


def _bao_pai(ctx: ChangchunCtx) -> bool:
    return is_bao_win(ctx.hand)


def _dui_bao(ctx: ChangchunCtx) -> bool:
    h = ctx.hand
    return "dui_bao" in h.flags and h.table.get("bao_tile") == h.win_tile and h.self_drawn


def _piao_hu(ctx: ChangchunCtx) -> bool:
    if ctx.split.seven_pairs or any(b.kind == SEQ for b in ctx.blocks):
        return False
    tiles = ctx.tiles_counted
    return any(is_honor(t) for t in tiles) or any(is_terminal(t) for t in tiles)


def _qi_dui(luxury: bool) -> Any:
    def check(ctx: ChangchunCtx) -> bool:
        if not ctx.split.seven_pairs:
            return False
        tiles = ctx.split.blocks
        four = len({b.tile for b in tiles}) < len(tiles)
        return four == luxury

    return check


R = "004 计分方法"

ITEMS: tuple[Item, ...] = (
    Item(
        "ping_hu",
        "平胡",
        1,
        FAN,
        R,
        lambda ctx: True,
        "every win",
        quote="(胜方)平胡 | 胡牌基础番 | +1番",
    ),
    Item(
        "zi_mo",
        "自摸",
        1,
        FAN,
        R,
        _zi_mo,
        "self-drawn",
        quote="(胜方)自摸 | 由于一位玩家的抓牌促使自己形成胡牌 | +1番",
    ),
    Item(
        "men_qing",
        "门清",
        1,
        FAN,
        R,
        _men_qing,
        "no chi, pong or exposed kong (立胡)",
        quote="(胜方)门清 | 胡牌时未吃、碰或明杠过 | +1番",
    ),
    Item(
        "hu_dan_zhang",
        "胡单张",
        {"bian": 1, "jia": 1, "jia5": 2, "dan": 1, "yao": 1},
        FAN,
        R,
        _hu_dan_zhang,
        "the hand had one winning tile only",
        quote="(胜方)胡单张 | 边:如12胡3 夹:46胡5 单砸:8胡8 单胡幺:听牌时无幺九,手上有23胡1或有78胡9 "
        "PS 当所胡的牌既能算边又能算夹时,按边计算。",
    ),
    Item(
        "bao_pai",
        "宝牌",
        1,
        FAN,
        R,
        _bao_pai,
        "self-drew the 宝 after ready",
        quote="(胜方)宝牌 | 听牌后摸到宝牌成胡牌 | +1番",
    ),
    Item(
        "dui_bao",
        "对宝",
        2,
        FAN,
        R,
        _dui_bao,
        "the 宝 was the winning tile at the look",
        quote="(胜方)对宝 | 看宝时胡牌,不计自摸 | +2番",
    ),
    Item(
        "piao_hu",
        "飘胡",
        2,
        FAN,
        R,
        _piao_hu,
        "four triplets (shape e)",
        quote="(胜方)飘胡 | 以牌型e胡牌,即碰碰胡。无字牌时需要带幺九 | +2番",
    ),
    Item(
        "qi_dui",
        "七对",
        3,
        FAN,
        "changchun.md option qidui",
        _qi_dui(False),
        "seven pairs (house rule)",
        quote="Option qidui (seven pairs, default off): 七对 3",
    ),
    Item(
        "hao_hua_qi_dui",
        "豪华七对",
        4,
        FAN,
        "changchun.md option qidui",
        _qi_dui(True),
        "seven pairs with four alike (house rule)",
        quote="Option qidui: 豪华七对 4",
    ),
    Item(
        "gang_shang_kai_hua",
        "杠上开花",
        1,
        FAN,
        "changchun.md option gang_kai",
        lambda ctx: ctx.opts.gang_kai and ctx.self_drawn and "kong_replacement" in ctx.hand.flags,
        "won on a kong replacement (house rule)",
        quote="Option gang_kai: 杠上开花 1 (flag kong_replacement)",
    ),
    Item(
        "hai_di",
        "海底",
        1,
        FAN,
        "changchun.md option hai_di",
        lambda ctx: ctx.opts.hai_di and ctx.self_drawn and "last_tile" in ctx.hand.flags,
        "self-drew the last tile (house rule)",
        quote="Option hai_di: 海底 1 (flag last_tile, self-draw)",
    ),
    Item(
        "qiang_gang",
        "抢杠",
        1,
        FAN,
        "changchun.md option qiang_gang",
        lambda ctx: ctx.opts.qiang_gang and ctx.hand.win_by == "robbing_kong",
        "robbed a kong (house rule)",
        quote="Option qiang_gang: 抢杠 1 (robbing_kong)",
    ),
)


# Where shared/rules/changchun.md reads more into the seed than it says.
READINGS = {
    "hu_dan_zhang": "Only when the 13-tile hand has exactly one winning tile; 边 before 夹; one item either way.",
    "bao_pai": "The 宝 stands for the best winning tile; counts 自摸 too (option bao_counts_zimo).",
    "men_qing": "An egg opens the hand (option egg_keeps_menqing: 下蛋算站立).",
}

ITEMS = tuple(replace(i, reading=READINGS.get(i.key, "")) for i in ITEMS)


def evaluate(ctx: Ctx, lines: list[ItemLine]) -> Evaluation:
    assert isinstance(ctx, ChangchunCtx)
    fan = sum(line.value for line in lines)
    why = refusal(ctx.hand, ctx.opts, ctx.split, ctx.tiles_counted)
    how = says("{parts} = {total} 番", parts=sum_of(lines), total=fan)
    return Evaluation(ctx.split, tuple(lines), fan, how, why is None, (why,) if why else ())


# --------------------------------------------------------------------------
# Readings: the 宝 as a wild winning tile
# --------------------------------------------------------------------------


def bao_splits(hand: Hand, opts: Options) -> list[Split]:
    """For a 宝牌 win, the 宝 stands for each winning tile in turn."""
    out: list[Split] = []
    for t in winning_tiles(hand, opts):
        for sp in splits(hand.concealed, t, hand.melds, allow_seven_pairs=opts.qidui):
            blocks = list(sp.blocks)
            if sp.win_index is not None:
                b = blocks[sp.win_index]
                blocks[sp.win_index] = b._replace(wild=(t,))
            out.append(sp._replace(blocks=tuple(blocks)))
    return out


def readings(hand: Hand, opts: Any, found: list[Split]) -> list[Split]:
    return bao_splits(hand, opts) if is_bao_win(hand) else found


# --------------------------------------------------------------------------
# Payments
# --------------------------------------------------------------------------


_KONG_MONEY = {
    (False, False): lambda n: says("杠分 明杠: {amount}", amount=n),
    (True, False): lambda n: says("杠分 暗杠: {amount}", amount=n),
    (False, True): lambda n: says("杠分 明大蛋: {amount}", amount=n),
    (True, True): lambda n: says("杠分 暗大蛋: {amount}", amount=n),
}


# A loser's share: the hand's 番, one more for the dealer (either side) and
# one more for the discarder, then the doublings.
def _share(with_dealer: bool, fed: bool, **values: int) -> Text:
    if with_dealer and fed:
        return says("{fan} + 坐庄 1 + 点炮 1 = {n} 番 → {base} × {factor}", **values)
    if with_dealer:
        return says("{fan} + 坐庄 1 = {n} 番 → {base} × {factor}", **values)
    if fed:
        return says("{fan} + 点炮 1 = {n} 番 → {base} × {factor}", **values)
    return says("{fan} 番 → {base} × {factor}", **values)


def kong_money(hand: Hand, opts: Options) -> list[Payment]:
    """杠分 from each other player: 明杠 1, 暗杠 2, 大蛋 2 / 4, an egg 1 and 1 per tile added."""
    owners: list[tuple[str, Meld]] = []
    if hand.seat is not None:
        owners += [(hand.seat, m) for m in hand.melds]
    for seat, melds in hand.other_melds.items():
        owners += [(seat, m) for m in melds]
    out: list[Payment] = []
    for owner, m in owners:
        if m.type == "egg":
            kind = m.kind or ""
            per = 1 + max(0, len(m.tiles) - EGG_BASE.get(kind, len(m.tiles)))
            amount = per * opts.base
            what = says("杠分 {egg}: {amount}", egg=EGG_NAMES.get(kind, "蛋"), amount=amount)
        elif m.is_kong:
            big = m.tiles[0] in BIG_KONG
            per = (4 if big else 2) if m.is_concealed else (2 if big else 1)
            amount = per * opts.base
            what = _KONG_MONEY[m.is_concealed, big](amount)
        else:
            continue
        out += [Payment(s, owner, amount, what, kind="kong") for s in hand.seats if s != owner]
    return out


def settle(hand: Hand, opts: Options, ev: Evaluation | None) -> Settlement:
    kongs = kong_money(hand, opts)
    if ev is None:
        if not hand.is_draw:
            return Settlement(tuple(kongs), None)
        dealer = hand.dealer if opts.draw_dealer == "stay" else next_seat(hand.dealer, hand.players)
        return Settlement(tuple(kongs), {"dealer": dealer})
    assert hand.seat is not None
    fan = ev.total
    shares: list[tuple[str, int, Text]] = []
    for p in hand.seats:
        if p == hand.seat:
            continue
        with_dealer = hand.dealer in (p, hand.seat)
        fed = hand.win_by != "self_draw" and p == hand.discarder
        n = fan + with_dealer + fed
        factor = 2 ** min(opts.cap, n - 1)
        pay = opts.base * factor
        why = _share(with_dealer, fed, fan=fan, n=n, base=opts.base, factor=factor)
        shares.append((p, pay, why))
    discarder = hand.discarder if hand.win_by != "self_draw" else None
    ready = set(hand.table.get("ready", ()))
    payments: list[Payment]
    if discarder and opts.pay_mode == "discarder_only":
        payments = [Payment(s, hand.seat, a, d) for s, a, d in shares if s == discarder]
    elif discarder and opts.pay_mode == "unready_discarder_pays_all" and discarder not in ready:
        total = sum(a for _, a, _ in shares)
        payments = [
            Payment(
                discarder,
                hand.seat,
                total,
                says(
                    "未上听点炮包三家: {amounts}", amounts=" + ".join(str(a) for _, a, _ in shares)
                ),
                kind="bao",
            )
        ]
    else:
        payments = [Payment(s, hand.seat, a, d) for s, a, d in shares]
    dealer = hand.dealer if hand.seat == hand.dealer else next_seat(hand.dealer, hand.players)
    return Settlement(tuple(payments + kongs), {"dealer": dealer})


def check_hand(hand: Hand, opts: Options) -> list[ErrorInfo]:
    errors = []
    if "dui_bao" in hand.flags and not hand.is_draw:
        bao = hand.table.get("bao_tile")
        if bao is None or hand.win_tile != bao or not hand.self_drawn:
            errors.append(
                ErrorInfo(
                    "flags",
                    "bad_table",
                    says(
                        "对宝: enter win_by self_draw with the 宝 (table.bao_tile) as the winning tile"
                    ),
                )
            )
    return errors


REGION = Region(
    key="changchun",
    name="长春麻将",
    seed="004",
    unit=FAN,
    options=Options,
    items=ITEMS,
    evaluate=evaluate,
    settle=settle,
    tiles=frozenset(range(34)),
    flower_tiles=frozenset(),
    max_flowers=0,
    meld_types=("chi", "pong", "kong", "added_kong", "concealed_kong", "egg"),
    flags=("dui_bao",),
    table_keys=("ready", "bao_tile"),
    seven_pairs=lambda opts: opts.qidui,
    check_hand=check_hand,
    make_context=ChangchunCtx,
    readings=readings,
)
