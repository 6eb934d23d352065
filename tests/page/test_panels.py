"""Panels that never hide a tile (issue 43, point 3), in Chromium at 390×844
in three languages: the hand's panel grows with the melds and flowers
entered and nothing in it is cut off; every key of the tile pad is drawn
(the pad never scrolls in a box of its own) and, brought into view by the
page's own scroll, is under the finger, never under another panel; and a
hand that holds more tiles than its melds leave room for says so rather than
"full"."""

from __future__ import annotations

import pytest

from tests.browser.support import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["zh-hans", "zh-hant", "en"]

# Nothing that holds tiles scrolls inside itself.
OWN_SCROLL = """() => [...document.querySelectorAll('#hand-area, #hand-area .tiles, .palette, .pad')]
    .filter(el => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
    .map(el => el.id || el.className)"""

# Each key and each tile of the hand, brought into view as the page scrolls
# to it, is what a finger at its middle lands on.
UNREACHED = """() => {
    const out = [];
    for (const el of document.querySelectorAll('.palette .key, #hand-area button')) {
        el.scrollIntoView({block: 'nearest'});
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (r.top < 0 || r.bottom > innerHeight + 0.5 || !hit || !(hit === el || el.contains(hit)))
            out.push(`${el.id} under ${hit ? (hit.id || hit.className) : 'nothing'}`);
    }
    return out;
}"""

# Wherever the page is scrolled, a key wholly on the screen is not covered.
COVERED_AT = """(where) => {
    scrollTo(0, where * (document.documentElement.scrollHeight - innerHeight));
    const out = [];
    for (const el of document.querySelectorAll('.palette .key, #hand-area button')) {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight) continue;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(hit === el || el.contains(hit)))
            out.push(`${el.id} under ${hit ? (hit.id || hit.className) : 'nothing'} at ${where}`);
    }
    return out;
}"""


def set_language(page, language: str) -> None:  # type: ignore[no-untyped-def]
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base_url}])


def sweep(page) -> list[str]:  # type: ignore[no-untyped-def]
    found = list(page.evaluate(OWN_SCROLL)) + list(page.evaluate(UNREACHED))
    for where in (0, 0.5, 1):
        found += page.evaluate(COVERED_AT, where)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_melds_flowers_and_a_scroll_hide_no_tile(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    set_language(phone, language)
    phone.goto(f"{phone.base_url}/?r=chuzhou&s=S&d=E")
    assert sweep(phone) == [], "first load"
    tap(phone, "#entry-chi")
    tap(phone, "#tap-1m")
    for code in ("2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p"):
        tap(phone, f"#tap-{code}")
    assert sweep(phone) == [], "a chi and eight tiles"
    # A concealed kong declared last leaves the hand one tile over: it says
    # so, and takes no winning tile.
    tap(phone, "#entry-concealed_kong")
    tap(phone, "#tap-9s")
    assert phone.inner_text("#hand-title .count") == "8/7"
    over = {
        "zh-hans": "多了 1 张：点手牌里的一张去掉。",
        "zh-hant": "多了 1 張：點手牌裡的一張去掉。",
        "en": "1 tile too many: tap one in the hand to take it back.",
    }[language]
    assert phone.inner_text("#mode-hint") == over
    assert over in phone.inner_text("#result")
    tap(phone, "#tap-1z")
    assert phone.locator("#rm-w").count() == 0
    assert phone.inner_text("#hand-title .count") == "8/7"
    for code in ("1f", "2f", "3f", "5f", "6f"):
        tap(phone, f"#tap-{code}")
    assert phone.locator("#hand-area .flowers button").count() == 5
    assert sweep(phone) == [], "melds, flowers, too many tiles"
    tap(phone, "#rm-h0")
    assert phone.inner_text("#hand-title .count") == "7/7"
    tap(phone, "#tap-1z")
    assert phone.locator("#rm-w").count() == 1
    assert sweep(phone) == [], "whole"


@pytest.mark.parametrize("language", LANGUAGES)
def test_thirteen_tiles_and_their_waits_hide_no_key(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    set_language(phone, language)
    for query in (
        "r=chuzhou&h=123456789m123p5s",
        "r=changchun&h=123456789m123p",
        "r=chuzhou&h=1112345678999m",  # nine waits
        "r=laosanfan&h=2345p&m=c123m,k9999s,p111z",
    ):
        phone.goto(f"{phone.base_url}/?{query}&s=S&d=E")
        assert sweep(phone) == [], query
