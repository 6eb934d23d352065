"""What is shown is what is saved (issue 24): a session's hand page is pinned
to what the session fixes, only a scored win or a draw is stored, a table's
link adds hands and nothing else, a second phone's hand is kept and shown what
happened, closed things take no hand, a redraw leaves no table behind, and
seats are named by their players. Each refusal is worded in three scripts."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.club.entry import CLOSED, KEPT, NO_CORRECTIONS, NOT_SCORED, NOT_WON
from calculator.club.models import ClubSession, HandChange
from calculator.events.models import Event, Round, Table
from calculator.events.public import PHONE_CLOSED
from rules.engine import score_json

pytestmark = pytest.mark.django_db

LANGUAGES = ("zh-hans", "zh-hant", "en")
# The spec's 楚州 hand: won by the seat given, on the discarder's tile.
HAND = {"h": "234m567m345p79s11z", "w": "8s", "b": "discard", "g": "ready_declared"}
NAMES = {"E": "阿东", "S": "小南", "W": "老西", "N": "北北"}


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("referee", password="mahjong-night-2026")
    client.force_login(user)
    return user


def session_of(client: Client, region: str = "chuzhou", **extra: Any) -> ClubSession:
    data = {
        "title": "Friday",
        "region": region,
        "players": 4,
        **{f"name_{s}": n for s, n in NAMES.items()},
        "dealer": "E",
        "shown_region": region,
        **extra,
    }
    response = client.post(reverse("session-new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return ClubSession.objects.latest("id")


def page_fields(client: Client, url: str) -> dict[str, str]:
    """The calculator's fields as the page the session links to sets them
    (with the hand entry's identity the page gives it)."""
    return here(client.get(url, follow=True))


def here(response: Any) -> dict[str, str]:
    """The fields of the address a page puts itself at (its entry's key and deal)."""
    found = re.search(r'data-here="([^"]*)"', response.content.decode())
    assert found, "the page names no address"
    url = html.unescape(found.group(1))
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query).items()}


def save(client: Client, session: ClubSession, **fields: Any) -> Any:
    session.refresh_from_db()
    start = page_fields(client, reverse("session-hand", args=[session.pk]))
    data = {**start, "version": session.version, "seen": session.hands_played, **fields}
    return client.post(reverse("hand-save", args=[session.pk]), data)


def in_language(language: str, text: Any) -> str:
    with translation.override(language):
        return str(text)


def text_of(response: Any) -> str:
    return response.content.decode()


# --- 1. only what scores is stored ----------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hand_that_cannot_be_scored_is_not_stored(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    session = session_of(client)
    # 点炮 without the discarder: the page says it cannot score it, so the save refuses
    response = save(client, session, **{**HAND, "s": "S"})
    assert response.status_code == 422
    page = text_of(response)
    assert in_language(language, NOT_SCORED) in page and 'id="save-problem"' in page
    assert 'value="234567m345p79s11z"' in page  # the hand is still on screen
    session.refresh_from_db()
    assert session.hands.count() == 0 and session.version == 0 and session.hands_played == 0
    assert not HandChange.objects.exists()


def test_a_blank_hand_and_a_hand_that_does_not_win_are_refused(
    client: Client, referee: User
) -> None:
    client.cookies["django_language"] = "zh-hans"
    session = session_of(client)
    blank = save(client, session)
    assert blank.status_code == 422 and session.hands.count() == 0
    not_won = save(client, session, h="123m456m789p1357s", w="9s", s="S", b="self_draw")
    assert not_won.status_code == 422
    assert in_language("zh-hans", NOT_WON) in text_of(not_won) or in_language(
        "zh-hans", NOT_SCORED
    ) in text_of(not_won)
    assert session.hands.count() == 0
    draw = save(client, session, b="draw")
    assert draw.status_code == 302 and session.hands.count() == 1  # a draw is a hand


