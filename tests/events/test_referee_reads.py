"""What the referee reads over an evening (issue 31, point 7): the history, the
ledger's and the print sheet's titles in the page's language, tied players
shown as tied, the event's hands.csv as full as a table's, a session list
that never says "none" above a list, confirmation pages that survive a reload
or the back button, a refused empty save that says what to fill in, and the
discarder asked at once without JavaScript."""

from __future__ import annotations

import csv
import io
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.events.models import Event, Round, Table
from calculator.events.standings import standings
from tests.events.test_events import draw_and_start, make_event, play
from tests.words.test_script import problems

pytestmark = pytest.mark.django_db

LANGUAGES = ["zh-hans", "zh-hant", "en"]


def _referee(language: str) -> Client:
    client = Client()
    client.force_login(User.objects.create_user("裁判", password="mahjong-night-2026"))
    client.cookies["django_language"] = language
    return client


def _round_in_play(language: str) -> tuple[Client, Event, Round, Table]:
    """A referee reading ``language``, an event, its first round started, and
    that round's first table."""
    referee = _referee(language)
    event = make_event(referee)
    rnd = draw_and_start(referee, event)
    table = rnd.tables.order_by("number").first()
    assert table is not None
    return referee, event, rnd, table


def _speaking(client: Client, language: str) -> Client:
    client.cookies["django_language"] = language
    return client


