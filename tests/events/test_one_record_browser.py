"""One hand, one record (issue 30), on two 390-px phones at one table in real
Chromium: a saved hand is named on the phone that saved it and appears on the
other's list; the back button brings back a saved entry that cannot be saved
again; a double tap stores once; a save made offline says so, keeps the hand,
and goes through once when the network is back; a dispute from a phone
reaches the referee's ledger."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.browser.support import PHONE, shot, small_targets, tap
from tests.club.test_one_record import _entry, _save, _won
from tests.events.support import club_night
from tests.events.test_two_phones import enter

pytestmark = [
    pytest.mark.browser,
    pytest.mark.several_phones,
    pytest.mark.django_db(transaction=True),
]


def _table(length: int = 8) -> tuple[Client, object]:
    referee, _event, table = club_night(length)
    return referee, table


def test_a_deal_is_stored_once_whatever_the_phone_does(phone, browser) -> None:  # type: ignore[no-untyped-def]
    referee, table = _table()
    link = phone.base_url + reverse("table-link", args=[table.link_token])  # type: ignore[attr-defined]
    first = phone
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, locale="zh-CN"
    )
    second = context.new_page()
    first.goto(link)
    second.goto(link)
    assert "key=" in first.url and "deal=1" in first.url  # the entry is in the address

    # Saved: the phone names the hand; the other phone's list shows it by itself.
    enter(first, "S", "E")
    with first.expect_navigation(url=lambda u: "saved=" not in u):
        first.click("#save-hand")
    first.wait_for_selector("#save-note")
    assert "已保存为第 1 局" in first.locator("#save-status").inner_text()
    assert table.session.hands.count() == 1  # type: ignore[attr-defined]
    second.wait_for_selector("#saved-1", timeout=15_000)
    assert (
        "张伟" in second.locator("#table-hands").inner_text()
        or "李娜" in second.locator("#table-hands").inner_text()
    )

    # Back to the saved entry: it says what it became and offers no save.
    first.go_back()
    first.wait_for_selector("#saved-as")
    assert "已保存为第 1 局" in first.locator("#saved-as").inner_text()
    assert first.locator("#save-hand").count() == 0
    first.goto(link)

    # A double tap on save stores the deal once.
    enter(second, "W", "N")
    with second.expect_navigation(url=lambda u: "saved=" not in u):
        second.locator("#save-hand").dblclick()
    assert table.session.hands.count() == 2  # type: ignore[attr-defined]

    # Offline: the phone says so at once and keeps the hand; back online, it
    # sends the same entry again by itself, and it is stored once.
    first.goto(link)
    enter(first, "N", "W")
    context_first = first.context
    context_first.set_offline(True)
    first.click("#save-hand")
    first.wait_for_selector("#offline-note:not([hidden])")
    assert "没有网络" in first.locator("#offline-note").inner_text()
    assert first.locator("#n-h").input_value() == "234567m345p79s11z"
    shot(first, "offline-save-kept")
    assert table.session.hands.count() == 2  # type: ignore[attr-defined]
    with first.expect_navigation(url=lambda u: "saved=" not in u, timeout=15_000):
        context_first.set_offline(False)
    assert table.session.hands.count() == 3  # type: ignore[attr-defined]
    second.wait_for_selector("#saved-3", timeout=15_000)

    # A dispute from a phone reaches the referee.
    second.locator("#saved-3 details summary").click()
    second.fill("#reason-3", "北家没有听牌")
    with second.expect_response(lambda r: "dispute" in r.url):
        tap(second, "#dispute-3")
    second.wait_for_selector("#saved-3.disputed")
    assert not small_targets(second), small_targets(second)
    ledger = referee.get(reverse("session", args=[table.session.pk])).content.decode()  # type: ignore[attr-defined]
    assert "桌上有异议：北家没有听牌" in ledger
    context.close()


def test_the_earlier_hands_open_in_place_and_the_hand_on_screen_stays(phone) -> None:  # type: ignore[no-untyped-def]
    """Late in a round the table's list shows its newest hands; the rest open
    in place, and what the phone was entering stays as it was."""
    _referee, table = _table(length=12)
    other = Client()
    for _ in range(10):
        assert _save(other, table, _won(_entry(other, table))).status_code == 302  # type: ignore[arg-type]
    phone.goto(phone.base_url + reverse("table-link", args=[table.link_token]))  # type: ignore[attr-defined]
    for code in ("1m", "2m", "3m"):
        tap(phone, f"#tap-{code}")
    assert phone.locator("#saved-10").count() == 1 and phone.locator("#saved-2").count() == 0
    assert "显示之前的 2 局" in phone.locator("#hands-all").inner_text()
    assert not small_targets(phone), small_targets(phone)
    with phone.expect_response(lambda r: "all=1" in r.url):
        phone.tap("#hands-all")
    phone.wait_for_selector("#saved-1")
    assert phone.locator("#hands-all").count() == 0
    assert phone.locator("#n-h").input_value() == "123m"
    assert "key=" in phone.url  # still the same entry, in the same address
    shot(phone, "table-hands-all")
