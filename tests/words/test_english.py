"""English that reads as English, on the calculator page.

The page is drawn in English for hands that bring up every error and every
reason the golden cases hold (``tests/cases``: those refused or not winning),
for taps the page refuses, and for a winning hand of every item. Each error,
reason and notice is read as the player reads it:

- every sentence starts with a capital (the engine writes its messages in
  lower case, as the API's are);
- no sentence is said twice, nor its words again in the next one (an error
  and its fix that say the same thing);
- the sentences the issue quoted agree in number ("All four Red Dragon are",
  "with 1 melds", "there are 1" are gone);
- every Chinese character on the English page is simplified — the page's
  Chinese terms (items, rule sections, house rules and their choices, the
  formula, payments) beside their English — apart from a seed's sentence
  quoted verbatim (``<blockquote lang>``) and words marked as traditional
  (``lang="zh-Hant"``: the language switch's 繁體). OpenCC judges, as in
  ``test_script.py``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from calculator.page.state import PageState, dui_bao_filled_in, house_rules_text
from calculator.teaching.cases import load_cases
from rules.engine import score
from rules.regions import REGIONS
from tests.words.test_script import Visible, converter

pytest.importorskip("opencc")

CASES = dict(load_cases())

# Taps the page refuses, and what it says.
REFUSED_TAPS = [
    (
        {"r": "laosanfan", "h": "7777z", "tap": "7z"},
        "All four copies of Red Dragon are already in sight.",
    ),
    (
        {"r": "laosanfan", "h": "1111m", "tap": "1m"},
        "All four copies of 1 Characters are already in sight.",
    ),
    ({"r": "laosanfan", "f": "1f", "tap": "1f"}, "Spring is already in sight: there is only one."),
    (
        {"r": "laosanfan", "h": "55z", "e": "pong", "tap": "5z"},
        "Too few copies of White Dragon are left for this set.",
    ),
]
# What the issue quoted, and what the page says now.
QUOTED = {
    "guobiao/errors::missing_discarder": (
        "The seat that discarded the winning tile is missing. "
        "Choose that seat under “Who won, and how”."
    ),
    "guobiao/errors::missing_discarder_robbing_kong": (
        "The seat whose kong was robbed is missing. Choose that seat under “Who won, and how”."
    ),
    "guobiao/errors::five_copies_with_the_winning_tile": (
        "The hand needs 13 tiles besides the winning tile and has 12. "
        "Tap a tile in the hand to take it back, or tap more tiles below."
    ),
    "laosanfan/errors::wrong_tile_count_with_meld": (
        "With one meld down, the hand needs 10 tiles besides the winning tile and has 13. "
        "Tap a tile in the hand to take it back, or tap more tiles below."
    ),
    "guobiao/errors::nine_flowers": "Spring appears 2 times; there is only one",
    "jinhu/errors::five_zhong_in_flowers": "Red Dragon appears 5 times; there are only 4",
}
# Number agreement the quoted sentences got wrong.
TILE = (
    r"(?:\d (?:Characters|Dots|Bamboo)|(?:Red|Green|White) Dragon|(?:East|South|West|North) Wind"
    r"|Spring|Summer|Autumn|Winter|Plum|Orchid|Chrysanthemum|Bamboo)"
)
DISAGREEING = re.compile(
    rf"(?<!of ){TILE} are\b"  # "All four Red Dragon are"; "copies of Red Dragon are" is fine
    r"|\bAll four (?!copies\b)"
    r"|\b1 (?:melds|tiles|are)\b|\bthere are 1\b"
)


def state_of(hand: dict[str, Any]) -> PageState:
    return PageState(
        region=hand["region"],
        dealer=hand.get("dealer", "E"),
        players=hand.get("players", 4),
        options=house_rules_text(hand.get("rules") or {}),
        **PageState.fields_from_json(hand),
    )


def page_of(hand: dict[str, Any]) -> str:
    return f"/?{state_of(hand).query()}"


def refused_cases() -> list[str]:
    """Every golden case that is refused or is not a win (each error and
    reason), that the page can hold (not five players, say)."""
    found = []
    for name, case in CASES.items():
        expect = case.get("expect", {})
        if expect.get("ok", True) is not False and expect.get("winning") is not False:
            continue
        # what the page holds: 对宝 fills in its winning tile and self-draw
        held = dui_bao_filled_in(PageState.from_query(QueryDict(state_of(case["hand"]).query())))
        on_page = score(held.to_json())
        if (on_page.ok, on_page.winning) == (expect.get("ok", True), expect.get("winning", False)):
            found.append(name)
    return found


def one_win_per_item() -> list[str]:
    """A winning golden case for every item of every region: each name shown."""
    chosen: dict[tuple[str, str], str] = {}
    for name, case in CASES.items():
        expect = case.get("expect", {})
        if expect.get("ok", True) is False or expect.get("winning") is False:
            continue
        for key, value in expect.get("items", {}).items():
            if value:
                chosen.setdefault((name.split("/")[0], key), name)
    return sorted(set(chosen.values()))


class Said(HTMLParser):
    """What the page says in sentences: each error (with its fix), reason and notice."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.items: list[str] = []
        self.open: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "ul":
            self.stack.append("said" if {"fixes", "reasons"} & set(classes) else "")
        said = (tag == "li" and self.stack and self.stack[-1] == "said") or (
            tag == "p" and "notice" in classes
        )
        if tag in ("li", "p"):
            self.open.append(bool(said))
            if said:
                self.items.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul" and self.stack:
            self.stack.pop()
        if tag in ("li", "p") and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1]:
            self.items[-1] += data


