"""Whatever table a hand hands on, the next hand takes back: in every region,
from any table state, with any streak (issue 24: 老庄 31 was once refused)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.teaching.cases import load_cases
from rules.engine import score_json
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import format_tiles, tile_code
from tests.strategies import complete_tiles

MAX_EXACT = 2**53 - 1
SEATS = "ESWN"
WINS = ("self_draw", "discard", "robbing_kong")
# Hands known to be well formed: the golden cases that score.
CASES = [case["hand"] for _, case in load_cases() if case.get("expect", {}).get("ok", True)]

# Any count, from none to ones far past what a score writes exactly.
counts = st.one_of(
    st.integers(0, 60), st.integers(0, 10**15), st.integers(MAX_EXACT - 3, MAX_EXACT + 3)
)


@st.composite
def house_rules(draw: st.DrawFn, region: str) -> dict[str, Any]:
    """Some of the region's options, each at a value it allows."""
    out: dict[str, Any] = {}
    for info in describe(REGIONS[region].options):
        if not draw(st.booleans()):
            continue
        if info.kind == "bool":
            out[info.name] = draw(st.booleans())
        elif info.kind == "choice":
            out[info.name] = draw(st.sampled_from(info.choices))
        else:
            low = info.minimum or 0
            out[info.name] = draw(st.integers(low, info.maximum or low + 100))
    return out


@st.composite
def one_hand_state(draw: st.DrawFn, hand: dict[str, Any]) -> dict[str, Any]:
    """The table keys that belong to one hand (who was ready, the flipped tiles …)."""
    region = REGIONS[hand["region"]]
    seats = SEATS[: hand.get("players", 4)]
    others = [s for s in seats if s != hand.get("seat")]
    out: dict[str, Any] = {}
    if "ready" in region.table_keys and draw(st.booleans()):
        out["ready"] = draw(st.lists(st.sampled_from(others), unique=True))
    if "maima_tile" in region.table_keys and (hand["rules"].get("maima") or draw(st.booleans())):
        out["maima_tile"] = tile_code(draw(st.sampled_from(sorted(region.tiles))))
    if "bao_tile" in region.table_keys and draw(st.booleans()):
        out["bao_tile"] = tile_code(draw(st.integers(0, 33)))
    if "loser_hu" in region.table_keys and hand.get("seat") and draw(st.booleans()):
        out["loser_hu"] = {s: draw(st.integers(0, 500)) for s in others}
    return out


@st.composite
def carried_state(draw: st.DrawFn, region_key: str, dealer: str) -> dict[str, Any]:
    """The table keys a hand hands on, at any value the spec allows."""
    keys = REGIONS[region_key].table_keys
    out: dict[str, Any] = {}
    if "lao_zhuang" in keys and draw(st.booleans()):
        out["lao_zhuang"] = draw(counts)
    if "zhen" in keys and draw(st.booleans()):
        out["zhen"] = {s: 1 + draw(counts) for s in SEATS if draw(st.booleans())}
    if "baowu_streak_seat" in keys and draw(st.booleans()):
        out["baowu_streak_seat"] = draw(st.sampled_from([None, dealer]))
        if draw(st.booleans()):
            out["baowu_streak_wins"] = draw(counts)
    if "round_wind" in keys and draw(st.booleans()):
        out["round_wind"] = draw(st.sampled_from(SEATS))
    if "first_dealer" in keys and draw(st.booleans()):
        out["first_dealer"] = draw(st.sampled_from(SEATS))
    return out


@st.composite
def fresh_hand(
    draw: st.DrawFn, region_key: str, players: int, rules: dict[str, Any], dealer: str
) -> dict[str, Any]:
    """A hand of sets and a pair won some way, or a drawn hand; no table yet."""
    region = REGIONS[region_key]
    seats = SEATS[:players]
    hand: dict[str, Any] = {
        "region": region_key,
        "players": players,
        "rules": rules,
        "dealer": dealer,
    }
    if draw(st.integers(0, 3)) == 0:
        return {**hand, "win_by": "draw"}
    tiles = draw(complete_tiles().filter(lambda ts: all(t in region.tiles for t in ts)))
    win = tiles.pop(draw(st.integers(0, 13)))
    seat = draw(st.sampled_from(seats))
    win_by = draw(st.sampled_from([w for w in WINS if w in region.win_types]))
    hand.update(hand=format_tiles(tiles), win_tile=tile_code(win), seat=seat, win_by=win_by)
    if win_by != "self_draw":
        hand["discarder"] = draw(st.sampled_from([s for s in seats if s != seat]))
    return hand


