"""Units in the reader's words (issue 43, point 4): an English page says a
count or an amount in fan, hu, tai, silver — never "300 胡" or "2 台" — on
the calculator, the rules pages, the glossary and the comparison; and a 繁體
page keeps 幺 (大幺暗刻, 幺半三), never 麼, which OpenCC's s2t makes of 么.
Judged on the words the reader meets (``Visible``), apart from Chinese marked
as such (an item's name beside its gloss) and a seed's quoted sentence."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.regions import REGIONS
from tests.words.test_script import Visible, pages

pytest.importorskip("opencc")

# A number followed by a Chinese unit, or a Chinese unit word standing alone
# in a formula's brackets.
CHINESE_UNIT = re.compile(
    r"[0-9]\s*(?:番|胡|台|倍|银|銀)(?![\u4e00-\u9fff])|\((?:底分|叠加|老庄|胡型|边家|邊家)\)"
)
# 麼 is right only in words such as 什麼 and 怎麼.
WRONG_YAO = re.compile(r"(?<![什怎這那多])麼")


def english_pages() -> list[str]:
    return [*pages(), *(f"/rules/{r}/" for r in REGIONS), "/rules/", "/glossary/"]


def words_of(html: str, language: str, lang_prefix: str) -> list[str]:
    parser = Visible(language)
    parser.feed(html)
    return [text for lang, text in parser.words if lang.startswith(lang_prefix)]


def test_english_pages_say_units_in_english(client: Client) -> None:
    client.cookies["django_language"] = "en"
    found = {}
    for path in english_pages():
        page = client.get(path).content.decode()
        wrong = [t for t in words_of(page, "en", "en") if CHINESE_UNIT.search(t)]
        if wrong:
            found[path] = wrong[:5]
    assert not found, found


def test_traditional_pages_keep_yao(client: Client) -> None:
    client.cookies["django_language"] = "zh-hant"
    found = {}
    for path in [*english_pages(), "/?r=laosanfan&o.tier=yao_ban_san"]:
        page = client.get(path).content.decode()
        wrong = [t for t in words_of(page, "zh-hant", "zh") if WRONG_YAO.search(t)]
        if wrong:
            found[path] = wrong[:5]
    assert not found, found


def test_tui_dao_ba_pays_its_figure_in_silver(client: Client) -> None:
    client.cookies["django_language"] = "en"
    page = client.get(
        "/?r=laosanfan&o.tier=tui_dao_ba&h=123m456m789m123p5p&w=5p&s=S&d=E&b=self_draw"
    ).content.decode()
    value = re.search(r'<p class="verdict good" id="value">(.*?)</p>', page, re.S)
    assert value is not None
    assert "silver" in value.group(1) and "hu" not in value.group(1)


def test_the_judge_sees_a_chinese_unit() -> None:
    assert CHINESE_UNIT.search("300 胡")
    assert CHINESE_UNIT.search("5 + 坐庄 1 = 6 番")
    assert CHINESE_UNIT.search("{base} (底分) × 2")
    assert not CHINESE_UNIT.search("300 hu, 6 fan, 2 tai, 80 silver")
    assert WRONG_YAO.search("大麼暗刻") and not WRONG_YAO.search("什麼")
