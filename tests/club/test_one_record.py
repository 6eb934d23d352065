"""One hand, one record (issue 30): an entry's identity from its first tap,
saves that are idempotent, answers that say what happened, hands that keep
their identity through deletes, and the table as a witness."""

from __future__ import annotations

import html
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import OperationalError
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.club import entry
from calculator.club.entry import UNSURE
from calculator.club.ledger import history, witnessed
from calculator.club.models import ClubSession, HandChange
from calculator.events.models import Table
from tests.club.test_what_is_saved import (
    HAND,
    LANGUAGES,
    _event_round,
    here,
    in_language,
    page_fields,
    save,
    session_of,
    text_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("referee", password="mahjong-night-2026")
    client.force_login(user)
    return user


def _table(client: Client, length: int = 4) -> Table:
    _event, rnd = _event_round(client, length=length)
    table = rnd.tables.first()
    assert table is not None
    return table


def _entry(phone: Client, table: Table) -> dict[str, str]:
    """A phone opens the table's page: the entry it begins, as its address holds it."""
    return page_fields(phone, reverse("table-link", args=[table.link_token]))


def _save(phone: Client, table: Table, fields: dict[str, str], **more: Any) -> Any:
    return phone.post(reverse("table-save", args=[table.link_token]), {**fields, **more})


def _won(fields: dict[str, str], winner: str = "S", discarder: str = "E") -> dict[str, str]:
    return {**fields, **HAND, "s": winner, "dc": discarder}


def test_an_entry_carries_its_key_and_deal_through_redraws(client: Client, referee: User) -> None:
    table = _table(client)
    phone = Client()
    fields = _entry(phone, table)
    assert len(fields["key"]) >= 8 and fields["deal"] == "1"
    # a tap (htmx) and a plain redraw keep the same entry, in the address too
    tapped = phone.post(
        reverse("table-link", args=[table.link_token]), _won(fields), HTTP_HX_REQUEST="true"
    )
    assert f"key={fields['key']}" in tapped["HX-Replace-Url"]
    plain = phone.post(reverse("table-link", args=[table.link_token]), _won(fields))
    assert f"key={fields['key']}" in plain["Location"] and "deal=1" in plain["Location"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_same_entry_saved_twice_is_one_hand(
    client: Client, referee: User, language: str
) -> None:
    table = _table(client)
    phone = Client()
    phone.cookies["django_language"] = language
    fields = _won(_entry(phone, table))
    first = _save(phone, table, fields)
    again = _save(phone, table, fields)  # a double tap, a retry, a reloaded POST
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert table.session.hands.count() == 1
    answer = text_of(phone.get(again["Location"], follow=True))
    with translation.override(language):
        said = _("Saved as hand %(n)s: %(what)s") % {"n": 1, "what": ""}
    assert said.rstrip() in answer
    assert "+" in answer.split(said.rstrip(), 1)[1][:200]  # each player's money follows


def test_the_back_button_brings_back_a_saved_entry_that_cannot_be_saved_again(
    client: Client, referee: User
) -> None:
    table = _table(client)
    phone = Client()
    phone.cookies["django_language"] = "zh-hans"
    fields = _won(_entry(phone, table))
    assert _save(phone, table, fields).status_code == 302
    back = phone.get(reverse("table-link", args=[table.link_token]), fields)
    page = text_of(back)
    assert 'id="saved-as"' in page and "已保存为第 1 局" in page
    assert 'id="save-hand"' not in page
    # and if the old page's button is tapped anyway, nothing more is stored
    assert _save(phone, table, fields).status_code == 302
    assert table.session.hands.count() == 1


def test_a_page_redrawn_after_another_phone_saved_still_knows_its_deal(
    client: Client, referee: User
) -> None:
    table = _table(client)
    one, two = Client(), Client()
    two.cookies["django_language"] = "zh-hans"
    mine = _won(_entry(two, table), winner="W", discarder="N")
    assert _save(one, table, _won(_entry(one, table))).status_code == 302
    # phone two types on: each redraw keeps deal 1, and now says it is taken
    redrawn = two.post(reverse("table-link", args=[table.link_token]), mine, HTTP_HX_REQUEST="true")
    assert here(redrawn)["deal"] == "1" and "第 1 局已由另一部手机录入" in text_of(redrawn)
    conflict = _save(two, table, {**mine, **here(redrawn)})
    assert conflict.status_code == 409 and table.session.hands.count() == 1
    # "save it as the next hand": the same entry, now for hand 2
    assert _save(two, table, {**mine, **here(conflict)}).status_code == 302
    assert table.session.hands.count() == 2
    # the page's own button names the next deal when it shows the hand taken
    assert 'name="deal" value="2"' in text_of(redrawn)


def test_a_duplicate_never_uses_up_the_round(client: Client, referee: User) -> None:
    table = _table(client, length=2)
    phone = Client()
    fields = _won(_entry(phone, table))
    for _n in range(3):
        _save(phone, table, fields)
    assert table.session.hands.count() == 1
    second = _won(_entry(phone, table), winner="W", discarder="S")
    assert _save(phone, table, second).status_code == 302
    assert table.session.hands.count() == 2


def _fail_after(real: Any) -> Any:
    def committed_then_failed(*args: Any, **kwargs: Any) -> Any:
        real(*args, **kwargs)
        raise OperationalError("server closed the connection unexpectedly")

    return committed_then_failed


@pytest.mark.parametrize("when", ["before", "after", "after, and still down"])
def test_a_database_fault_around_the_commit_is_answered_truly_and_safe_to_retry(
    client: Client, referee: User, when: str
) -> None:
    table = _table(client)
    phone = Client()
    phone.cookies["django_language"] = "zh-hant"
    fields = _won(_entry(phone, table))
    if when == "before":
        fault = mock.patch.object(
            ClubSession, "refresh", side_effect=OperationalError("connection reset")
        )
    else:
        fault = mock.patch.object(entry, "save_entry", _fail_after(entry.save_entry))
    calls = []

    def then_down(*args: Any) -> Any:  # fine before and during the save, down after it
        calls.append(args)
        if len(calls) > 2:
            raise OperationalError("still down")
        return real_saved_record(*args)

    real_saved_record = entry.saved_record
    down = mock.patch.object(entry, "saved_record", then_down)
    with fault, down if when.endswith("down") else mock.patch.object(entry, "mint", entry.mint):
        answer = _save(phone, table, fields)
    if when == "after":  # the database can say the hand is in: the answer says so
        assert answer.status_code == 302 and table.session.hands.count() == 1
    else:  # not a 500, and not "saved" when it may not be
        assert answer.status_code == 503
        page = html.unescape(text_of(answer))
        assert in_language("zh-hant", UNSURE) in page
        assert 'value="234m567m345p79s11z"' in page or 'value="234567m345p79s11z"' in page
        assert 'id="save-hand"' in page  # one tap sends it again
        assert table.session.hands.count() == (0 if when == "before" else 1)
    assert _save(phone, table, fields).status_code == 302  # the retry
    assert table.session.hands.count() == 1


def test_the_referees_save_is_idempotent_too(client: Client, referee: User) -> None:
    session = session_of(client)
    url = reverse("session-hand", args=[session.pk])
    fields = {**page_fields(client, url), **HAND, "s": "S", "dc": "E"}
    first = client.post(reverse("hand-save", args=[session.pk]), fields, follow=True)
    client.post(reverse("hand-save", args=[session.pk]), fields)
    assert session.hands.count() == 1
    assert "已保存为第 1 局" in text_of(first) or "Saved as hand 1" in text_of(first)


def test_numbers_and_history_stay_exact_through_deletes(client: Client, referee: User) -> None:
    session = session_of(client)
    for winner, discarder in (("S", "E"), ("W", "S"), ("N", "W")):
        assert save(client, session, **HAND, s=winner, dc=discarder).status_code == 302
    session.refresh_from_db()
    client.post(reverse("hand-delete", args=[session.pk, 1]), {"version": session.version})
    session.refresh_from_db()
    with translation.override("en"):
        lines = [h["line"] for h in history(session)]
    # hand 2 (W won) is hand 1 now, hand 3 is hand 2; the deleted one is named as deleted
    assert any(line.startswith("Hand 1 (老西") for line in lines)
    assert any(line.startswith("Hand 2 (北北") for line in lines)
    assert any(line.startswith("A deleted hand (小南") for line in lines)
    assert not any(line.startswith("Hand 3") for line in lines)
    # restoring puts it back where it was: hand 1 again
    deleted = HandChange.objects.get(session=session, action="delete")
    client.post(
        reverse("change-restore", args=[session.pk, deleted.pk]), {"version": session.version}
    )
    assert [h.data["seat"] for h in session.live_hands()] == ["S", "W", "N"]


def test_a_correction_that_changes_nothing_is_neither_saved_nor_logged(
    client: Client, referee: User
) -> None:
    session = session_of(client)
    save(client, session, **HAND, s="S", dc="E")
    session.refresh_from_db()
    version = session.version
    opened = page_fields(client, reverse("hand-edit", args=[session.pk, 1]))
    same = client.post(reverse("hand-save", args=[session.pk]), {**opened, "version": version})
    assert same.status_code == 200 and "没有要保存的" in text_of(same)
    assert not HandChange.objects.filter(session=session, action="edit").exists()
    session.refresh_from_db()
    assert session.version == version


def test_the_tables_phones_see_its_hands_and_mark_a_dispute(client: Client, referee: User) -> None:
    client.cookies["django_language"] = "zh-hans"
    table = _table(client)
    one, two = Client(), Client()
    one.cookies["django_language"] = two.cookies["django_language"] = "zh-hans"
    _save(one, table, _won(_entry(one, table)))
    # the other phone's list shows it, newest first, with the money and the totals
    listed = two.get(reverse("table-hands", args=[table.link_token]))
    assert listed.status_code == 200 and 'id="saved-1"' in text_of(listed)
    etag = listed["ETag"]
    assert (
        two.get(
            reverse("table-hands", args=[table.link_token]), HTTP_IF_NONE_MATCH=etag
        ).status_code
        == 304
    )  # nothing new: nothing drawn again
    page = text_of(two.get(reverse("table-link", args=[table.link_token]), follow=True))
    assert 'id="table-hands"' in page and "累计" in page
    # an empty reason is refused at its field; a reason marks the hand
    url = reverse("table-dispute", args=[table.link_token, 1])
    refused = two.post(url, {"reason": "  "}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422 and "原因" in text_of(refused)
    marked = two.post(url, {"reason": "番数算错了"}, HTTP_HX_REQUEST="true")
    assert "有异议：番数算错了" in text_of(marked)
    assert (
        two.get(
            reverse("table-hands", args=[table.link_token]), HTTP_IF_NONE_MATCH=etag
        ).status_code
        == 200
    )  # the mark is news to the other phones
    # the referee sees it on the ledger and the event page, and settles it with a word
    ledger = text_of(client.get(reverse("session", args=[table.session.pk])))
    assert "桌上有异议：番数算错了" in ledger
    event = text_of(client.get(reverse("event", args=[table.round.event.pk])))
    assert f'id="disputed-{table.pk}"' in event
    client.post(reverse("hand-settle", args=[table.session.pk, 1]), {"reason": "核对过，没错"})
    assert not table.session.hands.get().dispute
    event = text_of(client.get(reverse("event", args=[table.round.event.pk])))
    assert f'id="disputed-{table.pk}"' not in event
    # a table link changes no stored hand: the hand is as it was saved
    assert table.session.hands.get().data["seat"] == "S"


def test_a_correction_settles_a_dispute(client: Client, referee: User) -> None:
    table = _table(client)
    phone = Client()
    _save(phone, table, _won(_entry(phone, table)))
    phone.post(reverse("table-dispute", args=[table.link_token, 1]), {"reason": "是西家胡的"})
    assert table.session.hands.get().dispute
    table.session.refresh_from_db()
    fields = {**HAND, "r": "chuzhou", "s": "W", "dc": "E", "edit": "1"}
    client.post(
        reverse("hand-save", args=[table.session.pk]), {**fields, "version": table.session.version}
    )
    record = table.session.hands.get()
    assert record.data["seat"] == "W" and not record.dispute


def test_a_tables_page_lists_its_newest_hands_and_the_rest_a_tap_away(
    client: Client, referee: User
) -> None:
    """Late in an evening the table's page costs what it did early: it lists
    the newest hands, numbered as the ledger numbers them, and the others on
    request (with htmx in place, without it as a page of its own)."""
    client.cookies["django_language"] = "zh-hans"
    table = _table(client, length=12)
    phone = Client()
    phone.cookies["django_language"] = "zh-hans"
    for _hand in range(11):
        assert _save(phone, table, _won(_entry(phone, table))).status_code == 302
    session = table.session
    session.refresh_from_db()
    client.post(reverse("hand-delete", args=[session.pk, 2]), {"version": session.version})
    session.refresh_from_db()
    assert session.hands_played == 10
    address = reverse("table-hands", args=[table.link_token])
    newest = text_of(phone.get(address, HTTP_HX_REQUEST="true"))
    shown = [n for n in range(1, 12) if f'id="saved-{n}"' in newest]
    assert shown == list(range(3, 11)), shown
    assert "显示之前的 2 局" in newest and f"{address}?all=1" in newest
    every = text_of(phone.get(address + "?all=1", HTTP_HX_REQUEST="true"))
    assert [n for n in range(1, 12) if f'id="saved-{n}"' in every] == list(range(1, 11))
    assert "显示之前" not in every and f'hx-get="{address}?all=1"' in every  # stays open
    # without JavaScript: a page of its own, and the way back to the table's page
    came_from = reverse("table-link", args=[table.link_token]) + "?key=abc"
    page = phone.get(address + "?all=1", HTTP_REFERER="http://testserver" + came_from)
    assert 'id="saved-1"' in text_of(page) and f'href="{html.escape(came_from)}"' in text_of(page)
    # a dispute from the whole list answers with the whole list
    marked = phone.post(
        reverse("table-dispute", args=[table.link_token, 1]),
        {"reason": "番数算错了", "all": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert 'id="saved-1"' in text_of(marked) and "有异议：番数算错了" in text_of(marked)
    # hands kept before records kept their score: the same list, from a replay
    session.refresh_from_db()
    kept = witnessed(session, 8)
    assert [row["number"] for row in kept] == list(range(10, 2, -1))
    session.hands.update(scored=None)
    cache.clear()
    assert witnessed(session, 8) == kept and witnessed(session)[:8] == kept
