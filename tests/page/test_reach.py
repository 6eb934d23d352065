"""Reach on a phone (issue 25, points 3 and 8), in Chromium at 390×844 with
real taps: the seed hand, stake and all, in at most 14 taps with every tapped
control on screen and uncovered when tapped, nothing scrolled; the tiles stay
at the bottom of the screen while a hand is entered and never cover the
score; a tapped key shows its true count at once, focused as it is."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

import pytest

from calculator.page.state import PageState
from rules.engine import score
from tests.browser.support import SCREENSHOTS, small_targets, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The seed's worked example under 么半六 (tests/cases/laosanfan/tiers.toml):
# 九萬 exposed kong, 伍萬 pong, 13s 66m 888m, self-drawn 2s, won by 南家.
SEED_TAPS = [
    "#stake input[value=yao_ban_liu]",
    "#who input[name=s][value=S]",
    "#entry-kong",
    "#tap-9m",
    "#entry-pong",
    "#tap-5m",
    *(f"#tap-{code}" for code in ["1s", "3s", "6m", "6m", "8m", "8m", "8m", "2s"]),
]

# Where the control is, and whether a finger landing on its middle reaches it
# (and not the tiles drawn over it).
WHERE = """(selector) => {
    const el = document.querySelector(selector);
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            width: innerWidth, height: innerHeight, scrolled: scrollY,
            reached: Boolean(hit) && (hit === el || el.contains(hit) || hit.contains(el))};
}"""


def screen(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """The screen as the phone shows it (a full-page shot draws the sticky tiles
    where the screen's bottom was)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def state_of(page) -> PageState:  # type: ignore[no-untyped-def]
    return PageState.from_query(dict(parse_qsl(urlsplit(page.url).query)))


def on_screen(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    at = page.evaluate(WHERE, selector)
    assert at["scrolled"] == 0, (selector, at)
    assert at["top"] >= 0 and at["bottom"] <= at["height"], (selector, at)
    assert at["left"] >= 0 and at["right"] <= at["width"], (selector, at)
    assert at["reached"], (selector, "covered", at)


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_the_seed_hand_in_fourteen_taps_without_a_scroll(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    phone.context.add_cookies(
        [{"name": "django_language", "value": language, "url": phone.base_url}]
    )
    phone.goto(phone.base_url + "/")
    assert len(SEED_TAPS) <= 14
    for selector in SEED_TAPS:
        on_screen(phone, selector)
        tap(phone, selector)
    state = state_of(phone)
    assert state.options == {"tier": "yao_ban_liu"} and state.seat == "S"
    got = score(state.to_json())
    assert (got.total, got.net["S"]) == (90, 200)  # 南家共收 200 银
    assert "200" in phone.locator("#quick").inner_text()
    screen(phone, f"reach-seed-{language}")


def test_the_tiles_stay_in_reach_while_melds_are_entered(phone) -> None:  # type: ignore[no-untyped-def]
    """Four melds and flowers, the hand short of its last tile: every key still
    on screen, the hand above it in its own box."""
    phone.goto(phone.base_url + "/?r=laosanfan&m=k9999m+p555m+p111p+c123s&f=1f2f&s=S")
    for code in ("1z", "9p", "8f", "7z", "9s"):
        on_screen(phone, f"#tap-{code}")
    on_screen(phone, "#entry-concealed_kong")
    assert not small_targets(phone)
    screen(phone, "reach-four-melds")


def test_the_tiles_never_cover_the_score(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/?r=laosanfan&h=13s66m888m&m=k9999m+p555m&s=S")
    tap(phone, "#tap-2s")  # the hand is whole: the tiles take their place in the page
    for part in ("#result", "#house", "#share-url"):
        phone.locator(part).scroll_into_view_if_needed()
        overlap = phone.evaluate(
            """(part) => {
                const a = document.querySelector('#sheet').getBoundingClientRect();
                const b = document.querySelector(part).getBoundingClientRect();
                return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
            }""",
            part,
        )
        assert overlap == 0, part
    phone.goto(phone.base_url + "/?r=laosanfan&h=13s66m888m&m=k9999m+p555m&s=S")
    phone.locator("#result").scroll_into_view_if_needed()  # mid-entry, scrolled to the score
    assert phone.evaluate(
        """() => document.querySelector('#sheet').getBoundingClientRect().bottom
                 <= document.querySelector('#result').getBoundingClientRect().top"""
    )


def test_a_tapped_key_shows_its_true_count(phone) -> None:  # type: ignore[no-untyped-def]
    """Chromium focuses a tapped button, as Android does; the morph must still
    redraw its count."""
    phone.goto(phone.base_url + "/")
    for _n in range(3):
        tap(phone, "#tap-4m")
    assert phone.evaluate("document.activeElement.id") == "tap-4m"
    assert phone.locator("#tap-4m .left").inner_text() == "1"
    for _n in range(4):
        tap(phone, "#tap-1m")
    key = phone.locator("#tap-1m")
    assert phone.evaluate("document.activeElement.id") == "tap-1m"
    assert key.locator(".left").inner_text() == "0"
    assert key.get_attribute("aria-disabled") == "true"
    assert "used-up" in (key.get_attribute("class") or "")
    assert phone.locator("#tap-4m .left").inner_text() == "1"
