"""A club evening on phones: twelve players on three tables over three rounds.
The referee draws and starts each round, each table enters its hands through
its own link, a player's phone follows their seat and the standings live
without reloading, and the evening ends with its results sheet."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from calculator.events.models import Event, Round
from calculator.events.standings import standings
from tests.browser.support import PHONE, shot, small_targets, tap, until

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
    page.wait_for_selector("#save-note")  # "已保存为第 1 局…" by the fresh calculator's save button


def test_a_three_round_three_table_evening(phone, browser) -> None:  # type: ignore[no-untyped-def]
    User.objects.create_user("ref", password="a-good-long-password")
    referee = phone
    referee.goto(referee.base_url + "/accounts/login/?next=/events/new/")
    referee.fill("input[name=username]", "ref")
    referee.fill("input[name=password]", "a-good-long-password")
    referee.click("#sign-in")
    referee.wait_for_url(re.compile(r"/events/new/"))
    assert not small_targets(referee), small_targets(referee)
    referee.fill("input[name=name]", "周五俱乐部")
    referee.fill("input[name=date]", "2026-12-04")
    referee.select_option("select[name=region]", "chuzhou")
    referee.fill("input[name=round_length]", "1")
    referee.fill("input[name=rounds]", "3")
    referee.click("#create-event")
    referee.wait_for_url(re.compile(r"/events/\d+/$"))
    referee.fill("textarea[name=names]", "\n".join(f"牌友{n}" for n in range(1, 13)))
    referee.click("#add-players")
    event = Event.objects.get()
    # A player's phone follows their seat and the standings all evening.
    follower = browser.new_context(viewport=PHONE, locale="zh-CN").new_page()
    me = event.entrants.get(name="牌友1")
    follower.goto(f"{referee.base_url}/e/{event.public_token}/?p={me.pk}")
    follower.evaluate("window.__kept = 1")  # gone if the page were reloaded
    for number in (1, 2, 3):
        referee.click("#draw-round")
        referee.click(f"#start-round-{number}")
        referee.wait_for_selector(f"#finish-round-{number}")
        referee.wait_for_load_state("load")
        rnd = Round.objects.get(event=event, number=number)
        assert rnd.started and rnd.tables.count() == 3
        assert not small_targets(referee), small_targets(referee)
        if number == 1:
            shot(referee, "event-round")
        mine = rnd.tables.get(seats__entrant=me)
        until(
            follower,
            f"() => (document.querySelector('#my-seat')?.innerText || '').includes('第 {mine.number} 桌')",
            20,
        )
        before = follower.locator("tr.me td.num").last.inner_text()
        # Each table enters its hand through its own link, no account needed.
        for table in rnd.tables.all():
            at_table = browser.new_context(
                viewport=PHONE, locale="zh-CN", has_touch=True
            ).new_page()
            at_table.goto(f"{referee.base_url}/t/{table.link_token}/")
            enter_at_table(at_table, "S", "E")
            assert table.session.hands.count() == 1
            at_table.context.close()
        seat = mine.seats.get(entrant=me).seat
        if seat in ("S", "E"):  # the winner's or the discarder's: my standing moves
            until(
                follower,
                f"() => document.querySelector('tr.me td.num:last-child').innerText !== {before!r}",
                20,
            )
        referee.goto(referee.base_url + f"/events/{event.pk}/")
        referee.click(f"#finish-round-{number}")
        referee.click("#confirm-finish")  # every table has played: nothing listed
    assert follower.evaluate("window.__kept") == 1  # followed live, never reloaded
    shot(follower, "event-follow")
    # The evening ends with its sheet: every player, and the money summing to zero.
    referee.goto(referee.base_url + f"/events/{event.pk}/results/")
    referee.wait_for_load_state("load")
    sheet = referee.content()
    assert "周五俱乐部" in sheet and all(f"牌友{n}" in sheet for n in range(1, 13))
    assert not small_targets(referee), small_targets(referee)
    assert sum(line.money for line in standings(event)["lines"]) == 0
    follower.context.close()
