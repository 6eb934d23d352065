"""三门麻将 (``sanmen``): seed 003; ``shared/rules/sanmen.md``.

白板 (5z) is 得/财神, the wild tile: the engine tries every assignment and
keeps the best. 台 add up to at most 3; 胡型 are a win type (W, and who pays
it) and multipliers (叠加胡型); option ``formula`` says how they combine.
Two to four players; below four there is no chi.

Readings where the seed and the rules file leave it open:
- ``rob_exposed_kong`` is a play rule (which kongs may be robbed); the hand
  does not say what kind of kong was robbed, so the option changes nothing
  the calculator can check and is shown for the table's reference.
- 买码 on a flower tile gives 5 冲, as an honor does.
- 清一色 is one suit, any of the three (or honors only): the seed's "全是万字牌"
  is read as its example, since its 混一色 takes "另一花色", any suit, and an
  all-筒 hand worth less than 筒 with honors is no table's rule. Not an option.
- Feeder-paid kong money (``kong_money_exposed_payer: feeder``) needs the
  meld's ``from``; without it every other player pays.
- 门风刻 and 门风花牌 read the player's own wind, so the spec's
  ``seat_wind_mode`` is an option here (``fixed``: the place's letter).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules import shows
from rules.context import Ctx
from rules.hand import ErrorInfo, Hand, ItemLine, Meld, Payment, next_seat
from rules.items import Hit, Item
from rules.options import choice, flag, number, own_wind_mode
from rules.region import Evaluation, Region, Settlement
from rules.settle import doubling
from rules.split import KONG, LOOSE, SEQ, TRIP, Block, Split, meld_block
from rules.text import says
from rules.tiles import FLOWERS, GREEN, PLANTS, RED, SEASONS, WHITE, WINDS, suit_of

TAI = "台"
BEI = "倍"
FEN = "分"
WILD = WHITE
TAI_CAP = 3


@dataclass(frozen=True)
class Options:
    formula: str = choice(
        "combined",
        {
            "combined": "底分 × 2 per 台 × 胡型",
            "seed": "胡型 only, as the seed",
            "tai": "台 only",
        },
        "how 台 and 胡型 combine",
    )
    base: int = number(1, "底分, the base score", 1, 10_000)
    lao_zhuang_compound: bool = flag(False, "老庄 doubles once more for each further dealer win")
    dealer_on_draw: str = choice(
        "pass",
        {"pass": "the deal passes on", "stay": "the dealer stays (老庄 starts)"},
        "after a drawn hand",
    )
    rob_exposed_kong: bool = flag(False, "an exposed kong may be robbed too, not only a 补杠")
    si_feng_any_four: bool = flag(
        False, "四风聚齐: all four winds anywhere in the hand, not only as triplets"
    )
    kong_money_exposed: int = number(1, "kong money for a 明杠, from each other player", 0, 1000)
    kong_money_added: int = number(1, "kong money for a 补杠, from each other player", 0, 1000)
    kong_money_concealed: int = number(2, "kong money for an 暗杠, from each other player", 0, 1000)
    kong_money_exposed_payer: str = choice(
        "each",
        {"each": "every other player pays", "feeder": "the feeder pays all of it"},
        "明杠 money",
    )
    kong_money_on_draw: bool = flag(True, "kong money is paid on a drawn hand too")
    maima: bool = flag(False, "买码: the flipped tile's 冲 replaces the base")
    seat_wind_mode: str = own_wind_mode()  # 门风刻 and 门风花牌 read it

    @property
    def not_combined(self) -> bool:
        """四财神 replaces 4"得" only where 台 and 胡型 multiply together."""
        return self.formula != "combined"


class SanmenCtx(Ctx):
    def __init__(self, hand: Hand, opts: Any, split: Split) -> None:
        super().__init__(hand, opts, split)
        self.wilds_held = sum(1 for t in hand.all_tiles if t == WILD)


# --------------------------------------------------------------------------
# 台 and 胡型
# --------------------------------------------------------------------------


def _dragon_sets(ctx: Ctx) -> int:
    return sum(1 for b in ctx.triplets if b.tile in (RED, GREEN))


def _own_wind_set(ctx: Ctx) -> bool:
    return any(b.tile == WINDS[ctx.seat_wind % 4] for b in ctx.triplets)


def _own_flowers(ctx: Ctx) -> int:
    wind = ctx.seat_wind % 4
    return sum(1 for f in (SEASONS[wind], PLANTS[wind]) if f in ctx.flowers)


def _ba_hua(ctx: Ctx) -> bool:
    return all(f in ctx.flowers for f in FLOWERS)


def _one_suit_or_honors(ctx: Ctx) -> bool:
    return len(ctx.suits) == 1


def _mixed(ctx: Ctx) -> bool:
    return len(ctx.suits) == 2 and 3 in ctx.suits


def _si_feng(ctx: Ctx) -> bool:
    pool = ctx.blocks if ctx.opts.si_feng_any_four else ctx.triplets
    return all(any(b.tile == w for b in pool) for w in WINDS)


def _win_type(ctx: Ctx) -> Hit | None:
    """独立胡型: 自摸 2 from each; 点炮胡 N − 1 and 抢杠胡 2 × (N − 1) from one seat."""
    return _WIN_TYPE_HITS.get((ctx.hand.win_by, ctx.hand.players))


# Every reading of a hand (a hundred where 白板 are wild) asks: each answer made once.
_WIN_TYPE_HITS = {
    **{("self_draw", n): Hit(variant="self_draw") for n in (2, 3, 4)},
    **{
        ("discard", n): Hit(variant=f"discard{n}", detail=f"the discarder pays for all: {n} − 1")
        for n in (2, 3, 4)
    },
    **{
        ("robbing_kong", n): Hit(
            variant=f"robbing{n}", detail=f"the robbed seat pays for all: 2 × ({n} − 1)"
        )
        for n in (2, 3, 4)
    },
}


HU_XING_VALUES = (
    {"self_draw": 2}
    | {f"discard{n}": n - 1 for n in (2, 3, 4)}
    | {f"robbing{n}": 2 * (n - 1) for n in (2, 3, 4)}
)
HU_XING_NAMES = (
    {"self_draw": "自摸"}
    | {f"discard{n}": "点炮胡" for n in (2, 3, 4)}
    | {f"robbing{n}": "抢杠胡" for n in (2, 3, 4)}
)


def _all_triplets(ctx: Ctx) -> bool:
    """对对胡: sets and no sequence (a hand won without a shape has no sets to judge)."""
    shaped = not any(b.kind == LOOSE for b in ctx.blocks)
    return shaped and bool(ctx.sets) and not ctx.sequences and not ctx.split.seven_pairs


def _si_cai_shen(ctx: Ctx) -> bool:
    return isinstance(ctx, SanmenCtx) and ctx.wilds_held == 4


def _heavenly(ctx: Ctx) -> bool:
    return "heavenly" in ctx.hand.flags and ctx.hand.seat == ctx.hand.dealer and ctx.self_drawn


def _earthly(ctx: Ctx) -> bool:
    h = ctx.hand
    return (
        "earthly" in h.flags
        and h.seat != h.dealer
        and h.win_by == "discard"
        and h.discarder == h.dealer
    )


R_TAI = "003 番数计算"
R_HU = "003 胡型"

ITEMS: tuple[Item, ...] = (
    Item(
        "zi_pai_ke",
        "字牌刻",
        1,
        TAI,
        R_TAI,
        _dragon_sets,
        "a triplet or kong of 中 or 发",
        quote="字牌或自己风家为刻，杠（1台）",
    ),
    Item(
        "men_feng_ke",
        "门风刻",
        1,
        TAI,
        R_TAI,
        _own_wind_set,
        "a triplet or kong of the own wind",
        quote="字牌或自己风家为刻，杠（1台）",
    ),
    Item(
        "men_feng_hua",
        "门风花牌",
        1,
        TAI,
        R_TAI,
        _own_flowers,
        "each own-wind flower",
        quote="门风花牌（1台）",
    ),
    Item(
        "ba_hua_qi",
        "八花齐",
        3,
        TAI,
        "003 胡牌类型 八花齐",
        _ba_hua,
        "all eight flowers",
        quote="八花齐：摸到春、夏、秋、冬、梅、兰、竹、菊时称为八花齐胡牌后为3台",
    ),
    Item(
        "san_de",
        "3“得”",
        3,
        TAI,
        R_TAI,
        lambda ctx: ctx.wilds_held == 3,
        "three 白板 in the hand",
        quote="3“得”（3台）",
    ),
    Item(
        "si_de",
        "4“得”",
        3,
        TAI,
        R_TAI,
        lambda ctx: ctx.wilds_held == 4,
        "four 白板 in the hand",
        quote="4“得”（3台）",
    ),
    Item(
        "qing_yi_se",
        "清一色",
        3,
        TAI,
        R_TAI,
        _one_suit_or_honors,
        "one suit, or honors only (得 allowed)",
        quote="清一色（3台）；胡牌玩家胡牌时手中全是万字牌或全是风牌和字牌（东南西北中发白）",
    ),
    Item(
        "hun_yi_se",
        "混一色",
        2,
        TAI,
        R_TAI,
        _mixed,
        "one suit and honors (得 allowed)",
        quote="混一色：和牌家的所有牌由字牌、风牌及另一花色组成（包括得）",
    ),
    Item(
        "si_feng_ju_qi",
        "四风聚齐",
        3,
        TAI,
        R_TAI,
        _si_feng,
        "triplets of all four winds",
        quote="四风聚齐（3台）",
    ),
    # 胡型: the win type (独立胡型) and the multipliers (叠加胡型)
    Item(
        "hu_xing",
        "胡型",
        HU_XING_VALUES,
        BEI,
        R_HU,
        _win_type,
        "who pays, and how many times over: 自摸 × 2 from each other player; 点炮胡"
        " × (players − 1) from the discarder alone; 抢杠胡 × 2 × (players − 1) from the"
        " seat whose kong was robbed",
        names=HU_XING_NAMES,
        quote="自摸 *2番；点炮胡 *3番；抢杠胡 *6番",
    ),
    Item(
        "wu_cai_shen",
        "无财神",
        2,
        BEI,
        R_HU,
        lambda ctx: ctx.wilds_held == 0,
        "no 白板 in the hand",
        quote="无财神：胡牌时玩家手中无财神牌*2番",
    ),
    Item(
        "dui_dui_hu",
        "对对胡",
        2,
        BEI,
        R_HU,
        _all_triplets,
        "no sequence",
        quote="对对胡：胡牌玩家胡牌时手中无顺子*2番",
    ),
    Item(
        "gang_kai",
        "杠开",
        2,
        BEI,
        R_HU,
        lambda ctx: ctx.self_drawn and "kong_replacement" in ctx.hand.flags,
        "self-drawn on a kong replacement",
        quote="杠开：胡牌玩家为开杠补牌后自摸*2番",
    ),
    Item(
        "tian_hu",
        "天胡",
        4,
        BEI,
        R_HU,
        _heavenly,
        "the dealer wins on the first fourteen",
        quote="天胡：庄家起手未进行任何操作即胡牌*4番",
    ),
    Item(
        "di_hu",
        "地胡",
        4,
        BEI,
        R_HU,
        _earthly,
        "a non-dealer wins on the dealer's first discard",
        quote="地胡：庄家打出的第一张牌就放炮了，闲家胡牌*4番",
    ),
    Item(
        "si_cai_shen",
        "四财神",
        8,
        BEI,
        R_HU,
        _si_cai_shen,
        "four 白板: wins with any shape",
        quote="四财神：游戏中有财神牌时，玩家手中有4个财神牌，可无需凑胡牌牌型，直接胡牌*8番",
        replaces=("si_de",),
        replaces_unless="not_combined",
    ),
    Item(
        "qing_yi_se_bei",
        "清一色",
        2,
        BEI,
        R_HU,
        lambda ctx: ctx.opts.formula == "seed" and _one_suit_or_honors(ctx),
        "one suit (the seed's formula only)",
        quote="清一色：胡牌玩家胡牌时手中全是万字牌或全是风牌和字牌（东南西北中发白）*2番",
    ),
)

# Where shared/rules/sanmen.md reads more into the seed than it says.
READINGS = {
    "men_feng_hua": "The own-wind flowers as in seed 000: 东 春/梅, 南 夏/兰, 西 秋/菊, 北 冬/竹.",
    "hu_xing": "One seat pays for the three others on a discard (N − 1) or a robbed kong (2 × (N − 1)).",
    "si_cai_shen": "Under formula combined it replaces 4“得”'s 3 台.",
    "qing_yi_se_bei": "Counted as ×2 only under formula seed; otherwise 清一色 is its 3 台.",
    "si_feng_ju_qi": "Triplets or kongs of all four winds (option si_feng_any_four: anywhere in the hand).",
}


def _own_flowers_shown(ctx: Ctx) -> shows.Sets:
    wind = ctx.seat_wind % 4
    return tuple((f,) for f in (SEASONS[wind], PLANTS[wind]) if f in ctx.flowers)


def _wilds_shown(ctx: Ctx) -> shows.Sets:
    return tuple((t,) for t in ctx.hand.all_tiles if t == WILD)


# What earns an item, where the shared ``rules.shows`` does not say it.
SHOWS: dict[str, shows.Shows] = {
    "zi_pai_ke": shows.triplets(lambda b: b.tile in (RED, GREEN)),
    "men_feng_ke": lambda ctx: tuple(
        b.tiles for b in ctx.triplets if b.tile == WINDS[ctx.seat_wind % 4]
    ),
    "men_feng_hua": _own_flowers_shown,
    "san_de": _wilds_shown,
    "si_de": _wilds_shown,
    "si_cai_shen": _wilds_shown,
    "hu_xing": shows.win_tile,
}

ITEMS = tuple(replace(i, reading=READINGS.get(i.key, ""), shows=SHOWS.get(i.key)) for i in ITEMS)

MULTIPLIERS = (
    "wu_cai_shen",
    "dui_dui_hu",
    "gang_kai",
    "tian_hu",
    "di_hu",
    "si_cai_shen",
    "qing_yi_se_bei",
)


# --------------------------------------------------------------------------
# Total and payments
# --------------------------------------------------------------------------


def chong(tile: int | None) -> int:
    """买码: the flipped tile's 冲 — 1 → 1, 2–5 → 5, 6–9 → 9, honors (and flowers) → 5."""
    if tile is None or tile >= 27:
        return 5
    r = tile % 9 + 1
    return 1 if r == 1 else 5 if r <= 5 else 9


