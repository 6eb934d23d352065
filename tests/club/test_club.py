"""Club sessions through the test client: accounts, the ledger, corrections,
sharing, permissions on every URL, and two devices writing at once."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.club.models import ClubSession, HandChange, HandRecord

pytestmark = pytest.mark.django_db

PLAIN = {"h": "234m567m345p79s11z", "w": "8s", "b": "discard"}


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("referee", password="mahjong-night-2026")
    client.force_login(user)
    return user


def make_session(client: Client, region: str = "chuzhou", **extra: Any) -> ClubSession:
    data = {
        "title": "Friday",
        "region": region,
        "players": 4,
        "name_E": "阿东",
        "name_S": "小南",
        "name_W": "老西",
        "name_N": "北北",
        "dealer": "E",
        "shown_region": region,
        **extra,
    }
    response = client.post(reverse("session-new"), data)
    assert response.status_code == 302, response.content
    return ClubSession.objects.latest("id")


def add_hand(client: Client, session: ClubSession, **fields: Any) -> Any:
    session.refresh_from_db()
    data = {"r": session.region, "version": session.version, **fields}
    return client.post(reverse("hand-save", args=[session.pk]), data)


def test_signup_and_sign_in(client: Client) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "ref2", "password1": "x9!long-enough", "password2": "x9!long-enough"},
    )
    assert response.status_code == 302
    weak = Client().post(
        reverse("signup"), {"username": "ref3", "password1": "123", "password2": "123"}
    )
    assert weak.status_code == 200 and b"errorlist" in weak.content  # the usual password rules


def test_a_session_carries_the_table_and_totals(client: Client, referee: User) -> None:
    session = make_session(client)
    add_hand(client, session, s="S", dc="E", **PLAIN)  # 针 all → 2, S deals next
    add_hand(client, session, s="N", dc="S", **PLAIN)
    assert session.hands.count() == 2
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "阿东" in page and "小南" in page
    played = session.replayed()
    assert played.steps[1].request["dealer"] == "S"
    assert played.steps[1].request["table"]["zhen"] == {"E": 2, "S": 2, "W": 2, "N": 2}
    assert sum(played.totals.values()) == 0
    assert f">{played.totals['S']}<" in page
    # the next hand's link fills in the dealer and 针
    assert "d=W" in page and "t.zhen=" in page


def test_correcting_a_past_hand_recomputes_what_follows(client: Client, referee: User) -> None:
    session = make_session(client)
    add_hand(client, session, s="S", dc="E", **PLAIN)
    add_hand(client, session, s="N", dc="S", **PLAIN)
    before = session.replayed().steps[1].request["table"]["zhen"]
    session.refresh_from_db()
    response = client.post(
        reverse("hand-save", args=[session.pk]),
        {
            "r": "chuzhou",
            "club": session.pk,
            "edit": "1",
            "version": session.version,
            "s": "W",
            "dc": "E",
            **PLAIN,
        },
    )
    assert response.status_code == 302
    after = session.replayed().steps[1]
    # W, the dealer's opposite, won hand 1 now: W's 针 climbs, the others go back to 1
    assert before == {"E": 2, "S": 2, "W": 2, "N": 2}
    assert after.request["table"]["zhen"] == {"E": 1, "S": 1, "W": 2, "N": 1}
    assert after.request["dealer"] == "S"  # another seat won: the deal passes on
    assert HandChange.objects.filter(session=session, action="edit").exists()
    session.refresh_from_db()
    client.post(reverse("hand-delete", args=[session.pk, 1]), {"version": session.version})
    # the deleted hand is kept aside, in its place; the ledger counts the other
    assert [h.position for h in session.live_hands()] == [2]
    assert session.hands.get(position=1).deleted is not None
    assert HandChange.objects.filter(session=session, action="delete").count() == 1


def test_an_entry_for_a_deal_already_recorded_saves_nothing(client: Client, referee: User) -> None:
    session = make_session(client)
    add_hand(client, session, s="S", dc="E", **PLAIN)
    # a second device's entry, begun for hand 1 before the first was saved
    response = client.post(
        reverse("hand-save", args=[session.pk]),
        {"r": "chuzhou", "key": "second-device", "deal": "1", "s": "W", "dc": "E", **PLAIN},
        follow=True,
    )
    assert session.hands.count() == 1
    assert "another phone" in response.content.decode() or "另一部手机" in response.content.decode()


def test_drawn_hands_and_events(client: Client, referee: User) -> None:
    session = make_session(client)
    add_hand(client, session, b="draw", **{"ev.follow_discard.N": "1"})
    played = session.replayed()
    assert played.totals == {"E": 10, "S": 10, "W": 10, "N": -30}
    assert played.table["dealer"] == "S"


def test_csv_and_print(client: Client, referee: User) -> None:
    session = make_session(client)
    add_hand(client, session, s="S", dc="E", **PLAIN)
    csv_text = client.get(reverse("session-csv", args=[session.pk])).content.decode("utf-8-sig")
    assert "阿东" in csv_text.splitlines()[0]
    with translation.override("zh-hans"):
        assert _("Settle up") in csv_text
    assert client.get(reverse("session-print", args=[session.pk])).status_code == 200


OWNER_URLS = [
    ("get", "session", True),
    ("get", "session-csv", True),
    ("get", "session-csv-codes", True),
    ("get", "session-hand", True),
    ("post", "session-finish", True),
    ("get", "session-print", True),
    ("post", "session-share", True),
    ("post", "hand-save", True),
]


@pytest.mark.parametrize(("method", "name", "_"), OWNER_URLS)
def test_permissions(method: str, name: str, _: bool, client: Client, referee: User) -> None:
    session = make_session(client)
    url = reverse(name, args=[session.pk])
    call = getattr(client, method)
    assert call(url).status_code in (200, 302, 422)  # the owner (an empty hand is refused)
    other = Client()
    other.force_login(User.objects.create_user("other", password="another-pass-1"))
    assert getattr(other, method)(url).status_code == 404
    anonymous = getattr(Client(), method)(url)
    assert anonymous.status_code == 302 and reverse("login") in anonymous.headers["Location"]


def test_hand_urls_are_the_owners_only(client: Client, referee: User) -> None:
    session = make_session(client)
    add_hand(client, session, s="S", dc="E", **PLAIN)
    other = Client()
    other.force_login(User.objects.create_user("other", password="another-pass-1"))
    assert other.get(reverse("hand-edit", args=[session.pk, 1])).status_code == 404
    assert (
        other.post(reverse("hand-delete", args=[session.pk, 1]), {"version": 1}).status_code == 404
    )
    assert HandRecord.objects.count() == 1
    assert Client().get(reverse("sessions")).status_code == 302


def test_share_link_reads_and_can_be_revoked(client: Client, referee: User) -> None:
    session = make_session(client)
    client.post(reverse("session-share", args=[session.pk]))
    session.refresh_from_db()
    token = session.share_token
    assert len(token) >= 24
    shared = Client().get(reverse("session-shared", args=[token]))
    assert shared.status_code == 200 and "Friday" in shared.content.decode()
    assert (
        "hand-delete" not in shared.content.decode() and "/delete/" not in shared.content.decode()
    )
    client.post(reverse("session-share", args=[session.pk]), {"revoke": "1"})
    assert Client().get(reverse("session-shared", args=[token])).status_code == 404
    assert Client().get("/s/guess/").status_code == 404


def test_admin_lists_sessions(client: Client) -> None:
    staff = User.objects.create_superuser("staff", password="staff-pass-1")
    client.force_login(staff)
    assert client.get("/admin/club/clubsession/").status_code == 200
    assert client.get("/admin/club/handrecord/").status_code == 200


def test_the_calculator_offers_to_save_to_the_session(client: Client, referee: User) -> None:
    session = make_session(client)
    page = client.get(f"/sessions/{session.pk}/hand/?r=chuzhou").content.decode()
    assert 'id="save-hand"' in page and "Friday" in page
    assert f'action="/sessions/{session.pk}/hand/"' in page  # every edit stays in the session
    assert 'id="save-hand"' not in client.get("/?r=chuzhou").content.decode()
    stranger = Client()
    assert stranger.get(f"/sessions/{session.pk}/hand/").status_code == 302  # sign in first
    other = User.objects.create_user("other", password="another-long-password")
    stranger.force_login(other)
    assert stranger.get(f"/sessions/{session.pk}/hand/").status_code == 404
