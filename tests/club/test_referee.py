"""The referee's ledger, finished: a correction that previews right, a delete
that asks first and can be undone, house rules by tapping, rule profiles, the
referee's own words, hand after hand, and finding a session later."""

from __future__ import annotations

import csv
import io
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from calculator.club.models import ClubSession, HandChange, RuleProfile

pytestmark = pytest.mark.django_db

# The spec's 楚州 hand: S wins on E's discard, 20 番.
HAND = {"h": "234m567m345p79s11z", "w": "8s", "b": "discard", "g": "ready_declared"}
NAMES = {"name_E": "阿东", "name_S": "小南", "name_W": "老西", "name_N": "北北"}


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("ref", password="mahjong-night-2026")
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    return user


def new_session(client: Client, region: str = "chuzhou", **extra: Any) -> ClubSession:
    data = {
        "title": "周五",
        "region": region,
        "shown_region": region,
        "players": "4",
        "dealer": "E",
        **NAMES,
        **extra,
    }
    response = client.post(reverse("session-new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return ClubSession.objects.latest("pk")


def add(client: Client, session: ClubSession, seat: str, discarder: str, **more: str) -> Any:
    """Enter a hand as the page does: open the session's calculator link, then save."""
    session.refresh_from_db()
    detail = client.get(reverse("session", args=[session.pk])).content.decode()
    link = re.search(r'id="add-hand" href="([^"]+)"', detail)
    assert link is not None
    query = {
        k: v[-1] for k, v in parse_qs(urlsplit(link.group(1).replace("&amp;", "&")).query).items()
    }
    data = {**query, **HAND, "s": seat, "dc": discarder, "version": session.version, **more}
    return client.post(reverse("hand-save", args=[session.pk]), data)


def totals(session: ClubSession) -> dict[str, int]:
    return dict(session.replayed().totals)


# --- 1. a correction previews what will be saved ---------------------------------


def test_a_correction_opens_with_the_table_it_was_played_at(client: Client, referee: User) -> None:
    session = new_session(client)
    add(client, session, "S", "E")  # 针 all go to 2
    add(client, session, "W", "S")
    edit = client.get(reverse("hand-edit", args=[session.pk, 2]))
    query = parse_qs(urlsplit(edit["Location"]).query)
    assert query["t.zhen"] == ["E:2,S:2,W:2,N:2"]  # carried from hand 1, not 1,1,1,1
    assert query["edit"] == ["2"]
    # The page previews exactly what saving records.
    page = client.get(edit["Location"]).content.decode()
    preview = {
        seat: int(n)
        for seat, n in zip(
            "ESWN",
            re.findall(r'<td class="num[^"]*">\+?(-?\d+)</td>', page.split('class="net"', 1)[1])[
                :4
            ],
            strict=True,
        )
    }
    flat = {k: v[-1] for k, v in query.items()}
    before = totals(session)
    client.post(reverse("hand-save", args=[session.pk]), {**flat, "version": session.version})
    session.refresh_from_db()
    hand_two = [
        b - a
        for a, b in zip(
            session.replayed().steps[0].totals.values(), totals(session).values(), strict=True
        )
    ]
    assert preview == dict(zip("ESWN", hand_two, strict=True))
    assert totals(session) == before  # saved unchanged: the preview was the truth


# --- 2. one slip deletes nothing for good ---------------------------------------


def test_deleting_asks_first_and_the_history_brings_it_back(client: Client, referee: User) -> None:
    session = new_session(client)
    for seat, dc in (("S", "E"), ("W", "S"), ("N", "W")):
        add(client, session, seat, dc)
    before = totals(session)
    ask = client.get(reverse("hand-delete", args=[session.pk, 2]))
    assert ask.status_code == 200 and len(session.live_hands()) == 3  # asking deletes nothing
    assert "第 2 局" in ask.content.decode() or "2" in ask.content.decode()
    session.refresh_from_db()
    client.post(reverse("hand-delete", args=[session.pk, 2]), {"version": session.version})
    assert len(session.live_hands()) == 2 and totals(session) != before
    deleted = HandChange.objects.get(session=session, action="delete")
    session.refresh_from_db()
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert f'id="restore-{deleted.pk}"' in page
    client.post(
        reverse("change-restore", args=[session.pk, deleted.pk]), {"version": session.version}
    )
    assert len(session.live_hands()) == 3
    assert [h.position for h in session.live_hands()] == [1, 2, 3]
    assert totals(session) == before  # everything after it counted again
    assert HandChange.objects.filter(session=session, action="restore").count() == 1


def test_a_correction_can_be_undone(client: Client, referee: User) -> None:
    session = new_session(client)
    add(client, session, "S", "E")
    before = totals(session)
    session.refresh_from_db()
    client.post(
        reverse("hand-save", args=[session.pk]),
        {"r": "chuzhou", **HAND, "s": "N", "dc": "E", "edit": "1", "version": session.version},
    )
    assert totals(session) != before
    edit = HandChange.objects.get(session=session, action="edit")
    session.refresh_from_db()
    client.post(reverse("change-restore", args=[session.pk, edit.pk]), {"version": session.version})
    assert totals(session) == before


# --- 3. house rules by tapping, the dealer by name ---------------------------------


def test_the_new_session_form_asks_no_json(client: Client, referee: User) -> None:
    page = client.get(reverse("session-new")).content.decode()
    assert "JSON" not in page and 'name="rules"' not in page
    assert 'name="o.tier"' in page  # 老三番's first option, as the calculator shows it
    redrawn = client.post(
        reverse("session-new"),
        {"title": "x", "region": "sanmen", "shown_region": "laosanfan", **NAMES, "dealer": "S"},
    ).content.decode()
    assert 'name="o.base"' in redrawn and 'name="o.tier"' not in redrawn  # 三门's 底分
    assert 'value="小南"' in redrawn and 'value="S" checked' in redrawn  # nothing typed is lost
    session = new_session(client, region="sanmen", **{"o.base": "5", "o.lao_zhuang_compound": "1"})
    assert session.rules == {"base": 5, "lao_zhuang_compound": True}
    assert session.start == {"dealer": "E"}


def test_a_bad_house_rule_is_named(client: Client, referee: User) -> None:
    response = client.post(
        reverse("session-new"),
        {
            "title": "x",
            "region": "sanmen",
            "shown_region": "sanmen",
            "players": "4",
            **NAMES,
            "dealer": "E",
            "o.base": "0",
        },
    )
    assert response.status_code == 200
    errors = " ".join(response.context["form"].non_field_errors())
    with translation.override("zh-hans"):
        assert _("底分, the base score") in errors


# --- 4. rule profiles ---------------------------------------------------------------


def test_profiles_start_sessions_and_editing_one_changes_none(
    client: Client, referee: User
) -> None:
    client.post(
        reverse("profile-new"),
        {
            "name": "周五晚场",
            "region": "laosanfan",
            "shown_region": "laosanfan",
            "o.tier": "yao_ban_liu",
        },
    )
    profile = RuleProfile.objects.get(name="周五晚场")
    assert profile.rules == {"tier": "yao_ban_liu"}
    form = client.get(reverse("session-new") + f"?profile={profile.pk}").content.decode()
    assert 'value="yao_ban_liu" selected' in form
    session = new_session(
        client,
        region="laosanfan",
        profile=str(profile.pk),
        shown_profile=str(profile.pk),
        **{"o.tier": "yao_ban_liu"},
    )
    assert session.rules == {"tier": "yao_ban_liu"} and session.profile == profile
    client.post(
        reverse("profile-edit", args=[profile.pk]),
        {
            "name": "周五晚场",
            "region": "laosanfan",
            "shown_region": "laosanfan",
            "o.tier": "tui_dao_ba",
        },
    )
    profile.refresh_from_db()
    session.refresh_from_db()
    assert profile.rules == {"tier": "tui_dao_ba"} and session.rules == {"tier": "yao_ban_liu"}
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "么半六" in page or "幺半六" in page  # the session's rules, in words


def test_a_shared_profile_can_be_copied_never_edited(client: Client, referee: User) -> None:
    profile = RuleProfile.objects.create(
        owner=referee, name="周五", region="laosanfan", rules={"tier": "yao_er_liu"}
    )
    client.post(reverse("profile-share", args=[profile.pk]))
    profile.refresh_from_db()
    other = Client()
    other.force_login(User.objects.create_user("other", password="another-long-password"))
    shown = other.get(reverse("profile-shared", args=[profile.share_token]))
    assert shown.status_code == 200 and "周五" in shown.content.decode()
    assert other.get(reverse("profile-edit", args=[profile.pk])).status_code == 404
    assert other.post(reverse("profile-delete", args=[profile.pk])).status_code == 404
    other.post(reverse("profile-copy", args=[profile.share_token]))
    copy = RuleProfile.objects.exclude(owner=referee).get()
    assert copy.rules == {"tier": "yao_er_liu"} and copy.pk != profile.pk
    client.post(reverse("profile-share", args=[profile.pk]), {"revoke": "1"})
    assert other.get(reverse("profile-shared", args=[profile.share_token])).status_code == 404
    assert Client().get(reverse("profile-shared", args=["x"])).status_code == 302  # sign in first


# --- 5. the referee's words -----------------------------------------------------------


def test_history_and_exports_in_the_referees_words(client: Client, referee: User) -> None:
    session = new_session(client)
    add(client, session, "S", "E")
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    with translation.override("zh-hans"):
        entered = _("Hand %(n)s (%(hand)s) %(what)s · %(who)s · %(at)s").partition("%(hand)s")[
            0
        ].rstrip("(（ ") % {"n": 1}
    assert entered in page and "edit #" not in page and "add #" not in page
    text = client.get(reverse("session-csv", args=[session.pk])).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    with translation.override("zh-hans"):
        assert rows[0][:4] == [
            pgettext("a round of play", "Hand"),
            _("Dealer"),
            _("Winner"),
            _("How it was won"),
        ]
        assert rows[0][0] == "局"
    assert "小南 · 南" in rows[1] and "点炮" in rows[1]
    codes = client.get(reverse("session-csv-codes", args=[session.pk])).content.decode("utf-8-sig")
    coded = list(csv.reader(io.StringIO(codes)))
    assert coded[0][:4] == ["hand", "dealer", "winner", "win_by"]
    assert coded[1][:4] == ["1", "E", "S", "discard"]
    sheet = client.get(reverse("session-print", args=[session.pk])).content.decode()
    assert "小南 · 南" in sheet and "self_draw" not in sheet and "discard" not in sheet


# --- 6. hand after hand ---------------------------------------------------------------


def test_saving_returns_to_the_session_with_the_totals_in_view(
    client: Client, referee: User
) -> None:
    session = new_session(client)
    response = add(client, session, "S", "E")
    assert response["Location"].endswith(f"/sessions/{session.pk}/#totals")
    detail = client.get(reverse("session", args=[session.pk])).content.decode()
    link = re.search(r'id="add-hand" href="([^"]+)"', detail).group(1).replace("&amp;", "&")
    query = parse_qs(urlsplit(link).query)
    assert link.startswith(f"/sessions/{session.pk}/hand/")
    assert query["d"] == ["S"] and query["s"] == ["S"] and query["t.zhen"] == ["E:2,S:2,W:2,N:2"]


# --- 7. finding a session later ------------------------------------------------------


def test_sessions_are_found_by_player_and_finished_ones_archived(
    client: Client, referee: User
) -> None:
    first = new_session(client)
    second = new_session(client, name_N="王")
    listing = client.get(reverse("sessions")).content.decode()
    assert listing.index(f"/sessions/{second.pk}/") < listing.index(f"/sessions/{first.pk}/")
    found = client.get(reverse("sessions") + "?q=王").content.decode()
    assert f"/sessions/{second.pk}/" in found and f"/sessions/{first.pk}/" not in found
    client.post(reverse("session-finish", args=[first.pk]), {"confirm": "1"})
    in_play = client.get(reverse("sessions")).content.decode()
    archive = client.get(reverse("sessions") + "?archive=1").content.decode()
    assert f"/sessions/{first.pk}/" not in in_play and f"/sessions/{first.pk}/" in archive
    assert "楚州" in archive and "阿东" in archive
