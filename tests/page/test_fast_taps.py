"""Every tap counts (issue 39, point 6): tiles tapped faster than the server
answers are queued in order and none is lost or repeated. In Chromium at
390×844, fourteen tiles tapped 30 ms apart, through the live server (each
answer takes longer than that, so taps wait in the queue)."""

from __future__ import annotations

import time

import pytest

from tests.browser.support import settle, until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Thirteen in the hand, then the winning tile: a hand the page orders as it
# is tapped (no two taps of one tile, so a repeated or lost tap shows).
TAPS = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "7s", "7s"]


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_fourteen_fast_taps_make_those_fourteen_tiles(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    phone.context.add_cookies(
        [{"name": "django_language", "value": language, "url": phone.base_url}]
    )
    phone.goto(f"{phone.base_url}/?r=laosanfan&s=S&d=E")
    posts: list[str] = []
    phone.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    # At machine speed, in the page: a tap 30 ms after the one before, while
    # the server is still answering the first.
    phone.evaluate(
        """async (taps) => {
            for (const code of taps) {
                document.getElementById('tap-' + code).click();
                await new Promise((done) => setTimeout(done, 30));
            }
        }""",
        TAPS,
    )
    # Each tap is one request, sent one after another.
    until(phone, "() => document.querySelector('#rm-w') !== null", seconds=30)
    settle(phone)
    time.sleep(0.3)
    settle(phone)
    assert len(posts) == len(TAPS)
    assert phone.input_value("#n-h") == "123456789m123p7s"
    assert phone.input_value("#n-w") == "7s"
    assert phone.locator("#hand-area .concealed button.t").count() == 14