def test_through_htmx_a_refusal_is_drawn_next_to_the_save_button(
    client: Client, referee: User
) -> None:
    client.cookies["django_language"] = "en"
    session = session_of(client)
    session.refresh_from_db()
    start = page_fields(client, reverse("session-hand", args=[session.pk]))
    response = client.post(
        reverse("hand-save", args=[session.pk]),
        {**start, **HAND, "s": "S", "version": session.version},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200  # htmx swaps it: 4xx would draw nothing
    assert response["HX-Retarget"] == "#calc" and "morph" in response["HX-Reswap"]
    assert str(NOT_SCORED) in text_of(response)
    assert session.hands.count() == 0


# --- 2. the preview is what is saved --------------------------------------------


def test_the_page_shows_what_the_session_fixes_and_saves_what_it_shows(
    client: Client, referee: User
) -> None:
    session = session_of(client, region="chuzhou")
    # Without parameters, the page is the session's, not the calculator's default
    start = client.get(reverse("session-hand", args=[session.pk]))
    assert start.status_code == 302 and "r=chuzhou" in start["Location"]
    # A region, seats count or house rule sent against the session's is put back
    fields = {**page_fields(client, start["Location"]), **HAND, "s": "S", "dc": "E"}
    shown = client.get(
        reverse("session-hand", args=[session.pk]), {**fields, "r": "sanmen", "o.base": "9"}
    )
    page = text_of(shown)
    assert 'name="r" value="chuzhou"' in page and 'id="region"' not in page
    preview_net = score_json({**_request(session, "E"), "seat": "S", "discarder": "E"})["net"]
    response = save(client, session, **{**HAND, "s": "S", "dc": "E", "r": "sanmen"})
    assert response.status_code == 302
    played = session.replayed()
    assert played.steps[0].request["region"] == "chuzhou"
    assert dict(played.steps[0].result["net"]) == preview_net


def _request(session: ClubSession, dealer: str) -> dict[str, Any]:
    return {
        "region": session.region,
        "players": 4,
        "dealer": dealer,
        "hand": HAND["h"],
        "win_tile": HAND["w"],
        "win_by": "discard",
        "flags": ["ready_declared"],
        "rules": session.rules,
        "table": {},
    }


def test_a_dealer_the_referee_picks_is_saved_as_shown_and_marked(
    client: Client, referee: User
) -> None:
    client.cookies["django_language"] = "zh-hans"
    session = session_of(client)
    url = reverse("session-hand", args=[session.pk])
    # the dealer drawn as 东 (the deal's), and tapped to 西 on the page
    fields = {**page_fields(client, url), **HAND, "s": "S", "dc": "E", "d": "W", "was.d": "E"}
    preview = client.get(url, fields)
    assert 'id="dealer-set"' in text_of(preview)  # the page says the deal came to 东
    assert here(preview)["own"] == "d"  # the dealer is now the page's own
    expected = score_json({**_request(session, "W"), "seat": "S", "discarder": "E"})
    # saved only once the phone has seen both dealers and confirmed the one chosen
    asked = save(client, session, **fields)
    assert asked.status_code == 409 and 'name="dealer_ok" value="W&gt;E"' in text_of(asked)
    assert not session.hands.exists()
    assert save(client, session, **fields, dealer_ok="W>E").status_code == 302
    step = session.replayed().steps[0]
    assert step.request["dealer"] == "W" and step.dealer_set
    assert dict(step.result["net"]) == expected["net"]
    ledger = text_of(client.get(reverse("session", args=[session.pk])))
    assert in_language("zh-hans", _("(chosen, not the deal's)")) in ledger
    # the deal goes on from the dealer the hand was played with
    assert session.replayed().table["dealer"] == expected["next_table"]["dealer"]


# --- 3. a table link adds hands only ---------------------------------------------


def test_a_table_link_cannot_correct_a_hand(client: Client, referee: User) -> None:
    _event, rnd = _event_round(client)
    table = rnd.tables.first()
    assert table is not None
    phone = Client()
    phone.cookies["django_language"] = "zh-hant"
    assert _play(phone, table, "S", "E").status_code == 302
    first = table.session.hands.get().data
    table.session.refresh_from_db()
    response = _play(phone, table, "W", "E", edit="1")
    assert response.status_code == 422
    assert in_language("zh-hant", NO_CORRECTIONS) in text_of(response)
    assert table.session.hands.count() == 1 and table.session.hands.get().data == first


def _event_round(client: Client, length: int = 4, start: bool = True) -> tuple[Event, Round]:
    """An eight-player 楚州 event with its first round drawn (and started)."""
    data = {
        "name": "周五联赛",
        "date": "2026-12-04",
        "region": "chuzhou",
        "table_size": "4",
        "rounds": "3",
        "round_end": "hands",
        "round_length": str(length),
        "scoring": "money",
        "rank_points": "4, 2, 1, 0",
    }
    assert client.post(reverse("event-new"), data).status_code == 302
    event = Event.objects.latest("pk")
    names = "\n".join(f"牌友{n}" for n in range(1, 9))
    client.post(reverse("event-roster", args=[event.pk]), {"names": names})
    client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    rnd = Round.objects.filter(event=event).latest("number")
    if start:
        client.post(reverse("round-state", args=[event.pk, rnd.number]))
    rnd.refresh_from_db()
    return event, rnd


def _play(phone: Client, table: Table, winner: str, discarder: str, **extra: Any) -> Any:
    table.session.refresh_from_db()
    start = page_fields(phone, reverse("table-link", args=[table.link_token]))
    data = {
        **start,
        **HAND,
        "s": winner,
        "dc": discarder,
        "version": table.session.version,
        "seen": table.session.hands_played,
        **extra,
    }
    return phone.post(reverse("table-save", args=[table.link_token]), data)


def test_a_blank_hand_from_a_table_link_uses_up_nothing(client: Client, referee: User) -> None:
    _event, rnd = _event_round(client, length=1)
    table = rnd.tables.first()
    assert table is not None
    phone = Client()
    start = page_fields(phone, reverse("table-link", args=[table.link_token]))
    blank = phone.post(
        reverse("table-save", args=[table.link_token]), {**start, "version": 0, "seen": 0}
    )
    assert blank.status_code == 422 and table.session.hands.count() == 0
    assert _play(phone, table, "S", "E").status_code == 302  # the table's hand still fits


# --- 4. a second phone's hand ------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_a_second_phone_sees_the_hand_entered_first_and_keeps_its_own(
    client: Client, referee: User, htmx: bool
) -> None:
    _event, rnd = _event_round(client)
    table = rnd.tables.first()
    assert table is not None
    one, two = Client(), Client()
    two.cookies["django_language"] = "zh-hans"
    table.session.refresh_from_db()
    # both phones opened the table at the same version
    start = page_fields(two, reverse("table-link", args=[table.link_token]))
    stale = {**start, "version": table.session.version, "seen": table.session.hands_played}
    assert _play(one, table, "S", "E").status_code == 302
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = two.post(
        reverse("table-save", args=[table.link_token]),
        {**stale, **HAND, "s": "W", "dc": "N"},
        **extra,
    )
    assert response.status_code == (200 if htmx else 409)
    page = text_of(response)
    with translation.override("zh-hans"):
        assert (_("Hand %(n)s was entered on another phone: %(what)s") % {"n": 1, "what": ""})[
            :-1
        ] in page
        assert str(KEPT) in page
    assert 'value="234567m345p79s11z"' in page and 'id="discard-hand"' in page
    assert table.session.hands.count() == 1
    # the phone chooses to save its hand as the next one: the same entry, for hand 2
    fields = here(response)
    assert fields["key"] == stale["key"] and fields["deal"] == "2"
    again = {**stale, **fields, **HAND, "s": "W", "dc": "N"}
    assert two.post(reverse("table-save", args=[table.link_token]), again).status_code == 302
    assert table.session.hands.count() == 2


