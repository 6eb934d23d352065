"""Junk in, a plain answer out: NUL characters in links and forms (which
PostgreSQL refuses outright: these tests answered 500 there), names of only
invisible characters, bidi overrides, names too long, forms too large, a
score request without a region, a swap that cannot be done.

Run on PostgreSQL too: ``PY=.venv/bin/python tests/postgres.sh tests/project/test_input_hygiene.py``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.events.models import Entrant, Event, Round
from calculator.learn.models import DrillSet
from calculator.words.typed import visible, without_controls
from tests.club.test_club import make_session
from tests.events.test_events import HAND, draw_and_start, make_event
from tests.learn.test_classes import FORM, make_set

pytestmark = pytest.mark.django_db

INVISIBLE = ["\u200b", "\u202e\u202c", "\u3164\u3164", "\u2800", "\u200d\u200c", "\ufeff \u2060"]


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("ref", password="mahjong-night-2026")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


@pytest.mark.parametrize(
    "path",
    [
        "/t/ab%00cd/",
        "/t/ab%00cd/save/",
        "/e/ab%00cd/",
        "/e/ab%00cd/live/",
        "/s/ab%00cd/",
        "/learn/s/ab%00cd/",
        "/p/ab%00cd/",
        "/p/ab%00cd/copy/",
        "/rules/laosanfan%00/",
        "/%00",
    ],
)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_nul_in_an_address_is_refused_as_nginx_refuses_it(path: str, method: str) -> None:
    response = getattr(Client(), method)(path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400  # the README's answer, behind nginx or not
    assert b"NUL character" in response.content


def test_a_nul_anywhere_in_a_table_save_is_named_not_stored(client: Client, referee: User) -> None:
    event = make_event(client)
    table = draw_and_start(client, event).tables.first()
    assert table is not None
    url = reverse("table-save", args=[table.link_token])
    start = client.get(reverse("table-link", args=[table.link_token]))
    query = {k: v[-1] for k, v in parse_qs(urlsplit(start["Location"]).query).items()}
    good = {**query, **HAND, "s": "S", "dc": "E", "version": str(table.session.version)}
    phone = Client()
    phone.cookies["django_language"] = "en"
    for field in [*good, "edit", "seen"]:
        response = phone.post(url, {**good, field: good.get(field, "") + "\x00"})
        assert response.status_code == 400, field
        assert f"“{field}” holds a NUL character" in response.content.decode()
    table.session.refresh_from_db()
    assert not table.session.hands.exists()
    assert phone.post(url, good).status_code == 302  # and the hand itself is fine


@pytest.mark.parametrize(
    "query", ["q=a%00b", "archive=%00", "%00=1"], ids=["search", "value", "name"]
)
def test_a_nul_in_a_query_is_named(client: Client, referee: User, query: str) -> None:
    response = client.get(f"/sessions/?{query}")
    assert response.status_code == 400
    assert "holds a NUL character" in response.content.decode()


def test_a_nul_in_an_api_query_is_named_in_json() -> None:
    response = Client().get("/api/health?x=%00")
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "field": "x",
        "code": "nul_character",
        "message": "x: a NUL is not text",
    }


def test_a_players_link_with_a_line_break_for_a_player(client: Client, referee: User) -> None:
    event = make_event(client)
    response = Client().get(reverse("event-follow", args=[event.public_token]) + "?p=1%0a2")
    assert response.status_code == 200


# --- names ---------------------------------------------------------------------


def test_what_a_name_keeps() -> None:
    family = "👨\u200d👩\u200d👧"
    persian = "می\u200cخواهم"
    hindi = "क्\u200dष"
    scotland = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    for name in (family, persian, hindi, scotland):
        assert without_controls(name) == name and visible(name)
    assert without_controls("\u202eevil\u202c \u2066x\u2069\u200b") == "evil x"
    assert without_controls("a\tb \n c\x00") == "a b c"
    assert not any(visible(without_controls(s)) for s in INVISIBLE)


def event_form(**extra: str) -> dict[str, str]:
    return {
        "name": "周五联赛",
        "date": "2026-12-04",
        "region": "chuzhou",
        "table_size": "4",
        "rounds": "3",
        "round_end": "hands",
        "round_length": "2",
        "scoring": "money",
        "rank_points": "4, 2, 1, 0",
        **extra,
    }


INVISIBLE_SAID = "This name has no characters anyone can see"


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_names_are_refused_with_a_reason(
    client: Client, referee: User, name: str
) -> None:
    page = client.post(reverse("event-new"), event_form(name=name))
    assert page.status_code == 200 and INVISIBLE_SAID in page.content.decode()
    assert not Event.objects.exists()

    session = {
        "title": name,
        "region": "chuzhou",
        "players": 4,
        "name_E": name,
        "name_S": "b",
        "name_W": "c",
        "name_N": "d",
        "dealer": "E",
        "shown_region": "chuzhou",
    }
    page = client.post(reverse("session-new"), session)
    assert page.content.decode().count(INVISIBLE_SAID) >= 2  # the title and the seat

    page = client.post(
        reverse("drill-sets"), {"title": name, "region": "chuzhou", "level": "total"}
    )
    assert INVISIBLE_SAID in page.content.decode()
    page = client.post(reverse("drill-set-add"), {**FORM, "new_title": name, "new_level": "total"})
    assert page.status_code == 400 and INVISIBLE_SAID in page.content.decode()
    assert not DrillSet.objects.exists()

    page = client.post(reverse("profile-new"), {"name": name, "region": "chuzhou"})
    assert INVISIBLE_SAID in page.content.decode()

    event = make_event(client)
    roster = client.post(
        reverse("event-roster", args=[event.pk]), {"names": f"新人\n{name}\n"}, follow=True
    )
    assert f"Line 2: {INVISIBLE_SAID}" in roster.content.decode()
    assert not event.entrants.filter(name="新人").exists()  # no line of it was added

    drill = make_set(referee)
    learner = Client()
    learner.cookies["django_language"] = "en"
    page = learner.post(reverse("drill-shared", args=[drill.token]), {"learner": name})
    assert page.status_code == 400 and INVISIBLE_SAID in page.content.decode()


def test_overrides_are_dropped_and_joiners_kept(client: Client, referee: User) -> None:
    response = client.post(
        reverse("event-new"), event_form(name="\u202e周五\u202c 👨\u200d👩\u200d👧")
    )
    assert response.status_code == 302
    assert Event.objects.get().name == "周五 👨\u200d👩\u200d👧"
    event = make_event(client, players=["می\u200cخواهم", "a\u202eb", "c", "d"])
    assert sorted(event.entrants.values_list("name", flat=True))[-1] == "می\u200cخواهم"
    assert event.entrants.filter(name="ab").exists()


def test_names_too_long_are_refused_at_their_field_not_cut(client: Client, referee: User) -> None:
    page = client.post(reverse("event-new"), event_form(name="长" * 121)).content.decode()
    assert "at most 120 characters" in page and not Event.objects.exists()

    event = make_event(client)
    said = client.post(
        reverse("event-roster", args=[event.pk]), {"names": "甲\n" + "乙" * 41}, follow=True
    ).content.decode()
    assert "Line 2: A name has at most 40 characters; this one has 41." in said
    said = client.post(
        reverse("event-roster", args=[event.pk]), {"names": "甲, " + "9" * 21}, follow=True
    ).content.decode()
    assert "Line 1: A member number has at most 20 characters." in said
    assert not event.entrants.filter(name="甲").exists()

    page = client.post(reverse("drill-set-add"), {**FORM, "new_title": "班" * 121})
    assert page.status_code == 400 and "at most 120 characters" in page.content.decode()
    assert not DrillSet.objects.exists()

    drill = make_set(referee)
    page = Client().post(reverse("drill-shared", args=[drill.token]), {"learner": "名" * 41})
    assert page.status_code == 400
    assert "41" in page.content.decode()

    page = client.post(
        reverse("session-new"),
        {"title": "t" * 121, "region": "chuzhou", "players": 4, "dealer": "E"},
    )
    assert page.status_code == 200 and "at most 120 characters" in page.content.decode()
    session = make_session(client, name_E="东" * 40)
    assert session.players["E"] == "东" * 40


# --- sizes, the API, the swap ----------------------------------------------------


def test_a_form_over_64_kb_is_413_in_the_readers_language() -> None:
    client = Client()
    client.cookies["django_language"] = "zh-hant"
    response = client.post("/", {"r": "laosanfan", "h": "1m" * 40_000})
    assert response.status_code == 413
    page = response.content.decode()
    assert "超過 64 KB" in page and "沒有改動任何東西。" in page
    api = Client().post("/api/score", data="x" * 70_000, content_type="application/json")
    assert api.status_code == 413 and api.json()["errors"][0]["code"] == "too_large"


def test_a_score_request_without_a_region_says_so() -> None:
    response = Client().post("/api/score", data={"hand": "123m"}, content_type="application/json")
    error = response.json()["errors"][0]
    assert response.status_code == 400
    assert (error["field"], error["code"]) == ("region", "missing_field")
    assert error["message"].startswith("region is required: one of ")
    assert "None" not in error["message"]


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_a_swap_that_cannot_be_done_says_why(client: Client, referee: User) -> None:
    event = make_event(client)
    client.post(reverse("round-draw", args=[event.pk]), {"method": "random"})
    other = make_event(client)
    stranger = other.entrants.first()
    mine = event.entrants.first()
    assert stranger is not None and mine is not None
    url = reverse("round-swap", args=[event.pk, 1])
    said = client.post(url, {"a": mine.pk, "b": stranger.pk}, follow=True)
    assert any("not playing in this event" in m for m in messages_of(said))
    late = Entrant.objects.create(event=event, name="迟到", joined=2)
    said = client.post(url, {"a": mine.pk, "b": late.pk}, follow=True)
    assert "Not swapped: 迟到 has no seat in this round." in messages_of(said)
    assert Round.objects.get(event=event).tables.filter(seats__entrant=late).count() == 0


def test_what_nginx_refuses_is_said_in_the_readers_language() -> None:
    """deploy/nginx.conf hands its own 400, 413 and 414 to this page."""
    phone = Client(HTTP_ACCEPT_LANGUAGE="zh-TW")
    too_large = phone.get("/_refused/413/")
    assert too_large.status_code == 413 and "1024 KB" in too_large.content.decode()
    assert "沒有改動" in too_large.content.decode()
    unread = phone.get("/_refused/400/")
    assert unread.status_code == 400 and "無法理解" in unread.content.decode()
    api = Client().get("/_refused/413/", HTTP_X_REFUSED_URI="/api/score")
    assert api.status_code == 413 and api.json()["errors"][0]["code"] == "too_large"
    assert Client().get("/_refused/500/").status_code == 404
