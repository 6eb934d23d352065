"""Events: the roster, drawn rounds, table links, standings with ties,
penalties and withdrawals, the players' live page, exports."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.events.models import Entrant, Event, Penalty, Round, Table
from calculator.events.standings import shared_points, standings

pytestmark = pytest.mark.django_db

# The spec's 楚州 hand, won by the seat given, on the next seat's discard.
HAND = {"h": "234m567m345p79s11z", "w": "8s", "b": "discard", "g": "ready_declared"}
NAMES = [f"牌友{n}" for n in range(1, 9)]


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("ref", password="mahjong-night-2026")
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    return user


def make_event(client: Client, players: list[str] = NAMES, **extra: Any) -> Event:
    data = {
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
    response = client.post(reverse("event-new"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.latest("pk")
    client.post(reverse("event-roster", args=[event.pk]), {"names": "\n".join(players)})
    return event


def draw_and_start(client: Client, event: Event, method: str = "fresh") -> Round:
    client.post(reverse("round-draw", args=[event.pk]), {"method": method})
    rnd = Round.objects.filter(event=event).latest("number")
    client.post(reverse("round-state", args=[event.pk, rnd.number]))
    rnd.refresh_from_db()
    return rnd


def play(client: Client, table: Table, winner: str, discarder: str) -> Any:
    """A hand entered through the table's own link, as the players would."""
    table.session.refresh_from_db()
    start = client.get(reverse("table-link", args=[table.link_token]))
    query = {k: v[-1] for k, v in parse_qs(urlsplit(start["Location"]).query).items()}
    data = {**query, **HAND, "s": winner, "dc": discarder, "version": table.session.version}
    return client.post(reverse("table-save", args=[table.link_token]), data)


def test_a_round_seats_every_player_once(client: Client, referee: User) -> None:
    event = make_event(client)
    rnd = draw_and_start(client, event)
    seated = [s.entrant_id for t in rnd.tables.all() for s in t.seats.all()]
    assert sorted(seated) == sorted(e.pk for e in event.entrants.all())
    assert [t.seats.count() for t in rnd.tables.all()] == [4, 4]
    session = rnd.tables.first().session
    assert sorted(session.players) == ["E", "N", "S", "W"]  # the ledger holds the seats


def test_table_links_write_their_table_in_the_round_in_play_only(
    client: Client, referee: User
) -> None:
    event = make_event(client)
    rnd = draw_and_start(client, event)
    one, two = rnd.tables.all()
    stranger = Client()  # the table's own players: no account
    assert play(stranger, one, "S", "E").status_code == 302
    assert one.session.hands.count() == 1 and two.session.hands.count() == 0
    # the round's length (2 hands) is a limit
    play(stranger, one, "S", "E")
    play(stranger, one, "S", "E")
    assert one.session.hands.count() == 2
    # revoked: refused
    client.post(
        reverse("table-link-change", args=[event.pk, two.pk]), {"revoke": "1", "confirm": "1"}
    )
    two.refresh_from_db()
    refused = stranger.post(reverse("table-save", args=[two.link_token]), HAND)
    assert refused.status_code == 422 and two.session.hands.count() == 0  # told why, kept
    # a new link works, the old one does not
    old = two.link_token
    client.post(reverse("table-link-change", args=[event.pk, two.pk]), {"confirm": "1"})
    two.refresh_from_db()
    assert two.link_token != old
    assert stranger.post(reverse("table-save", args=[old]), HAND).status_code == 422
    assert stranger.get(reverse("table-link", args=[two.link_token])).status_code == 302
    # a finished round's links say so and save nothing
    client.post(
        reverse("round-state", args=[event.pk, rnd.number]), {"finish": "1", "confirm": "1"}
    )
    closed = stranger.get(reverse("table-link", args=[one.link_token]), follow=True)
    assert closed.status_code == 200 and 'id="closed"' in closed.content.decode()
    assert 'id="save-hand"' not in closed.content.decode()
    # a table link writes nothing else: not another session, not the referee's pages
    assert stranger.get(reverse("event", args=[event.pk])).status_code == 302
    assert stranger.get(reverse("session", args=[one.session.pk])).status_code == 302


def test_standings_sum_money_across_rounds(client: Client, referee: User) -> None:
    event = make_event(client)
    for _round in range(2):
        rnd = draw_and_start(client, event)
        for table in rnd.tables.all():
            play(Client(), table, "S", "E")
        client.post(
            reverse("round-state", args=[event.pk, rnd.number]), {"finish": "1", "confirm": "1"}
        )
    table = standings(event)
    assert sum(line.money for line in table["lines"]) == 0
    assert table["lines"][0].money >= table["lines"][-1].money
    assert table["unbalanced"] == []
    assert all(line.played == 2 for line in table["lines"])


