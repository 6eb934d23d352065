"""Golden cases: every ``tests/cases/<region>/*.toml`` case is one test.

Cases are data so the rule pages can render the same hands, and so each
seed item's expectation sits beside the seed text it cites. A case that
expects readings is scored with ``"readings": true`` (its hand, which the
rule pages show, stays the plain hand).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from calculator.teaching.cases import load_cases
from rules.engine import score
from rules.regions import REGIONS
from rules.report import to_json

CASE_KEYS = {"id", "checks", "rule", "note", "hand", "expect"}
EXPECT_KEYS = {
    "ok",
    "winning",
    "items",
    "absent",
    "only_items",
    "total",
    "payments",
    "net",
    "next_table",
    "errors",
    "reasons",
    "readings",
    "only_readings",
    "readings_tried",
}
READING_KEYS = {"option", "value", "winning", "total", "net"}


CASES = load_cases()


def test_cases_are_well_formed() -> None:
    ids = Counter(name for name, _ in CASES)
    assert not [n for n, k in ids.items() if k > 1], "case ids repeat within a file"
    for name, case in CASES:
        assert set(case) <= CASE_KEYS, f"{name}: unknown keys {set(case) - CASE_KEYS}"
        assert case.get("checks") and case.get("rule"), f"{name}: say which seed item it checks"
        assert set(case.get("expect", {})) <= EXPECT_KEYS, f"{name}: unknown expect keys"
        assert case["hand"]["region"] == name.split("/")[0], f"{name}: filed under another region"
        for line in case.get("expect", {}).get("readings", []):
            assert set(line) == READING_KEYS, f"{name}: a reading line has {sorted(READING_KEYS)}"


def asks_readings(expect: dict[str, Any]) -> bool:
    return bool({"readings", "only_readings", "readings_tried"} & set(expect))


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_case(name: str, case: dict[str, Any]) -> None:
    expect = case.get("expect", {})
    if asks_readings(expect):
        got = to_json(score({**case["hand"], "readings": True}))
        check_readings(got, expect, to_json(score(case["hand"])))
    else:
        got = to_json(score(case["hand"]))
    assert got["ok"] == expect.get("ok", True), got
    if not got["ok"]:
        want = [(e["field"], e["code"]) for e in expect.get("errors", [])]
        have = [(e["field"], e["code"]) for e in got["errors"]]
        for w in want:
            assert w in have, f"expected error {w}, got {got['errors']}"
        return
    if "winning" in expect:
        assert got["winning"] == expect["winning"], got.get("reasons")
    items = {i["key"]: i["value"] for i in got["items"]}
    for key, value in expect.get("items", {}).items():
        assert key in items, f"{key} missing; items: {items}"
        assert items[key] == value, f"{key}: {items[key]} != {value}; items: {items}"
    for key in expect.get("absent", []):
        assert key not in items, f"{key} should not be there; items: {items}"
    if expect.get("only_items"):
        counting = {k: v for k, v in items.items() if v}
        assert counting == {k: v for k, v in expect["items"].items() if v}
    if "total" in expect:
        assert got["total"]["value"] == expect["total"], got.get("how")
    if "payments" in expect:
        want_p = Counter((p["from"], p["to"], p["amount"]) for p in expect["payments"])
        have_p = Counter((p["from"], p["to"], p["amount"]) for p in got["payments"])
        assert have_p == want_p, got["payments"]
    if "net" in expect:
        assert got["net"] == expect["net"]
    if "next_table" in expect:
        assert got["next_table"] is not None
        for key, value in expect["next_table"].items():
            assert got["next_table"].get(key) == value, got["next_table"]
    for text in expect.get("reasons", []):
        assert any(text in r for r in got.get("reasons", [])), got.get("reasons")
    assert sum(got["net"].values()) == 0


def check_readings(got: dict[str, Any], expect: dict[str, Any], plain: dict[str, Any]) -> None:
    """A case's readings: its lines in its order (with ``only_readings``, no
    others), the count of values tried; the score itself as without them."""
    if not got["ok"]:
        assert "readings" not in got and "readings_tried" not in got, got
        return
    assert {k: v for k, v in got.items() if k not in ("readings", "readings_tried")} == plain
    have = [
        (r["option"], r["value"], r["winning"], r["total"]["value"], r["net"])
        for r in got["readings"]
    ]
    want = [
        (w["option"], w["value"], w["winning"], w["total"], w["net"])
        for w in expect.get("readings", [])
    ]
    if expect.get("only_readings"):
        assert have == want, got["readings"]
    else:
        lines = iter(have)
        for line in want:  # each line in order, others between them allowed
            assert any(h == line for h in lines), f"{line} missing or out of order in {have}"
    if "readings_tried" in expect:
        assert got["readings_tried"] == expect["readings_tried"]


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_every_item_has_a_case(region: str) -> None:
    covered: set[str] = set()
    for name, case in CASES:
        if name.startswith(f"{region}/"):
            covered |= {k for k, v in case.get("expect", {}).get("items", {}).items() if v}
    missing = [i.key for i in REGIONS[region].items if i.key not in covered]
    assert not missing, f"{region} items with no golden case counting them: {missing}"


def test_a_breakdown_kept_from_an_earlier_hand_is_the_one_worked_out_afresh() -> None:
    # A breakdown's lines are kept per combination of items found and
    # options; any hand scored after the others must get what it gets
    # scored alone.
    from rules import engine
    from rules.regions import laosanfan

    warm = {name: to_json(score(case["hand"])) for name, case in CASES}
    for name, case in CASES:
        engine.clear_caches()
        laosanfan._worked_out.cache_clear()  # 老三番's totals, kept per lines and options
        assert to_json(score(case["hand"])) == warm[name], name


def test_kept_totals_are_kept_apart_by_options() -> None:
    # The same items found under two caps: what the engine keeps between
    # hands is kept by options, so each cap's total must come back, warm or cold.
    hand = {
        "region": "laosanfan",
        "hand": "456p9s",
        "win_tile": "9s",
        "melds": [
            {"type": "kong", "tiles": "7777z"},
            {"type": "concealed_kong", "tiles": "6666z"},
            {"type": "concealed_kong", "tiles": "1111m"},
        ],
        "seat": "E",
        "dealer": "S",
        "win_by": "self_draw",
    }

    def total(cap: int) -> int:
        got = to_json(score({**hand, "rules": {"tier": "yao_er_liu", "yao_er_liu_cap": cap}}))
        return int(got["total"]["value"])

    assert [total(600), total(700), total(600), total(700)] == [600, 700, 600, 700]


def test_equal_rules_build_equal_options() -> None:
    from rules.options import build
    from rules.regions.laosanfan import Options

    one, errors = build(Options, {"tier": "yao_er_liu", "yao_er_liu_cap": 700})
    assert not errors
    again, _ = build(Options, {"yao_er_liu_cap": 700, "tier": "yao_er_liu"})
    other, _ = build(Options, {"tier": "yao_er_liu", "yao_er_liu_cap": 800})
    assert again == one
    assert other != one
    assert one == Options(tier="yao_er_liu", yao_er_liu_cap=700)
