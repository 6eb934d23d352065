"""The calculator page in a real browser, at the reference phone size (390×844)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    """Tap and wait for htmx to finish swapping."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.tap(selector)
    page.locator(".htmx-request").wait_for(state="detached")


def enter_seed_example(page) -> None:  # type: ignore[no-untyped-def]
    """The seed's example: 九萬 exposed kong, 伍萬 pong, 13s 66m 888m, self-drawn 2s, won by S."""
    page.goto(page.base_url + "/")
    tap(page, "#entry-kong")
    tap(page, "#tap-9m")
    tap(page, "#entry-pong")
    tap(page, "#tap-5m")
    for code in ["1s", "3s", "6m", "6m", "8m", "8m", "8m", "2s"]:
        tap(page, f"#tap-{code}")
    tap(page, "input[name=s][value=S]")


def test_score_the_seed_example_by_tapping(phone) -> None:  # type: ignore[no-untyped-def]
    enter_seed_example(phone)
    assert phone.locator(".total").inner_text() == "60 胡"
    payments = phone.locator(".payments").inner_text()
    assert re.search(r"东 E → 南 S\s+60", payments)
    assert re.search(r"西 W → 南 S\s+30", payments)
    net = phone.locator(".net td").all_inner_texts()
    assert net == ["-60", "120", "-30", "-30"]
    assert "/?r=laosanfan" in phone.url and "h=" in phone.url  # the address holds the hand
    shot(phone, "seed-example-zh-hans")


def test_share_link_opens_the_same_hand(phone, browser) -> None:  # type: ignore[no-untyped-def]
    enter_seed_example(phone)
    link = phone.locator("#share-url").input_value()
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(link)
    assert other.locator(".total").inner_text() == "60 胡"
    other.context.close()


def test_fifth_copy_is_refused(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/")
    for _ in range(4):
        tap(phone, "#tap-7z")
    assert phone.locator("#tap-7z").is_disabled()
    assert phone.locator(".concealed .tile").count() == 4


def test_switch_language(phone) -> None:  # type: ignore[no-untyped-def]
    enter_seed_example(phone)
    phone.click("button[name=language][value=en]")
    phone.wait_for_load_state()
    assert "Who pays whom" in phone.content()
    assert "大麼明槓" in phone.content()
    shot(phone, "seed-example-en")
    phone.goto(phone.base_url + "/")
    assert phone.locator("html").get_attribute("lang") == "en"  # remembered


def test_keyboard_only_entry(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/")
    for _ in range(80):
        phone.keyboard.press("Tab")
        if phone.evaluate("document.activeElement.id") == "tap-1s":
            break
    else:
        pytest.fail("the 1s tile cannot be reached with Tab")
    for _ in range(2):
        with phone.expect_response(lambda r: r.request.method == "POST"):
            phone.keyboard.press("Enter")
        phone.locator(".htmx-request").wait_for(state="detached")
        assert phone.evaluate("document.activeElement.id") == "tap-1s"  # focus stays put
    assert phone.locator("input[name=h]").input_value() == "11s"


def test_works_without_javascript(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/?r=laosanfan&h=13s66m888m&m=k9999m+p555m&s=S&d=E&b=self_draw")
    page.click("#tap-2s")  # a plain form post, redirected to the page's address
    assert page.locator(".total").inner_text() == "60 胡"
    assert "w=2s" in page.url
    context.close()


def test_phone_screenshots(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/")
    assert shot(phone, "empty").stat().st_size > 0
    phone.goto(phone.base_url + "/?r=laosanfan&h=13s66m888mx&w=2s")
    assert phone.locator(".error").count() >= 1
    shot(phone, "error")


def test_thirteen_tiles_show_their_waits_and_tapping_one_wins(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/?r=laosanfan&h=13s66m888m&m=k9999m+p555m&s=S&d=E&b=self_draw")
    wait = phone.locator("#wait-2s")
    assert wait.inner_text().strip() == "60"
    tap(phone, "#wait-2s")
    assert phone.locator(".total").inner_text() == "60 胡"