def test_rank_points_are_shared_by_ties() -> None:
    assert shared_points({1: 100, 2: 0, 3: 0, 4: -100}, [4, 2, 1, 0]) == {
        1: Fraction(4),
        2: Fraction(3, 2),
        3: Fraction(3, 2),
        4: Fraction(0),
    }
    assert shared_points({1: 5, 2: 5, 3: 5, 4: 5}, [4, 2, 1, 0]) == dict.fromkeys(
        (1, 2, 3, 4), Fraction(7, 4)
    )


def test_rank_scoring_with_money_breaking_ties(client: Client, referee: User) -> None:
    event = make_event(client, scoring="rank")
    rnd = draw_and_start(client, event)
    for table in rnd.tables.all():
        play(Client(), table, "S", "E")
    lines = standings(event)["lines"]
    assert lines[0].points == 4 and lines[-1].points == 0
    winners = [line for line in lines if line.points == 4]
    assert winners[0].money >= winners[-1].money  # money breaks the tie


def test_a_guobiao_competition_counts_standard_points_then_money(
    client: Client, referee: User
) -> None:
    """国标 competitions rank each table 4/2/1/0 (标准分) and break ties by 比赛分."""
    event = make_event(client, region="guobiao", scoring="rank", round_length="2")
    rnd = draw_and_start(client, event)
    gb_hand = {"h": "123m456m789m123p5p", "w": "5p", "b": "discard", "f": "1f"}
    for table in rnd.tables.all():
        for winner, discarder in (("S", "W"), ("S", "E")):
            table.session.refresh_from_db()
            start = Client().get(reverse("table-link", args=[table.link_token]))
            query = {k: v[-1] for k, v in parse_qs(urlsplit(start["Location"]).query).items()}
            data = {**query, **gb_hand, "s": winner, "dc": discarder}
            data["version"] = table.session.version
            got = Client().post(reverse("table-save", args=[table.link_token]), data)
            assert got.status_code == 302, got.content.decode()[:2000]
        assert table.session.hands.count() == 2
    lines = standings(event)["lines"]
    # At each table S collects 8 + 24 from the discarder and 8 from each other
    # player, twice: S +96, N −16, E and W −40 each, sharing 3rd and 4th (1 + 0).
    half = Fraction(1, 2)
    assert sorted(line.points for line in lines) == [half, half, half, half, 2, 2, 4, 4]
    assert sorted(line.money for line in lines if line.points == 4) == [96, 96]
    assert sorted(line.money for line in lines if line.points == 2) == [-16, -16]
    # ties on points are broken by money: both 4s first, then both 2s
    assert [line.points for line in lines[:4]] == [4, 4, 2, 2]


def test_penalties_change_money_and_say_so(client: Client, referee: User) -> None:
    event = make_event(client)
    rnd = draw_and_start(client, event)
    loser = Entrant.objects.filter(event=event).first()
    client.post(
        reverse("event-penalty", args=[event.pk]),
        {"entrant": loser.pk, "amount": "-30", "reason": "迟到"},
    )
    assert Penalty.objects.get().round == rnd
    table = standings(event)
    line = next(line for line in table["lines"] if line.entrant == loser)
    assert line.money == -30 and line.penalties == -30
    assert table["unbalanced"] == [rnd.number]  # plainly: the round no longer sums to zero
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert 'class="notice"' in page


def test_a_penalty_refused_says_why_at_its_field(client: Client, referee: User) -> None:
    event = make_event(client)
    draw_and_start(client, event)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("event-penalty", args=[event.pk]) in page  # one tap from the standings
    loser = Entrant.objects.filter(event=event).first()
    refused = client.post(
        reverse("event-penalty", args=[event.pk]),
        {"entrant": loser.pk, "amount": "a lot", "reason": "迟到"},
    )
    assert refused.status_code == 422
    form = refused.content.decode()
    assert 'role="alert"' in form and "迟到" in form  # the reason typed is kept
    assert not Penalty.objects.exists()


def test_withdrawn_players_keep_their_results_and_sit_out(client: Client, referee: User) -> None:
    event = make_event(client, players=[*NAMES, "迟到甲", "迟到乙", "迟到丙", "迟到丁"])
    rnd = draw_and_start(client, event)
    table = rnd.tables.first()
    play(Client(), table, "S", "E")
    gone = table.seats.get(seat="S").entrant
    # not while the round is in play
    client.post(reverse("entrant-active", args=[event.pk, gone.pk]))
    gone.refresh_from_db()
    assert gone.active
    client.post(
        reverse("round-state", args=[event.pk, rnd.number]), {"finish": "1", "confirm": "1"}
    )
    client.post(reverse("entrant-active", args=[event.pk, gone.pk]))
    gone.refresh_from_db()
    assert not gone.active
    before = next(line.money for line in standings(event)["lines"] if line.entrant == gone)
    assert before > 0
    client.post(reverse("event-roster", args=[event.pk]), {"names": "迟到戊, 0042"})
    late = Entrant.objects.get(name="迟到戊")
    assert late.member_no == "0042" and late.joined == 2
    rnd2 = draw_and_start(client, event)  # eleven stay, one joins: twelve again
    seated = {s.entrant_id for t in rnd2.tables.all() for s in t.seats.all()}
    assert gone.pk not in seated and late.pk in seated
    assert next(line.money for line in standings(event)["lines"] if line.entrant == gone) == before


