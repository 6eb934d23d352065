"""老三番麻將 (``laosanfan``): seed 000, first half; ``shared/rules/laosanfan.md``.

胡 are counted, each 番 doubles them, 三番為頂. The total is the final 胡
after doubling, 超一進十 rounding and the cap (or the 推倒八 figure);
payments are in 銀.

Readings where the seed is silent (each an option where tables differ):
- ×2 per 番; a pair and edge/single waits score no 胡 (``pair_hu``,
  ``extra_wait_hu``); 四個花 replaces the 正花 of its group
  (``four_flowers_add_seat_flower``); the 么二六 cap (``yao_er_liu_cap``).
- The dealer pays in full and the other two half (``payer_split``:
  ``equal``, or ``dealer_double`` — the two others pay in full and the
  dealer double, the dealer winning takes double from each).
- Next dealer: the dealer keeps the deal on a win or a drawn hand; when
  another seat wins, the deal passes to the dealer's next seat, as 台州
  tables play (``next_dealer``: ``winner`` hands it to the winner instead).
- 三攤包牌 (``table.bao_seat``) applies to a win on that seat's discard, when
  the winner's melds meet the seed's 三攤 or three-pong condition and the
  winning tile is of the forbidden kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from rules import shows
from rules.context import Ctx
from rules.hand import ErrorInfo, Hand, ItemLine, Payment, next_seat
from rules.items import Hit, Item
from rules.options import choice, flag, number, own_wind_mode
from rules.region import Evaluation, Region, Settlement
from rules.settle import round_up
from rules.split import CLOSED, EDGE, KONG, SINGLE, TRIP, Block, Split
from rules.text import Text, says
from rules.tiles import (
    DRAGONS,
    FLOWERS,
    GREEN,
    PLANTS,
    RED,
    SEASONS,
    WHITE,
    is_honor,
    is_terminal_or_honor,
    suit_of,
    tile_code,
)

FAN = "番"
HU = "胡"
TIERS = ("yao_ban_san", "yao_ban_liu", "yao_er_liu", "tui_dao_ba")
TIER_NAMES = {
    "yao_ban_san": "么半三",
    "yao_ban_liu": "么半六",
    "yao_er_liu": "麼二六",
    "tui_dao_ba": "推倒八",
}
HU_DI = {"yao_ban_san": 30, "yao_ban_liu": 60, "yao_er_liu": 100}
FAN_CAP = 3


@dataclass(frozen=True)
class Options:
    tier: str = choice(
        "yao_ban_san",
        {
            "yao_ban_san": "么半三 (30 胡底)",
            "yao_ban_liu": "么半六 (60 胡底)",
            "yao_er_liu": "麼二六 (100 胡底)",
            "tui_dao_ba": "推倒八",
        },
        "大小類別: the stake",
    )
    yao_er_liu_cap: int = number(600, "麼二六's cap, the value at 3 番", 100, 100_000)
    round_before_double: bool = flag(False, "round 胡 up to 10 before doubling")
    payer_split: str = choice(
        "dealer_full_xian_half",
        {
            "dealer_full_xian_half": "the dealer pays in full, the other two half",
            "equal": "everyone pays in full",
            "dealer_double": "everyone pays in full, the dealer double",
        },
        "who pays how much",
    )
    four_flowers_add_seat_flower: bool = flag(
        False, "四個花 adds to the 正花 of its group instead of replacing it"
    )
    pair_hu: bool = flag(False, "2 胡 for a dragon or own-wind pair")
    extra_wait_hu: bool = flag(False, "2 胡 for an edge wait and for a single wait")
    next_dealer: str = choice(
        "rotate",
        {"rotate": "to the dealer's next seat", "winner": "to the winner"},
        "when another seat wins, the deal passes",
    )
    seat_wind_mode: str = own_wind_mode()  # 正花 and the own-wind pair read it


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------


def _one_suit(ctx: Ctx) -> bool:
    return len(ctx.suits) == 1 and 3 not in ctx.suits


_HONORS = frozenset({3})


def _honors_only(ctx: Ctx) -> bool:
    return ctx.suits == _HONORS


def _suit_and_honors(ctx: Ctx) -> bool:
    return len(ctx.suits) == 2 and 3 in ctx.suits


def _all_triplets(ctx: Ctx) -> bool:
    return all(b.kind in (TRIP, KONG) for b in ctx.sets)


def _own_flower(group: tuple[int, ...]) -> Any:
    def check(ctx: Ctx) -> bool:
        # Most hands hold no flower: no need to work out the seat's wind.
        return bool(ctx.flowers) and group[ctx.seat_wind] in ctx.flowers

    return check


def _flower_group(group: tuple[int, ...]) -> Any:
    def check(ctx: Ctx) -> bool:
        return all(f in ctx.flowers for f in group)

    return check


def _dragon_set(dragon: int) -> Any:
    def check(ctx: Ctx) -> bool:
        return any(b.tile == dragon for b in ctx.triplets)

    return check


_TIER_HITS = {tier: Hit(variant=tier) for tier in HU_DI}


def _tier_variant(ctx: Ctx) -> Hit | None:
    return _TIER_HITS.get(ctx.opts.tier)  # 推倒八 has no 胡底


def _flower_hu(ctx: LaoCtx) -> int:
    return len(ctx.flowers) if ctx.counts_hu else 0


def _hu_class(big: bool, kind: str, concealed: bool) -> int:
    """A triplet's or kong's 胡 class (大麼?, triplet or kong, concealed?) as
    0–7: an index, where a tuple key would be hashed by every check."""
    return (4 if big else 0) + (2 if kind == KONG else 0) + (1 if concealed else 0)


def _sets_of(*, big: bool, kind: str, concealed: bool) -> Any:
    """Count the triplets or kongs of one 胡 class (大麼 or not, 明 or 暗)."""

    index = _hu_class(big, kind, concealed)

    def check(ctx: LaoCtx) -> int:
        return ctx.hu_classes[index] if ctx.counts_hu else 0

    return check


class LaoCtx(Ctx):
    def __init__(self, hand: Hand, opts: Any, split: Split) -> None:
        super().__init__(hand, opts, split)
        classes = [0] * 8  # triplets and kongs by 胡 class (_hu_class)
        for b in self.triplets:
            classes[_hu_class(is_terminal_or_honor(b.tile), b.kind, b.concealed)] += 1
        self.hu_classes = classes
        self.counts_hu = opts.tier != "tui_dao_ba"  # 推倒八 counts no 胡


def _self_draw_hu(ctx: LaoCtx) -> bool:
    return ctx.counts_hu and ctx.self_drawn


def _closed_wait_hu(ctx: LaoCtx) -> bool:
    return ctx.counts_hu and ctx.wait == CLOSED


def _pair_hu(ctx: LaoCtx) -> bool:
    if not (ctx.counts_hu and ctx.opts.pair_hu):
        return False
    pair: Block | None = ctx.split.pair
    if pair is None:
        return False
    return pair.tile in DRAGONS or pair.tile == 27 + ctx.seat_wind


def _wait_hu(wait: str) -> Any:
    def check(ctx: LaoCtx) -> bool:
        return ctx.counts_hu and ctx.opts.extra_wait_hu and ctx.wait == wait

    return check


# The seed's own sentences, quoted for the breakdown and the rule pages.
QUOTES = {
    "qing_yi_se": "清一色，全部索子或者全部萬子或者全部筒子，為三番牌。",
    "zi_yi_se": "字一色，全部為字，為三番牌。",
    "hun_yi_se": "混一色，字加上一色的索子或萬子或筒子，為兩番牌",
    "dui_dui_hu": "對對胡，為A中的e類型的牌，為一番牌，如果同時又符合③的要求，為三番牌。",
    "zheng_hua_season": "如果東風家拿到梅，春花，則每增加一番，如果南風家拿到蘭，夏花，則每增加一番，"
    "如果西風家拿到菊，秋花，則每增加一番，如果北風家拿到竹，冬花，則每增加一番",
    "si_ge_hua_season": "如果其中有一家拿到（梅，蘭，菊，竹）或（春，夏，秋，冬）四個花，則算為兩番",
    "hong_zhong_dui": "還有紅中對，發財對，白板對碰或暗刻或槓為一番，老三番麻將三番為頂",
    "hu_di": "么半三：為30胡底，胡牌加上以上的胡數，再乘以番數，超一進十，最後算出胡數是整數"
    "（么半六：為60胡底；麼二六：為100胡底）",
    "hua_hu": "春夏秋冬，梅蘭菊竹八種花為4胡",
    "da_yao_peng": "一筒，九筒，一萬，九萬，一索，九索，東南西北風，中發白碰出4胡",
    "da_yao_an_ke": "一筒，九筒，一萬，九萬，一索，九索，東南西北風，中發白暗刻8胡",
    "da_yao_ming_gang": "一筒，九筒，一萬，九萬，一索，九索，東南西北風，中發白暗槓32胡，明槓16胡",
    "peng": "其餘的碰出2胡，暗刻4胡，暗槓16胡，明槓8胡。",
    "zi_mo": "自摸2胡",
    "jia_zhong_hu": "夾中胡2胡（比如聽牌為一索和三索中的二索，胡後加2胡）",
    "jiang_hu": "Pairs score 0 胡 (reading; option pair_hu: 2 for a dragon or own-wind pair)",
    "bian_zhang": "Other waits score 0 胡 (reading; option extra_wait_hu: 2 for edge and single waits)",
}
QUOTES["zheng_hua_plant"] = QUOTES["zheng_hua_season"]
QUOTES["si_ge_hua_plant"] = QUOTES["si_ge_hua_season"]
QUOTES["fa_cai_dui"] = QUOTES["bai_ban_dui"] = QUOTES["hong_zhong_dui"]
QUOTES["da_yao_an_gang"] = QUOTES["da_yao_ming_gang"]
QUOTES["an_ke"] = QUOTES["ming_gang"] = QUOTES["an_gang"] = QUOTES["peng"]
QUOTES["dan_diao"] = QUOTES["bian_zhang"]
CAP_QUOTE = "老三番麻將三番為頂"

R_TYPES = "000 胡牌 B"
R_FLOWERS = "000 花的計算"
R_HU = "000 胡數計算"
R_TIERS = "000 大小類別"

_TABLE: tuple[Item, ...] = (
    # 番 — 000 胡牌 B (特殊牌型) and 花的計算
    Item(
        "qing_yi_se", "清一色", 3, FAN, f"{R_TYPES} 清一色", _one_suit, "one suit only, no honors"
    ),
    Item("zi_yi_se", "字一色", 3, FAN, f"{R_TYPES} 字一色", _honors_only, "honors only"),
    Item(
        "hun_yi_se", "混一色", 2, FAN, f"{R_TYPES} 混一色", _suit_and_honors, "one suit plus honors"
    ),
    Item(
        "dui_dui_hu", "對對胡", 1, FAN, f"{R_TYPES} 對對胡", _all_triplets, "all triplets or kongs"
    ),
    Item(
        "zheng_hua_season",
        "正花",
        1,
        FAN,
        f"{R_FLOWERS} 正花",
        _own_flower(SEASONS),
        "own-wind season flower (东春 南夏 西秋 北冬)",
    ),
    Item(
        "zheng_hua_plant",
        "正花",
        1,
        FAN,
        f"{R_FLOWERS} 正花",
        _own_flower(PLANTS),
        "own-wind plant flower (东梅 南蘭 西菊 北竹)",
    ),
    Item(
        "si_ge_hua_season",
        "四個花",
        2,
        FAN,
        f"{R_FLOWERS} 四個花",
        _flower_group(SEASONS),
        "all of 春夏秋冬",
        replaces=("zheng_hua_season",),
        replaces_unless="four_flowers_add_seat_flower",
    ),
    Item(
        "si_ge_hua_plant",
        "四個花",
        2,
        FAN,
        f"{R_FLOWERS} 四個花",
        _flower_group(PLANTS),
        "all of 梅蘭菊竹",
        replaces=("zheng_hua_plant",),
        replaces_unless="four_flowers_add_seat_flower",
    ),
    Item(
        "hong_zhong_dui", "紅中對", 1, FAN, f"{R_FLOWERS} 紅中對", _dragon_set(RED), "a set of 紅中"
    ),
    Item(
        "fa_cai_dui", "發財對", 1, FAN, f"{R_FLOWERS} 發財對", _dragon_set(GREEN), "a set of 發財"
    ),
    Item(
        "bai_ban_dui", "白板對", 1, FAN, f"{R_FLOWERS} 白板對", _dragon_set(WHITE), "a set of 白板"
    ),
    # 胡 — 000 胡數計算 and 大小類別 (胡底)
    Item(
        "hu_di", "胡底", dict(HU_DI), HU, R_TIERS, _tier_variant, "the base every win starts from"
    ),
    Item("hua_hu", "花", 4, HU, f"{R_HU} 花", _flower_hu, "each flower"),
    Item(
        "da_yao_peng",
        "大麼碰出",
        4,
        HU,
        f"{R_HU} 大麼碰出",
        _sets_of(big=True, kind=TRIP, concealed=False),
        "exposed pong of 1, 9 or an honor",
    ),
    Item(
        "da_yao_an_ke",
        "大麼暗刻",
        8,
        HU,
        f"{R_HU} 大麼暗刻",
        _sets_of(big=True, kind=TRIP, concealed=True),
        "concealed triplet of 1, 9 or an honor",
    ),
    Item(
        "da_yao_ming_gang",
        "大麼明槓",
        16,
        HU,
        f"{R_HU} 大麼明槓",
        _sets_of(big=True, kind=KONG, concealed=False),
        "exposed kong of 1, 9 or an honor",
    ),
    Item(
        "da_yao_an_gang",
        "大麼暗槓",
        32,
        HU,
        f"{R_HU} 大麼暗槓",
        _sets_of(big=True, kind=KONG, concealed=True),
        "concealed kong of 1, 9 or an honor",
    ),
    Item(
        "peng",
        "碰出",
        2,
        HU,
        f"{R_HU} 其餘碰出",
        _sets_of(big=False, kind=TRIP, concealed=False),
        "exposed pong of 2–8",
    ),
    Item(
        "an_ke",
        "暗刻",
        4,
        HU,
        f"{R_HU} 其餘暗刻",
        _sets_of(big=False, kind=TRIP, concealed=True),
        "concealed triplet of 2–8",
    ),
    Item(
        "ming_gang",
        "明槓",
        8,
        HU,
        f"{R_HU} 其餘明槓",
        _sets_of(big=False, kind=KONG, concealed=False),
        "exposed kong of 2–8",
    ),
    Item(
        "an_gang",
        "暗槓",
        16,
        HU,
        f"{R_HU} 其餘暗槓",
        _sets_of(big=False, kind=KONG, concealed=True),
        "concealed kong of 2–8",
    ),
    Item("zi_mo", "自摸", 2, HU, f"{R_HU} 自摸", _self_draw_hu, "self-drawn win"),
    Item(
        "jia_zhong_hu", "夾中胡", 2, HU, f"{R_HU} 夾中胡", _closed_wait_hu, "won on a closed wait"
    ),
    Item(
        "jiang_hu",
        "將胡",
        2,
        HU,
        "laosanfan.md option pair_hu",
        _pair_hu,
        "pair of a dragon or the own wind (house rule)",
    ),
    Item(
        "bian_zhang",
        "邊張",
        2,
        HU,
        "laosanfan.md option extra_wait_hu",
        _wait_hu(EDGE),
        "won on an edge wait (house rule)",
    ),
    Item(
        "dan_diao",
        "單吊",
        2,
        HU,
        "laosanfan.md option extra_wait_hu",
        _wait_hu(SINGLE),
        "won on a single wait (house rule)",
    ),
)


# Where shared/rules/laosanfan.md reads more into the seed than it says.
READINGS = {
    "si_ge_hua_season": "Replaces the 正花 of its own group (option four_flowers_add_seat_flower adds instead).",
    "si_ge_hua_plant": "Replaces the 正花 of its own group (option four_flowers_add_seat_flower adds instead).",
    "hu_di": "×2 per 番, multiplied first and then rounded up to 10 (option round_before_double); "
    "麼二六's cap is 600 (option yao_er_liu_cap), the seed text being cut off.",
    "jiang_hu": "Pairs score no 胡 unless this house rule is on.",
    "bian_zhang": "Edge and single waits score no 胡 unless this house rule is on.",
    "dan_diao": "Edge and single waits score no 胡 unless this house rule is on.",
    "peng": "A triplet completed by a discarded winning tile counts as an exposed pong.",
    "da_yao_peng": "A triplet completed by a discarded winning tile counts as an exposed pong.",
}


def _own_flower_shown(group: tuple[int, ...]) -> shows.Shows:
    def own(ctx: Ctx) -> shows.Sets:
        return ((group[ctx.seat_wind],),)

    return own


def _group_shown(group: tuple[int, ...]) -> shows.Shows:
    return lambda ctx: tuple((f,) for f in group)


# What earns an item, where the shared ``rules.shows`` does not say it.
SHOWS: dict[str, shows.Shows] = {
    "zheng_hua_season": _own_flower_shown(SEASONS),
    "zheng_hua_plant": _own_flower_shown(PLANTS),
    "si_ge_hua_season": _group_shown(SEASONS),
    "si_ge_hua_plant": _group_shown(PLANTS),
    "jiang_hu": shows.the_pair,
}

ITEMS: tuple[Item, ...] = tuple(
    replace(i, quote=QUOTES[i.key], reading=READINGS.get(i.key, ""), shows=SHOWS.get(i.key))
    for i in _TABLE
)


# --------------------------------------------------------------------------
# Total: 番 cap, doubling, rounding, tier caps
# --------------------------------------------------------------------------


def tier_cap(opts: Options) -> int:
    return {"yao_ban_san": 300, "yao_ban_liu": 500, "yao_er_liu": opts.yao_er_liu_cap}.get(
        opts.tier, 800
    )


def evaluate(ctx: Ctx, lines: list[ItemLine]) -> Evaluation:
    worked, total, how, data = _worked_out(tuple(lines), ctx.opts)
    return Evaluation(ctx.split, worked, total, how, data=data)


# The total depends on the lines and the options alone, and the same few
# combinations of lines recur from hand to hand: each is worked out once.
@lru_cache(maxsize=4096)
def _worked_out(
    lines: tuple[ItemLine, ...], opts: Options
) -> tuple[tuple[ItemLine, ...], int, Text, Mapping[str, int]]:
    fan = hu = 0
    hu_values: list[str] = []
    for line in lines:
        if line.unit == FAN:
            fan += line.value
        elif line.unit == HU and line.value:
            hu += line.value
            hu_values.append(str(line.value))
    if fan > FAN_CAP:
        lines = (
            *lines,
            ItemLine("cap", "三番為頂", FAN_CAP - fan, FAN, "老三番麻將三番為頂", R_FLOWERS),
        )
        fan = FAN_CAP
    tier = opts.tier
    factor = 2**fan
    if tier == "tui_dao_ba":
        total = 100 * factor
        how = says(
            "推倒八: 100 × {factor} ({fan} 番) = {total}", factor=factor, fan=fan, total=total
        )
        return lines, total, how, MappingProxyType({"fan": fan, "hu": hu})
    cap = tier_cap(opts)
    parts = " + ".join(hu_values)
    if fan >= FAN_CAP:
        total = cap
        how = says("{fan} 番 reaches the top: {total} (三番為頂)", fan=fan, total=total)
    elif opts.round_before_double:
        rounded = round_up(hu, 10)
        total = min(cap, rounded * factor)
        how = says(
            "{parts} = {hu} 胡, rounded up to {rounded}; × {factor} ({fan} 番) = {total}",
            parts=parts,
            hu=hu,
            rounded=rounded,
            factor=factor,
            fan=fan,
            total=total,
        )
    else:
        raw = hu * factor
        total = min(cap, round_up(raw, 10))
        values = {
            "parts": parts,
            "hu": hu,
            "factor": factor,
            "fan": fan,
            "raw": raw,
            "total": total,
        }
        if round_up(raw, 10) > cap:
            how = says(
                "{parts} = {hu} 胡; × {factor} ({fan} 番) = {raw}, capped at {total}", **values
            )
        elif raw != total:
            how = says(
                "{parts} = {hu} 胡; × {factor} ({fan} 番) = {raw}, rounded up to {total}", **values
            )
        else:
            how = says("{parts} = {hu} 胡; × {factor} ({fan} 番) = {total}", **values)
    return lines, total, how, MappingProxyType({"fan": fan, "hu": hu})


# --------------------------------------------------------------------------
# Settlement
# --------------------------------------------------------------------------


def silver(total: int, tier: str) -> int:
    """銀 for a 胡 figure: 1 per 胡, except 么半六's table of the seed."""
    if tier != "yao_ban_liu":
        return total
    hundreds, rest = divmod(total, 100)
    if rest <= 20:
        rest = 0
    elif rest <= 60:
        rest = 50
    else:
        rest = 100
    return hundreds * 100 + rest


