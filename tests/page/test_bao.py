"""长春's 宝 on the calculator page (issue 25, point 7): a 宝 that cannot
count says why where it is picked, 对宝 fills in what it already says (the 宝
won, self-drawn), and the result calls the 宝 by its own name."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from calculator.page.present.result import WILDS_STOOD_FOR

pytestmark = pytest.mark.django_db

# Ready S waits 5p (004 对宝's case); the 宝 at the look is given per test.
READY = {"r": "changchun", "h": "123m456p789s111z5p", "s": "S", "d": "E", "b": "self_draw"}


def page(client: Client, language: str = "zh-hans", **fields: object) -> str:
    client.cookies["django_language"] = language
    return client.get("/", {**READY, **fields}).content.decode()


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_a_bao_without_ready_says_why_it_does_not_count(client: Client, language: str) -> None:
    shown = page(client, language, w="3z", **{"t.bao_tile": "3z"})
    assert 'id="bao-note"' in shown
    assert (
        "报听" if language == "zh-hans" else "報聽" if language == "zh-hant" else "报听"
    ) in shown
    with_ready = page(client, language, w="3z", g="ready_declared", **{"t.bao_tile": "3z"})
    assert "宝牌" in with_ready or "寶牌" in with_ready
    assert 'id="bao-note"' in with_ready  # the 宝 won: 宝牌, or tick 对宝


def test_dui_bao_fills_in_the_winning_tile_and_self_draw(client: Client) -> None:
    # 对宝 ticked on a discard with no winning tile: the 宝 is the winning tile, self-drawn
    shown = page(
        client, g=["ready_declared", "dui_bao"], b="discard", dc="E", **{"t.bao_tile": "5p"}
    )
    assert 'name="w" value="5p"' in shown
    assert 'name="b" value="self_draw" checked' in shown
    assert "对宝" in shown and "5 番" in shown  # 004 对宝's worked case: 5 番
    assert 'id="bao-note"' not in shown


def test_the_result_calls_the_bao_by_its_name(client: Client) -> None:
    shown = page(client, w="3z", g="ready_declared", **{"t.bao_tile": "3z"})
    with translation.override("zh-hans"):
        assert str(WILDS_STOOD_FOR["changchun"]) in shown
        assert str(WILDS_STOOD_FOR[""]) not in shown
