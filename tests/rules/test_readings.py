"""Readings: a hand scored again under each other value of its region's house rules.

The spec's "Readings" (shared/spec/hand-format.md) is checked here as an
outside checker would check it: every entry against scoring the request
again, through the public JSON entry point, with that one option set.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator.teaching.cases import load_cases
from rules.engine import outcome, score, score_json
from rules.hand import COMMON_FLAGS, Reading
from rules.options import OptionInfo, describe, flag, number
from rules.readings import readings_of, values_tried
from rules.regions import REGIONS
from rules.report import to_json
from rules.tiles import format_tiles, tile_code
from rules.validate import validate
from tests.strategies import complete_tiles

SEED_HAND: dict[str, Any] = {
    "region": "laosanfan",
    "hand": "13s66m888m",
    "win_tile": "2s",
    "melds": [{"type": "kong", "tiles": "9999m"}, {"type": "pong", "tiles": "555m"}],
    "seat": "S",
    "dealer": "E",
    "win_by": "self_draw",
}
SEATS = ("E", "S", "W", "N")
READING_KEYS = ("readings_tried", "readings")


def without_readings(got: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in got.items() if k not in READING_KEYS}


def option_values(info: OptionInfo, current: Any) -> list[Any]:
    """The values the spec says are tried, worked out from the option's description."""
    if info.kind == "choice":
        values: list[Any] = list(info.choices)
    elif info.kind == "bool":
        values = [not current]
    else:
        values = list(info.variants)
    return [v for v in values if v != current]


