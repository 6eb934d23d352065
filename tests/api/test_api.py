"""The JSON API and the command line, through Django's own test tools."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

SEED_HAND: dict[str, Any] = {
    "region": "laosanfan",
    "hand": "13s66m888m",
    "win_tile": "2s",
    "melds": [{"type": "kong", "tiles": "9999m"}, {"type": "pong", "tiles": "555m"}],
    "seat": "S",
    "dealer": "E",
    "win_by": "self_draw",
}


def post(client: Client, body: Any, raw: bool = False) -> Any:
    data = body if raw else json.dumps(body)
    return client.post("/api/score", data=data, content_type="application/json")


def test_score_the_seed_example(client: Client) -> None:
    response = post(client, SEED_HAND)
    assert response.status_code == 200
    got = response.json()
    assert got["ok"] and got["winning"]
    assert got["total"] == {"value": 60, "unit": "胡"}
    assert got["net"] == {"E": -60, "S": 120, "W": -30, "N": -30}
    assert got["next_table"] == {"dealer": "S"}


def test_bad_hand_is_400_with_errors(client: Client) -> None:
    response = post(client, {**SEED_HAND, "hand": "13s66m88m"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "wrong_tile_count"


@pytest.mark.parametrize("body", ["not json", "{", "\xff", ""])
def test_not_json_is_400(client: Client, body: str) -> None:
    response = post(client, body, raw=True)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_json"


def test_json_but_not_an_object_is_400(client: Client) -> None:
    response = post(client, [1, 2])
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_json"


def test_get_is_405(client: Client) -> None:
    assert client.get("/api/score").status_code == 405


def test_command_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(SEED_HAND))
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    assert json.loads(out.getvalue())["total"]["value"] == 60


def test_command_line_exits_2_on_a_bad_hand(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({**SEED_HAND, "region": "nowhere"}))
    out = io.StringIO()
    with pytest.raises(SystemExit) as info:
        call_command("score", str(path), stdout=out)
    assert info.value.code == 2
    assert json.loads(out.getvalue())["errors"][0]["code"] == "unknown_region"


def test_command_line_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(SEED_HAND)))
    out = io.StringIO()
    call_command("score", "-", stdout=out)
    assert json.loads(out.getvalue())["ok"] is True


def test_each_answer_owns_its_breakdown() -> None:
    # Lines' JSON is built once and copied per answer: a caller that adds to
    # one answer (the ledger, the page) must not change the next.
    from rules.engine import score_json

    first = score_json(SEED_HAND)
    first["items"][0]["value"] = -1
    first["items"][0]["note"] = "changed"
    again = score_json(SEED_HAND)
    assert again["items"][0]["value"] != -1 and "note" not in again["items"][0]


CHINESE_SEED = {
    **SEED_HAND,
    "hand": "一三条六六八八八萬",
    "win_tile": "二條",
    "melds": [{"type": "kong", "tiles": "九九九九万"}, {"type": "pong", "tiles": "555萬"}],
}


def test_tiles_written_the_way_players_write_them(client: Client) -> None:
    """The spec's Chinese notation, in either script, scores as the notation does."""
    got = post(client, CHINESE_SEED).json()
    assert got == post(client, SEED_HAND).json()
    waits = client.post(
        "/api/waits",
        data=json.dumps({k: v for k, v in CHINESE_SEED.items() if k != "win_tile"}),
        content_type="application/json",
    ).json()
    assert [w["tile"] for w in waits["waits"]] == ["2s"]  # output stays in the spec's notation


def test_chinese_notation_errors_name_the_character(client: Client) -> None:
    got = post(client, {**SEED_HAND, "hand": "一三条六六八八红"}).json()
    assert got["errors"][0]["code"] == "unknown_tile"
    assert "红" in got["errors"][0]["message"]


def test_command_line_reads_chinese_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(CHINESE_SEED, ensure_ascii=False)))
    out = io.StringIO()
    call_command("score", "-", stdout=out)
    assert json.loads(out.getvalue())["total"]["value"] == 60


def test_a_wait_refused_by_a_law_is_an_entry_not_an_error(client: Client) -> None:
    """三门: the only completion is a 4th 白板 on a discard, which the wild-tile law refuses;
    the spec keeps it as an entry that does not win, and the hand is not ready."""
    body = {
        "region": "sanmen",
        "hand": "147m147p147s1z555z",
        "win_by": "discard",
        "seat": "E",
        "dealer": "E",
        "discarder": "S",
    }
    got = client.post("/api/waits", data=json.dumps(body), content_type="application/json")
    assert got.status_code == 200
    answer = got.json()
    assert answer["ok"] is True and answer["ready"] is False
    assert [w["tile"] for w in answer["waits"]] == ["5z"]
    assert answer["waits"][0]["score"]["winning"] is False


STREAK_HAND: dict[str, Any] = {
    "region": "sanmen",
    "hand": "123m456m789m123p5p",
    "win_tile": "5p",
    "seat": "E",
    "dealer": "E",
    "win_by": "self_draw",
    "rules": {"lao_zhuang_compound": True, "base": 10_000},
}