def test_a_swap_before_the_round_starts(client: Client, referee: User) -> None:
    event = make_event(client)
    client.post(reverse("round-draw", args=[event.pk]), {"method": "random"})
    rnd = Round.objects.get(event=event)
    one, two = rnd.tables.all()
    a, b = one.seats.get(seat="E"), two.seats.get(seat="N")
    client.post(reverse("round-swap", args=[event.pk, 1]), {"a": a.entrant_id, "b": b.entrant_id})
    assert one.seats.get(seat="E").entrant_id == b.entrant_id
    assert two.seats.get(seat="N").entrant_id == a.entrant_id
    one.session.refresh_from_db()
    assert one.session.players["E"] == b.entrant.name
    client.post(reverse("round-state", args=[event.pk, 1]))
    client.post(reverse("round-swap", args=[event.pk, 1]), {"a": a.entrant_id, "b": b.entrant_id})
    assert one.seats.get(seat="E").entrant_id == b.entrant_id  # started: seats stay


def test_the_players_page_shows_a_seat_and_follows_live(client: Client, referee: User) -> None:
    event = make_event(client)
    rnd = draw_and_start(client, event)
    table = rnd.tables.first()
    me = table.seats.get(seat="W").entrant
    phone = Client()
    phone.cookies["django_language"] = "zh-hans"
    url = reverse("event-follow", args=[event.public_token]) + f"?p={me.pk}"
    page = phone.get(url).content.decode()
    assert f"第 {table.number} 桌" in page and "西家" in page
    assert 'hx-trigger="every 5s"' in page
    live = reverse("event-live", args=[event.public_token]) + f"?p={me.pk}"
    first = phone.get(live)
    assert first.status_code == 200 and first["ETag"]
    unchanged = phone.get(live, headers={"If-None-Match": first["ETag"]})
    assert unchanged.status_code == 304  # nothing new: nothing drawn again
    play(Client(), table, "S", "E")
    changed = phone.get(live, headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_exports_in_words_and_codes(client: Client, referee: User) -> None:
    event = make_event(client, players=["=1+1", *NAMES[1:]])
    rnd = draw_and_start(client, event)
    for table in rnd.tables.all():
        play(Client(), table, "S", "E")
    people = client.get(reverse("event-standings-csv", args=[event.pk])).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(people)))
    assert rows[0][:2] == ["名次", "牌友"]
    assert any(row[1] == "'=1+1" for row in rows[1:])  # never a formula
    codes = client.get(reverse("event-standings-codes", args=[event.pk])).content.decode(
        "utf-8-sig"
    )
    assert codes.splitlines()[0].startswith("place,player_id,name")
    hands = client.get(reverse("event-hands-csv", args=[event.pk])).content.decode("utf-8-sig")
    assert len(list(csv.reader(io.StringIO(hands)))) == 1 + 2  # a header, a hand a table
    sheet = client.get(reverse("event-results", args=[event.pk])).content.decode()
    assert "周五联赛" in sheet and re.search(r"第 1 轮|第1轮", sheet)


def test_only_the_events_referee_runs_it(client: Client, referee: User) -> None:
    event = make_event(client)
    other = Client()
    other.force_login(User.objects.create_user("other", password="another-long-password"))
    for name, method in (("event", "get"), ("round-draw", "post"), ("event-penalty", "post")):
        assert getattr(other, method)(reverse(name, args=[event.pk])).status_code == 404


def test_a_draw_needs_full_tables_where_the_region_does(client: Client, referee: User) -> None:
    event = make_event(client, players=NAMES[:7])
    response = client.post(reverse("round-draw", args=[event.pk]), {"method": "random"})
    assert not Round.objects.filter(event=event).exists()
    page = client.get(response["Location"]).content.decode()
    assert "7" in page.split('class="notices"', 1)[1][:400]


def test_a_round_past_reopening_folds_to_a_line_with_its_tables_counted(
    client: Client, referee: User
) -> None:
    event = make_event(client)
    for _number in (1, 2):
        rnd = draw_and_start(client, event)
        for table in rnd.tables.all():
            for _hand in range(2):
                assert play(Client(), table, "S", "E").status_code == 302
        client.post(
            reverse("round-state", args=[event.pk, rnd.number]), {"finish": "1", "confirm": "1"}
        )
        rnd.refresh_from_db()
        assert rnd.finished
    draw_and_start(client, event)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    # round 1 and 2 are past reopening once round 3 has started: a line each
    assert 'id="show-round-1"' in page and 'id="show-round-2"' in page
    assert page.count("展开这一轮的 2 桌") == 2  # 8 players: two tables a round
    opened = client.get(reverse("event", args=[event.pk]) + "?round=1").content.decode()
    assert 'id="show-round-1"' not in opened and 'id="show-round-2"' in opened
