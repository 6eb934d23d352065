"""国标麻将 (``guobiao``): 《中国麻将竞赛规则（试行）》1998; ``shared/rules/guobiao.md``.

The 81 番种 and their 不计 are PyMahjongGB's (the Python binding of
ChineseOfficialMahjongHelper's algorithm, the implementation 国标 players
treat as the reference): this module turns a hand into the library's input
and its answer into items, and does not write the fan rules again. It is
the only module of the engine that imports anything beyond the standard
library.

Readings where the rules file is silent:
- A meld's giver (``from``) only tells the library the set is melded; which
  tile of a chow was taken changes no 番, so the first is given.
- 明暗杠 (5 番, a concealed and an exposed kong) is not among the 1998
  rulebook's 81: the library scores it in place of 暗杠 + 明杠 as the
  rulebook's later editions do, and so does the calculator.
- 错和 (a false win) is the referee's penalty, not a score: below 8 番 the
  hand does not win and nothing is paid.
- 门风刻 reads the winner's own wind, so the spec's ``seat_wind_mode`` is an
  option here (``fixed``: the place's letter); the prevalent wind is
  ``table.round_wind`` either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

import MahjongGB

from rules import shows
from rules.context import Ctx
from rules.hand import SEATS, Hand, ItemLine, Meld, Payment, next_seat, seat_wind
from rules.items import Hit, Item, sum_of
from rules.options import number, own_wind_mode
from rules.region import Evaluation, Region, Settlement
from rules.split import KONG, LOOSE, Block, Split, meld_block
from rules.text import says
from rules.tiles import FLOWERS, N_KINDS

FAN = "番"
FEN = "分"
RULE = "国标 番种"


class Fan(NamedTuple):
    """One 番种: its number in the rulebook, its key, names and value."""

    number: int
    key: str
    zh: str  # the library's (and rulebook's) name
    en: str  # the library's English name
    value: int
    why: str


# The rulebook's table, in its order (番种 1 … 81); 82 is the library's 明暗杠.
# fmt: off
FANS: tuple[Fan, ...] = (
    Fan(1, "big_four_winds", "大四喜", "Big Four Winds", 88, "pungs or kongs of all four winds"),
    Fan(2, "big_three_dragons", "大三元", "Big Three Dragons", 88, "pungs or kongs of all three dragons"),
    Fan(3, "all_green", "绿一色", "All Green", 88, "only 2, 3, 4, 6, 8 of bamboo and 发"),
    Fan(4, "nine_gates", "九莲宝灯", "Nine Gates", 88, "1112345678999 of one suit held concealed, won on any tile of the suit"),
    Fan(5, "four_kongs", "四杠", "Four Kongs", 88, "four kongs"),
    Fan(6, "seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88, "seven pairs in a row of one suit"),
    Fan(7, "thirteen_orphans", "十三幺", "Thirteen Orphans", 88, "each 1, 9 and honor, one of them twice"),
    Fan(8, "all_terminals", "清幺九", "All Terminals", 64, "only 1s and 9s"),
    Fan(9, "little_four_winds", "小四喜", "Little Four Winds", 64, "three winds as pungs and the fourth as the pair"),
    Fan(10, "little_three_dragons", "小三元", "Little Three Dragons", 64, "two dragons as pungs and the third as the pair"),
    Fan(11, "all_honors", "字一色", "All Honors", 64, "only winds and dragons"),
    Fan(12, "four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64, "four pungs or kongs formed concealed"),
    Fan(13, "pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64, "123, 123, 789, 789 of one suit and its 5 as the pair"),
    Fan(14, "quadruple_chow", "一色四同顺", "Quadruple Chow", 48, "four identical chows"),
    Fan(15, "four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48, "four pungs of one suit, each one higher"),
    Fan(16, "four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32, "four chows of one suit, each one (or each two) higher"),
    Fan(17, "three_kongs", "三杠", "Three Kongs", 32, "three kongs"),
    Fan(18, "all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32, "only 1s, 9s and honors"),
    Fan(19, "seven_pairs", "七对", "Seven Pairs", 24, "seven pairs, nothing melded"),
    Fan(20, "greater_honors_and_knitted_tiles", "七星不靠", "Greater Honors and Knitted Tiles", 24, "all seven honors with knitted 147, 258, 369 of the three suits, no two alike"),
    Fan(21, "all_even_pungs", "全双刻", "All Even Pungs", 24, "pungs of 2, 4, 6, 8 and an even pair"),
    Fan(22, "full_flush", "清一色", "Full Flush", 24, "one suit and nothing else"),
    Fan(23, "pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24, "three identical chows"),
    Fan(24, "pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24, "three pungs of one suit, each one higher"),
    Fan(25, "upper_tiles", "全大", "Upper Tiles", 24, "only 7, 8 and 9"),
    Fan(26, "middle_tiles", "全中", "Middle Tiles", 24, "only 4, 5 and 6"),
    Fan(27, "lower_tiles", "全小", "Lower Tiles", 24, "only 1, 2 and 3"),
    Fan(28, "pure_straight", "清龙", "Pure Straight", 16, "123, 456, 789 of one suit"),
    Fan(29, "three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", 16, "123 and 789 of two suits and the third suit's 5 as the pair"),
    Fan(30, "pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16, "three chows of one suit, each one (or each two) higher"),
    Fan(31, "all_five", "全带五", "All Five", 16, "a 5 in every set and in the pair"),
    Fan(32, "triple_pung", "三同刻", "Triple Pung", 16, "pungs of one number in all three suits"),
    Fan(33, "three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16, "three pungs or kongs formed concealed"),
    Fan(34, "lesser_honors_and_knitted_tiles", "全不靠", "Lesser Honors and Knitted Tiles", 12, "honors and knitted 147, 258, 369 of the three suits, no two alike"),
    Fan(35, "knitted_straight", "组合龙", "Knitted Straight", 12, "147, 258 and 369 each of a different suit"),
    Fan(36, "upper_four", "大于五", "Upper Four", 12, "only 6, 7, 8 and 9"),
    Fan(37, "lower_four", "小于五", "Lower Four", 12, "only 1, 2, 3 and 4"),
    Fan(38, "big_three_winds", "三风刻", "Big Three Winds", 12, "pungs or kongs of three winds"),
    Fan(39, "mixed_straight", "花龙", "Mixed Straight", 8, "123, 456 and 789 each of a different suit"),
    Fan(40, "reversible_tiles", "推不倒", "Reversible Tiles", 8, "only tiles alike upside down: 1234589 dots, 245689 bamboo, 白"),
    Fan(41, "mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8, "one chow in all three suits"),
    Fan(42, "mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8, "pungs of the three suits, each one higher"),
    Fan(43, "chicken_hand", "无番和", "Chicken Hand", 8, "a win that scores no other 番 (花牌 aside)"),
    Fan(44, "last_tile_draw", "妙手回春", "Last Tile Draw", 8, "self-drawn on the wall's last tile"),
    Fan(45, "last_tile_claim", "海底捞月", "Last Tile Claim", 8, "won on the discard of the wall's last tile"),
    Fan(46, "out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8, "self-drawn on the replacement tile after a kong"),
    Fan(47, "robbing_the_kong", "抢杠和", "Robbing The Kong", 8, "won on the tile another player added to a pong"),
    Fan(48, "all_pungs", "碰碰和", "All Pungs", 6, "four pungs or kongs and a pair"),
    Fan(49, "half_flush", "混一色", "Half Flush", 6, "one suit with honors"),
    Fan(50, "mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6, "chows of the three suits, each one higher"),
    Fan(51, "all_types", "五门齐", "All Types", 6, "万, 筒, 条, a wind and a dragon all in the hand"),
    Fan(52, "melded_hand", "全求人", "Melded Hand", 6, "all four sets melded and the pair's tile won on a discard"),
    Fan(53, "two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6, "two concealed kongs"),
    Fan(54, "two_dragons_pungs", "双箭刻", "Two Dragons Pungs", 6, "pungs or kongs of two dragons"),
    Fan(55, "outside_hand", "全带幺", "Outside Hand", 4, "a 1, 9 or honor in every set and in the pair"),
    Fan(56, "fully_concealed_hand", "不求人", "Fully Concealed Hand", 4, "nothing melded (concealed kongs aside) and self-drawn"),
    Fan(57, "two_melded_kongs", "双明杠", "Two Melded Kongs", 4, "two exposed kongs"),
    Fan(58, "last_tile", "和绝张", "Last Tile", 4, "won on the last copy of a tile, the other three in sight"),
    Fan(59, "dragon_pung", "箭刻", "Dragon Pung", 2, "a pung or kong of a dragon"),
    Fan(60, "prevalent_wind", "圈风刻", "Prevalent Wind", 2, "a pung or kong of the round's wind"),
    Fan(61, "seat_wind", "门风刻", "Seat Wind", 2, "a pung or kong of the winner's seat wind"),
    Fan(62, "concealed_hand", "门前清", "Concealed Hand", 2, "nothing melded (concealed kongs aside) and won on a discard"),
    Fan(63, "all_chows", "平和", "All Chows", 2, "four chows and a pair of a suit"),
    Fan(64, "tile_hog", "四归一", "Tile Hog", 2, "all four of a tile in the hand, not as a kong"),
    Fan(65, "double_pung", "双同刻", "Double Pung", 2, "pungs of one number in two suits"),
    Fan(66, "two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2, "two pungs or kongs formed concealed"),
    Fan(67, "concealed_kong", "暗杠", "Concealed Kong", 2, "a concealed kong"),
    Fan(68, "all_simples", "断幺", "All Simples", 2, "no 1, 9 or honor"),
    Fan(69, "pure_double_chow", "一般高", "Pure Double Chow", 1, "two identical chows"),
    Fan(70, "mixed_double_chow", "喜相逢", "Mixed Double Chow", 1, "one chow in two suits"),
    Fan(71, "short_straight", "连六", "Short Straight", 1, "two chows of one suit making six in a row"),
    Fan(72, "two_terminal_chows", "老少副", "Two Terminal Chows", 1, "123 and 789 of one suit"),
    Fan(73, "pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1, "a pung or kong of 1s, 9s, or a wind that scores no other 番"),
    Fan(74, "melded_kong", "明杠", "Melded Kong", 1, "an exposed kong"),
    Fan(75, "one_voided_suit", "缺一门", "One Voided Suit", 1, "one of 万, 筒, 条 missing"),
    Fan(76, "no_honors", "无字", "No Honors", 1, "no winds or dragons"),
    Fan(77, "edge_wait", "独听・边张", "Edge Wait", 1, "the only winning tile: 3 on 12, or 7 on 89"),
    Fan(78, "closed_wait", "独听・嵌张", "Closed Wait", 1, "the only winning tile: the middle of a chow"),
    Fan(79, "single_wait", "独听・单钓", "Single Wait", 1, "the only winning tile: the pair's second tile"),
    Fan(80, "self_drawn", "自摸", "Self-Drawn", 1, "won on a tile drawn from the wall"),
    Fan(81, "flower_tiles", "花牌", "Flower Tiles", 1, "each flower; not counted toward the 8 番 a win needs"),
    Fan(82, "concealed_kong_and_melded_kong", "明暗杠", "Concealed Kong and Melded Kong", 5, "a concealed kong and an exposed kong, in place of 暗杠 and 明杠"),
)
# fmt: on
BY_NAME = {f.zh: f for f in FANS}
BY_NUMBER = {f.number: f for f in FANS}
ENGLISH_NAMES = {f.key: f.en for f in FANS}
FLOWER_KEY = BY_NUMBER[81].key  # 花牌: counted in the total, not toward 番起和
SEVEN_PAIRS = (19, 6)  # 七对 and 连七对: the hand is shown as its seven pairs


@dataclass(frozen=True)
class Options:
    min_fan: int = number(8, "番起和: the fewest 番 that win, 花牌 not counted", 1, 88)
    base: int = number(8, "the base each player pays besides the 番", 0, 1_000)
    seat_wind_mode: str = own_wind_mode()  # 门风刻 (番种 61) reads it


# --------------------------------------------------------------------------
# The library's input and answer
# --------------------------------------------------------------------------

_SUITS = "WBT"  # the library's 万, 筒 (dots) and 条 (bamboo)
_HONORS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # 东南西北, then 白 发 中


def library_tile(tile: int) -> str:
    if tile < 27:
        return f"{_SUITS[tile // 9]}{tile % 9 + 1}"
    return _HONORS[tile - 27]


# Which of the library's pack forms a meld is, and whether it was melded.
_PACKS = {
    "chi": "CHI",
    "pong": "PENG",
    "kong": "GANG",
    "added_kong": "GANG",
    "concealed_kong": "GANG",
}


def library_pack(meld: Meld, winner: str) -> tuple[str, str, int]:
    kind = _PACKS[meld.type]
    if meld.type == "chi":
        return (kind, library_tile(meld.tiles[1]), 1)
    if meld.type == "concealed_kong":
        return (kind, library_tile(meld.tiles[0]), 0)
    # Who gave it, as the library counts seats: 1 上家, 2 对家, 3 下家.
    giver = meld.from_seat
    offer = (SEATS.index(winner) - SEATS.index(giver)) % 4 if giver else 1
    return (kind, library_tile(meld.tiles[0]), offer or 1)


class Call(NamedTuple):
    """The library's arguments for one winning tile: hashable, so its answers are remembered."""

    packs: tuple[tuple[str, str, int], ...]
    standing: tuple[str, ...]
    win_tile: str
    flowers: int
    self_drawn: bool
    last_of_kind: bool
    about_kong: bool
    wall_last: bool
    seat_wind: int
    prevalent_wind: int


