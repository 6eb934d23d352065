"""The JSON API and the command line, through Django's own test tools."""

from __future__ import annotations

import io
import json
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