# --- 5, 6. closing, and closed things ------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_closing_a_round_asks_first_and_can_be_undone(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    event, rnd = _event_round(client)
    table = rnd.tables.first()
    assert table is not None
    state = reverse("round-state", args=[event.pk, rnd.number])
    asked = client.post(state, {"finish": "1"})
    assert asked.status_code == 200 and 'id="unfinished"' in text_of(asked)
    rnd.refresh_from_db()
    assert not rnd.finished  # nothing happened yet
    client.post(state, {"finish": "1", "confirm": "1"})
    rnd.refresh_from_db()
    assert rnd.finished
    # a phone still holding a hand: the link says the round is over, the hand stays
    phone = Client()
    phone.cookies["django_language"] = language
    response = _play(phone, table, "S", "E")
    assert response.status_code == 422
    page = text_of(response)
    assert in_language(language, CLOSED["round_closed"]) in page
    assert 'value="234567m345p79s11z"' in page and 'id="save-hand"' not in page
    assert table.session.hands.count() == 0
    # nor through the referee's own page of that table
    assert save(client, table.session, **HAND, s="S", dc="E").status_code == 422
    assert table.session.hands.count() == 0
    # reopened: the table saves again
    client.post(state, {"reopen": "1"})
    rnd.refresh_from_db()
    assert not rnd.finished
    assert _play(phone, table, "S", "E").status_code == 302
    assert table.session.hands.count() == 1


