"""Waits: every tile that would win, scored; checked against trying every tile."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from rules.engine import outcome, score
from rules.regions import REGIONS
from rules.report import SCORE_FIELDS, to_json
from rules.tiles import format_tiles, tile_code
from rules.validate import validate
from rules.waits import waits

SEED_13 = {
    "region": "laosanfan",
    "hand": "13s66m888m",
    "melds": [{"type": "kong", "tiles": "9999m"}, {"type": "pong", "tiles": "555m"}],
    "seat": "S",
    "dealer": "E",
    "win_by": "self_draw",
}


def test_the_seed_hand_waits_on_2s_for_60() -> None:
    got = waits(SEED_13)
    assert got["ok"] and got["ready"]
    (only,) = got["waits"]
    assert only["tile"] == "2s" and only["left"] == 4
    assert only["score"]["total"]["value"] == 60


def test_jinhu_refuses_a_two_sided_wait_and_says_why() -> None:
    got = waits(
        {
            "region": "jinhu",
            "hand": "2345m123p456p789s",
            "seat": "S",
            "dealer": "E",
            "win_by": "discard",
            "discarder": "W",
        }
    )
    by_tile = {w["tile"]: w["score"] for w in got["waits"]}
    assert by_tile["5m"]["winning"] is True  # 調賊
    assert by_tile["2m"]["winning"] is False
    assert "free-wait" in by_tile["2m"]["reasons"][0]


def test_a_discarded_baiban_is_listed_but_does_not_win() -> None:
    got = waits(
        {
            "region": "sanmen",
            "hand": "123m456p78s11z555z",
            "seat": "S",
            "dealer": "E",
            "win_by": "discard",
            "discarder": "W",
        }
    )
    entry = next(w for w in got["waits"] if w["tile"] == "5z")
    assert entry["score"]["winning"] is False
    assert entry["left"] == 1


def test_a_problem_with_the_hand_is_an_error_not_a_wait() -> None:
    got = waits({**SEED_13, "hand": "13s66m88m"})
    assert not got["ok"] and got["errors"][0]["code"] == "wrong_tile_count"
    got = waits({**SEED_13, "win_by": "draw"})
    assert not got["ok"] and got["errors"][0]["field"] == "win_by"


def random_short_hand(rng: random.Random, allowed: list[int]) -> list[int]:
    """13 tiles from a complete hand of the allowed tiles, one taken out."""
    suited = [t for t in allowed if t < 27 and t % 9 <= 6]
    while True:
        tiles = [rng.choice(allowed)] * 2
        for _ in range(4):
            if rng.random() < 0.4 or not suited:
                tiles += [rng.choice(allowed)] * 3
            else:
                s = rng.choice(suited)
                tiles += [s, s + 1, s + 2]
        if max(tiles.count(t) for t in tiles) <= 4:
            tiles.remove(rng.choice(tiles))
            return tiles


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_waits_agree_with_trying_every_tile(region: str) -> None:
    rng = random.Random(region)
    allowed = sorted(REGIONS[region].tiles)
    for _ in range(25):
        tiles = random_short_hand(rng, allowed)
        for win_by in ("self_draw", "discard"):
            hand: dict[str, Any] = {
                "region": region,
                "hand": format_tiles(tiles),
                "seat": "S",
                "dealer": "E",
                "win_by": win_by,
            }
            if win_by == "discard":
                hand["discarder"] = "W"
            got = waits(hand)
            assert got["ok"], got
            listed = {w["tile"] for w in got["waits"] if w["score"].get("winning")}
            tried = {
                tile_code(t)
                for t in allowed
                if tiles.count(t) < 4
                and to_json(score({**hand, "win_tile": tile_code(t)})).get("winning")
            }
            assert listed == tried, (region, hand)
            # Waits build each tile's JSON without a Score: it must be the same answer.
            for w in got["waits"]:
                if w["score"].get("winning"):
                    alone = to_json(score({**hand, "win_tile": w["tile"]}))
                    assert w["score"] == alone, (region, hand, w["tile"])


def test_an_outcome_has_every_field_of_a_score() -> None:
    valid, errors = validate({**SEED_13, "win_tile": "2s"})
    assert valid is not None, errors
    assert set(outcome(*valid)) == set(SCORE_FIELDS)


def test_api_and_command_line(client: Client) -> None:
    response = client.post("/api/waits", data=json.dumps(SEED_13), content_type="application/json")
    assert response.status_code == 200 and response.json()["ready"] is True
    bad = client.post("/api/waits", data="{", content_type="application/json")
    assert bad.status_code == 400
    assert client.get("/api/waits").status_code == 405
    out = io.StringIO()
    import sys

    stdin = sys.stdin
    try:
        sys.stdin = io.StringIO(json.dumps(SEED_13))
        call_command("waits", "-", stdout=out)
    finally:
        sys.stdin = stdin
    assert json.loads(out.getvalue())["waits"][0]["tile"] == "2s"
