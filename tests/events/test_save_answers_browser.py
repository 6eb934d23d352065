"""What a phone says after a save (issue 39, points 2 and 4), on 390-px
phones at one table in Chromium:

- two phones alternate eight hands, each page drawn before the other's
  save and no dealer touched: the money stored is the rotation's, replayed
  from the engine's ledger; a phone that loses a race is told the other's
  hand in one message and lists it at once; after the round's last hand one
  phone says it was saved and nothing else, the other that the table has
  played its round — and neither ever that it takes hands again;
- a save that is not stored (a proxy's 502 page, a 500, a network failure)
  says 没有保存 at once in place of the last "saved", keeps the hand, sends
  it again by itself, and it is stored once, with one message."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from django.urls import reverse
from pytest_django.fixtures import Settings

from calculator.club.models import ClubSession
from rules.ledger import replay
from tests.browser.support import PHONE, settle, until
from tests.events.support import club_night

pytestmark = [
    pytest.mark.browser,
    pytest.mark.several_phones,
    pytest.mark.django_db(transaction=True),
]

TILES = {"h": "234567m345p79s11z", "w": "8s", "b": "discard"}
# Who wins each hand (the next seat discards): the dealer keeps the deal
# some hands and passes it others.
WINNERS = ["E", "E", "S", "W", "W", "N", "E", "S"]
AFTER = {"E": "S", "S": "W", "W": "N", "N": "E"}

MESSAGES = (
    "() => [...document.querySelectorAll('#save-status > :not([hidden])')].map(n => n.innerText)"
)


def hand_at(link: str, number: int) -> str:
    """The table's page holding hand ``number`` (1-based), as a phone opens
    it: no dealer in it, so the page takes the table's."""
    winner = WINNERS[number - 1]
    return f"{link}?{urlencode({'r': 'chuzhou', **TILES, 's': winner, 'dc': AFTER[winner]})}"


def one_account(page: Any, *said: str) -> str:  # type: ignore[misc]
    """The phone says one thing about its save, by the save button, and it says ``said``."""
    shown = page.evaluate(MESSAGES)
    assert len(shown) == 1, shown
    assert all(words in shown[0] for words in said), shown
    assert page.locator(".notices").count() == 0
    return str(shown[0])


def saved(page: Any, number: int) -> None:  # type: ignore[misc]
    with page.expect_navigation(url=lambda u: "after=" in u):
        page.click("#save-hand")
    one_account(page, f"已保存为第 {number} 局")