def library_call(hand: Hand, opts: Any, win_tile: int | None = None) -> Call:
    tile = hand.win_tile if win_tile is None else win_tile
    assert tile is not None and hand.seat is not None
    self_drawn = hand.win_by == "self_draw"
    kong = (self_drawn and "kong_replacement" in hand.flags) or hand.win_by == "robbing_kong"
    return Call(
        packs=tuple(library_pack(m, hand.seat) for m in hand.melds),
        standing=tuple(library_tile(t) for t in sorted(hand.concealed)),
        win_tile=library_tile(tile),
        flowers=len(hand.flowers),
        self_drawn=self_drawn,
        last_of_kind="last_of_kind" in hand.flags,
        about_kong=kong,
        wall_last="last_tile" in hand.flags,
        seat_wind=seat_wind(hand.seat, hand.dealer, hand.players, opts.seat_wind_mode),
        prevalent_wind=SEATS.index(hand.table.get("round_wind", "E")),
    )


# The readings and the items both ask for one hand's answer, and waits ask
# for 34 tiles of the same hand: remember the last few hundred answers.
@lru_cache(maxsize=512)
def fans_of(call: Call) -> dict[int, int] | None:
    """番种 number → how many times, or None when the tiles do not win."""
    try:
        found = MahjongGB.MahjongFanCalculator(*call, verbose=True)
    except TypeError as problem:
        if str(problem) == "ERROR_NOT_WIN":
            return None
        raise  # validation lets nothing else reach the library
    return {BY_NAME[name].number: count for _value, count, name, _en in found}


