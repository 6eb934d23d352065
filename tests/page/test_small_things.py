"""The smaller things a player meets (issue 25, point 9), in Chromium on a
390-px phone: the logo asks before it clears a hand, the header's links sit on
one line, the sign-in and rules-index links are thumb-sized, Chinese pages use
full-width colons, 国标's 番种 names use the Chinese middle dot."""

from __future__ import annotations

import pytest
from django.test import Client

from rules.regions import REGIONS
from tests.browser.support import PHONE, small_targets, tap

LANGUAGES = (("zh-hans", "zh-CN"), ("zh-hant", "zh-TW"), ("en", "en-US"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "locale"), LANGUAGES)
def test_the_logo_asks_before_clearing_a_hand(browser, live_server, language, locale) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context(viewport=PHONE, has_touch=True, locale=locale).new_page()
    page.goto(live_server.url + "/")
    links = page.evaluate(
        "() => [...document.querySelectorAll('.top .brand, .top .links a')]"
        ".map(a => Math.round(a.getBoundingClientRect().top))"
    )
    assert len(set(links)) == 1, links  # one line, 记分员 / Referee included
    page.click(".brand")  # nothing entered: no question
    page.wait_for_load_state("load")
    tap(page, "#tap-1m")
    asked: list[str] = []

    def answer(dialog, accept: bool) -> None:  # type: ignore[no-untyped-def]
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.click(".brand")
    assert asked and "1m" in page.url  # kept
    page.once("dialog", lambda d: answer(d, True))
    with page.expect_navigation():
        page.click(".brand")
    assert len(asked) == 2 and "1m" not in page.url
    for path in ("/accounts/login/", "/rules/"):
        page.goto(live_server.url + path)
        assert not small_targets(page), (path, small_targets(page))
    page.context.close()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_chinese_pages_use_full_width_colons(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    for region in REGIONS:
        page = client.get(f"/rules/{region}/").content.decode()
        for label in ("我们的解读", "我們的解讀", "取代"):
            assert f"{label}:" not in page, (region, label)


def test_guobiao_names_use_the_chinese_middle_dot() -> None:
    names = [item.name for item in REGIONS["guobiao"].items]
    assert not [n for n in names if "・" in n]
    assert "独听·单钓" in names


@pytest.mark.django_db
def test_a_wait_that_cannot_win_says_why_in_the_strip(client: Client) -> None:
    client.cookies["django_language"] = "zh-hans"
    # 国标: a plain ready hand whose waits fall short of 8 番
    page = client.get(
        "/", {"r": "guobiao", "h": "123m345m567p789s1z", "s": "S", "b": "discard", "dc": "E"}
    ).content.decode()
    assert 'class="wait nowin"' in page
    strip = page.split('class="plain why-not"')[1].split("</ul>")[0]
    assert "8 番起和" in strip or "8番起和" in strip
