"""Malformed input: every problem named with the spec's code, never an exception."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import score
from rules.report import to_json
from rules.text import says
from tests.strategies import HAND_FIELDS, json_values

GOOD: dict[str, Any] = {
    "region": "laosanfan",
    "hand": "13s66m888m",
    "win_tile": "2s",
    "melds": [{"type": "kong", "tiles": "9999m"}, {"type": "pong", "tiles": "555m"}],
    "seat": "S",
    "dealer": "E",
    "win_by": "self_draw",
}


def errors_of(**changes: Any) -> list[tuple[str, str]]:
    hand = {**GOOD, **changes}
    hand = {k: v for k, v in hand.items() if v is not ...}
    got = to_json(score(hand))
    assert not got["ok"], got
    for e in got["errors"]:
        assert e["message"], e
    return [(e["field"], e["code"]) for e in got["errors"]]


def test_good_hand_is_ok() -> None:
    assert to_json(score(GOOD))["ok"]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"hand": "13s66m888x"}, ("hand", "unknown_tile")),
        ({"win_tile": "0s"}, ("win_tile", "unknown_tile")),
        ({"hand": "13s66m88m"}, ("hand", "wrong_tile_count")),
        ({"hand": "13s99m888m"}, ("hand", "too_many_copies")),
        (
            {"melds": [{"type": "pong", "tiles": "556m"}, {"type": "pong", "tiles": "555p"}]},
            ("melds[0]", "bad_meld"),
        ),
        (
            {"melds": [{"type": "chi", "tiles": "135m"}, {"type": "pong", "tiles": "555p"}]},
            ("melds[0]", "bad_meld"),
        ),
        (
            {"melds": [{"type": "chi", "tiles": "89m1p"}, {"type": "pong", "tiles": "555p"}]},
            ("melds[0]", "bad_meld"),
        ),
        (
            {"melds": [{"type": "kong", "tiles": "999m"}, {"type": "pong", "tiles": "555p"}]},
            ("melds[0]", "bad_meld"),
        ),
        (
            {"melds": [{"type": "egg", "tiles": "1234z"}, {"type": "pong", "tiles": "555p"}]},
            ("melds[0]", "meld_not_allowed"),
        ),
        (
            {"melds": [{"type": "wall", "tiles": "999m"}, {"type": "pong", "tiles": "555p"}]},
            ("melds[0]", "bad_meld"),
        ),
        ({"win_by": "discard"}, ("discarder", "missing_discarder")),
        ({"win_by": "discard", "discarder": "S"}, ("discarder", "discarder_is_winner")),
        ({"win_by": "robbing_kong"}, ("discarder", "missing_discarder")),
        ({"region": "mars"}, ("region", "unknown_region")),
        ({"region": None}, ("region", "missing_field")),
        ({"rules": {"colour": "red"}}, ("rules.colour", "unknown_option")),
        ({"rules": {"tier": "huge"}}, ("rules.tier", "bad_option_value")),
        ({"rules": {"pair_hu": "yes"}}, ("rules.pair_hu", "bad_option_value")),
        ({"rules": {"yao_er_liu_cap": -5}}, ("rules.yao_er_liu_cap", "bad_option_value")),
        ({"flags": ["ready_declared", "zimo_bonus"]}, ("flags", "unknown_flag")),
        ({"flags": ["jue_zhang"]}, ("flags", "unknown_flag")),
        ({"table": {"zhen": {"E": 2}}}, ("table.zhen", "bad_table")),
        ({"table": {"loser_hu": {"E": "many"}}}, ("table.loser_hu", "bad_table")),
        ({"table": {"ready": ["X"]}}, ("table.ready", "bad_table")),
        ({"flowers": "11f"}, ("flowers", "too_many_flowers")),
        ({"flowers": "1z"}, ("flowers", "tile_not_in_region")),
        ({"players": 3}, ("players", "bad_players")),
        ({"seat": "Q"}, ("seat", "bad_seat")),
        ({"seat": ...}, ("seat", "missing_field")),
        ({"win_tile": ...}, ("win_tile", "missing_field")),
        ({"hand": 123}, ("hand", "bad_field")),
        ({"win_by": "magic"}, ("win_by", "bad_win_by")),
    ],
)
def test_error_codes(changes: dict[str, Any], expected: tuple[str, str]) -> None:
    assert expected in errors_of(**changes)


def test_all_problems_are_reported_at_once() -> None:
    got = errors_of(hand="13s66m88x", rules={"nope": 1}, win_by="discard")
    assert {code for _, code in got} >= {"unknown_tile", "unknown_option", "missing_discarder"}


def test_other_players_kongs_count_toward_copies() -> None:
    assert ("hand", "too_many_copies") in errors_of(
        other_melds={"W": [{"type": "concealed_kong", "tiles": "8888m"}]}
    )


def test_a_drawn_hand_needs_no_tiles() -> None:
    got = to_json(score({"region": "laosanfan", "dealer": "S", "win_by": "draw"}))
    assert got["ok"] and not got["winning"]
    assert got["next_table"] == {"dealer": "S"}
    assert got["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_not_a_json_object() -> None:
    for raw in (None, [], "hand", 5):
        got = to_json(score(raw))
        assert not got["ok"] and got["errors"][0]["code"] == "bad_json"


FIELDS = HAND_FIELDS


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=8))
def test_random_junk_never_raises(junk: dict[str, Any]) -> None:
    got = to_json(score({**GOOD, **junk}))
    assert got["ok"] in (True, False)
    if got["ok"]:
        assert sum(got["net"].values()) == 0
    else:
        assert all(e["code"] and e["message"] for e in got["errors"])


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=15))
def test_random_junk_alone_never_raises(junk: dict[str, Any]) -> None:
    got = to_json(score({"region": "laosanfan", **junk}))
    assert got["ok"] in (True, False)


def _meld_errors(region: str, melds: list[Any], **more: Any) -> list[tuple[str, str]]:
    hand = {**GOOD, "region": region, "melds": melds, **more}
    got = to_json(score(hand))
    return [(e["field"], e["code"]) for e in got.get("errors", [])]


def test_a_valid_meld_is_not_taken_for_a_look_alike() -> None:
    # What only compares equal to a valid meld (True and 1.0 for 1), or the
    # same meld where it is not allowed, is read and refused.
    egg = {"type": "egg", "tiles": "56z1s", "kind": "xi", "hui": 1}
    assert ("melds[0]", "bad_meld") not in _meld_errors("changchun", [egg])
    for hui in (True, 1.0):
        assert ("melds[0]", "bad_meld") in _meld_errors("changchun", [{**egg, "hui": hui}])
    assert ("melds[0]", "meld_not_allowed") in _meld_errors("laosanfan", [egg])
    pong = {"type": "pong", "tiles": "555m"}
    assert ("melds[0]", "bad_meld") not in _meld_errors("laosanfan", [pong])
    assert ("other_melds.W[0]", "bad_meld") in _meld_errors(
        "laosanfan", [pong], other_melds={"W": [pong]}
    )


def test_hand_is_built_whole_and_stays_frozen() -> None:
    import dataclasses

    from rules.hand import Hand

    hand = Hand("laosanfan", (1, 2), 3, (), (), "S", "E", "self_draw", players=3)
    assert dataclasses.asdict(hand) == {
        "region": "laosanfan",
        "concealed": (1, 2),
        "win_tile": 3,
        "melds": (),
        "flowers": (),
        "seat": "S",
        "dealer": "E",
        "win_by": "self_draw",
        "discarder": None,
        "flags": frozenset(),
        "events": (),
        "players": 3,
        "rules": {},
        "table": {},
        "other_melds": {},
    }
    assert hand.won_on(7) == dataclasses.replace(hand, win_tile=7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.seat = "W"  # type: ignore[misc]
    assert hand.seat == "S"


# Records with defaults: (module, record, positional arguments, the fields
# they give, defaults included).
RECORDS = [
    (
        "rules.hand",
        "Payment",
        ("E", "S", 60, says("60 銀")),
        {"payer": "E", "payee": "S", "amount": 60, "detail": says("60 銀"), "kind": "win"},
    ),
    (
        "rules.region",
        "Settlement",
        ((), {"dealer": "S"}),
        {"payments": (), "next_table": {"dealer": "S"}},
    ),
    (
        "rules.split",
        "Split",
        ((), 0, "closed"),
        {"blocks": (), "win_index": 0, "wait": "closed", "seven_pairs": False},
    ),
]


@pytest.mark.parametrize(("module", "record", "args", "fields"), RECORDS)
def test_records_are_built_whole_and_stay_frozen(
    module: str, record: str, args: tuple[Any, ...], fields: dict[str, Any]
) -> None:
    import dataclasses
    import importlib

    made = getattr(importlib.import_module(module), record)(*args)
    if dataclasses.is_dataclass(made):  # the records in and out
        assert {f.name: getattr(made, f.name) for f in dataclasses.fields(made)} == fields
        assert dataclasses.replace(made) == made
    else:  # the engine's in-between results are named tuples
        assert made._asdict() == fields
        assert made._replace() == made
    first = next(iter(fields))
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        setattr(made, first, None)


def test_an_evaluation_takes_its_defaults() -> None:
    from rules.region import Evaluation
    from rules.split import Split

    ev = Evaluation(Split((), None, ""), (), 30, says("30"))
    assert (ev.winning, ev.reasons, dict(ev.data)) == (True, (), {})
