"""Feedback that points at the tiles (issue 34 point 3): each counted item
names the tiles that earn it, a wrong tick says what in the hand rules it
out, and the payments show the calculator's formula."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from calculator.learn import pointing
from calculator.learn.forms import sign_hand
from calculator.learn.grading import scored_items
from calculator.learn.pointing import look_of, tiles_for
from rules.engine import score
from rules.evidence import item_tiles
from rules.regions import REGIONS
from rules.shows import POINTS, REGION_POINTS
from tests.words.test_script import problems

# 老三番: 五万's triplet completed by 西家's discard, a concealed 东 kong.
HAND = {
    "region": "laosanfan",
    "hand": "55m123p456s99p",
    "win_tile": "5m",
    "melds": [{"type": "concealed_kong", "tiles": "1111z"}],
    "seat": "S",
    "dealer": "E",
    "win_by": "discard",
    "discarder": "W",
}


def graded(client: Client, hand: dict[str, Any], level: str, **answer: Any) -> str:
    data = {"h": sign_hand(hand), "l": level, "go": "1", **answer}
    response = client.post("/learn/answer/", data)
    assert response.status_code == 200
    return response.content.decode()


def row_of(page: str, key: str) -> str:
    found = re.search(rf'<li class="item[^"]*" id="row-{key}">(.*?)</li>', page, re.S)
    assert found, key
    return found.group(1)


def test_every_look_names_an_item_of_some_region() -> None:
    keys = {item.key for region in REGIONS.values() for item in region.items}
    assert set(POINTS) <= keys, set(POINTS) - keys
    assert all(key in REGIONS[r].by_key for r, key in REGION_POINTS)


def test_one_table_of_what_items_look_at_serves_the_engine_and_the_feedback() -> None:
    """The grouping of item keys is the engine's alone (``rules.shows.POINTS``):
    the feedback keeps no copy of it, and reads each key as the engine does."""
    assert not hasattr(pointing, "LOOKS_AT") and not hasattr(pointing, "REGION_LOOKS")
    assert look_of("laosanfan", "an_gang") == REGION_POINTS[("laosanfan", "an_gang")]
    assert look_of("guobiao", "dragon_pung") == POINTS["dragon_pung"]
    assert look_of("changchun", "hu_dan_zhang") == pointing.Look("win")  # a wait: its tile
    assert look_of("laosanfan", "hu_di") is None  # the base: no tile
    # 老三番's 其餘 明杠 is the 2–8 kong alone, not its 大幺 东 kong beside it.
    hand = {
        "region": "laosanfan",
        "hand": "123m456p9s",
        "win_tile": "9s",
        "melds": [{"type": "kong", "tiles": "7777p"}, {"type": "kong", "tiles": "1111z"}],
        "seat": "S",
        "dealer": "E",
        "win_by": "self_draw",
    }
    evidence = item_tiles(hand)
    assert evidence["ming_gang"] == (("7p",) * 4,)
    assert evidence["da_yao_ming_gang"] == (("1z",) * 4,)


@pytest.mark.django_db
def test_a_wrong_concealed_triplet_says_the_discard_made_it_exposed(client: Client) -> None:
    client.cookies["django_language"] = "zh-hans"
    got = scored_items(score(HAND))
    assert "an_ke" not in got and "peng" in got
    page = graded(client, HAND, "items", i=[*got, "an_ke"])
    assert "五万 的刻子是西家点炮完成的，算明刻。" in row_of(page, "an_ke")
    assert not problems(page, "zh-hans")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_each_item_that_looks_at_tiles_names_them(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    page = graded(client, HAND, "items", i=scored_items(score(HAND)))
    words = {"zh-hans": "算这一项的牌：", "zh-hant": "算這一項的牌：", "en": "Tiles that earn it: "}
    kong = row_of(page, "da_yao_an_gang")
    assert words[language] in kong and 'class="point-tiles"' in kong
    assert words[language] in row_of(page, "peng")
    if language != "en":
        assert not problems(page, language)


def test_the_tiles_pointed_at() -> None:
    """The engine's own evidence: the sets of the reading that won."""
    evidence = item_tiles(HAND)
    assert evidence["da_yao_an_gang"] == (("1z",) * 4,)
    assert evidence["peng"] == (("5m",) * 3,)  # completed by the discard: shown
    assert "an_ke" not in evidence
    assert tiles_for(HAND, look_of("laosanfan", "an_ke")) == []  # type: ignore[arg-type]


@pytest.mark.django_db
def test_the_payments_show_the_calculators_formula(client: Client) -> None:
    client.cookies["django_language"] = "zh-hans"
    got = score(HAND)
    page = graded(client, HAND, "payments", **{f"n.{s}": str(n) for s, n in got.net.items()})
    assert "× ½" in page and "边家" in page
    assert 'class="pay-how"' in page