def beaten(page: Any, number: int) -> None:  # type: ignore[misc]
    """A save that lost the race to the other phone's: one message naming
    the other's hand, which the list shows at once (not at its next poll)."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.click("#save-hand")
    page.wait_for_selector("#save-problem")
    one_account(page, f"第 {number} 局已由另一部手机录入")
    page.wait_for_selector(f"#saved-{number}", timeout=3_000)


def test_two_phones_alternate_eight_hands_and_each_save_has_one_answer(  # type: ignore[no-untyped-def]
    phone, browser, settings: Settings
) -> None:
    # Polls far apart: what a phone shows at once is what its save's answer did.
    settings.POLL_SECONDS = {"table": 60, "standings": 60}
    _referee, _event, table = club_night(length=8)
    link = phone.base_url + reverse("table-link", args=[table.link_token])
    a = phone
    b = browser.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, locale="zh-CN"
    ).new_page()

    # Hands 1–6 in pairs: both pages drawn before either saves; the loser
    # saves its hand, scored again for the table as it now stands, as the next.
    for first in (1, 3, 5):
        a.goto(hand_at(link, first))
        b.goto(hand_at(link, first + 1))
        saved(a, first)
        beaten(b, first)
        saved(b, first + 1)
    a.goto(hand_at(link, 7))
    saved(a, 7)
    # A double tap's second lands on the next hand's page, nothing entered
    # yet: it saves nothing, and the phone still says hand 7 was saved.
    with a.expect_response(lambda r: r.request.method == "POST"):
        a.click("#save-hand")
    settle(a)
    one_account(a, "已保存为第 7 局")

    # The round's last hand: the winner says it saved, and nothing else.
    a.goto(hand_at(link, 8))
    b.goto(hand_at(link, 8))
    saved(a, 8)
    assert a.locator("#save-hand").count() == 0
    assert "没有保存" not in a.locator("body").inner_text()
    # The loser: one message (the other's hand, and that the table has
    # played its round), the hand listed, no way to save, and its table's
    # status, asked again, never says the table takes hands again.
    with b.expect_response(lambda r: r.request.method == "POST"):
        b.click("#save-hand")
    b.wait_for_selector("#save-problem")
    one_account(b, "第 8 局已由另一部手机录入", "本轮已打完")
    b.wait_for_selector("#saved-8", timeout=3_000)
    assert b.locator("#save-hand").count() == 0
    assert b.locator("#n-h").input_value() == TILES["h"]  # the hand stays on screen
    for page in (a, b):
        page.evaluate(
            """() => htmx.ajax('GET', document.getElementById('table-status').getAttribute('hx-get'),
                               {target: '#table-status', swap: 'outerHTML'})"""
        )
        page.wait_for_selector("#table-closed")
        assert page.locator("#table-reopened").count() == 0
        assert "又可以录入" not in page.locator("body").inner_text()

    # The money: no hand keeps a dealer of its own (none was chosen), and the
    # totals are the rotation's, replayed from the first hand.
    session = ClubSession.objects.get(pk=table.session.pk)
    hands = [h.data for h in session.live_hands()]
    assert len(hands) == 8 and not [h for h in hands if "dealer" in h]
    stripped = [{k: v for k, v in h.items() if k != "dealer"} for h in hands]
    rotation = replay(session.region, session.seat_count, session.rules, session.start, stripped)
    assert {s: int(n) for s, n in session.totals.items()} == rotation.totals
    assert len({step.request["dealer"] for step in rotation.steps}) > 1  # the deal did move


PROXY_502 = "<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>"


def test_a_save_that_is_not_stored_says_so_at_once_and_is_sent_again(phone) -> None:  # type: ignore[no-untyped-def]
    _referee, _event, table = club_night(length=8)
    link = phone.base_url + reverse("table-link", args=[table.link_token])
    phone.goto(hand_at(link, 1))
    saved(phone, 1)
    # The next hand, entered on the page that says hand 1 was saved.
    query = dict(parse_qsl(urlsplit(phone.url).query))
    query.update(TILES, s="S", dc="W")
    phone.goto(f"{link}?{urlencode(query)}")
    one_account(phone, "已保存为第 1 局")

    answers = ["502", "500", "network", "through"]
    sent: list[str] = []

    def server(route: Any) -> None:  # type: ignore[misc]
        what = answers[len(sent)]
        sent.append(route.request.post_data or "")
        if what == "502":
            route.fulfill(status=502, content_type="text/html", body=PROXY_502)
        elif what == "500":
            route.fulfill(status=500, content_type="text/html", body="<h1>Server Error (500)</h1>")
        elif what == "network":
            route.abort("failed")
        else:
            route.continue_()

    phone.route("**/save/", server)
    phone.click("#save-hand")
    for tries in (1, 2, 3):
        while len(sent) < tries:
            phone.wait_for_timeout(20)
        until(
            phone,
            "() => (document.getElementById('offline-note').innerText || '').includes('没有保存')",
        )
        one_account(phone, "没有保存")
        assert "已保存" not in phone.locator("#save-status").inner_text()
        assert phone.locator("#n-h").input_value() == TILES["h"]  # the hand stays
        assert table.session.hands.count() == 1
    # By itself, the fourth send goes through: stored once, said once.
    with phone.expect_navigation(url=lambda u: "saved=" not in u, timeout=10_000):
        pass
    one_account(phone, "已保存为第 2 局")
    assert len(sent) == 4 and len(set(sent)) == 1  # the same entry each time
    assert table.session.hands.count() == 2