# --------------------------------------------------------------------------
# Readings, context and items
# --------------------------------------------------------------------------


def readings(hand: Hand, opts: Any, found: list[Split]) -> list[Split]:
    """The shared splitter's reading to show, or the tiles loose for the
    library's special shapes (十三幺, 全不靠, 组合龙 …); nothing if they do not win."""
    fans = fans_of(library_call(hand, opts))
    if fans is None:
        return []
    seven = any(number in fans for number in SEVEN_PAIRS)
    shown = [s for s in found if s.seven_pairs == seven]
    if shown:
        return shown[:1]
    assert hand.win_tile is not None
    tiles = sorted((*hand.concealed, hand.win_tile))
    blocks = (*(Block(LOOSE, t) for t in tiles), *(meld_block(m) for m in hand.melds))
    return [Split(blocks, None, "")]


class GuobiaoCtx(Ctx):
    @cached_property
    def fans(self) -> dict[int, int]:
        return fans_of(library_call(self.hand, self.opts)) or {}


def _found(number: int) -> Any:
    def check(ctx: GuobiaoCtx) -> Hit | None:
        times = ctx.fans.get(number, 0)
        return Hit(times=times) if times else None

    return check


def _shown(name: str) -> str:
    """A 番种's name as Chinese players write it: the library joins 独听・单钓
    with the Japanese middle dot, where Chinese text has ·."""
    return name.replace("・", "·")


