"""The referee's evening without surprises (issue 31, points 1–6): every step
that cannot be undone asks first, says what happened in the reader's
language, and loses nothing typed."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.events.models import Event, Round, Table
from calculator.events.public import PHONE_CLOSED
from tests.club.test_what_is_saved import HAND, LANGUAGES, _event_round, here

pytestmark = pytest.mark.django_db


def text_of(response: Any) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("referee", password="mahjong-night-2026")
    client.force_login(user)
    return user


def _words(language: str, text: Any) -> str:
    with translation.override(language):
        return str(text)


def _first(rnd: Round) -> Table:
    table = rnd.tables.first()
    assert table is not None
    return table


def _holding(phone: Client, table: Table) -> dict[str, str]:
    """A phone at the table with a whole hand entered, ready to save."""
    opened = phone.get(reverse("table-link", args=[table.link_token]), follow=True)
    return {**here(opened), **HAND, "s": "S", "dc": "E"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_revoking_a_link_asks_first_and_the_old_link_says_so_with_the_hand_kept(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    event, rnd = _event_round(client)
    table = _first(rnd)
    phone = Client()
    phone.cookies["django_language"] = language
    held = _holding(phone, table)
    old = table.link_token
    url = reverse("table-link-change", args=[event.pk, table.pk])
    asked = client.get(url, {"revoke": "1"})
    assert asked.status_code == 200 and 'id="confirm-link"' in text_of(asked)
    table.refresh_from_db()
    assert not table.link_revoked  # asking changed nothing
    client.post(url, {"revoke": "1", "confirm": "1"})
    client.post(url, {"confirm": "1"})  # then a new link
    table.refresh_from_db()
    assert table.link_token != old and not table.link_revoked
    words = _words(language, PHONE_CLOSED["replaced"])
    # the phone's next tap, and its save: its language, its hand, nothing stored
    tapped = phone.post(reverse("table-link", args=[old]), held, HTTP_HX_REQUEST="true")
    assert tapped.status_code == 200 and words in text_of(tapped)
    saved = phone.post(reverse("table-save", args=[old]), held)
    assert saved.status_code == 422 and words in text_of(saved)
    assert 'value="234567m345p79s11z"' in text_of(saved) and 'id="save-hand"' not in text_of(saved)
    assert table.session.hands.count() == 0
    # a link never given is still a 404
    assert phone.get(reverse("table-link", args=["never-given-token"])).status_code == 404


@pytest.mark.parametrize("language", LANGUAGES)
def test_archiving_asks_names_the_table_and_the_event_and_phones_say_so(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    event, rnd = _event_round(client)
    table = _first(rnd)
    phone = Client()
    phone.cookies["django_language"] = language
    held = _holding(phone, table)
    url = reverse("session-finish", args=[table.session.pk])
    asked = client.get(url)
    assert asked.status_code == 200 and 'id="still-playing"' in text_of(asked)
    table.session.refresh_from_db()
    assert table.session.finished is None
    client.post(url, {"confirm": "1"})
    table.session.refresh_from_db()
    assert table.session.finished is not None
    page = text_of(client.get(reverse("event", args=[event.pk])))
    assert f'id="archived-{table.pk}"' in page
    assert f'id="table-link-{table.pk}"' not in page  # no live link shown for it
    words = _words(language, PHONE_CLOSED["archived"])
    status = phone.get(reverse("table-status", args=[table.link_token]))
    assert words in text_of(status)
    saved = phone.post(reverse("table-save", args=[table.link_token]), held)
    assert saved.status_code == 422 and words in text_of(saved)


def test_a_finished_rounds_hand_can_be_corrected_after_the_next_round_started(
    client: Client, referee: User
) -> None:
    client.cookies["django_language"] = "zh-hans"
    event, rnd = _event_round(client)
    table = _first(rnd)
    phone = Client()
    assert phone.post(reverse("table-save", args=[table.link_token]), _holding(phone, table))
    state = reverse("round-state", args=[event.pk, 1])
    client.post(state, {"finish": "1", "confirm": "1"})
    client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    client.post(reverse("round-state", args=[event.pk, 2]))
    session = table.session
    ledger = text_of(client.get(reverse("session", args=[session.pk])))
    assert "这里仍可更正或删除" in ledger and 'id="delete-1"' in ledger
    before = dict(session.totals)
    session.refresh_from_db()
    fields = {**HAND, "r": "chuzhou", "s": "W", "dc": "E", "edit": "1"}
    client.post(reverse("hand-save", args=[session.pk]), {**fields, "version": session.version})
    session.refresh_from_db()
    assert session.hands.get().data["seat"] == "W" and dict(session.totals) != before
    assert session.changes.filter(action="edit").exists()
    # a new hand still waits for the round to be reopened
    again = phone.post(reverse("table-save", args=[table.link_token]), _holding(phone, table))
    assert again.status_code == 422 and len(session.live_hands()) == 1


def test_a_closed_or_played_out_table_says_so_at_the_top_and_a_reopen_brings_save_back(
    client: Client, referee: User
) -> None:
    client.cookies["django_language"] = "zh-hans"
    event, rnd = _event_round(client, length=1)
    table = _first(rnd)
    phone = Client()
    phone.cookies["django_language"] = "zh-hans"
    phone.post(reverse("table-save", args=[table.link_token]), _holding(phone, table))
    page = text_of(phone.get(reverse("table-link", args=[table.link_token]), follow=True))
    head = page.split('id="table-head"')[1].split("</header>")[0]
    assert _words("zh-hans", PHONE_CLOSED["played_out"]) in head  # before any entry
    state = reverse("round-state", args=[event.pk, 1])
    client.post(state, {"finish": "1", "confirm": "1"})
    status = reverse("table-status", args=[table.link_token])
    assert _words("zh-hans", PHONE_CLOSED["round_closed"]) in text_of(phone.get(status))
    # reopened, with the round made longer: the page drawn closed learns it can save
    Event.objects.filter(pk=event.pk).update(round_length=4)
    client.post(state, {"reopen": "1"})
    reopened = text_of(phone.get(status, {"shown": "round_closed"}))
    assert 'id="table-reopened"' in reopened and 'href=""' in reopened


def test_an_old_rounds_link_points_each_player_to_their_table_now(
    client: Client, referee: User
) -> None:
    client.cookies["django_language"] = "en"
    event, rnd = _event_round(client)
    table = _first(rnd)
    client.post(reverse("round-state", args=[event.pk, 1]), {"finish": "1", "confirm": "1"})
    client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    client.post(reverse("round-state", args=[event.pk, 2]))
    phone = Client()
    phone.cookies["django_language"] = "en"
    page = text_of(phone.get(reverse("table-status", args=[table.link_token])))
    now = Round.objects.get(event=event, number=2)
    for seat in table.seats.select_related("entrant"):
        there = now.tables.get(seats__entrant=seat.entrant)
        assert f"{seat.entrant.name}" in page and f"Round 2 · Table {there.number}" in page
        assert reverse("table-link", args=[there.link_token]) in page


def test_the_round_length_holds_on_the_referees_ledger_too(client: Client, referee: User) -> None:
    event, rnd = _event_round(client, length=1)
    table = _first(rnd)
    phone = Client()
    phone.post(reverse("table-save", args=[table.link_token]), _holding(phone, table))
    session = table.session
    url = reverse("session-hand", args=[session.pk])
    fields = {**here(client.get(url, follow=True)), **HAND, "s": "W", "dc": "E"}
    refused = client.post(reverse("hand-save", args=[session.pk]), fields)
    assert refused.status_code == 422 and session.hands.count() == 1
    page = text_of(client.get(reverse("event", args=[event.pk])))
    assert "2 / 1" not in page and "2 of 1" not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_end_of_the_evening_is_one_step_once_asked(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    event, rnd = _event_round(client)
    with translation.override(language):
        assert _("in play, round %(n)s") % {"n": 1} in text_of(client.get(reverse("events")))
    asked = client.get(reverse("event-end", args=[event.pk]))
    assert asked.status_code == 200 and 'id="unfinished"' in text_of(asked)
    event.refresh_from_db()
    assert event.finished is None
    done = client.post(reverse("event-end", args=[event.pk]), {"confirm": "1"})
    assert done["Location"] == reverse("event-results", args=[event.pk])
    event.refresh_from_db()
    rnd.refresh_from_db()
    assert event.finished is not None and rnd.finished
    assert all(t.session.finished is not None for t in rnd.tables.all())
    page = text_of(client.get(reverse("event", args=[event.pk])))
    assert 'id="evening-over"' in page and 'id="draw-round"' not in page
    with translation.override(language):
        assert _("finished") in text_of(client.get(reverse("events")))
    # nothing more is saved at a table; the referee sees the archive on its ledger
    table = _first(rnd)
    phone = Client()
    assert (
        phone.post(
            reverse("table-save", args=[table.link_token]), _holding(phone, table)
        ).status_code
        == 422
    )


def test_events_list_says_being_prepared_before_any_round(client: Client, referee: User) -> None:
    client.cookies["django_language"] = "en"
    _event_round(client, start=False)
    assert "being prepared" in text_of(client.get(reverse("events")))
