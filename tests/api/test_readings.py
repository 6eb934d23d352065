"""``POST /api/score`` and ``manage.py score`` with ``"readings": true``: each
entry checked against posting the hand again with that one option set."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from calculator.teaching.cases import load_cases
from rules.regions import REGIONS

# One hand per region: the first of its golden readings cases (tests/cases/<region>/readings.toml).
HANDS = {
    region: next(c["hand"] for n, c in load_cases() if n.startswith(f"{region}/readings::"))
    for region in sorted(REGIONS)
}
READING_KEYS = {"readings_tried", "readings"}


def post(client: Client, body: Any) -> Any:
    return client.post("/api/score", data=json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_readings_are_the_hand_posted_again_with_one_option_set(
    client: Client, region: str
) -> None:
    hand = HANDS[region]
    response = post(client, {**hand, "readings": True})
    assert response.status_code == 200
    got = response.json()
    plain = post(client, hand).json()
    assert {k: v for k, v in got.items() if k not in READING_KEYS} == plain
    assert isinstance(got["readings_tried"], int) and isinstance(got["readings"], list)
    assert len(got["readings"]) <= got["readings_tried"]
    if region != "guobiao":  # 国标's options are numbers with no table variant named
        assert len(got["readings"]) >= 2
    rules = dict(hand.get("rules") or {})
    for entry in got["readings"]:
        assert list(entry) == ["option", "value", "winning", "total", "net"]
        again = post(client, {**hand, "rules": {**rules, entry["option"]: entry["value"]}})
        assert again.status_code == 200
        want = again.json()
        assert (entry["winning"], entry["total"], entry["net"]) == (
            want["winning"],
            want["total"],
            want["net"],
        )
        assert (entry["total"], entry["net"]) != (plain["total"], plain["net"])


@pytest.mark.parametrize("asked", [False, None, "absent"])
def test_no_readings_unless_asked(client: Client, asked: Any) -> None:
    hand = HANDS["laosanfan"]
    body = hand if asked == "absent" else {**hand, "readings": asked}
    response = post(client, body)
    assert response.status_code == 200
    assert not READING_KEYS & set(response.json())
    assert response.content == post(client, hand).content  # byte for byte


@pytest.mark.parametrize("value", ["yes", "true", 1, [], {"on": True}])
def test_a_bad_readings_value_is_a_400_naming_the_field(client: Client, value: Any) -> None:
    response = post(client, {**HANDS["laosanfan"], "readings": value})
    assert response.status_code == 400
    body = response.json()
    assert body["ok"] is False
    assert {"field": "readings", "code": "bad_option_value"} in [
        {"field": e["field"], "code": e["code"]} for e in body["errors"]
    ]


def test_a_refused_hand_has_no_readings(client: Client) -> None:
    response = post(client, {**HANDS["laosanfan"], "hand": "13s66m88m", "readings": True})
    assert response.status_code == 400
    assert not READING_KEYS & set(response.json())


def test_the_command_line_prints_the_readings(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HANDS["laosanfan"]))
    out = io.StringIO()
    call_command("score", str(path), "--readings", stdout=out)
    got = json.loads(out.getvalue())
    assert got["ok"] and got["readings_tried"] >= len(got["readings"]) >= 2
    # Printed as the rest of the score is: indented JSON, Chinese as it is.
    assert out.getvalue().startswith('{\n  "ok": true') and "胡" in out.getvalue()
    plain = io.StringIO()
    call_command("score", str(path), stdout=plain)
    assert not READING_KEYS & set(json.loads(plain.getvalue()))
    assert {k: v for k, v in got.items() if k not in READING_KEYS} == json.loads(plain.getvalue())


def test_the_command_line_with_readings_still_exits_2_on_a_bad_hand(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({**HANDS["laosanfan"], "hand": "13s66m88m"}))
    out = io.StringIO()
    with pytest.raises(SystemExit) as info:
        call_command("score", str(path), "--readings", stdout=out)
    assert info.value.code == 2
    assert not READING_KEYS & set(json.loads(out.getvalue()))
