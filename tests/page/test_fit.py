"""What a player reads and taps fits a 390-px phone (issue 33, points 3
and 6), in Chromium at 390×844 in three languages: no choice or chip cut
short (its text no wider than its box, its box inside its row and the
screen), the stake's choices a few lines high at most; 长春's egg builder's
完成 and the waits' values wholly on the screen, and a 幺鸡 standing in as 会
marked so."""

from __future__ import annotations

import pytest

from rules.regions import REGIONS
from tests.browser.support import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["zh-hans", "zh-hant", "en"]
HAND = "h=123m456m789m123p5p&w=5p&s=S&d=E&b=discard&dc=W"

CUT = """() => {
    const out = [];
    const controls = document.querySelectorAll(
        '.opt > span, .chip, .done, .quiet, .wait, #region-bar select');
    for (const el of controls) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const row = el.closest('.seg-row, .chips, .row, .wait-row, .region-bar');
        const p = row ? row.getBoundingClientRect() : {left: 0, right: innerWidth};
        const what = (el.id || el.textContent.trim().slice(0, 24));
        if (el.scrollWidth > el.clientWidth + 1) out.push(`${what}: text ${el.scrollWidth} > ${el.clientWidth}`);
        if (r.left < Math.max(0, p.left) - 1 || r.right > Math.min(innerWidth, p.right) + 1)
            out.push(`${what}: box ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(p.left)}–${Math.round(p.right)}`);
    }
    return out;
}"""

STAKE_LINES = """() => [...document.querySelectorAll('#stake .opt > span')].map(el => {
    const line = parseFloat(getComputedStyle(el).lineHeight) || 20;
    const small = el.querySelector('small');
    const smallLine = small ? (parseFloat(getComputedStyle(small).lineHeight) || 16) : 1;
    const name = el.firstChild.textContent.trim();
    return {name, lines: small ? Math.round(small.getBoundingClientRect().height / smallLine) : 1};
})"""

WHOLLY_REACHED = """(selector) => {
    const el = document.querySelector(selector);
    el.scrollIntoView({block: 'nearest'});
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
        && Boolean(hit) && (hit === el || el.contains(hit));
}"""


def set_language(page, language: str) -> None:  # type: ignore[no-untyped-def]
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base_url}])


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_choice_is_cut_short(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    set_language(phone, language)
    for region in REGIONS:
        for query in (f"r={region}", f"r={region}&{HAND}"):
            phone.goto(f"{phone.base_url}/?{query}")
            assert phone.evaluate(CUT) == []
            for stake in phone.evaluate(STAKE_LINES):
                assert stake["lines"] <= 2, (query, stake)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_egg_builder_and_the_waits_fit(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    set_language(phone, language)
    phone.goto(f"{phone.base_url}/?r=changchun&h=123m456m&s=S&d=E")
    tap(phone, "#entry-egg\\.xuanfeng")
    for code in ("1z", "2z", "1s"):
        tap(phone, f"#tap-{code}")
    assert phone.evaluate(WHOLLY_REACHED, "#egg-done")
    assert phone.evaluate(WHOLLY_REACHED, "#tap-4z")  # the egg's last tile still at hand
    marked = phone.locator("#egg .hui")
    assert marked.count() == 1 and marked.locator(".hui-mark").inner_text() in ("会", "會")
    tap(phone, "#tap-4z")
    tap(phone, "#egg-done")
    assert phone.locator("#hand-area .meld .hui").count() == 1  # the finished egg keeps the mark
    assert phone.evaluate(CUT) == []
    # Thirteen tiles: every wait and its value wholly on the screen (nine
    # waits of 九莲 in 楚州 too, where the keys give way to them).
    for hand in ("r=changchun&h=111m999m123p789s5p", "r=chuzhou&h=1112345678999m"):
        phone.goto(f"{phone.base_url}/?{hand}&s=S&d=E")
        waits = phone.locator("#waits .wait")
        assert waits.count() >= 1
        for n in range(waits.count()):
            code = waits.nth(n).get_attribute("id")
            assert phone.evaluate(WHOLLY_REACHED, f"#{code}"), (hand, code)
            value = waits.nth(n).locator(".wt")
            assert value.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
        assert phone.evaluate(CUT) == [], hand
        # and the tiles' box holds all it has: nothing spills off the screen
        assert phone.evaluate(
            "(s => s.scrollHeight <= s.clientHeight + 1)(document.querySelector('#sheet'))"
        )
