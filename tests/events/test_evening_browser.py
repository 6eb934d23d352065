"""A phone holding a hand through the referee's evening (issue 31, points 1,
2 and 4), on a 390-px phone in Chromium: the table says at its top what
happened — a close, a reopen, an archive, a replaced link — and the hand on
screen is never lost."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.support import small_targets
from tests.events.support import club_night
from tests.events.test_two_phones import enter

pytestmark = [
    pytest.mark.browser,
    pytest.mark.several_phones,
    pytest.mark.django_db(transaction=True),
]


def test_a_phone_holds_its_hand_through_close_reopen_archive_and_a_new_link(phone) -> None:  # type: ignore[no-untyped-def]
    referee, event, table = club_night(names=("张伟", "李秀英", "王芳", "刘洋"))
    state = reverse("round-state", args=[event.pk, 1])
    phone.goto(phone.base_url + reverse("table-link", args=[table.link_token]))
    enter(phone, "S", "E")

    # A mistaken close: the top of the page says so by itself, the hand stays.
    referee.post(state, {"finish": "1", "confirm": "1"})
    phone.wait_for_selector("#table-closed", timeout=15_000)
    assert "本轮已结束" in phone.locator("#table-head").inner_text()
    assert phone.locator("#n-h").input_value() == "234567m345p79s11z"
    phone.click("#save-hand")  # tapped anyway: refused, the hand kept, no save button now
    phone.wait_for_selector("#closed")
    assert phone.locator("#save-hand").count() == 0
    # Reopened: the page offers to reload, and the reloaded page saves the hand.
    referee.post(state, {"reopen": "1"})
    phone.wait_for_selector("#table-reopened", timeout=15_000)
    with phone.expect_navigation():
        phone.click("#table-reopened a")
    assert phone.locator(".total").inner_text() == "20 番"
    with phone.expect_navigation(url=lambda u: "saved=" not in u):
        phone.click("#save-hand")
    assert table.session.hands.count() == 1

    # A new link: the old one, still on the phone, says so; its hand stays.
    enter(phone, "W", "N")
    change = reverse("table-link-change", args=[event.pk, table.pk])
    referee.post(change, {"confirm": "1"})
    phone.wait_for_selector("#table-closed", timeout=15_000)
    assert "链接已被记分员换掉" in phone.locator("#table-head").inner_text()
    assert phone.locator("#n-h").input_value() == "234567m345p79s11z"
    phone.click("#save-hand")
    phone.wait_for_selector("#closed")
    assert table.session.hands.count() == 1
    assert not small_targets(phone), small_targets(phone)

    # Archived: the new link's phone is told to call the referee.
    table.refresh_from_db()
    phone.goto(phone.base_url + reverse("table-link", args=[table.link_token]))
    referee.post(reverse("session-finish", args=[table.session.pk]), {"confirm": "1"})
    phone.wait_for_selector("#table-closed", timeout=15_000)
    assert "请找记分员" in phone.locator("#table-head").inner_text()