def _wind_shown(which: str) -> shows.Shows:
    def wind(ctx: Ctx) -> shows.Sets:
        call = library_call(ctx.hand, ctx.opts)
        tile = 27 + (call.prevalent_wind if which == "prevalent" else call.seat_wind)
        return tuple(b.tiles for b in ctx.triplets if b.tile == tile)

    return wind


def _held_alike(ctx: Ctx) -> shows.Sets:
    """Triplets and kongs formed in hand (a concealed kong is one)."""
    return tuple(b.tiles for b in ctx.triplets if b.concealed)


def _four_spread(ctx: Ctx) -> shows.Sets:
    """四归一: the sets that hold all four of a tile, none of them a kong."""
    found: set[int] = set()
    for t in set(ctx.tiles):
        holding = [i for i, b in enumerate(ctx.blocks) for x in b.tiles if x == t]
        if len(holding) == 4 and all(ctx.blocks[i].kind != KONG for i in holding):
            found.update(holding)
    return tuple(ctx.blocks[i].tiles for i in sorted(found))


# What earns an item, where the shared ``rules.shows`` does not say it.
SHOWS: dict[str, shows.Shows] = {
    "prevalent_wind": _wind_shown("prevalent"),
    "seat_wind": _wind_shown("seat"),
    "two_concealed_pungs": _held_alike,
    "three_concealed_pungs": _held_alike,
    "four_concealed_pungs": _held_alike,
    "tile_hog": _four_spread,
    "melded_hand": shows.whole_hand,
    "pure_straight": shows.groups(3, "seq", shows.both(shows.one_suit, shows.ranks_are(0, 3, 6))),
    "mixed_straight": shows.groups(3, "seq", shows.both(shows.each_suit, shows.ranks_are(0, 3, 6))),
    "mixed_triple_chow": shows.groups(3, "seq", shows.both(shows.each_suit, shows.same_rank)),
    "mixed_double_chow": shows.groups(2, "seq", shows.both(shows.each_suit, shows.same_rank)),
    "pure_shifted_chows": shows.groups(3, "seq", shows.both(shows.one_suit, shows.stepped(1, 2))),
    "four_pure_shifted_chows": shows.groups(
        4, "seq", shows.both(shows.one_suit, shows.stepped(1, 2))
    ),
    "mixed_shifted_chows": shows.groups(3, "seq", shows.both(shows.each_suit, shows.stepped(1))),
    "short_straight": shows.groups(2, "seq", shows.both(shows.one_suit, shows.stepped(3))),
    "two_terminal_chows": shows.groups(2, "seq", shows.both(shows.one_suit, shows.ranks_are(0, 6))),
    "double_pung": shows.groups(2, "trip", shows.both(shows.each_suit, shows.same_rank)),
    "triple_pung": shows.groups(3, "trip", shows.both(shows.each_suit, shows.same_rank)),
    "mixed_shifted_pungs": shows.groups(3, "trip", shows.both(shows.each_suit, shows.stepped(1))),
    "pure_shifted_pungs": shows.groups(3, "trip", shows.both(shows.one_suit, shows.stepped(1))),
    "four_pure_shifted_pungs": shows.groups(
        4, "trip", shows.both(shows.one_suit, shows.stepped(1))
    ),
}