def base_of(hand: Hand, opts: Options) -> int:
    if opts.maima and hand.table.get("maima_tile") is not None:
        return chong(hand.table.get("maima_tile"))
    return opts.base


def lao_zhuang_factor(hand: Hand, opts: Options) -> int:
    """老庄 doubles the money; compounding, once for each win of the streak.

    Every total it multiplies is at least 1, so a compounded streak that
    alone passes what a score writes exactly is refused here (``doubling``).
    """
    streak = int(hand.table.get("lao_zhuang", 0))
    if streak <= 0:
        return 1
    return doubling(streak) if opts.lao_zhuang_compound else 2


def evaluate(ctx: Ctx, lines: list[ItemLine]) -> Evaluation:
    opts: Options = ctx.opts
    tai = sum(line.value for line in lines if line.unit == TAI)
    if tai > TAI_CAP:
        lines = [
            *lines,
            ItemLine("cap", "最高就3台", TAI_CAP - tai, TAI, "at most 3 台", "003 计算结果方式"),
        ]
        tai = TAI_CAP
    stack = 1
    for line in lines:
        if line.key in MULTIPLIERS and line.value:
            stack *= line.value
    w = next((line.value for line in lines if line.key == "hu_xing"), 1)
    base = base_of(ctx.hand, opts)
    lz = lao_zhuang_factor(ctx.hand, opts)
    # The multipliers stand before the "=", and what one payer hands over after it.
    if opts.formula == "combined":
        total = base * 2**tai * stack * lz
        how = says(
            "{base} (底分) × {factor} ({tai} 台) × {stack} (叠加) × {lz} (老庄) × {w} (胡型) = {pay}",
            base=base,
            factor=2**tai,
            tai=tai,
            stack=stack,
            lz=lz,
            w=w,
            pay=total * w,
        )
    elif opts.formula == "seed":
        total = base * stack * lz
        how = says(
            "{base} (底分) × {stack} (叠加) × {lz} (老庄) × {w} (胡型) = {pay}",
            base=base,
            stack=stack,
            lz=lz,
            w=w,
            pay=total * w,
        )
    else:
        total = base * 2**tai * lz
        how = says(
            "{base} (底分) × {factor} ({tai} 台) × {lz} (老庄) = {pay}, from every other player",
            base=base,
            factor=2**tai,
            tai=tai,
            lz=lz,
            pay=total,
        )
    return Evaluation(ctx.split, tuple(lines), total, how, data={"w": w, "tai": tai})


