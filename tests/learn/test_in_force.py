"""The rules in force are on the drill (issue 34 point 4): before answering,
the drill states the house rules the hand is scored under where its score
turns on them (么半三, 边家付一半 …), 楚州's 针 when not all 1, and 包 with why
(or 清不包清 where it applies)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from calculator.learn.forms import sign_hand
from tests.words.test_script import problems

LAOSANFAN = {
    "region": "laosanfan",
    "hand": "123m456p789s11z55p",
    "win_tile": "5p",
    "melds": [],
    "seat": "S",
    "dealer": "E",
    "win_by": "self_draw",
}
CHUZHOU = {
    "region": "chuzhou",
    "hand": "234m567m345p79s11z",
    "win_tile": "8s",
    "melds": [],
    "seat": "E",
    "dealer": "E",
    "win_by": "discard",
    "discarder": "S",
    "flags": ["ready_declared"],
}


def asked(client: Client, hand: dict[str, Any], language: str = "zh-hans") -> str:
    """The drill before any answer (a keypad press asks again)."""
    client.cookies["django_language"] = language
    response = client.post("/learn/answer/", {"h": sign_hand(hand), "l": "total", "k": "1"})
    page = response.content.decode()
    assert 'id="graded"' not in page
    if language != "en":
        assert not problems(page, language)
    return page


@pytest.mark.django_db
def test_laosanfan_states_its_tier_and_who_pays_half(client: Client) -> None:
    page = asked(client, LAOSANFAN)
    assert 'id="in-force"' in page
    assert "么半三" in page and "庄家付全额，另两家付一半" in page
    other = asked(client, {**LAOSANFAN, "rules": {"tier": "yao_ban_liu"}})
    assert "么半六" in other
    hant = asked(client, LAOSANFAN, "zh-hant")
    assert "幺半三" in hant and "莊家付全額，另兩家付一半" in hant


seat_zh = {"E": "东家", "S": "南家", "W": "西家", "N": "北家"}


@pytest.mark.django_db
def test_chuzhou_states_every_seats_zhen_and_the_dealers_double(client: Client) -> None:
    """Issue 43: every payment adds the 针, so they are said even at 1 each,
    with the dealer's counted twice."""
    page = asked(client, {k: v for k, v in CHUZHOU.items() if k != "table"})
    assert "各座位的针：东家 1、南家 1、西家 1、北家 1" in page
    dealer = seat_zh[str(CHUZHOU["dealer"])]
    assert f"庄家的针在每笔付款里算两倍：{dealer}的 1 针按 2 算。" in page
    page = asked(client, {**CHUZHOU, "table": {"zhen": {"E": 2, "S": 2}}})
    assert "各座位的针：东家 2、南家 2、西家 1、北家 1" in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_bao_is_stated_with_why(client: Client, language: str) -> None:
    hand = {
        **CHUZHOU,
        "hand": "5p",
        "win_tile": "5p",
        "melds": [
            {"type": "pong", "tiles": "777z", "from": "S"},
            {"type": "pong", "tiles": "666z", "from": "W"},
            {"type": "pong", "tiles": "555z", "from": "S"},
            {"type": "chi", "tiles": "123p", "from": "N"},
        ],
        "flags": [],
        "table": {"bao_seat": "S"},
    }
    page = asked(client, hand, language)
    why = {
        "zh-hans": "包庄（三大元）：已经碰了两组箭牌，第三组是南家喂的",
        "zh-hant": "包莊（三大元）：已經碰了兩組箭牌，第三組是南家餵的",
        "en": "包庄 (三大元): two dragon pongs were down and South fed the third",
    }
    assert why[language] in page
    page = asked(client, {**hand, "flags": ["qing_bu_bao_qing"]}, language)
    assert "清不包清" in page


@pytest.mark.django_db
def test_guobiao_states_the_prevalent_wind_even_at_its_default(client: Client) -> None:
    hand = {
        "region": "guobiao",
        "hand": "123m456m789m123p5s",
        "win_tile": "5s",
        "melds": [],
        "seat": "S",
        "dealer": "E",
        "win_by": "self_draw",
    }
    assert "圈风：东风" in asked(client, hand)
    assert "圈風：南風" in asked(client, {**hand, "table": {"round_wind": "S"}}, "zh-hant")


@pytest.mark.django_db
def test_laosanfan_bao_says_which_bar_the_discard_broke(client: Client) -> None:
    three_pongs = {
        **LAOSANFAN,
        "hand": "2p3p8s8s",
        "win_tile": "1p",
        "melds": [
            {"type": "pong", "tiles": "111z", "from": "N"},
            {"type": "pong", "tiles": "999m", "from": "N"},
            {"type": "pong", "tiles": "555p", "from": "E"},
        ],
        "win_by": "discard",
        "discarder": "W",
        "table": {"bao_seat": "W"},
    }
    page = asked(client, three_pongs)
    assert "三摊包牌：胡牌的人亮出三组碰或杠，别人不许打一、九或字牌；西家照样打了" in page
    one_suit = {
        **three_pongs,
        "hand": "34s99p",
        "win_tile": "2s",
        "melds": [
            {"type": "chi", "tiles": "123s"},
            {"type": "pong", "tiles": "555s"},
            {"type": "chi", "tiles": "789s"},
        ],
    }
    assert "三摊包牌：胡牌的人亮出三组同一花色的牌" in asked(client, one_suit)


@pytest.mark.django_db
def test_jinhu_states_whether_the_discarder_had_declared_ready(client: Client) -> None:
    """Issue 43: an unready discarder of a 賊 pays for all (包五家), so a
    discard win says who had declared ready, the discarder named."""
    hand = {
        "region": "jinhu",
        "hand": "123m456m789m5p",
        "win_tile": "5p",
        "melds": [{"type": "pong", "tiles": "888s", "from": "S"}],
        "seat": "E",
        "dealer": "E",
        "win_by": "discard",
        "discarder": "N",
    }
    page = asked(client, hand)
    assert "还有谁报听了：无" in page and "点炮的北家没有报听。" in page
    ready = asked(client, {**hand, "table": {"ready": ["N"]}})
    assert "还有谁报听了：北家" in ready and "点炮的北家已经报听。" in ready


@pytest.mark.django_db
def test_sanmen_states_the_lao_zhuang_streak_and_the_stake(client: Client) -> None:
    hand = {
        "region": "sanmen",
        "hand": "123m456m789p5z",
        "win_tile": "5z",
        "melds": [{"type": "pong", "tiles": "777z", "from": "W"}],
        "seat": "N",
        "dealer": "E",
        "win_by": "self_draw",
    }
    page = asked(client, hand)
    assert "老庄连庄数（0 = 无）：0" in page and "底分，即基础分：1" in page
    streak = asked(client, {**hand, "table": {"lao_zhuang": 2}})
    assert "老庄连庄数（0 = 无）：2" in streak