# Who pays what of the win's 銀 (option payer_split), in halves of it: each
# of the three when the dealer wins; the dealer, and each of the other two,
# when another seat wins. The seed's 胡頭 has the 頭家 pay twice a 邊家's
# rate; it does not say whether the hand's figure is the 頭家's share or the
# 邊家's.
PAYER_SHARES: dict[str, tuple[int, int, int]] = {
    "dealer_full_xian_half": (2, 2, 1),
    "equal": (2, 2, 2),
    "dealer_double": (4, 4, 2),
}
# What a share says, by its size in halves.
_SHARE_WHY = {
    1: lambda amount: says("{amount} 銀 × ½ (邊家)", amount=amount),
    2: lambda amount: says("{amount} 銀", amount=amount),
    4: lambda amount: says("{amount} 銀 × 2 (頭家)", amount=amount),
}


def _win_payments(hand: Hand, opts: Options, amount: int) -> list[Payment]:
    assert hand.seat is not None
    bao = hand.table.get("bao_seat")
    return list(_shares(hand.seats, hand.seat, hand.dealer, opts.payer_split, amount, bao))


# Who pays the winner what depends on the seats, the split and the amount
# alone, and the same few amounts recur from hand to hand (and from one
# winning tile of a hand's waits to the next): each set of shares is made once.
@lru_cache(maxsize=4096)
def _shares(
    seats: tuple[str, ...],
    winner: str,
    dealer: str,
    payer_split: str,
    amount: int,
    bao: str | None,
) -> tuple[Payment, ...]:
    dealer_wins, dealer_pays, others_pay = PAYER_SHARES[payer_split]

    def share(seat: str) -> Payment:
        halves = dealer_wins if winner == dealer else dealer_pays if seat == dealer else others_pay
        return Payment(seat, winner, (amount * halves + 1) // 2, _SHARE_WHY[halves](amount))

    payments = tuple(share(seat) for seat in seats if seat != winner)
    if bao:
        total = sum(p.amount for p in payments)
        paid_for = tuple(p.payer for p in payments)
        why = says("三攤包牌: pays for {seats}", seats=paid_for)
        return (Payment(bao, winner, total, why, kind="bao"),)
    return payments


def _hu_tou(hand: Hand, opts: Options) -> list[Payment]:
    """The losers' 胡頭, settled among themselves in both directions."""
    hu: dict[str, int] = hand.table.get("loser_hu") or {}
    losers = [s for s in hand.seats if s != hand.seat and s in hu]
    out: list[Payment] = []
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            if hu[a] == hu[b]:
                continue
            high, low = (a, b) if hu[a] > hu[b] else (b, a)
            diff = hu[high] - hu[low]
            with_dealer = hand.dealer in (a, b)
            if opts.tier == "tui_dao_ba":
                amount = 50 if diff >= (30 if with_dealer else 50) else 0
                if with_dealer:
                    rule = says("胡頭 {diff} 胡 (頭家)", diff=diff)
                else:
                    rule = says("胡頭 {diff} 胡", diff=diff)
            else:
                rate = 10 if with_dealer else 5
                amount = diff // 10 * rate
                rule = says(
                    "胡頭 {diff} 胡 → {tens} × {rate} 銀", diff=diff, tens=diff // 10, rate=rate
                )
            if amount:
                out.append(Payment(low, high, amount, rule, kind="hu_tou"))
    return out


def settle(hand: Hand, opts: Options, ev: Evaluation | None) -> Settlement:
    if ev is None:
        # A drawn hand (or no win): nothing to pay here; the dealer deals again.
        return Settlement((), {"dealer": hand.dealer})
    amount = silver(ev.total, opts.tier)
    payments = _win_payments(hand, opts, amount) + _hu_tou(hand, opts)
    assert hand.seat is not None
    if hand.seat == hand.dealer:
        dealer = hand.dealer
    elif opts.next_dealer == "winner":
        dealer = hand.seat
    else:
        dealer = next_seat(hand.dealer, hand.players)
    return Settlement(tuple(payments), {"dealer": dealer})


# --------------------------------------------------------------------------
# Checks of the input this region adds
# --------------------------------------------------------------------------


SAN_TAN = "san_tan"  # three exposed melds of one suit
THREE_PONGS = "three_pongs"


def _bao_kinds(hand: Hand) -> list[tuple[str, set[int]]]:
    """The seed's two 包牌 conditions the winner's exposed melds meet, with the
    tiles an unready player then must not discard (牌面上: a concealed kong
    does not count)."""
    exposed = [m for m in hand.melds if not m.is_concealed]
    met: list[tuple[str, set[int]]] = []
    if len(exposed) >= 3:
        suits = {suit_of(m.tiles[0]) for m in exposed if not is_honor(m.tiles[0])}
        if len(suits) <= 1:
            suit = next(iter(suits), 3)
            forbidden = {t for t in range(34) if suit_of(t) == suit}
            met.append((SAN_TAN, forbidden))
    if sum(1 for m in exposed if m.type != "chi") >= 3:
        big = {t for t in range(34) if is_terminal_or_honor(t)}
        met.append((THREE_PONGS, big))
    return met


def _not_forbidden(tile: str, met: list[str]) -> Text:
    if met == [SAN_TAN]:
        return says(
            "{tile} was not a forbidden discard under 三攤 (three melds of one suit)", tile=tile
        )
    if met == [THREE_PONGS]:
        return says(
            "{tile} was not a forbidden discard under three exposed pongs or kongs", tile=tile
        )
    return says(
        "{tile} was not a forbidden discard under 三攤 or three exposed pongs or kongs", tile=tile
    )


def check_hand(hand: Hand, opts: Options) -> list[ErrorInfo]:
    errors: list[ErrorInfo] = []
    bao = hand.table.get("bao_seat")
    loser_hu = hand.table.get("loser_hu")
    if loser_hu and hand.seat in loser_hu:
        errors.append(
            ErrorInfo(
                "table.loser_hu",
                "bad_table",
                says("胡頭 is settled among the three who did not win"),
            )
        )
    if not bao or hand.is_draw:
        return errors
    where = "table.bao_seat"
    if hand.win_by != "discard" or hand.discarder != bao:
        errors.append(
            ErrorInfo(
                where, "bad_table", says("三攤包牌 applies only to a win on that seat's discard")
            )
        )
        return errors
    if bao in hand.table.get("ready", ()):
        errors.append(
            ErrorInfo(
                where,
                "bad_table",
                says("{seat} had declared ready, so it may discard freely", seat=bao),
            )
        )
        return errors
    met = _bao_kinds(hand)
    if not met:
        errors.append(
            ErrorInfo(
                where,
                "bad_table",
                says(
                    "包牌 needs three melds of one suit (三攤) or three exposed pongs/kongs;"
                    " the winner's melds are neither"
                ),
            )
        )
    elif hand.win_tile is not None and not any(hand.win_tile in tiles for _, tiles in met):
        errors.append(
            ErrorInfo(
                where,
                "bad_table",
                _not_forbidden(tile_code(hand.win_tile), [name for name, _ in met]),
            )
        )
    return errors


REGION = Region(
    key="laosanfan",
    name="老三番",
    seed="000",
    unit=HU,
    options=Options,
    items=ITEMS,
    evaluate=evaluate,
    settle=settle,
    tiles=frozenset(range(34)),
    flower_tiles=frozenset(FLOWERS),
    table_keys=("ready", "bao_seat", "loser_hu"),
    check_hand=check_hand,
    make_context=LaoCtx,
)

__all__ = ["ITEMS", "REGION", "Options", "silver"]