_KONG_MONEY = {
    "kong": lambda n: says("杠分 明杠: {amount}", amount=n),
    "added_kong": lambda n: says("杠分 补杠: {amount}", amount=n),
    "concealed_kong": lambda n: says("杠分 暗杠: {amount}", amount=n),
}


def kong_payments(hand: Hand, opts: Options) -> list[Payment]:
    """杠分: each kong earns from the others, apart from the win, never doubled."""
    out: list[Payment] = []
    owners: list[tuple[str, Meld]] = []
    if hand.seat is not None:
        owners += [(hand.seat, m) for m in hand.melds if m.is_kong]
    for seat, melds in hand.other_melds.items():
        owners += [(seat, m) for m in melds if m.is_kong]
    for owner, m in owners:
        per = {
            "kong": opts.kong_money_exposed,
            "added_kong": opts.kong_money_added,
            "concealed_kong": opts.kong_money_concealed,
        }[m.type] * opts.base
        if not per:
            continue
        others = [s for s in hand.seats if s != owner]
        feeder = m.from_seat if m.from_seat in others else None
        if m.type == "kong" and opts.kong_money_exposed_payer == "feeder" and feeder:
            n = len(others)
            why = says("杠分 明杠: {amount} × {count}", amount=per, count=n)
            out.append(Payment(feeder, owner, per * n, why, kind="kong"))
        else:
            why = _KONG_MONEY[m.type](per)
            out += [Payment(s, owner, per, why, kind="kong") for s in others]
    return out


