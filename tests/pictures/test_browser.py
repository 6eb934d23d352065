"""The 保存图片 / 分享 button on a 390-px phone in Chromium, in the three
languages (issue 44): a 楚州 hand with kongs and flowers, an 18-tile hand
of four kongs, and an evening's results. Where the phone shares files the
button shares the picture itself (the share sheet is stood in for, to catch
the files); elsewhere the link opens the picture."""

from __future__ import annotations

import base64
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from calculator.events.standings import standings
from tests.browser.support import PHONE, as_signed_in, shot, small_targets
from tests.pictures.support import CHUZHOU, FOUR_KONGS, not_blank, opened, query
from tests.pictures.test_pictures import _evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LANGUAGES = ("zh-hans", "zh-hant", "en")

# The phone's share sheet, stood in for: it keeps the files it was given.
SHARE_SHEET = """
window.sharedFiles = null;
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const out = [];
  for (const file of data.files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
    out.push({ name: file.name, type: file.type, data: btoa(text) });
  }
  window.sharedFiles = out;
};
"""


def _phone(browser, live_server, language: str, share: bool, client: Client | None = None):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    host = live_server.url.split("//", 1)[1].split(":")[0]
    if client is not None:
        as_signed_in(context, live_server.url, client, language)
    else:
        context.add_cookies(
            [{"name": "django_language", "value": language, "domain": host, "path": "/"}]
        )
    if share:
        context.add_init_script(SHARE_SHEET)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def _shared(page) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    page.wait_for_function("() => window.sharedFiles !== null", timeout=30_000)
    files = page.evaluate("() => window.sharedFiles")
    return [{**f, "png": base64.b64decode(f["data"])} for f in files]


def _numbers(page, selector: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [t.strip() for t in page.locator(selector).all_inner_texts()]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chuzhou_hands_picture_is_shared_with_the_pages_numbers(
    browser, live_server, language: str
) -> None:  # type: ignore[no-untyped-def]
    page = _phone(browser, live_server, language, share=True)
    page.goto(f"{live_server.url}/?{query(CHUZHOU)}")
    button = page.locator("#result ~ .share .picture-share, .share .picture-share").first
    button.scroll_into_view_if_needed()
    assert not small_targets(page), small_targets(page)
    shot(page, f"picture-hand-page-{language}")
    button.tap()
    files = _shared(page)
    assert [f["type"] for f in files] == ["image/png"]
    image, drawn = opened(files[0]["png"])
    assert image.width == 1080 and not_blank(image)
    image.save(f"tests/browser/screenshots/picture-hand-{language}.png")
    # the numbers drawn are those the page shows
    assert _numbers(page, "#result .items .num") == [
        f"{r['value']} {r['unit']}" for r in drawn["rows"]
    ]
    assert _numbers(page, "#result .payments .num") == [str(p["amount"]) for p in drawn["payments"]]
    assert _numbers(page, "#result .net td") == [
        f"+{n}" if n > 0 else str(n) for _s, n in drawn["net"]
    ]
    assert page.locator("#result .total").inner_text() == f"{drawn['total']} {drawn['unit']}"
    assert page.locator("#headline").inner_text() == drawn["headline"]
    # the link drawn opens the same hand
    assert drawn["link"] == page.locator("#share-url").input_value()
    # Open Graph: the same picture for a crawler
    og = page.locator('meta[property="og:image"]').get_attribute("content")
    assert og and "/picture/hand.png?" in og and f"lang={language}" in og


def test_an_eighteen_tile_hand_of_four_kongs_still_fits(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    page = _phone(browser, live_server, "en", share=True)
    page.goto(f"{live_server.url}/?{query(FOUR_KONGS)}")
    page.locator(".share .picture-share").tap()
    image, drawn = opened(_shared(page)[0]["png"])
    assert image.width == 1080 and not_blank(image)
    assert sum(len(g["tiles"]) for g in drawn["groups"]) == 18 + 1  # and its flower
    image.save("tests/browser/screenshots/picture-four-kongs-en.png")


def test_without_a_share_sheet_the_button_opens_the_picture(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    page = _phone(browser, live_server, "zh-hans", share=False)
    page.context.add_init_script(
        "delete Navigator.prototype.canShare; delete Navigator.prototype.share;"
    )
    page.goto(f"{live_server.url}/?{query(CHUZHOU)}")
    assert page.evaluate("() => navigator.canShare === undefined")
    with page.expect_response(lambda r: "/picture/hand.png" in r.url) as answer:
        page.locator(".share .picture-share").tap()
    assert answer.value.headers["content-type"] == "image/png"
    page.wait_for_url(re.compile(r"/picture/hand\.png\?"))  # opened, to long-press and save


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_evenings_results_are_shared_as_pictures_with_the_pages_numbers(
    browser, live_server, language: str
) -> None:  # type: ignore[no-untyped-def]
    referee, event, _table = _evening()
    page = _phone(browser, live_server, language, share=True, client=referee)
    page.goto(live_server.url + reverse("event", args=[event.pk]))
    page.locator(".picture-share").tap()
    files = _shared(page)
    assert files and all(f["type"] == "image/png" for f in files)
    lines = standings(event)["lines"]
    drawn_lines = []
    for n, f in enumerate(files, start=1):
        image, drawn = opened(f["png"])
        assert image.width == 1080 and image.height <= 1920 and not_blank(image)
        assert drawn["page"] == n and drawn["pages"] == len(files)
        image.save(f"tests/browser/screenshots/picture-night-{language}-{n}.png")
        for section in drawn["sections"]:
            if section["kind"] == "standings":
                drawn_lines += section["rows"]
    # the results page's standings, as it shows them
    page.goto(live_server.url + reverse("event-results", args=[event.pk]))
    shown = [
        [c.strip() for c in row]
        for row in page.locator("table.standings tbody tr").evaluate_all(
            "rows => rows.map(r => [...r.cells].map(c => c.innerText))"
        )
    ]
    assert [(r[1], r[-1]) for r in shown] == [(d["name"], str(d["money"])) for d in drawn_lines]
    assert [d["money"] for d in drawn_lines] == [line.money for line in lines]
    # and the page of pictures opens without script, each to long-press
    page.goto(live_server.url + reverse("event-results-picture", args=[event.pk]))
    assert page.locator("img.picture").count() == len(files)
    assert not small_targets(page), small_targets(page)
    shot(page, f"picture-night-page-{language}")
    # The players' link previews its standings picture.
    follow = live_server.url + reverse("event-follow", args=[event.public_token])
    page.goto(follow)
    og = page.locator('meta[property="og:image"]').get_attribute("content")
    assert og and re.search(r"/e/[^/]+/results-picture/\?page=1$", og)
