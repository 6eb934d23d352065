"""Each other reading reads as the settlement it would be (issue 33, point
2): every seat's money under it, and marked as such, what changes against
the result shown; tapping the line shows exactly those figures."""

from __future__ import annotations

import re

import pytest

from tests.browser.support import settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = "/?r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw"
OTHERS = "h=123m456m789m1p&w=1p&m=p999s&s=S&d=E&b=discard&dc=W"


def figures(text: str) -> list[int]:
    return [int(n.replace("−", "-")) for n in re.findall(r"[+−-]?\d+", text)]


@pytest.mark.parametrize(
    ("address", "language"),
    [
        (SEED, "zh-hans"),
        (SEED, "zh-hant"),
        (SEED, "en"),
        (f"/?r=sanmen&{OTHERS}", "zh-hant"),
        (f"/?r=changchun&{OTHERS}", "en"),
    ],
)
def test_a_reading_line_settles_as_the_page_does_once_tapped(
    phone, address: str, language: str
) -> None:  # type: ignore[no-untyped-def]
    phone.context.add_cookies(
        [{"name": "django_language", "value": language, "url": phone.base_url}]
    )
    phone.goto(phone.base_url + address)
    now = figures(" ".join(phone.locator(".net td").all_inner_texts()))
    seats = len(now)
    count = phone.locator(".reading-lines li").count()
    assert count >= 1
    for n in range(count):
        line = phone.locator(".reading-lines li").nth(n)
        settles = figures(line.locator(".settles").inner_text())
        assert len(settles) == seats  # every seat, one whose money does not change too
        moves = line.locator(".moves").inner_text()
        changed = [a - b for a, b in zip(settles, now, strict=True) if a != b]
        assert sorted(figures(moves)) == sorted(changed), moves
        with phone.expect_navigation():
            line.locator("a.rule").tap()
        settle(phone)
        assert figures(" ".join(phone.locator(".net td").all_inner_texts())) == settles
        phone.goto(phone.base_url + address)
