"""The drill on a 390 × 844 phone in Chromium: one drill at each level in
each language answered with real taps (toggles, the keypad, the seat
choice), every control thumb-sized, the header's links on one line, and
the keypad working as plain form posts without JavaScript."""

from __future__ import annotations

from typing import Any

import pytest

from calculator.learn.forms import read_hand
from calculator.learn.grading import scored_items
from rules.engine import score
from tests.browser.support import PHONE, settle, shot, small_targets, tap, until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"zh-hans": "zh-CN", "zh-hant": "zh-TW", "en": "en-US"}


def phone_in(browser: Any, language: str, js: bool = True) -> Any:
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        has_touch=True,
        locale=LOCALES[language],
        java_script_enabled=js,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def dealt(page: Any) -> dict[str, Any]:
    return read_hand(page.locator("input[name=h]").input_value())


def type_number(page: Any, n: int) -> None:
    for digit in str(abs(n)):
        tap(page, f"#k-{digit}")


def header_on_one_line(page: Any) -> bool:
    tops = page.evaluate(
        "() => [...document.querySelectorAll('.top .brand, .top .links a')]"
        ".map(a => Math.round(a.getBoundingClientRect().top))"
    )
    return len(set(tops)) == 1


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("level", ["items", "total", "payments"])
def test_a_drill_by_taps(browser, live_server, language: str, level: str) -> None:  # type: ignore[no-untyped-def]
    page = phone_in(browser, language)
    page.goto(f"{live_server.url}/learn/")
    assert page.locator("html").get_attribute("lang") == language
    assert header_on_one_line(page)
    page.tap(f"#pick input[name=l][value={level}]")
    with page.expect_navigation():
        page.tap("#deal")
    until(page, "() => Boolean(document.querySelector('#drill-form'))")
    assert not small_targets(page), small_targets(page)
    hand = dealt(page)
    got = score(hand)
    if level == "items":
        for key in scored_items(got):
            page.tap(f"#i-{key}")
        assert page.locator("input[name=i]:checked").count() == len(scored_items(got))
    elif level == "total":
        type_number(page, got.total)
        assert page.locator("#t").input_value() == str(got.total)
    else:
        for seat, n in got.net.items():
            page.tap(f"input[name=ks][value={seat}]")
            type_number(page, n)
            if n < 0:
                tap(page, "#k-neg")
            if n == 0:
                tap(page, "#k-0")
            assert page.locator(f"#n-{seat}").input_value() == str(n)
    tap(page, "#check")
    until(page, "() => Boolean(document.querySelector('#graded'))")
    assert "good" in (page.locator("#verdict").get_attribute("class") or "")
    assert not small_targets(page), small_targets(page)
    shot(page, f"learn-{level}-{language}")
    page.context.close()


def test_the_keypad_without_javascript(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    page = phone_in(browser, "zh-hans", js=False)
    page.goto(f"{live_server.url}/learn/?r=guobiao&l=total")
    total = score(dealt(page)).total
    for digit in str(total):
        with page.expect_navigation():
            page.click(f"#k-{digit}")
    assert page.locator("#t").input_value() == str(total)
    with page.expect_navigation():
        page.click("#check")
    assert "good" in (page.locator("#verdict").get_attribute("class") or "")
    page.context.close()


def test_a_wrong_answer_says_what_was_missed(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    page = phone_in(browser, "en")
    page.goto(f"{live_server.url}/learn/?r=laosanfan&l=items")
    tap(page, "#check")
    settle(page)
    assert page.locator(".mark-missed .mark").first.inner_text() == "Missed"
    assert "bad" in (page.locator("#verdict").get_attribute("class") or "")
    page.context.close()