def _next(hand: Hand, opts: Options, winner: str | None) -> dict[str, Any]:
    streak = int(hand.table.get("lao_zhuang", 0))
    if winner is None:  # a drawn hand
        if opts.dealer_on_draw == "stay":
            return {"dealer": hand.dealer, "lao_zhuang": streak + 1}
        return {"dealer": next_seat(hand.dealer, hand.players), "lao_zhuang": 0}
    if winner == hand.dealer:
        return {"dealer": hand.dealer, "lao_zhuang": streak + 1}
    return {"dealer": winner, "lao_zhuang": 0}


def settle(hand: Hand, opts: Options, ev: Evaluation | None) -> Settlement:
    if ev is None:
        kongs = kong_payments(hand, opts) if hand.is_draw and opts.kong_money_on_draw else []
        return Settlement(tuple(kongs), _next(hand, opts, None) if hand.is_draw else None)
    assert hand.seat is not None
    others = [s for s in hand.seats if s != hand.seat]
    w = int(ev.data.get("w", 1))
    if opts.formula == "tai":
        why = says("{total}", total=ev.total)
        payments = [Payment(s, hand.seat, ev.total, why) for s in others]
    elif hand.win_by == "self_draw":
        why = says("{total} × {w} (胡型)", total=ev.total, w=w)
        payments = [Payment(s, hand.seat, ev.total * w, why) for s in others]
    else:
        payer = hand.discarder
        assert payer is not None
        why = says("{total} × {w} (胡型)", total=ev.total, w=w)
        payments = [Payment(payer, hand.seat, ev.total * w, why)]
    payments += kong_payments(hand, opts)
    return Settlement(tuple(payments), _next(hand, opts, hand.seat))