def said_on(html: str) -> list[str]:
    parser = Said()
    parser.feed(html)
    return [" ".join(item.split()) for item in parser.items if item.strip()]


def sentences(item: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", item) if s]


def words_again(one: str, other: str, n: int = 4) -> set[str]:
    """Runs of ``n`` words the two sentences share."""

    def runs(s: str) -> set[str]:
        words = re.findall(r"[\w’']+", s.lower())
        return {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}

    return runs(one) & runs(other)


def problems_in(items: list[str]) -> list[str]:
    found = []
    if len(set(items)) != len(items):
        found.append(f"said twice: {[i for i in items if items.count(i) > 1]}")
    for item in items:
        parts = sentences(item)
        for s in parts:
            head = s.lstrip("'\"“‘(")
            if head[:1].isascii() and head[:1].isalpha() and not head[:1].isupper():
                found.append(f"no capital: {s!r}")
        for i, one in enumerate(parts):
            for other in parts[i + 1 :]:
                if one == other or words_again(one, other):
                    found.append(f"said again: {one!r} / {other!r}")
        if DISAGREEING.search(item):
            found.append(f"number disagrees: {item!r}")
    return found


def chinese_not_simplified(html: str) -> list[str]:
    """Chinese on an English page that is not simplified, outside what is
    marked as another script (a seed's quote, the switch to 繁體)."""
    found = []
    parser = Visible("en")
    parser.feed(html)
    for lang, text in parser.words:
        if lang == "zh-hant":
            continue
        converted = converter("t2s").convert(text)
        if converted != text:
            wrong = "".join(sorted({a for a, b in zip(text, converted, strict=False) if a != b}))
            found.append(f"[{lang}] traditional {wrong!r} in {text!r}")
    return found


@pytest.fixture
def english(client: Client) -> Client:
    client.cookies["django_language"] = "en"
    return client


def test_errors_and_reasons_read_as_english(english: Client) -> None:
    wrong = {}
    for name in refused_cases():
        said = said_on(english.get(page_of(CASES[name]["hand"])).content.decode())
        assert said, f"{name}: the page says nothing"
        found = problems_in(said)
        if found:
            wrong[name] = found
    assert not wrong, wrong


@pytest.mark.parametrize(("name", "expected"), QUOTED.items(), ids=list(QUOTED))
def test_the_quoted_sentences_read_as_english(english: Client, name: str, expected: str) -> None:
    said = said_on(english.get(page_of(CASES[name]["hand"])).content.decode())
    assert expected in said, said
    assert not problems_in(said)


@pytest.mark.parametrize(
    ("data", "expected"), REFUSED_TAPS, ids=[d["tap"] for d, _ in REFUSED_TAPS]
)
def test_a_refused_tap_reads_as_english(
    english: Client, data: dict[str, str], expected: str
) -> None:
    page = english.post("/", data, headers={"HX-Request": "true"}).content.decode()
    said = said_on(page)
    assert expected in said, said
    assert not problems_in(said)


def test_a_hand_of_the_wrong_size_is_said_once_in_chinese(client: Client) -> None:
    # "现在是 12 张……这里是 14 张" said two counts of one hand.
    hand = CASES["guobiao/errors::five_copies_with_the_winning_tile"]["hand"]
    client.cookies["django_language"] = "zh-hans"
    said = " ".join(said_on(client.get(page_of(hand)).content.decode()))
    assert "除了胡牌张，手牌要 13 张，现在有 12 张" in said
    assert "这里是" not in said and "14" not in said


def test_the_way_of_winning_says_what_it_does(english: Client) -> None:
    hand = CASES["sanmen/hu_xing::dian_pao_four_players"]["hand"]
    page = english.get(page_of(hand)).content.decode()
    assert (
        '点炮胡</span> <span class="en">won on a discard: the discarder pays for all</span>' in page
    )
    assert "from the discarder alone" in page
    assert "way of winning" not in page and "how it was won" not in page


def english_pages() -> list[str]:
    pages = [f"/?r={region}" for region in REGIONS]
    pages += [page_of(CASES[name]["hand"]) for name in [*refused_cases(), *one_win_per_item()]]
    return pages


def test_chinese_on_english_pages_is_simplified(english: Client) -> None:
    wrong = {}
    for path in english_pages():
        response = english.get(path)
        assert response.status_code == 200, path
        found = chinese_not_simplified(response.content.decode())
        if found:
            wrong[path] = found[:5]
    for data, _said in REFUSED_TAPS:
        page = english.post("/", data, headers={"HX-Request": "true"}).content.decode()
        if found := chinese_not_simplified(page):
            wrong[str(data)] = found[:5]
    assert not wrong, wrong


def test_the_judges_see_what_they_judge() -> None:
    assert problems_in(["say which seat discarded the winning tile."])
    assert problems_in(["The seat is missing. Choose the seat that discarded the tile."]) == []
    assert problems_in(
        [
            "Say which seat discarded the winning tile. Choose the seat that discarded the winning tile."
        ]
    )
    assert problems_in(["All four Red Dragon are already in sight."])
    assert problems_in(["With 1 melds the hand holds 10 tiles."])
    assert problems_in(["A.", "A."])
    assert chinese_not_simplified('<p lang="en">大麼明槓 exposed kong</p>')
    assert not chinese_not_simplified(
        '<p>大幺明杠</p><blockquote lang="zh-Hant">大麼明槓</blockquote><b lang="zh-Hant">繁體</b>'
    )
