"""A two-table club evening on phones: the referee draws and starts the round,
each table enters its hands through its own link, a player's phone follows the
standings live without reloading, and the evening ends with its results sheet."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from calculator.events.models import Event, Round
from tests.browser.support import PHONE, shot, tap, until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAND = ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "7s", "9s", "1z", "1z", "8s"]


def enter_at_table(page, winner: str, discarder: str) -> None:  # type: ignore[no-untyped-def]
    for code in HAND:
        tap(page, f"#tap-{code}")
    tap(page, f"#who input[name=s][value={winner}]")
    tap(page, "#who input[name=b][value=discard]")
    tap(page, f"#who input[name=dc][value={discarder}]")
    assert page.locator(".total").inner_text() == "20 番"
    page.click("#save-hand")
    page.wait_for_selector(".notices")  # "已保存。下一局：" on a fresh calculator


def test_a_two_table_evening(phone, browser) -> None:  # type: ignore[no-untyped-def]
    User.objects.create_user("ref", password="a-good-long-password")
    referee = phone
    referee.goto(referee.base_url + "/accounts/login/?next=/events/new/")
    referee.fill("input[name=username]", "ref")
    referee.fill("input[name=password]", "a-good-long-password")
    referee.click("#sign-in")
    referee.wait_for_url(re.compile(r"/events/new/"))
    referee.fill("input[name=name]", "周五俱乐部")
    referee.fill("input[name=date]", "2026-12-04")
    referee.select_option("select[name=region]", "chuzhou")
    referee.fill("input[name=round_length]", "2")
    referee.fill("input[name=rounds]", "2")
    referee.click("#create-event")
    referee.wait_for_url(re.compile(r"/events/\d+/$"))
    referee.fill("textarea[name=names]", "\n".join(f"牌友{n}" for n in range(1, 9)))
    referee.click("#add-players")
    referee.click("#draw-round")
    referee.click("#start-round-1")
    event = Event.objects.get()
    rnd = Round.objects.get(event=event)
    assert rnd.started and rnd.tables.count() == 2
    shot(referee, "event-round")
    # A player's phone follows the standings.
    follower = browser.new_context(viewport=PHONE, locale="zh-CN").new_page()
    table_one = rnd.tables.get(number=1)
    me = table_one.seats.get(seat="S").entrant
    follower.goto(f"{referee.base_url}/e/{event.public_token}/?p={me.pk}")
    assert "第 1 桌" in follower.locator("#my-seat").inner_text()
    before = follower.locator("tr.me td.num").last.inner_text()
    follower.evaluate("window.__kept = 1")  # gone if the page were reloaded
    # Each table enters its hands through its own link, no account needed.
    for table in rnd.tables.all():
        at_table = browser.new_context(viewport=PHONE, locale="zh-CN", has_touch=True).new_page()
        at_table.goto(f"{referee.base_url}/t/{table.link_token}/")
        enter_at_table(at_table, "S", "E")
        assert table.session.hands.count() == 1
        at_table.context.close()
    # The follower's page has moved on by itself (htmx polling), not reloaded.
    until(
        follower,
        f"() => document.querySelector('tr.me td.num:last-child').innerText !== {before!r}",
        20,
    )
    assert follower.evaluate("window.__kept") == 1
    assert follower.locator("tr.me td.num").last.inner_text() == "140"
    shot(follower, "event-follow")
    # The round ends, the sheet prints.
    referee.goto(referee.base_url + f"/events/{event.pk}/")
    referee.click("#finish-round-1")
    referee.goto(referee.base_url + f"/events/{event.pk}/results/")
    assert "周五俱乐部" in referee.content() and "140" in referee.content()
    follower.context.close()