# --------------------------------------------------------------------------
# Input checks and the shapeless win
# --------------------------------------------------------------------------


def check_hand(hand: Hand, opts: Options) -> list[ErrorInfo]:
    errors: list[ErrorInfo] = []
    for i, m in enumerate(hand.melds):
        if WILD in m.tiles:
            errors.append(
                ErrorInfo(
                    f"melds[{i}]", "wild_in_meld", says("白板 is 财神: it cannot be in a meld")
                )
            )
        if m.type == "chi" and hand.players < 4:
            errors.append(
                ErrorInfo(
                    f"melds[{i}]",
                    "meld_not_allowed",
                    says("no chi with {count} players", count=hand.players),
                )
            )
    for seat, melds in hand.other_melds.items():
        if any(WILD in m.tiles for m in melds):
            errors.append(
                ErrorInfo(
                    f"other_melds.{seat}",
                    "wild_in_meld",
                    says("白板 is 财神: it cannot be in a kong"),
                )
            )
    if hand.win_tile == WILD and hand.win_by in ("discard", "robbing_kong"):
        errors.append(
            ErrorInfo(
                "win_tile",
                "wild_won_on_discard",
                says("a discarded 白板 cannot be won on (财神不会点炮)"),
            )
        )
    if opts.maima and hand.table.get("maima_tile") is None and not hand.is_draw:
        errors.append(
            ErrorInfo("table.maima_tile", "bad_table", says("买码 is on: enter the flipped tile"))
        )
    return errors


