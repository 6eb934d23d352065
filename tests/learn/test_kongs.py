"""Every kong drawn as it lies (issue 34 point 1): a concealed kong with its
two end tiles face down and named 暗杠, an exposed one named 明杠 with the
seat that gave it, an added kong named 加杠 — in the drill, the drill sets,
the rules pages' examples and the calculator's melds — so that a learner
reading the drawn hand scores it as the engine does."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from calculator.learn.dealt import hand_view
from calculator.learn.forms import sign_hand
from rules.engine import score
from tests.words.test_script import problems

LANGUAGES = ["zh-hans", "zh-hant", "en"]
# 老三番: 大幺暗杠 and 明杠 score apart (16/32 against 8/16 胡).
CONCEALED = {
    "region": "laosanfan",
    "hand": "123m456p78s55z",
    "win_tile": "9s",
    "melds": [{"type": "concealed_kong", "tiles": "1111z"}],
    "seat": "S",
    "dealer": "E",
    "win_by": "discard",
    "discarder": "W",
}
EXPOSED = {**CONCEALED, "melds": [{"type": "kong", "tiles": "1111z", "from": "W"}]}
ADDED = {**CONCEALED, "melds": [{"type": "added_kong", "tiles": "1111z", "from": "N"}]}
KONG_WORDS = {
    "zh-hans": ("暗杠", "明杠", "加杠", "西家"),
    "zh-hant": ("暗槓", "明槓", "加槓", "西家"),
    "en": ("Concealed kong", "Exposed kong", "Added kong", "West"),
}


def drawn(client: Client, hand: dict[str, Any], level: str = "total") -> str:
    """The drill as the learner sees it before answering (a keypad press
    asks again without grading)."""
    response = client.post("/learn/answer/", {"h": sign_hand(hand), "l": level, "k": "1"})
    assert response.status_code == 200
    page = response.content.decode()
    return page[
        page.index('<div class="tiles" id="dealt-tiles"') : page.index('<p class="dealt-words"')
    ]


def test_the_hands_differ_only_in_the_kong_and_score_apart() -> None:
    assert score(CONCEALED).total != score(EXPOSED).total


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_drill_draws_each_kong_as_it_lies(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    concealed, exposed, added, west = KONG_WORDS[language]
    page = drawn(client, CONCEALED)
    assert page.count("tile-down") == 2 and concealed in page
    page_exposed = drawn(client, EXPOSED)
    assert "tile-down" not in page_exposed
    assert exposed in page_exposed and west in page_exposed
    page_added = drawn(client, ADDED)
    assert "tile-down" not in page_added and added in page_added
    assert page_added.count('class="meld-added"') == 1
    if language != "en":
        for html in (page, page_exposed, page_added):
            assert not problems(html, language)


def test_the_face_down_ends_are_the_first_and_last() -> None:
    meld = hand_view(CONCEALED)["melds"][0]
    assert [t.down for t in meld["tiles"]] == [True, False, False, True]
    assert meld["type"] == "concealed_kong" and meld["from"] == ""
    assert not any(t.down for t in hand_view(EXPOSED)["melds"][0]["tiles"])


@pytest.mark.django_db
def test_a_face_down_tile_keeps_its_name_for_screen_readers(client: Client) -> None:
    client.cookies["django_language"] = "zh-hans"
    page = drawn(client, CONCEALED)
    labels = re.findall(r'class="tile tile-down[^"]*"[^>]*aria-label="([^"]+)"', page)
    assert len(labels) == 2 and all(x.endswith("（扣着）") and "东" in x for x in labels)


@pytest.mark.django_db
def test_the_rules_pages_examples_and_the_calculator_show_concealed_kongs(
    client: Client,
) -> None:
    client.cookies["django_language"] = "zh-hans"
    examples = client.get("/rules/laosanfan/da_yao_an_gang/examples/").content.decode()
    assert "tile-down" in examples and "暗杠" in examples
    page = client.get("/", {"r": "laosanfan", "m": "x1111z"}).content.decode()
    assert page.count("tile-down") == 2


@pytest.mark.django_db
def test_the_hand_is_arranged_and_an_egg_says_its_stand_ins(client: Client) -> None:
    hand = {
        "region": "changchun",
        "hand": "7p7p7p4s4s5m5m",
        "win_tile": "5m",
        "melds": [
            {"type": "egg", "kind": "jiu", "tiles": "9m9p1s", "hui": 1},
            {"type": "kong", "tiles": "2222p", "from": "N"},
        ],
        "seat": "S",
        "dealer": "E",
        "win_by": "self_draw",
        "flags": ["ready_declared"],
    }
    view = hand_view(hand)
    assert [t.code for t in view["hand"]] == ["5m", "5m", "7p", "7p", "7p", "4s", "4s"]
    client.cookies["django_language"] = "zh-hans"
    page = drawn(client, hand)
    assert "九蛋 · 1 会" in page and "明杠 · 北家" in page