ITEMS: tuple[Item, ...] = tuple(
    Item(
        f.key,
        _shown(f.zh),
        f.value,
        FAN,
        f"{RULE} {f.number}",
        _found(f.number),
        why=f.why,
        shows=SHOWS.get(f.key),
    )
    for f in FANS
)


def evaluate(ctx: Ctx, lines: list[ItemLine]) -> Evaluation:
    fan = sum(line.value for line in lines)
    without_flowers = fan - sum(line.value for line in lines if line.key == FLOWER_KEY)
    how = says("{parts} = {total} 番", parts=sum_of(lines), total=fan)
    minimum = ctx.opts.min_fan
    if without_flowers < minimum:
        why = says(
            "{minimum} 番起和: {fan} 番 without 花牌 do not win",
            minimum=minimum,
            fan=without_flowers,
        )
        return Evaluation(ctx.split, tuple(lines), fan, how, False, (why,))
    return Evaluation(ctx.split, tuple(lines), fan, how)


# --------------------------------------------------------------------------
# Payments and the next hand
# --------------------------------------------------------------------------


def next_table(hand: Hand) -> dict[str, Any]:
    """The deal passes every hand; the round's wind moves on when it is back
    with the match's first dealer."""
    dealer = next_seat(hand.dealer)
    wind = hand.table.get("round_wind", "E")
    first = hand.table.get("first_dealer")
    out: dict[str, Any] = {"dealer": dealer}
    if first is not None:
        if dealer == first:
            wind = next_seat(wind)
        out["first_dealer"] = first
    out["round_wind"] = wind
    return out


