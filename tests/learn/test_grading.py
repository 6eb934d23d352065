"""Grading a drill answer (``calculator/learn/grading.py``): each level, and
answers that are partly right."""

from __future__ import annotations

from calculator.learn.grading import (
    MISSED,
    RIGHT,
    WRONG,
    grade,
    grade_items,
    grade_payments,
    grade_total,
    scored_items,
)
from rules.hand import ItemLine, Score


def line(key: str, value: int, dropped_by: str | None = None) -> ItemLine:
    return ItemLine(key, key, value, "番", "", "000 x", 1, dropped_by)


# 清一色 and 对对胡 count; 混一色 is replaced by 清一色 (a dropped line); a cap line.
SCORE = Score(
    ok=True,
    region="laosanfan",
    winning=True,
    items=(
        line("qing_yi_se", 3),
        line("dui_dui_hu", 1),
        line("hun_yi_se", 1, dropped_by="qing_yi_se"),
        line("cap", 0),
    ),
    total=4,
    unit="番",
    net={"E": 12, "S": -4, "W": -4, "N": -4},
)


def test_scored_means_a_value_and_not_replaced() -> None:
    assert scored_items(SCORE) == ["qing_yi_se", "dui_dui_hu"]


def test_items_all_right() -> None:
    assert grade_items(SCORE, ["dui_dui_hu", "qing_yi_se"]) == {
        "qing_yi_se": RIGHT,
        "dui_dui_hu": RIGHT,
    }
    assert grade("items", SCORE, {"items": ["qing_yi_se", "dui_dui_hu"]}).right


def test_items_partly_right_missed_and_wrong() -> None:
    got = grade("items", SCORE, {"items": ["qing_yi_se", "zi_yi_se"]})
    assert got.items == {"qing_yi_se": RIGHT, "dui_dui_hu": MISSED, "zi_yi_se": WRONG}
    assert not got.right


def test_ticking_a_replaced_item_is_wrong_and_unknown_keys_are_ignored() -> None:
    got = grade_items(SCORE, ["qing_yi_se", "dui_dui_hu", "hun_yi_se", "no_such", "cap"])
    assert got == {"qing_yi_se": RIGHT, "dui_dui_hu": RIGHT, "hun_yi_se": WRONG}


def test_nothing_ticked_misses_everything() -> None:
    got = grade("items", SCORE, {"items": []})
    assert got.items == {"qing_yi_se": MISSED, "dui_dui_hu": MISSED}
    assert not got.right
    assert got.to_json() == {"items": got.items}


def test_total() -> None:
    assert grade_total(SCORE, 4)
    assert not grade_total(SCORE, 5)
    assert not grade_total(SCORE, None)
    right = grade("total", SCORE, {"total": 4})
    assert right.right and right.to_json() == {"items": {}, "total_right": True}
    assert not grade("total", SCORE, {}).right


def test_payments_per_seat_partial() -> None:
    assert all(grade_payments(SCORE, {"E": 12, "S": -4, "W": -4, "N": -4}).values())
    partly = grade("payments", SCORE, {"net": {"E": 12, "S": -4, "W": 4, "N": None}})
    assert partly.seats_right == {"E": True, "S": True, "W": False, "N": False}
    assert not partly.right
    assert grade("payments", SCORE, {"net": dict(SCORE.net)}).right


def test_an_unknown_level_is_refused() -> None:
    try:
        grade("colours", SCORE, {})
    except ValueError:
        return
    raise AssertionError("no error")
