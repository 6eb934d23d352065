"""Issue 40: a robbed kong's tile held elsewhere is refused on the API, the
command line and the page, and each mistaken input gets one error (point 2)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

ROBBED: dict[str, Any] = {
    "region": "laosanfan",
    "hand": "234m456p789s46p11z",  # a 5p in 456p
    "win_tile": "5p",
    "seat": "S",
    "dealer": "E",
    "win_by": "robbing_kong",
    "discarder": "W",
}


def errors(client: Client, hand: dict[str, Any]) -> list[tuple[str, str]]:
    got = client.post("/api/score", data=json.dumps(hand), content_type="application/json")
    assert got.status_code == 400
    return [(e["field"], e["code"]) for e in got.json()["errors"]]


@pytest.mark.parametrize("region", ["laosanfan", "chuzhou", "sanmen", "changchun", "guobiao"])
def test_api_refuses_a_robbed_kong_held_elsewhere(client: Client, region: str) -> None:
    got = client.post(
        "/api/score", data=json.dumps({**ROBBED, "region": region}), content_type="application/json"
    )
    assert got.status_code == 400
    (error,) = got.json()["errors"]
    assert (error["field"], error["code"]) == ("win_by", "too_many_copies")
    assert "5p" in error["message"] and "fourth" in error["message"]


def test_command_line_refuses_it(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(ROBBED))
    out = io.StringIO()
    with pytest.raises(SystemExit) as info:
        call_command("score", str(path), stdout=out)
    assert info.value.code == 2
    assert json.loads(out.getvalue())["errors"][0]["code"] == "too_many_copies"


@pytest.mark.parametrize(
    ("change", "want"),
    [
        # A three-tile kong: the count of the hand is not restated.
        (
            {
                "hand": "123m456p11z",
                "win_tile": "1z",
                "melds": [{"type": "kong", "tiles": "555m"}, {"type": "pong", "tiles": "777s"}],
            },
            [("melds[0]", "bad_meld")],
        ),
        # A chi in 金湖: refused once, no tile count after it.
        (
            {
                "region": "jinhu",
                "hand": "123m456p789s11m",
                "win_tile": "1m",
                "melds": [{"type": "chi", "tiles": "234s"}],
            },
            [("melds[0]", "meld_not_allowed")],
        ),
        # A wind pair in 金湖: one line per tile, not per copy.
        (
            {"region": "jinhu", "hand": "123m456p789s1122z", "win_tile": "3m"},
            [("hand", "tile_not_in_region"), ("hand", "tile_not_in_region")],
        ),
        # Five 中 as flowers: the flowers are wrong, not the hand.
        (
            {"region": "jinhu", "hand": "123m456p789s1122m", "win_tile": "1m", "flowers": "77777z"},
            [("flowers", "too_many_flowers")],
        ),
        # Flowers where none are played: one error, not also "not a flower".
        (
            {"region": "changchun", "flowers": "1f"},
            [("flowers", "too_many_flowers")],
        ),
    ],
)
def test_one_mistake_one_error(
    client: Client, change: dict[str, Any], want: list[tuple[str, str]]
) -> None:
    hand = {
        **ROBBED,
        "hand": "123m456p789s11z22p",
        "win_tile": "2p",
        "win_by": "self_draw",
        **change,
    }
    assert errors(client, hand) == want


def test_page_says_why_robbing_is_refused(client: Client) -> None:
    url = "/?r=laosanfan&h=234m456p789s46p11z&w=5p&s=S&d=E&b=discard&dc=W"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "抢杠抢的是第四张" in page  # the 抢杠 control says why, before it is picked
    legal = client.get(url.replace("456p", "678p"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "抢杠抢的是第四张" not in legal.content.decode()
    picked = client.get(url.replace("b=discard", "b=robbing_kong"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert picked.content.decode().count("抢杠抢的是第四张") >= 2  # the control and the error