def settle(hand: Hand, opts: Options, ev: Evaluation | None) -> Settlement:
    if ev is None:
        return Settlement((), next_table(hand) if hand.is_draw else None)
    assert hand.seat is not None
    fan, base = ev.total, opts.base
    payments = []
    for seat in hand.seats:
        if seat == hand.seat:
            continue
        if hand.win_by == "self_draw":
            detail = says("self-drawn: {base} + {fan} 番", base=base, fan=fan)
            payments.append(Payment(seat, hand.seat, base + fan, detail))
        elif seat == hand.discarder:
            detail = says("the discarder: {base} + {fan} 番", base=base, fan=fan)
            payments.append(Payment(seat, hand.seat, base + fan, detail))
        elif base:
            payments.append(Payment(seat, hand.seat, base, says("the base: {base}", base=base)))
    return Settlement(tuple(payments), next_table(hand))


# --------------------------------------------------------------------------
# Waits: the library knows the special shapes
# --------------------------------------------------------------------------


def winning_tiles(hand: Hand, opts: Any) -> list[int]:
    """Every tile that completes the hand in some 国标 shape, special ones included."""
    held = [*hand.concealed, *(t for m in hand.melds for t in m.tiles)]
    call = library_call(hand, opts, 0)  # the hand's arguments, once; each probe swaps the tile
    return [
        t
        for t in range(N_KINDS)
        if held.count(t) < 4 and fans_of(call._replace(win_tile=library_tile(t))) is not None
    ]


REGION = Region(
    key="guobiao",
    name="国标麻将",
    seed="国标",
    unit=FAN,
    options=Options,
    items=ITEMS,
    evaluate=evaluate,
    settle=settle,
    tiles=frozenset(range(N_KINDS)),
    flower_tiles=frozenset(FLOWERS),
    flags=("last_of_kind",),
    # 报听, 天和 and 地和 are no 国标 番种: accepted, ignored, not offered.
    common_flags=("kong_replacement", "last_tile"),
    table_keys=("ready", "round_wind", "first_dealer"),  # ready: accepted as everywhere, unused
    words=("花牌",),
    seven_pairs=lambda opts: True,
    make_context=GuobiaoCtx,
    readings=readings,
    # Every reading of a hand scores alike: the library picks its own.
    reading_key=lambda split: (),
    winning_tiles=winning_tiles,
)
