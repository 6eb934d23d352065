"""One script per page: a 简体 page shows no 繁體 and no English, a 繁體 page no 简体.

Every page a player reaches from the calculator is drawn in each region — empty,
with a result, with an error — and its visible words (text, and the names a
screen reader reads: aria-label, title, placeholder, alt) are judged by OpenCC:
converting a 简体 page to simplified (``t2s``) or a 繁體 page to traditional
(``s2t``) must change nothing. Text marked with its own ``lang`` (the language switch, a Chinese term beside
English) is judged as that language; a seed's sentence quoted verbatim
(``<blockquote lang>`` or ``<q lang>``) is the seed's, not the page's; and
no Latin word may stand outside tile notation (``123m``, ``p555m``).
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from calculator.page.state import PageState
from calculator.teaching.cases import load_cases
from rules.regions import REGIONS

opencc = pytest.importorskip("opencc")

# Characters standard in both scripts that OpenCC's s2t still rewrites in some
# phrases (台 → 臺, 吃 → 喫, 才 → 纔): each checked by hand.
BOTH_SCRIPTS = frozenset("台吃才")

# Tile notation and meld tokens, the only Latin a Chinese page may show.
NOTATION = re.compile(r"\b[pkcax]?[0-9]+[mpszf]\b|\b[0-9]+[mpszf]([0-9]+[mpszf])*\b")
LATIN = re.compile(r"[A-Za-z]+")


class Visible(HTMLParser):
    """The words a reader of the page meets, with the language each is in."""

    SKIP = {"script", "style", "template"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
    NAMES = ("aria-label", "title", "placeholder", "alt")

    def __init__(self, page_lang: str) -> None:
        super().__init__()
        self.stack: list[tuple[str, str, bool]] = [("html", page_lang, False)]
        self.words: list[tuple[str, str]] = []  # (lang, text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        lang = (values.get("lang") or self.stack[-1][1]).lower()
        skip = self.stack[-1][2] or tag in self.SKIP
        if tag == "input" and values.get("type") == "hidden":
            skip = True
        if tag in ("blockquote", "q") and values.get("lang"):
            skip = True  # the seed's sentence, verbatim in its own (marked) script
        if tag in ("kbd", "bdi", "title"):
            # What people typed — a tile code, a name (always drawn in <bdi>,
            # and in a page's title) — is theirs, in whatever script they typed it.
            skip = True
        if not skip:
            for name in self.NAMES:
                if values.get(name):
                    self.words.append((lang, str(values[name])))
        if tag not in self.VOID:
            self.stack.append((tag, lang, skip))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        _, lang, skip = self.stack[-1]
        if not skip and data.strip():
            self.words.append((lang, data.strip()))


@cache
def converter(config: str) -> Any:
    return opencc.OpenCC(config)


def problems(html: str, page_lang: str) -> list[str]:
    found = []
    parser = Visible(page_lang)
    parser.feed(html)
    for lang, text in parser.words:
        if lang.startswith("zh"):
            config = "s2t" if lang == "zh-hant" else "t2s"
            converted = converter(config).convert(text)
            wrong = {a for a, b in zip(text, converted, strict=False) if a != b} - BOTH_SCRIPTS
            if len(converted) != len(text) or wrong:
                found.append(f"[{lang}] other script {''.join(sorted(wrong))!r} in {text!r}")
            latin = LATIN.findall(NOTATION.sub(" ", text))
            if latin:
                found.append(f"[{lang}] Latin {latin} in {text!r}")
    return found


def _case(region: str, wanted: str) -> dict[str, Any]:
    """The first golden case of the region that wins (``win``) or fails (``error``)."""
    for name, case in load_cases():
        expect = case.get("expect", {})
        if not name.startswith(f"{region}/"):
            continue
        wins = expect.get("winning") is not False and expect.get("ok", True)
        if wanted == "win" and wins and case["hand"].get("win_by") == "discard":
            return case
        if wanted == "error" and expect.get("ok") is False and "errors" in expect:
            return case
    raise LookupError(region, wanted)


def _page_of(case: dict[str, Any]) -> str:
    hand = case["hand"]
    fields = PageState.fields_from_json(hand)
    state = PageState(
        region=hand["region"],
        dealer=hand.get("dealer", "E"),
        players=hand.get("players", 4),
        **fields,
    )
    return f"/?{state.query()}"


def pages() -> list[str]:
    found = ["/", "/rules/", "/glossary/", "/accounts/login/", "/accounts/signup/"]
    for region in REGIONS:
        won, refused = _page_of(_case(region, "win")), _page_of(_case(region, "error"))
        found += [f"/?r={region}", won, refused, f"/rules/{region}/", "/compare/" + won[1:]]
        found.append(won.replace("&w=", "&x=") + "&e=win")  # waits shown, win mode hint
    return found


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_every_page_is_in_one_script(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    found = {}
    for path in pages():
        response = client.get(path)
        assert response.status_code == 200, path
        wrong = problems(response.content.decode(), language)
        if wrong:
            found[path] = wrong[:8]
    assert not found, found


def test_the_judge_sees_a_wrong_script_and_a_stray_word() -> None:
    assert problems("<p>大麼明槓</p>", "zh-hans")
    assert problems("<p>大幺明杠</p>", "zh-hant")
    assert problems('<button aria-label="tier">规则</button>', "zh-hans")
    assert not problems('<p>123m456p <span lang="zh-hant">大麼明槓</span> 三门 3 台</p>', "zh-hans")
    assert not problems('<p lang="en">English</p><p>p555m k9999m</p>', "zh-hans")
    # A seed's sentence, marked as the quote it is, keeps the seed's script;
    # the page's own words around it are still judged.
    assert not problems('<p>金湖 <q lang="zh-Hant">金湖麻將計番</q></p>', "zh-hans")
    assert problems('<p>金湖麻將計番 <q lang="zh-Hant">金湖麻將計番</q></p>', "zh-hans")


# What the page says after an edit: a refused tap, what a switch of region left
# out, an egg that is not whole.
EDITS = [
    {"r": "laosanfan", "h": "1111m", "tap": "1m"},
    {"r": "laosanfan", "e": "chi", "tap": "8s"},
    {"r": "laosanfan", "h": "123m456p789s1122z", "w": "3z", "tap": "4z"},
    {"cur_r": "laosanfan", "r": "jinhu", "h": "123m11z", "m": "c123s", "o.tier": "yao_ban_liu"},
    {"cur_r": "chuzhou", "r": "changchun", "g": "jue_zhang", "ev.follow_discard.E": "1"},
    {"r": "changchun", "e": "egg.xuanfeng", "pm": "12z", "tap": "5m"},
    {"r": "changchun", "e": "egg.xuanfeng", "pm": "12z", "egg_done": "1"},
]


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_what_an_edit_says_is_in_one_script(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    for data in EDITS:
        page = client.post("/", data, headers={"HX-Request": "true"}).content.decode()
        assert 'class="notice"' in page, data
        assert not problems(page, language), (data, problems(page, language))