@pytest.mark.django_db
def test_an_extra_tick_alone_is_not_called_a_miss(client: Client) -> None:
    """Issue 34 point 7: "还差一点：看看下面漏了什么" said where nothing was missed."""
    client.cookies["django_language"] = "zh-hans"
    page = graded(client, HAND, "items", i=[*scored_items(score(HAND)), "an_ke"])
    assert "漏了什么" not in page and "没有漏，但勾了这手牌不算的番种" in page
    page = graded(client, HAND, "items", i=[])
    assert "看看下面漏了什么" in page


@pytest.mark.django_db
def test_a_teacher_signing_up_from_the_drill_sets_lands_back_there(client: Client) -> None:
    login = client.get("/learn/sets/", follow=True).content.decode()
    assert "signup/?next=/learn/sets/" in login or "?next=%2Flearn%2Fsets%2F" in login
    form = client.get("/accounts/signup/", {"next": "/learn/sets/"}).content.decode()
    assert 'name="next" value="/learn/sets/"' in form
    response = client.post(
        "/accounts/signup/",
        {
            "username": "teacher34",
            "password1": "a-long-Pass-34!",
            "password2": "a-long-Pass-34!",
            "next": "/learn/sets/",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/learn/sets/"
    # Elsewhere than this site: the referee's sessions, as before.
    other = client.post(
        "/accounts/signup/",
        {
            "username": "teacher35",
            "password1": "a-long-Pass-35!",
            "password2": "a-long-Pass-35!",
            "next": "https://example.com/",
        },
    )
    assert other["Location"] != "https://example.com/"


def point_tiles(row: str) -> list[list[str]]:
    """The sets a row's pointer draws, each as the tile codes of its pictures."""
    found = re.search(
        r'<span class="point-tiles"[^>]*>(.*?)</span> <span class="point-named">', row, re.S
    )
    if not found:
        return []
    sets = re.findall(r'<span class="point-set">(.*?)</span>', found.group(1), re.S)
    return [re.findall(r'#t-([0-9a-z]+)"', one) for one in sets]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_every_counted_item_points_at_exactly_its_tiles_in_every_region(
    client: Client, language: str
) -> None:
    """Thirty drills a language (five a region): each counted item's row
    draws exactly the sets the engine says earn it (``rules.evidence``), no
    others; an item earned by no tile says it is the base, or what the hand
    lacks, or draws nothing."""
    from calculator.learn.pointing import ABSENT, BASE
    from rules.deal import deal_many

    client.cookies["django_language"] = language
    for region in sorted(REGIONS):
        for hand in deal_many(region, 5, seed=34):
            got = score(hand)
            evidence = item_tiles(hand)
            page = graded(client, hand, "items", i=scored_items(got))
            assert 'class="verdict good"' in page
            for key in scored_items(got):
                row = row_of(page, key)
                want = [list(s) for s in evidence[key]]
                assert point_tiles(row) == want, (region, key, point_tiles(row), want)
                if key in BASE or key in ABSENT:
                    assert 'class="point point-none"' in row, (region, key)
            if language != "en":
                assert not problems(page, language), (region, problems(page, language))


EARNS = re.compile(r'<span class="earns" data-items="([^"]*)" data-tiles="([^"]*)">')


def marked_on_the_hand(page: str) -> dict[str, list[str]]:
    """Each item's tiles as the drawn hand marks them (its tiles, sorted)."""
    picture = page[page.index('id="dealt-tiles"') : page.index('id="dealt-words"')]
    found: dict[str, list[str]] = {}
    for items, tiles in EARNS.findall(picture):
        for key in items.split():
            found.setdefault(key, []).extend(tiles.split())
    return {k: sorted(v) for k, v in found.items()}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_drawn_hand_marks_exactly_the_tiles_that_earn_each_item(
    client: Client, language: str
) -> None:
    """Issue 43 point 2: an item marked right or missed has the tiles that earn
    it marked on the drill's hand picture itself — the engine's own item →
    tiles, no others — with its name as text beside each for a screen reader."""
    from rules.deal import deal_many

    client.cookies["django_language"] = language
    for region in sorted(REGIONS):
        for n, hand in enumerate(deal_many(region, 3, seed=43)):
            got = scored_items(score(hand))
            evidence = item_tiles(hand)
            # Half ticked (right), half left (missed): both are marked.
            page = graded(client, hand, "items", i=got[::2])
            want = {k: sorted(c for s in evidence[k] for c in s) for k in got if evidence.get(k)}
            assert marked_on_the_hand(page) == want, (region, n, hand)
            if want:
                assert 'id="earns-key"' in page and 'class="sr-only">' in page
    # A wrong tick marks nothing: 老三番's triplet of 五万 earns 碰, not 暗刻.
    page = graded(client, HAND, "items", i=["an_ke"])
    assert "an_ke" not in marked_on_the_hand(page)