# Each language's words for a table's title and a hand entered, corrected,
# deleted and restored, as the history says them.
TITLE = {
    "zh-hans": "周五联赛 · 第 1 轮 · 第 1 桌",
    "zh-hant": "周五联赛 · 第 1 輪 · 第 1 桌",
    "en": "周五联赛 · round 1 · table 1",
}
HISTORY = {
    "zh-hans": ["已录入", "已删除", "已恢复"],
    "zh-hant": ["已錄入", "已刪除", "已恢復"],
    "en": ["entered", "deleted", "restored"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_history_and_titles_are_in_the_pages_language(language: str) -> None:
    # The round is drawn in 简体, then read in each language.
    referee = _referee("zh-hans")
    event = make_event(referee)
    rnd = draw_and_start(referee, event)
    table = rnd.tables.order_by("number").first()
    assert table is not None
    play(Client(), table, "S", "E")
    session = table.session
    session.refresh_from_db()
    referee.post(reverse("hand-delete", args=[session.pk, 1]), {"version": session.version})
    change = session.changes.get(action="delete")
    session.refresh_from_db()
    referee.post(
        reverse("change-restore", args=[session.pk, change.pk]), {"version": session.version}
    )
    referee.get(reverse("session", args=[session.pk]))  # the notices, said in 简体
    _speaking(referee, language)
    page = referee.get(reverse("session", args=[session.pk])).content.decode()
    assert TITLE[language] in page
    for word in HISTORY[language]:
        assert word in page, word
    printed = referee.get(reverse("session-print", args=[session.pk])).content.decode()
    assert TITLE[language] in printed
    if language != "en":
        assert not problems(page, language), problems(page, language)
        assert not problems(printed, language), problems(printed, language)
    else:
        for word in ("录入", "删除", "恢复", "第 1 轮"):
            assert word not in page and word not in printed, word


TIED = {"zh-hans": "并列", "zh-hant": "並列", "en": "tied"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_players_level_on_points_share_a_place(language: str) -> None:
    referee = _referee(language)
    event = make_event(referee)
    # Before any hand everyone is level: one place, all tied, not typing order.
    before = standings(event)["lines"]
    assert {line.rank for line in before} == {1} and all(line.tied for line in before)
    page = referee.get(reverse("event", args=[event.pk])).content.decode()
    assert page.count(TIED[language]) >= len(before)
    rnd = draw_and_start(referee, event)
    first, second = rnd.tables.order_by("number")
    play(Client(), first, "S", "E")
    lines = standings(event)["lines"]
    # A place is one more than the players ahead; the level share it.
    for line in lines:
        ahead = sum(1 for other in lines if other.money > line.money)
        level = sum(1 for other in lines if other.money == line.money)
        assert line.rank == ahead + 1 and line.tied == (level > 1)
    untouched = {s.entrant_id for s in second.seats.all()}
    assert len({line.rank for line in lines if line.entrant.pk in untouched}) == 1
    tied = sum(1 for line in lines if line.tied)
    assert tied >= 4
    rows = list(
        csv.reader(
            io.StringIO(
                referee.get(reverse("event-standings-csv", args=[event.pk])).content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    assert [row[0] for row in rows[1:]] == [str(line.rank) for line in lines]
    follow = Client()
    _speaking(follow, language)
    shown = follow.get(reverse("event-follow", args=[event.public_token])).content.decode()
    assert shown.count(TIED[language]) == tied
    if language != "en":
        assert not problems(shown, language), problems(shown, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_events_hands_file_has_the_tables_columns(language: str) -> None:
    referee, event, _rnd, table = _round_in_play(language)
    play(Client(), table, "S", "E")
    hands = referee.get(reverse("event-hands-csv", args=[event.pk])).content.decode("utf-8-sig")
    head, row = list(csv.reader(io.StringIO(hands)))
    own = referee.get(reverse("session-csv", args=[table.session.pk])).content.decode("utf-8-sig")
    own_head, own_row = list(csv.reader(io.StringIO(own)))[:2]
    # Where the table sat, then the table's own columns: the hand in words
    # (the discarder among them), then each seat's money and running total.
    assert head[3:9] == own_head[:6] and row[3:9] == own_row[:6]
    assert len(head) == len(row) == 3 + 6 + 4 + 4
    names = table.session.players
    assert row[7] == own_row[4] and names["E"] in row[7]  # the discarder, named
    assert row[9:13] == own_row[6:10] and row[13:17] == own_row[10:14]
    if language != "en":
        assert not problems(f"<p>{' '.join(head)}</p>", language)
    else:
        assert head[:4] == ["Date", "Round", "Table", "Hand"] and "Discarder" in head


NONE_YET = {"zh-hans": "还没有场次", "zh-hant": "還沒有場次", "en": "No sessions yet"}
TABLE_LINE = {
    "zh-hans": "第 1 轮 · 第 1 桌",
    "zh-hant": "第 1 輪 · 第 1 桌",
    "en": "Round 1 · Table 1",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_session_list_never_says_none_above_a_list(language: str) -> None:
    referee = _referee(language)
    empty = referee.get(reverse("sessions")).content.decode()
    assert NONE_YET[language] in empty
    event = make_event(referee)
    draw_and_start(referee, event)
    listed = referee.get(reverse("sessions")).content.decode()
    assert TABLE_LINE[language] in listed
    assert NONE_YET[language] not in listed
    if language != "en":
        assert not problems(listed, language), problems(listed, language)


QUESTION = {"zh-hans": "结束第 1 轮？", "zh-hant": "結束第 1 輪？", "en": "Finish round 1?"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_confirmation_page_survives_a_reload_and_the_back_button(language: str) -> None:
    referee, event, rnd, table = _round_in_play(language)
    state = reverse("round-state", args=[event.pk, 1])
    asked = referee.post(state, {"finish": "1"})
    assert QUESTION[language] in asked.content.decode()
    # Gone back to, or reloaded as a GET: the same question, nothing changed.
    again = referee.get(state)
    assert again.status_code == 200 and QUESTION[language] in again.content.decode()
    rnd.refresh_from_db()
    assert not rnd.finished
    referee.post(state, {"finish": "1", "confirm": "1"})
    # Once answered, the address leads to the event's page.
    after = referee.get(state)
    assert after.status_code == 302 and after["Location"].startswith(
        reverse("event", args=[event.pk])
    )
    session = table.session
    for url in (
        reverse("round-draw", args=[event.pk]),
        reverse("event-roster", args=[event.pk]),
    ):
        answer = referee.get(url)
        assert answer.status_code == 302, url
        assert answer["Location"].startswith(reverse("event", args=[event.pk])), url
    # A penalty has a page of its own: its form on GET, nothing recorded.
    asked = referee.get(reverse("event-penalty", args=[event.pk]))
    assert asked.status_code == 200 and 'id="record-penalty"' in asked.content.decode()
    # A link's change and an archive ask on GET: the question, again.
    asked = referee.get(reverse("table-link-change", args=[event.pk, table.pk]))
    assert asked.status_code == 200 and 'id="confirm-link"' in asked.content.decode()
    asked = referee.get(reverse("session-finish", args=[session.pk]))
    assert asked.status_code == 200 and 'id="confirm-archive"' in asked.content.decode()
    for url in (reverse("session-share", args=[session.pk]),):
        answer = referee.get(url)
        assert answer.status_code == 302 and answer["Location"] == reverse(
            "session", args=[session.pk]
        ), url
    rnd.refresh_from_db()
    table.refresh_from_db()
    session.refresh_from_db()
    assert rnd.finished and not table.link_revoked and session.finished is None
    # Another referee's event is still nobody else's business.
    stranger = Client()
    stranger.force_login(User.objects.create_user("别人", password="mahjong-night-2026"))
    assert stranger.get(state).status_code == 404


ASKED = {"zh-hans": "放炮的一家", "zh-hant": "放炮的一家", "en": "Discarded the winning tile"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_discarder_is_on_the_page_before_a_discard_is_sent(language: str) -> None:
    # Drawn whatever the way of winning, so a page without JavaScript shows
    # it (by CSS) the moment 点炮 is picked, with no submit.
    phone = _speaking(Client(), language)
    page = phone.get("/?b=self_draw").content.decode()
    assert 'id="discarder"' in page and page.count('name="dc"') == 4
    assert ASKED[language] in page


WINNING_TILE = {"zh-hans": "胡牌张", "zh-hant": "胡牌張", "en": "winning tile"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_empty_save_says_what_to_fill_in(language: str) -> None:
    *_, table = _round_in_play(language)
    phone = _speaking(Client(), language)
    start = phone.get(reverse("table-link", args=[table.link_token]))
    query = {k: v[-1] for k, v in parse_qs(urlsplit(start["Location"]).query).items()}
    answer = phone.post(reverse("table-save", args=[table.link_token]), query)
    assert answer.status_code == 422
    page = answer.content.decode()
    box = page.split('id="save-problem"', 1)[1].split("</div>", 1)[0]
    assert 'id="save-missing"' in box
    missing = box.split('id="save-missing"', 1)[1]
    assert missing.count("<li>") == 2 and WINNING_TILE[language] in missing
    table.session.refresh_from_db()
    assert table.session.hands.count() == 0
    if language != "en":
        assert not problems(f"<div>{box}</div>", language), problems(box, language)