STREAKS = [
    ("sanmen", {"lao_zhuang": 0}, "lao_zhuang", "lao_zhuang_compound"),
    ("jinhu", {"baowu_streak_seat": "E", "baowu_streak_wins": 0}, "baowu_streak_wins", None),
]


@pytest.mark.parametrize("length", [31, 100, 10**12])
@pytest.mark.parametrize("compound", [True, False])
@pytest.mark.parametrize(("region", "table", "key", "option"), STREAKS)
def test_a_streak_of_any_length_answers(
    client: Client,
    region: str,
    table: dict[str, Any],
    key: str,
    option: str | None,
    compound: bool,
    length: int,
) -> None:
    """A streak is any whole number ≥ 0: past the 30 once refused, the hand
    scores, or, where each win doubles the money past what a score writes
    exactly, answers amount_too_large (found before 2 ** length is computed)."""
    option = option or "baowu_streak_compound"
    rules = {"base": 10_000} if region == "sanmen" else {}
    body = {**STREAK_HAND, "region": region, "rules": {**rules, option: compound}}
    body["table"] = {**table, key: length}
    got = post(client, body)
    answer = got.json()
    if compound and length > 31:
        assert got.status_code == 400, answer
        (error,) = answer["errors"]
        assert (error["field"], error["code"]) == ("table", "amount_too_large")
        assert str(2**53 - 1) in error["message"]
        return
    assert got.status_code == 200, answer
    assert answer["winning"]
    assert answer["next_table"][key] == length + 1
    assert all(abs(n) <= 2**53 - 1 for n in answer["net"].values())
    assert sum(answer["net"].values()) == 0


@pytest.mark.parametrize("value", [-1, 1.5, "31", True])
def test_a_streak_is_a_whole_number_at_least_zero(client: Client, value: Any) -> None:
    got = post(client, {**STREAK_HAND, "table": {"lao_zhuang": value}})
    assert got.status_code == 400
    (error,) = got.json()["errors"]
    assert (error["field"], error["code"]) == ("table.lao_zhuang", "bad_table")


def test_a_long_streak_still_answers_exactly(client: Client) -> None:
    body = {**STREAK_HAND, "table": {"lao_zhuang": 30}}
    got = post(client, body)
    assert got.status_code == 200, got.content
    answer = got.json()
    assert answer["winning"]
    assert all(abs(n) <= 2**53 - 1 for n in answer["net"].values())
    assert sum(answer["net"].values()) == 0


def test_a_streak_handed_on_past_what_is_written_exactly_is_a_400(client: Client) -> None:
    """Without compounding any streak scores, but the next hand's streak must
    be written exactly too: 2**53 - 1 hands on 2**53, which cannot be."""
    body = {**STREAK_HAND, "rules": {}, "table": {"lao_zhuang": 2**53 - 2}}
    assert post(client, body).json()["next_table"]["lao_zhuang"] == 2**53 - 1
    got = post(client, {**body, "table": {"lao_zhuang": 2**53 - 1}})
    assert got.status_code == 400
    (error,) = got.json()["errors"]
    assert (error["field"], error["code"]) == ("table", "amount_too_large")


def test_a_huge_streak_answers_quickly_on_every_path(client: Client) -> None:
    body = {**STREAK_HAND, "table": {"lao_zhuang": 10**12}}
    started = time.perf_counter()
    got = post(client, body)
    assert got.json()["errors"][0]["code"] == "amount_too_large"
    waits = {k: v for k, v in body.items() if k != "win_tile"}
    got = client.post("/api/waits", data=json.dumps(waits), content_type="application/json")
    assert got.status_code == 400
    assert got.json()["errors"][0]["code"] == "amount_too_large"
    page = Client().get(
        "/?r=sanmen&h=123m456m789m123p5p&w=5p&s=E&d=E&b=self_draw"
        "&o.lao_zhuang_compound=1&t.lao_zhuang=1000000000000"
    )
    assert page.status_code == 200
    assert str(2**53 - 1) in page.content.decode()
    assert time.perf_counter() - started < 5


def test_an_amount_too_large_to_write_exactly_is_a_400(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("rules.engine.MAX_EXACT", 1_000)  # the 10,000 base reaches it
    body = {**STREAK_HAND, "table": {"lao_zhuang": 3}}
    got = post(client, body)
    assert got.status_code == 400
    (error,) = got.json()["errors"]
    assert (error["field"], error["code"]) == ("table", "amount_too_large")
    waits = {k: v for k, v in body.items() if k != "win_tile"}
    got = client.post("/api/waits", data=json.dumps(waits), content_type="application/json")
    assert got.status_code == 400
    assert got.json()["errors"][0]["code"] == "amount_too_large"
    page = Client(HTTP_ACCEPT_LANGUAGE="zh-Hans").get(
        "/?r=sanmen&h=123m456m789m123p5p&w=5p&s=E&d=E&b=self_draw"
        "&o.lao_zhuang_compound=1&o.base=10000&t.lao_zhuang=3"
    )
    assert page.status_code == 200
    assert "金额达到 960000" in page.content.decode()  # the sentence in the page's script
