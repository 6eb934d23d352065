"""Issue 34 on a 390 × 844 phone in Chromium: kongs drawn as they lie and
answered from what is drawn; feedback lines naming tiles; the rules in
force on the drill; a class of two learners read by the teacher. Every
page here also passes the 44-px sweep and, in Chinese, the script judge."""

from __future__ import annotations

from typing import Any

import pytest

from calculator.learn.forms import read_hand
from calculator.learn.grading import scored_items
from rules.engine import score
from tests.browser.support import PHONE, shot, small_targets, tap, until
from tests.words.test_script import problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"zh-hans": "zh-CN", "zh-hant": "zh-TW", "en": "en-US"}
# Which 老三番 item a kong earns, by how it lies (大幺: the kong is of 1, 9 or honors).
KONG_ITEMS = {
    "concealed_kong": ("da_yao_an_gang", "an_gang"),
    "kong": ("da_yao_ming_gang", "ming_gang"),
    "added_kong": ("da_yao_ming_gang", "ming_gang"),
}


def phone_in(browser: Any, language: str) -> Any:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, locale=LOCALES[language]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def judged(page: Any, language: str) -> None:
    assert not small_targets(page), small_targets(page)
    if language != "en":
        found = problems(page.content(), language)
        assert not found, found


def drawn_kongs(page: Any) -> list[dict[str, Any]]:
    """The winner's kongs as the page draws them: kind, label, face-down count."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('#dealt-tiles .meld')]
                .map(m => ({kind: [...m.classList].find(c => c.startsWith('meld-')).slice(5),
                            label: m.querySelector('.meld-label').textContent.trim(),
                            down: m.querySelectorAll('.tile-down').length}))
                .filter(m => m.kind.includes('kong'))"""
        )
    )


@pytest.mark.parametrize(
    ("want", "language", "label"),
    [("da_yao_an_gang", "zh-hans", "暗杠"), ("da_yao_ming_gang", "zh-hant", "明槓")],
)
def test_a_kong_drill_answered_as_the_hand_shows(  # type: ignore[no-untyped-def]
    browser, live_server, want: str, language: str, label: str
) -> None:
    page = phone_in(browser, language)
    page.goto(f"{live_server.url}/learn/?r=laosanfan&l=items&want={want}")
    until(page, "() => Boolean(document.querySelector('#drill-form'))")
    judged(page, language)
    kongs = drawn_kongs(page)
    assert any(label in k["label"] for k in kongs), kongs
    for k in kongs:
        assert k["down"] == (2 if k["kind"] == "concealed_kong" else 0), k
    # Tick what the hand counts; the kong items the learner ticks are the
    # ones its drawn kongs earn, read off the page, not the hidden hand.
    hand = read_hand(page.locator("input[name=h]").input_value())
    got = scored_items(score(hand))
    kong_keys = {key for pair in KONG_ITEMS.values() for key in pair}
    from_drawing = {key for k in kongs for key in KONG_ITEMS[k["kind"]] if key in got}
    assert want in from_drawing
    for key in [k for k in got if k not in kong_keys] + sorted(from_drawing):
        page.tap(f"#i-{key}")
    tap(page, "#check")
    until(page, "() => Boolean(document.querySelector('#graded'))")
    assert "good" in (page.locator("#verdict").get_attribute("class") or "")
    judged(page, language)
    shot(page, f"learn-kong-{want}-{language}")
    page.context.close()