def test_a_round_cannot_be_reopened_once_the_next_has_started(
    client: Client, referee: User
) -> None:
    event, rnd = _event_round(client)
    client.post(reverse("round-state", args=[event.pk, 1]), {"finish": "1", "confirm": "1"})
    client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    client.post(reverse("round-state", args=[event.pk, 2]))
    client.post(reverse("round-state", args=[event.pk, 1]), {"reopen": "1"})
    rnd.refresh_from_db()
    assert rnd.finished


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_archived_session_takes_no_hand(client: Client, referee: User, language: str) -> None:
    client.cookies["django_language"] = language
    session = session_of(client)
    assert save(client, session, **HAND, s="S", dc="E").status_code == 302
    client.post(reverse("session-finish", args=[session.pk]), {"confirm": "1"})
    response = save(client, session, **HAND, s="W", dc="E")
    assert response.status_code == 422
    assert in_language(language, CLOSED["archived"]) in text_of(response)
    session.refresh_from_db()
    version = session.version
    client.post(reverse("hand-delete", args=[session.pk, 1]), {"version": version})
    assert session.hands.count() == 1
    session.refresh_from_db()
    assert session.version == version
    client.post(reverse("session-finish", args=[session.pk]), {"reopen": "1"})
    assert save(client, session, **HAND, s="W", dc="E").status_code == 302


# --- 7. redraws ------------------------------------------------------------------------


def test_a_redraw_leaves_no_table_behind(client: Client, referee: User) -> None:
    event, _rnd = _event_round(client, start=False)
    for _draw in range(5):
        client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    assert ClubSession.objects.count() == 2  # the last draw's two tables, no more
    assert Table.objects.count() == 2
    listing = text_of(client.get(reverse("sessions")))
    assert len(re.findall(r'href="/sessions/\d+/"', listing)) == 2 and "周五联赛" in listing


# --- 8. names where people expect them ----------------------------------------------


def test_seats_are_named_by_their_players(client: Client, referee: User) -> None:
    client.cookies["django_language"] = "zh-hans"
    session = session_of(client)
    url = reverse("session-hand", args=[session.pk])
    fields = {**page_fields(client, url), **HAND, "s": "S", "dc": "E"}
    page = text_of(client.get(url, fields))
    assert "小南 · 南" in page and "阿东 · 东" in page  # pickers, payments
    save(client, session, **HAND, s="S", dc="E")
    ledger = text_of(client.get(reverse("session", args=[session.pk])))
    assert "小南 · 南" in ledger and "阿东 · 东" in ledger  # winner and discarder
    csv_text = client.get(reverse("session-csv", args=[session.pk])).content.decode("utf-8-sig")
    header, first = csv_text.splitlines()[:2]
    assert all(f"{n} · " in header for n in NAMES.values())  # who sat in each seat
    assert "阿东 · 东" in first  # the discarder


def test_the_history_says_what_a_correction_changed(client: Client, referee: User) -> None:
    client.cookies["django_language"] = "zh-hans"
    session = session_of(client)
    save(client, session, **HAND, s="S", dc="E")
    save(client, session, **HAND, s="W", dc="E", edit="1")
    page = text_of(client.get(reverse("session", args=[session.pk])))
    assert "胡牌的一家 小南 · 南 → 老西 · 西" in page
    # a hand is named by what happened in it, so a later delete leaves no bare number
    session.refresh_from_db()
    client.post(reverse("hand-delete", args=[session.pk, 1]), {"version": session.version})
    page = text_of(client.get(reverse("session", args=[session.pk])))
    assert "已删除的一局（老西 · 西 · 点炮）" in page


def test_a_table_that_has_played_its_round_refuses_with_the_hand_kept(
    client: Client, referee: User
) -> None:
    _event, rnd = _event_round(client, length=1)
    table = rnd.tables.first()
    assert table is not None
    phone = Client()
    phone.cookies["django_language"] = "zh-hans"
    assert _play(phone, table, "S", "E").status_code == 302
    response = _play(phone, table, "W", "E")
    assert response.status_code == 422  # not a redirect that loses the reason
    page = text_of(response)
    assert in_language("zh-hans", PHONE_CLOSED["played_out"]) in page
    assert 'value="234567m345p79s11z"' in page and table.session.hands.count() == 1