@st.composite
def first_hands(draw: st.DrawFn, region_key: str) -> dict[str, Any]:
    """A golden case or a fresh hand, at some table state."""
    cases = [c for c in CASES if c["region"] == region_key]
    if cases and draw(st.booleans()):
        hand = dict(draw(st.sampled_from(cases)))
        hand.setdefault("rules", {})
        table = dict(hand.get("table") or {})
        if table.get("baowu_streak_seat"):
            table.pop("baowu_streak_seat")  # the overlay below says who is on a streak
    else:
        players = draw(st.sampled_from(REGIONS[region_key].players))
        dealer = draw(st.sampled_from(SEATS[:players]))
        hand = draw(fresh_hand(region_key, players, draw(house_rules(region_key)), dealer))
        table = draw(one_hand_state(hand))
    table.update(draw(carried_state(region_key, hand.get("dealer", "E"))))
    return {**hand, "table": table}


def table_errors(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        e
        for e in answer.get("errors", [])
        if e["code"] == "bad_table" and (e["field"] == "table" or e["field"].startswith("table."))
    ]


def largest_number(table: dict[str, Any]) -> int:
    numbers = [v for v in table.values() if isinstance(v, int)]
    numbers += [n for v in table.values() if isinstance(v, dict) for n in v.values()]
    return max(numbers, default=0)


@pytest.mark.parametrize("region", sorted(REGIONS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_next_table_is_always_taken_back(region: str, data: st.DataObject) -> None:
    first = data.draw(first_hands(region), label="first hand")
    got = score_json(first)
    assert not table_errors(got), got  # any state the spec allows is taken
    if not got["ok"]:
        return  # a hand refused for itself (a discarded 白板 …), or amounts too large
    assert sum(got["net"].values()) == 0
    assert all(isinstance(p["amount"], int) for p in got["payments"])
    if got["next_table"] is None:
        return
    handed_on = dict(got["next_table"])
    dealer = handed_on.pop("dealer")
    assert largest_number(handed_on) <= MAX_EXACT  # written exactly, as every amount
    players = first.get("players", 4)
    second = data.draw(fresh_hand(region, players, first["rules"], dealer), label="second hand")
    second["table"] = {**data.draw(one_hand_state(second)), **handed_on}
    again = score_json(second)
    assert not table_errors(again), (handed_on, again)


# The dealer's self-drawn win, in each region where a streak or 针 grows.
DEALER_WIN = {
    "hand": "123m456m789m123p5p",
    "win_tile": "5p",
    "seat": "E",
    "dealer": "E",
    "win_by": "self_draw",
}
COMPOUND = {"sanmen": "lao_zhuang_compound", "jinhu": "baowu_streak_compound"}
# Around each former bound: a streak of 30, 针 of a million.
CHAINS = [
    *(
        (region, compound, start)
        for region in COMPOUND
        for compound in (False, True)
        for start in range(29, 36)
    ),
    *(("chuzhou", False, start) for start in range(999_997, 1_000_004)),
]


def start_table(region: str, n: int) -> dict[str, Any]:
    if region == "sanmen":
        return {"lao_zhuang": n}
    if region == "jinhu":
        return {"baowu_streak_seat": "E", "baowu_streak_wins": n}
    return {"zhen": dict.fromkeys(SEATS, n)}


def streak_of(region: str, table: dict[str, Any]) -> int:
    if region == "sanmen":
        return int(table["lao_zhuang"])
    if region == "jinhu":
        return int(table["baowu_streak_wins"])
    return int(table["zhen"]["E"])


def paid(answer: dict[str, Any]) -> int:
    return sum(p["amount"] for p in answer["payments"])


@pytest.mark.parametrize(("region", "compound", "start"), CHAINS)
def test_the_dealer_winning_again_and_again_is_taken_back(
    region: str, compound: bool, start: int
) -> None:
    """The dealer keeps winning: each next table is taken back and the streak
    goes on; compounded, the money doubles each win until it passes what a
    score writes exactly, and only then is it refused."""
    rules = {COMPOUND[region]: compound} if region in COMPOUND else {}
    hand: dict[str, Any] = {**DEALER_WIN, "region": region, "rules": rules}
    hand["table"] = start_table(region, start)
    for step in range(25):
        streak = streak_of(region, hand["table"])
        assert streak == start + step
        got = score_json(hand)
        assert not table_errors(got), got
        if compound:
            # Flat, the streak doubles once: compounded, once for each win
            # (包五家 once more), on the same amounts.
            flat = score_json({**hand, "rules": {}})
            doubled = paid(flat) // 2 << (streak + (region == "jinhu"))
            if doubled > MAX_EXACT:
                assert [e["code"] for e in got["errors"]] == ["amount_too_large"], got
                assert got["errors"][0]["field"] == "table"
                return
            assert paid(got) == doubled
        assert got["ok"] and got["winning"], got
        assert sum(got["net"].values()) == 0
        handed_on = dict(got["next_table"])
        assert handed_on.pop("dealer") == "E"
        hand = {**hand, "table": handed_on}
    assert not compound, "compounding 25 more times passes 2**53"
