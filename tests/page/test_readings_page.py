"""Other readings under the result (issue 26): each house rule whose other
value changes this hand, worded in the page's script, applied in one tap by a
link that holds the reading (so a copied link shows it), marked as not the
default with the way back; on a session's page, shown without a tap."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.club.models import ClubSession

pytestmark = pytest.mark.django_db

SEED = "/?r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw"


def lines(page: str) -> list[str]:
    found = page.split('class="plain reading-lines"')
    if len(found) < 2:
        return []
    return re.findall(r'<li id="reading-([^"]+)">', found[1].split("</ul>")[0])


@pytest.mark.parametrize(
    ("language", "title", "tried"),
    [
        ("zh-hans", "其他读法", "试了 11 种读法"),
        ("zh-hant", "其他讀法", "試了 11 種讀法"),
        ("en", "Other readings", "11 readings tried"),
    ],
)
def test_the_seed_hand_lists_the_readings_that_change_it(
    client: Client, language: str, title: str, tried: str
) -> None:
    client.cookies["django_language"] = language
    page = client.get(SEED).content.decode()
    assert title in page and tried in page
    found = lines(page)
    assert found[:2] == ["tier-yao_ban_liu", "tier-yao_er_liu"]  # the options' order, then values'
    assert len(found) >= 3
    if language == "zh-hans":
        assert "合计 90 胡" in page and "南家 +80" in page  # 么半六: S collects 200, 80 more


def test_a_reading_applies_in_one_tap_and_shows_the_way_back(client: Client) -> None:
    client.cookies["django_language"] = "zh-hans"
    page = client.get(SEED).content.decode()
    link = unescape(
        re.search(r'<li id="reading-tier-yao_ban_liu">\s*<a class="rule" href="([^"]+)"', page)[1]
    )
    assert link.startswith("?") and "o.tier=yao_ban_liu" in link
    applied = client.get("/" + link).content.decode()
    assert "南家共收 200" in applied or "200 银" in applied  # the seed's own answer
    assert 'id="applied"' in applied and "恢复默认" in applied
    assert "tier-yao_ban_liu" not in lines(applied)  # the reading in force is no other reading
    assert "tier-yao_ban_san" in lines(applied)  # the default is one, back the other way
    back = unescape(
        re.search(
            r'<div class="applied" id="applied">.*?<a class="chip" href="([^"]+)"', applied, re.S
        )[1]
    )
    assert "o.tier" not in back


def test_a_hand_no_reading_changes_says_how_many_were_tried(client: Client) -> None:
    client.cookies["django_language"] = "en"
    # 国标: min_fan and base are numbers with no variant named, so neither is
    # tried; seat_wind_mode is, and S (南 either way, no wind pung) gains nothing
    page = client.get("/?r=guobiao&h=123m345m567p789s1z&w=1z&s=S&b=self_draw").content.decode()
    assert "1 reading tried: none changes the result." in page
    page = client.get("/?r=jinhu&h=123m456m789m1p&w=1p&m=p999s&s=S&d=E&b=discard&dc=W")
    assert "5 readings tried: none changes the result." in page.content.decode()


@pytest.mark.parametrize(
    ("language", "settles", "against"),
    [
        ("zh-hans", "结算（银）：东家 −100、南家 +200、西家 −50、北家 −50", "比现在："),
        ("zh-hant", "結算（銀）：東家 −100、南家 +200、西家 −50、北家 −50", "比現在："),
        ("en", "East −100, South +200, West −50, North −50", "Against now: "),
    ],
)
def test_a_reading_line_is_the_settlement_and_the_change_marked(
    client: Client, language: str, settles: str, against: str
) -> None:
    """Every seat's money under the reading, one whose money does not change
    too, then what changes against now, marked (issue 33, point 2)."""
    client.cookies["django_language"] = language
    page = client.get(SEED).content.decode()
    line = page.split('<li id="reading-tier-yao_ban_liu">')[1].split("</li>")[0]
    assert settles in line and against in line
    for seat_line in page.split('<li id="reading-')[1:]:
        body = seat_line.split("</li>")[0]
        settled = re.search(r'class="settles">([^<]*)<', body)
        assert (
            settled and len(re.findall(r"[+−]?\d+", settled[1].split(":")[-1].split("：")[-1])) == 4
        )
        assert against in body


def test_a_session_shows_the_readings_without_applying_them(client: Client) -> None:
    user = User.objects.create_user("referee", password="mahjong-night-2026")
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    data = {
        "title": "Friday",
        "region": "laosanfan",
        "players": 4,
        **{f"name_{s}": n for s, n in zip("ESWN", ["甲", "乙", "丙", "丁"], strict=True)},
        "dealer": "E",
        "shown_region": "laosanfan",
    }
    assert client.post(reverse("session-new"), data).status_code == 302
    url = reverse("session-hand", args=[ClubSession.objects.get(owner=user).pk])
    page = client.get(url + SEED[1:]).content.decode()
    assert '<details class="readings" id="readings">' in page  # collapsed
    assert lines(page) and 'class="rule" href=' not in page
