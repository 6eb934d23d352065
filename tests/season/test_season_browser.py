"""A club's season on a 390-px phone (issue 41): the referee sets up two
evenings from the club's roster, a hand is played at each, and the season
table, a player's page and a head-to-head read on the phone — every control
a thumb's size, nothing wider than the screen. One hand an evening: what is
read is the point here, the scoring has tests of its own."""

from __future__ import annotations

import pytest
from django.urls import reverse

from calculator.club.entry import table_mark
from calculator.club.public import save_entry
from calculator.events.models import Event, Round
from tests.browser.support import as_signed_in, shot, small_targets
from tests.season.support import hand, new_club, referee

pytestmark = [
    pytest.mark.browser,
    pytest.mark.several_phones,
    pytest.mark.django_db(transaction=True),
]

FOUR = ["张伟", "李娜", "王芳", "刘洋"]


def _set(page, name: str, value: str) -> None:  # type: ignore[no-untyped-def]
    field = page.locator(f"[name={name}]")
    if field.evaluate("el => el.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)


def _fits(page) -> None:  # type: ignore[no-untyped-def]
    assert not small_targets(page), small_targets(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url}: {width} px wide"


def test_a_referee_sets_up_two_evenings_from_the_roster_and_reads_the_season(phone) -> None:  # type: ignore[no-untyped-def]
    client, user = referee()
    club = new_club(client, FOUR)
    client.post(
        reverse("season-new", args=[club.pk]),
        {
            "name": "秋季",
            "start": "2026-09-01",
            "end": "2026-12-31",
            "attendance": "min",
            "count": "0",
        },
    )
    season = club.seasons.get()
    as_signed_in(phone.context, phone.base_url, client, "zh-hans")
    for date, winner in (("2026-10-02", "S"), ("2026-10-09", "W")):
        phone.goto(phone.base_url + reverse("evening-new", args=[club.pk]))
        _set(phone, "name", f"周五 {date}")
        _set(phone, "date", date)
        _set(phone, "rounds", "1")
        _set(phone, "round_length", "1")
        for box in phone.locator("#roster-picks input").all():
            box.check()
        _fits(phone)
        shot(phone, "season-evening-from-roster")
        with phone.expect_navigation():
            phone.click("#create-evening")
        with phone.expect_navigation():
            phone.click("#draw-round")
        with phone.expect_navigation():
            phone.click("#start-round-1")
        event = Event.objects.get(date=date)
        assert {e.name for e in event.entrants.all()} == set(FOUR)
        # the table's phone saves the hand (as test_two_phones does through its page)
        session = Round.objects.get(event=event).tables.get().session
        done = save_entry(
            session, user, hand(winner, "E"), f"k-{date}", 1, table_mark(session.replayed().table)
        )
        assert not isinstance(done, str), done

    phone.goto(phone.base_url + reverse("season", args=[club.pk, season.pk]))
    rows = phone.locator("a.who")
    assert sorted(rows.all_inner_texts()) == sorted(FOUR)
    assert "标准分" in phone.content()
    _fits(phone)
    name = rows.first.inner_text()
    with phone.expect_navigation():
        rows.first.click()
    assert name in phone.locator("h2").first.inner_text()  # that player's page
    _fits(phone)
    opponents = phone.locator("a.who")
    assert opponents.count() == 3  # everyone else, met at both evenings
    with phone.expect_navigation():
        opponents.first.click()
    assert "/vs/" in phone.url
    _fits(phone)