def readings(hand: Hand, opts: Any, found: list[Split]) -> list[Split]:
    """四财神: four 白板 in hand win with any shape."""
    if found or sum(1 for t in hand.all_tiles if t == WILD) != 4:
        return found
    # The real tiles stay loose, so items that read suits still see them.
    loose = tuple(Block(LOOSE, t) for t in sorted(hand.all_tiles) if t != WILD)
    blocks: tuple[Block, ...] = (*loose, *(meld_block(m) for m in hand.melds))
    return [Split(blocks, None, "")]


def reading_key(split: Split) -> tuple[object, ...]:
    """All 三门's items see of a reading: the suits, whether it has a sequence
    or a loose tile, and which honors make triplets (字牌刻, 门风刻, 四风聚齐)."""
    blocks = split.blocks
    return (
        frozenset(suit_of(b.tile) for b in blocks),
        any(b.kind == SEQ for b in blocks),
        any(b.kind == LOOSE for b in blocks),
        tuple(sorted(b.tile for b in blocks if b.tile >= 27 and b.kind in (TRIP, KONG))),
        tuple(sorted(b.tile for b in blocks if b.tile >= 27)),  # 四风聚齐 (any four)
        split.seven_pairs,
    )


REGION = Region(
    key="sanmen",
    name="三门麻将",
    seed="003",
    unit=FEN,
    options=Options,
    items=ITEMS,
    evaluate=evaluate,
    settle=settle,
    tiles=frozenset(range(34)),
    flower_tiles=frozenset(FLOWERS),
    table_keys=("ready", "lao_zhuang", "maima_tile"),
    players=(2, 3, 4),
    wild_tile=lambda hand, opts: WILD,
    check_hand=check_hand,
    make_context=SanmenCtx,
    readings=readings,
    # 三门's items read a wild-only block's suit, and which honor it is, never
    # its numbers: one triplet/pair per suit, every honor, one run per suit.
    wild_choices=((0, 9, 18, *range(27, 34)), (0, 9, 18)),
    reading_key=reading_key,
)
