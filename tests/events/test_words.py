"""The event pages in one script each, as the calculator's are (OpenCC judges)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.events.models import Penalty
from tests.events.test_events import draw_and_start, make_event, play
from tests.words.test_script import problems

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_every_event_page_is_in_one_script(client: Client, language: str) -> None:
    user = User.objects.create_user("ref", password="mahjong-night-2026")
    client.force_login(user)
    event = make_event(client, scoring="rank")
    rnd = draw_and_start(client, event)
    table = rnd.tables.first()
    play(Client(), table, "S", "E")
    Penalty.objects.create(
        event=event, round=rnd, entrant=event.entrants.first(), amount=-5, reason="迟到"
    )
    me = table.seats.first().entrant
    client.cookies["django_language"] = language
    phone = Client()
    phone.cookies["django_language"] = language
    pages = [
        (client, reverse("events")),
        (client, reverse("event-new")),
        (client, reverse("event", args=[event.pk])),
        (client, reverse("round-cards", args=[event.pk, 1])),
        (client, reverse("event-results", args=[event.pk])),
        (phone, reverse("event-follow", args=[event.public_token]) + f"?p={me.pk}"),
        (phone, reverse("event-live", args=[event.public_token]) + f"?p={me.pk}"),
    ]
    start = phone.get(reverse("table-link", args=[table.link_token]))
    pages.append((phone, start["Location"]))
    found = {}
    for who, url in pages:
        response = who.get(url)
        assert response.status_code == 200, url
        wrong = problems(response.content.decode(), language)
        if wrong:
            found[url] = wrong[:6]
    assert not found, found