def expected_readings(raw: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
    """What an outside checker expects: every option value other than the
    hand's own, scored again through ``score_json`` with ``rules[option] = value``,
    kept where the total or a seat's net differs from the hand's own."""
    own = score_json(raw)
    assert own["ok"]
    rules = dict(raw.get("rules") or {})
    infos = describe(REGIONS[raw["region"]].options)
    valid, _ = validate(raw)
    assert valid is not None
    opts = valid[1]
    tried = 0
    entries = []
    for info in infos:
        for value in option_values(info, getattr(opts, info.name)):
            tried += 1
            again = score_json({**raw, "rules": {**rules, info.name: value}})
            if not again["ok"]:  # refused under that value: counted, not listed
                continue
            if again["total"] == own["total"] and again["net"] == own["net"]:
                continue
            entries.append(
                {
                    "option": info.name,
                    "value": value,
                    "winning": again["winning"],
                    "total": again["total"],
                    "net": again["net"],
                }
            )
    return tried, entries


def check_against_scoring_again(raw: dict[str, Any]) -> dict[str, Any]:
    """Every property of the spec's readings, for one request."""
    plain = {k: v for k, v in raw.items() if k != "readings"}
    alone = score_json(plain)
    got = score_json({**plain, "readings": True})
    # The score itself is as without readings, key for key and in the same order.
    assert json.dumps(without_readings(got), ensure_ascii=False) == json.dumps(
        alone, ensure_ascii=False
    )
    if not got["ok"]:
        assert not set(READING_KEYS) & set(got), got
        return got
    tried, entries = expected_readings(plain)
    assert got["readings_tried"] == tried
    # Exact, complete, in the order of the options then of their values.
    assert got["readings"] == entries
    own = (got["winning"], got["total"], got["net"])
    assert all((r["winning"], r["total"], r["net"]) != own for r in got["readings"])
    assert len({(r["option"], json.dumps(r["value"])) for r in got["readings"]}) == len(entries)
    return got


# --- the spec's example and its parts -------------------------------------------------------


def test_the_seed_hand_under_the_other_rules() -> None:
    got = score_json({**SEED_HAND, "readings": True})
    assert got["ok"] and got["total"] == {"value": 60, "unit": "胡"}
    opts = REGIONS["laosanfan"].options()
    assert got["readings_tried"] == len(values_tried(opts))
    by_value = {(r["option"], r["value"]): r for r in got["readings"]}
    assert by_value["tier", "yao_ban_liu"] == {
        "option": "tier",
        "value": "yao_ban_liu",
        "winning": True,
        "total": {"value": 90, "unit": "胡"},
        "net": {"E": -100, "S": 200, "W": -50, "N": -50},
    }
    assert by_value["payer_split", "equal"]["net"] == {"E": -60, "S": 180, "W": -60, "N": -60}
    # The hand's own values are not tried; switches that change nothing here are not listed.
    assert ("tier", "yao_ban_san") not in by_value
    assert ("next_dealer", "winner") not in by_value  # only next_table changes
    check_against_scoring_again(SEED_HAND)


def test_values_tried_in_the_order_of_options_then_values() -> None:
    opts = REGIONS["laosanfan"].options(tier="yao_er_liu", pair_hu=True)
    tried = values_tried(opts)
    names = [n for n, _v in tried]
    order = [i.name for i in describe(type(opts))]
    assert names == sorted(names, key=order.index)
    tiers = [v for n, v in tried if n == "tier"]
    assert tiers == ["yao_ban_san", "yao_ban_liu", "tui_dao_ba"]  # every other choice
    assert ("pair_hu", False) in tried  # a switch flipped
    assert not [n for n, _v in tried if n == "yao_er_liu_cap"]  # a number without variants


@dataclasses.dataclass(frozen=True)
class WithVariants:
    fan: int = number(8, "the fewest 番", 1, 88, variants=(6, 8, 12))
    plain: int = number(1, "a number with no variants named", 0, 10)
    on: bool = flag(False, "a switch")


def test_a_number_is_tried_at_its_named_variants_alone() -> None:
    (fan, plain, _on) = describe(WithVariants)
    assert fan.variants == (6, 8, 12) and plain.variants == ()
    assert values_tried(WithVariants()) == [("fan", 6), ("fan", 12), ("on", True)]
    assert values_tried(WithVariants(fan=7, on=True)) == [
        ("fan", 6),
        ("fan", 8),
        ("fan", 12),
        ("on", False),
    ]


def test_a_variant_outside_the_bounds_is_refused_where_it_is_declared() -> None:
    with pytest.raises(ValueError):
        number(8, "the fewest 番", 1, 88, variants=(0,))


def test_no_region_names_a_number_variant_today() -> None:
    # None of the rules files names table variants of a number: none is tried.
    for region in REGIONS.values():
        assert all(not i.variants for i in describe(region.options)), region.key


# --- asked or not ---------------------------------------------------------------------------


def test_without_readings_the_answer_is_as_it_was() -> None:
    plain = score_json(SEED_HAND)
    assert not set(READING_KEYS) & set(plain)
    assert score_json({**SEED_HAND, "readings": False}) == plain
    assert score_json({**SEED_HAND, "readings": None}) == plain
    assert to_json(score({**SEED_HAND, "readings": False})) == plain


@pytest.mark.parametrize("value", ["yes", 1, 0, "true", [], {}])
def test_readings_must_be_true_or_false(value: Any) -> None:
    got = score_json({**SEED_HAND, "readings": value})
    assert not got["ok"]
    assert ("readings", "bad_option_value") in [(e["field"], e["code"]) for e in got["errors"]]
    assert "readings must be true or false" in got["errors"][0]["message"]


def test_a_hand_that_does_not_score_has_no_readings() -> None:
    bad = score_json({**SEED_HAND, "hand": "13s66m88m", "readings": True})
    assert not bad["ok"] and not set(READING_KEYS) & set(bad)
    # Refused by the region itself (三门: 买码 on without the flipped tile).
    refused = score_json(
        {**SANMEN_KONG, "rules": {"maima": True}, "readings": True}  # no table.maima_tile
    )
    assert not refused["ok"] and not set(READING_KEYS) & set(refused)
    # Too large to write: a 老庄 streak of 60 doubling each step.
    huge = {
        **SANMEN_KONG,
        "seat": "E",
        "discarder": "W",
        "table": {"lao_zhuang": 60},
        "rules": {"lao_zhuang_compound": True},
    }
    got = score_json({**huge, "readings": True})
    assert got["errors"][0]["code"] == "amount_too_large"
    assert not set(READING_KEYS) & set(got)


def test_the_score_record_carries_the_readings() -> None:
    record = score({**SEED_HAND, "readings": True})
    assert record.readings_tried == len(values_tried(REGIONS["laosanfan"].options()))
    assert record.readings and all(isinstance(r, Reading) for r in record.readings)
    assert to_json(record) == score_json({**SEED_HAND, "readings": True})
    assert score(SEED_HAND).readings_tried is None and score(SEED_HAND).readings == ()


# --- refusals, draws, hands that do not win -------------------------------------------------

SANMEN_KONG: dict[str, Any] = {
    "region": "sanmen",
    "hand": "123m456p789s5p",
    "win_tile": "5p",
    "melds": [{"type": "kong", "tiles": "7777z", "from": "E"}],
    "seat": "S",
    "dealer": "E",
    "win_by": "discard",
    "discarder": "W",
}


def test_a_value_the_region_refuses_is_tried_but_not_listed() -> None:
    got = check_against_scoring_again(SANMEN_KONG)
    assert not [r for r in got["readings"] if r["option"] == "maima"]
    alone = score_json({**SANMEN_KONG, "rules": {"maima": True}})
    assert alone["errors"][0]["code"] == "bad_table"
    with_tile = check_against_scoring_again({**SANMEN_KONG, "table": {"maima_tile": "7p"}})
    assert [r["total"]["value"] for r in with_tile["readings"] if r["option"] == "maima"] == [36]


def test_a_value_too_large_to_write_is_tried_but_not_listed() -> None:
    # The dealer's 60th win in a row: flat, 老庄 doubles once; compounding, past 2**53.
    streak = {**SANMEN_KONG, "seat": "E", "discarder": "W", "table": {"lao_zhuang": 60}}
    streak["melds"] = [{"type": "kong", "tiles": "7777z", "from": "S"}]
    assert score_json(streak)["ok"]
    assert not score_json({**streak, "rules": {"lao_zhuang_compound": True}})["ok"]
    got = check_against_scoring_again(streak)
    assert "lao_zhuang_compound" not in [r["option"] for r in got["readings"]]


def test_a_drawn_hand_has_readings_of_its_kong_money() -> None:
    drawn = {
        "region": "sanmen",
        "dealer": "E",
        "win_by": "draw",
        "other_melds": {"S": [{"type": "concealed_kong", "tiles": "4444m"}]},
    }
    got = check_against_scoring_again(drawn)
    lines = {(r["option"], r["value"]): r for r in got["readings"]}
    assert lines["kong_money_on_draw", False]["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_a_hand_that_does_not_win_may_read_as_a_win() -> None:
    pairs = {
        "region": "changchun",
        "hand": "11m22m55p66p99p11z7z",
        "win_tile": "7z",
        "seat": "S",
        "dealer": "E",
        "win_by": "discard",
        "discarder": "W",
        "rules": {"qidui_exempt_sanmen_yaojiu": True},
    }
    got = check_against_scoring_again(pairs)
    assert got["winning"] is False
    assert next(r for r in got["readings"] if r["option"] == "qidui")["winning"] is True


# --- cost: one validation, one engine run per value tried ----------------------------------


class CountingHand(Mapping[str, Any]):
    """A request that counts how often each of its fields is read: validation
    reads ``hand`` once (monkeypatching would not see a compiled engine's calls)."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.fields = fields
        self.reads: Counter[str] = Counter()

    def __getitem__(self, key: str) -> Any:
        self.reads[key] += 1
        return self.fields[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)


@pytest.mark.parametrize("raw", [SEED_HAND, SANMEN_KONG], ids=["laosanfan", "sanmen"])
def test_readings_are_worked_out_without_validating_again(raw: dict[str, Any]) -> None:
    asked = CountingHand({**raw, "readings": True})
    got = score_json(asked)
    assert got["readings"]
    plain = CountingHand(dict(raw))
    score_json(plain)
    assert asked.reads["hand"] == plain.reads["hand"] == 1
    assert asked.reads["melds"] == plain.reads["melds"] == 1


def test_each_reading_scores_what_validating_the_changed_request_gives() -> None:
    # The hand and options a reading is scored under are exactly those of the
    # request with rules[option] = value, though nothing is validated again;
    # the engine runs once for each value tried, and no more.
    raw = {**SANMEN_KONG, "rules": {"base": 2}, "table": {"maima_tile": "7p"}}
    valid, errors = validate(raw)
    assert valid is not None, errors
    hand, opts = valid
    seen: list[tuple[Any, Any]] = []

    def recording(h: Any, o: Any) -> dict[str, Any]:
        seen.append((h, o))
        return outcome(h, o)

    fields = readings_of(hand, opts, outcome(hand, opts), recording)
    tried = values_tried(opts)
    assert fields["readings_tried"] == len(tried) == len(seen)
    for (name, value), (h, o) in zip(tried, seen, strict=True):
        again = validate({**raw, "rules": {**raw["rules"], name: value}})[0]
        assert again == (h, o), name


# --- every region, random hands and rules ---------------------------------------------------


def case_hands(region: str) -> list[dict[str, Any]]:
    return [c["hand"] for n, c in load_cases() if n.startswith(f"{region}/")]


@st.composite
def random_hand(draw: st.DrawFn, region: str) -> dict[str, Any]:
    """Four sets and a pair of the region's tiles (``tests.strategies``), won some way."""
    r = REGIONS[region]
    tiles = draw(complete_tiles())
    assume(all(t in r.tiles for t in tiles))
    win = tiles.pop(draw(st.integers(0, 13)))
    seat = draw(st.sampled_from(SEATS))
    ways = [w for w in r.win_types if w != "draw"]
    win_by = draw(st.sampled_from(ways))
    hand: dict[str, Any] = {
        "region": region,
        "hand": format_tiles(tiles),
        "win_tile": tile_code(win),
        "seat": seat,
        "dealer": draw(st.sampled_from(SEATS)),
        "win_by": win_by,
        "flags": draw(st.lists(st.sampled_from(COMMON_FLAGS), unique=True, max_size=2)),
    }
    if win_by != "self_draw":
        hand["discarder"] = draw(st.sampled_from([s for s in SEATS if s != seat]))
    return hand


def option_value(info: OptionInfo) -> st.SearchStrategy[Any]:
    if info.kind == "choice":
        return st.sampled_from(info.choices)
    if info.kind == "bool":
        return st.booleans()
    lo = info.minimum if info.minimum is not None else 0
    hi = info.maximum if info.maximum is not None else lo + 100
    return st.sampled_from([info.default, lo, hi, *info.variants]) | st.integers(lo, hi)


@st.composite
def hands_and_rules(draw: st.DrawFn, region: str) -> dict[str, Any]:
    """A golden case's hand or a random one, with some of its options set at random."""
    if draw(st.booleans()):
        hand = dict(draw(st.sampled_from(case_hands(region))))
    else:
        hand = draw(random_hand(region))
    rules = dict(hand.get("rules") or {})
    for info in describe(REGIONS[region].options):
        if draw(st.integers(0, 2)) == 0:
            rules[info.name] = draw(option_value(info))
    return {**hand, "rules": rules}


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_every_reading_is_the_hand_scored_again(region: str) -> None:
    @settings(
        max_examples=100,
        deadline=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )
    @given(hands_and_rules(region))
    def check(raw: dict[str, Any]) -> None:
        check_against_scoring_again(raw)

    check()


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_each_region_has_a_golden_case_of_its_readings(region: str) -> None:
    names = [n for n, _c in load_cases() if n.startswith(f"{region}/readings::")]
    assert names, f"{region}: no tests/cases/{region}/readings.toml case"
