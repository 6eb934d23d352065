"""Two phones at one table, and a referee who closes the round by mistake
(issue 24), in real Chromium on 390-px phones: the second phone to save is
shown the hand the first entered and keeps its own to save as the next; a
closed round's link says so with the hand still on screen, and once the round
is reopened that hand is saved as it was shown."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.support import PHONE, shot, small_targets, tap
from tests.events.support import club_night

pytestmark = [
    pytest.mark.browser,
    pytest.mark.several_phones,
    pytest.mark.django_db(transaction=True),
]

HAND = ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "7s", "9s", "1z", "1z", "8s"]


def enter(page, winner: str, discarder: str) -> None:  # type: ignore[no-untyped-def]
    for code in HAND:
        tap(page, f"#tap-{code}")
    tap(page, f"#who input[name=s][value={winner}]")
    tap(page, "#who input[name=b][value=discard]")
    tap(page, f"#who input[name=dc][value={discarder}]")
    assert page.locator(".total").inner_text() == "20 番"


def save(page, saved: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Tap save: a saved hand opens the next one; a refused one comes back in place."""
    if saved:
        with page.expect_navigation():
            page.click("#save-hand")
        page.wait_for_selector("#save-note")  # "已保存为第 N 局…", by the save button
    else:
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.click("#save-hand")
        page.wait_for_selector("#save-problem, #closed")


def test_two_phones_and_a_mistaken_close(phone, browser) -> None:  # type: ignore[no-untyped-def]
    referee, event, table = club_night()
    link = phone.base_url + reverse("table-link", args=[table.link_token])
    first = phone
    second = browser.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, locale="zh-CN"
    ).new_page()
    first.goto(link)
    second.goto(link)
    # The table page says where it is, and who sits where, in the players' names.
    head = first.locator("#table-head").inner_text()
    assert "周五俱乐部" in head and "第 1 轮 · 第 1 桌" in head
    seated = table.session.players
    assert all(name in head for name in seated.values())
    assert f"{seated['S']} · 南" in first.locator("#who").inner_text()
    assert not small_targets(first), small_targets(first)

    # Both enter the hand; the first saves it, the second is told and keeps its own.
    enter(first, "S", "E")
    enter(second, "W", "N")
    save(first)
    assert table.session.hands.count() == 1
    save(second, saved=False)
    problem = second.locator("#save-problem").inner_text()
    assert "第 1 局已由另一部手机录入" in problem and seated["S"] in problem
    assert second.locator("#n-h").input_value() == "234567m345p79s11z"  # nothing typed is lost
    assert table.session.hands.count() == 1
    shot(second, "two-phones-conflict")
    # The button's label follows the answer, though the tap left it focused.
    assert second.locator("#save-hand").inner_text() == "存为下一局"
    save(second)
    assert table.session.hands.count() == 2
    assert second.locator("#hand-title .count").inner_text().startswith("0/")  # a fresh hand

    # The referee closes the round by mistake, having been told the table is unfinished.
    # A phone is holding a hand, ready to save, as it happens.
    enter(first, "N", "W")
    answer = referee.post(reverse("round-state", args=[event.pk, 1]), {"finish": "1"})
    assert "第 1 桌：2 / 4" in answer.content.decode()
    referee.post(reverse("round-state", args=[event.pk, 1]), {"finish": "1", "confirm": "1"})
    save(first, saved=False)
    assert "本轮已结束" in first.locator("#closed").inner_text()
    assert first.locator("#n-h").input_value() == "234567m345p79s11z"
    assert first.locator("#save-hand").count() == 0
    assert table.session.hands.count() == 2
    shot(first, "closed-round-keeps-the-hand")

    # Reopened: the same hand, still on screen after a reload, is saved as shown.
    referee.post(reverse("round-state", args=[event.pk, 1]), {"reopen": "1"})
    first.reload()
    assert first.locator(".total").inner_text() == "20 番"
    shown = first.locator("#headline").inner_text()
    save(first)
    assert table.session.hands.count() == 3
    step = table.session.replayed().steps[2]
    assert step.request["seat"] == "N" and step.request["discarder"] == "W"
    assert seated["N"] in shown
