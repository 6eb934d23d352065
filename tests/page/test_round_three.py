"""Issue 33's view checks: a cap that hides items says what it hid (point
5); no internal words (point 7); notation errors count from 1 and items of
one Chinese name told apart (point 8)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.engine import score

pytestmark = pytest.mark.django_db

# 三门, 1123456789条 with 白白白, self-drawn on 1条: 3“得” is the cap (3 台)
# and a reading with 清一色 is capped to as much.
CAPPED = "/?r=sanmen&h=1123456789s555z&w=1s&s=S&d=E&b=self_draw"


def test_the_engine_names_what_the_cap_hid() -> None:
    got = score(
        {
            "region": "sanmen",
            "hand": "1123456789s555z",
            "win_tile": "1s",
            "seat": "S",
            "dealer": "E",
            "win_by": "self_draw",
        }
    )
    assert [i.key for i in got.items if i.unit == "台"] == ["san_de"]
    assert [(i.name, i.value) for i in got.also] == [("清一色", 3)]
    # Where the shown breakdown has both, nothing is said twice.
    got = score(
        {
            "region": "sanmen",
            "hand": "1123456789s555z",
            "win_tile": "5s",
            "seat": "S",
            "dealer": "E",
            "win_by": "self_draw",
        }
    )
    assert got.also == ()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh-hans", "封顶：另有 清一色 3 台"),
        ("zh-hant", "封頂：另有 清一色 3 台"),
        ("en", "Capped: also 清一色 3 tai"),
    ],
)
def test_a_cap_that_hides_an_item_lists_it(client: Client, language: str, said: str) -> None:
    client.cookies["django_language"] = language
    page = client.get(CAPPED).content.decode()
    assert f'<p class="also" id="also">{said}</p>' in page


INTERNAL = ("原文", "the seed", "seed's", "(000)")


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
@pytest.mark.parametrize("region", ["laosanfan", "jinhu", "chuzhou", "sanmen", "changchun"])
def test_no_page_says_where_a_rule_came_from(client: Client, region: str, language: str) -> None:
    """Option values say what they do (三门's formula: 只算胡型, 台 listed), not
    that they are "as the seed" (issue 33, point 7)."""
    client.cookies["django_language"] = language
    for url in (f"/?r={region}", f"/rules/{region}/"):
        page = client.get(url).content.decode()
        for word in INTERNAL:
            assert word not in page, (url, word)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh-hans", "只算胡型（台只列出，不翻倍）"),
        ("zh-hant", "只算胡型（台只列出，不翻倍）"),
        ("en", "胡型 only: 台 listed, not multiplied"),
    ],
)
def test_the_formula_that_counts_only_the_win_says_so(
    client: Client, language: str, said: str
) -> None:
    client.cookies["django_language"] = language
    assert said in client.get("/?r=sanmen").content.decode()


def test_an_english_example_marks_the_rules_words_it_quotes(client: Client) -> None:
    """On an English rules page, the Chinese an example's note quotes is
    marked as a quote in the rules' script (issue 33, point 7)."""
    from calculator.teaching.cases import examples_for
    from rules.regions import REGIONS

    client.cookies["django_language"] = "en"
    for region in ("chuzhou", "laosanfan", "sanmen"):
        keys = [i.key for i in REGIONS[region].items if examples_for(region, i.key)]
        for key in keys[:6]:
            page = client.get(f"/rules/{region}/{key}/examples/").content.decode()
            for note in re.findall(r"<p>(.*?) — ", page):
                left = re.sub(r'<q lang="zh-Han[st]">.*?</q>', "", note)
                assert not re.search(r"[\u4e00-\u9fff]", left), (region, key, note)


@pytest.mark.parametrize(
    ("language", "said"),
    [("zh-hans", "第 17 个字符"), ("zh-hant", "第 17 個字元"), ("en", "at position 17")],
)
def test_a_notation_error_counts_from_one(client: Client, language: str, said: str) -> None:
    """The x is the 17th character of 123m456m789m12p3x (issue 33, point 8)."""
    client.cookies["django_language"] = language
    page = client.get("/?r=laosanfan&h=123m456m789m12p3x&w=1p&s=S").content.decode()
    assert said in page


@pytest.mark.parametrize(
    ("language", "season", "plant"),
    [
        ("zh-hans", "正花（春夏秋冬）", "正花（梅兰竹菊）"),
        ("zh-hant", "正花（春夏秋冬）", "正花（梅蘭竹菊）"),
        ("en", "正花 (seasons)", "正花 (plants)"),
    ],
)
def test_two_items_of_one_name_are_told_apart(
    client: Client, language: str, season: str, plant: str
) -> None:
    """老三番's 正花 of the seasons and of the plants, on the calculator's
    breakdown, the rules page and the compare page (issue 33, point 8)."""
    client.cookies["django_language"] = language
    hand = "r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&f=1f5f&s=E&d=E&b=self_draw"
    for url in (f"/?{hand}", "/rules/laosanfan/", f"/compare/?{hand}"):
        # English pages mark the Chinese name with its lang (<span lang="zh-Hans">).
        page = re.sub(
            r"<span lang=\"zh-Han[st]\">([^<]*)</span>", r"\1", client.get(url).content.decode()
        )
        assert season in page and plant in page, url
