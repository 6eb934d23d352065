"""An evening kept in a season: its results page and its picture show each
player's 标准分 that evening (issue 44), read through the events' season hooks
(events may not import the season)."""

from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from calculator.events.models import Event, Round, Table
from calculator.season.models import Club, Player, SeatResult
from calculator.season.placings import TWELFTHS, shown
from tests.pictures.support import opened
from tests.season.support import evening, new_club, play_round, referee
from tests.season.test_season import ROUND, played_season

pytestmark = pytest.mark.django_db

HEADER = {"zh-hans": "标准分", "zh-hant": "標準分", "en": "Standard points"}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()


def _kept(event: Event) -> dict[str, str]:
    """Each player's 标准分 that evening by name, summed here from the kept rows."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    for name, twelfths in SeatResult.objects.filter(event=event).values_list(
        "entrant__name", "points12"
    ):
        points[name] += Fraction(twelfths, TWELFTHS)
    return {name: shown(p * TWELFTHS) for name, p in points.items()}


def _column(page: str) -> list[tuple[str, str]]:
    rows = re.findall(r"<tr[^>]*>\s*<td>.*?</tr>", page, re.S)
    out = []
    for row in rows:
        name = re.sub(r"<[^>]+>|[\u2066-\u2069]", "", re.findall(r"<td>(.*?)</td>", row, re.S)[1])
        found = re.search(r'class="num standard">([^<]*)<', row)
        out.append((name.split()[0], found.group(1) if found else ""))
    return out


@pytest.mark.parametrize("language", list(HEADER))
def test_the_results_page_and_the_picture_show_each_players_standard_points(
    language: str,
) -> None:
    client, club, _season, _members = played_season()
    first = Event.objects.filter(club_evening__club=club).order_by("date").first()
    assert first is not None
    client.cookies["django_language"] = language
    expected = _kept(first)
    assert sum(Fraction(v) for v in expected.values()) == 7 * 4  # four table-rounds of 4+2+1+0
    for where in ("event-results", "event"):
        page = client.get(reverse(where, args=[first.pk])).content.decode()
        assert f'<th scope="col">{HEADER[language]}</th>' in page
        shown_here = _column(page)
        assert len(shown_here) == 8 and dict(shown_here) == expected
    follow = client.get(reverse("event-follow", args=[first.public_token])).content.decode()
    assert dict(_column(follow)) == expected

    response = client.get(reverse("event-results-picture", args=[first.pk]), {"page": 1})
    _image, drawn = opened(response.content)
    assert drawn["columns"] == [HEADER[language]]
    section = {s["kind"]: s["rows"] for s in drawn["sections"]}
    drawn_points = [(r["name"], r["columns"][0]) for r in section["standings"]]
    # the picture's numbers are the page's, line by line in the page's order
    assert drawn_points == _column(
        client.get(reverse("event-results", args=[first.pk])).content.decode()
    )


def test_an_evening_no_season_keeps_has_no_standard_points_column() -> None:
    client, _user = referee()
    club = new_club(client, ["张伟", "李娜", "王芳", "刘洋"])
    members = list(club.members.all())
    alone = evening(client, club, members, rounds=1)  # a club's evening, but in no season
    play_round(client, alone, ROUND)
    page = client.get(reverse("event-results", args=[alone.pk])).content.decode()
    assert "standard" not in page and "标准分" not in page
    response = client.get(reverse("event-results-picture", args=[alone.pk]), {"page": 1})
    assert opened(response.content)[1]["columns"] == []


REPEATS = {
    "zh-hans": (
        "这几桌没有人此前同桌过",
        "这几桌有 6 对玩家此前同桌过（今晚或本赛季更早的晚上）：排座位无法避免。",
    ),
    "zh-hant": (
        "這幾桌沒有人此前同桌過",
        "這幾桌有 6 對玩家此前同桌過（今晚或本賽季更早的晚上）：排座位無法避免。",
    ),
    "en": (
        "Nobody at these tables has sat together before",
        "6 pairs at these tables sat together before, this evening or earlier in the season: "
        "the draw could not avoid them.",
    ),
}


def _season(client: Client, club: Club) -> None:
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


def _drawn(client: Client, event: Event) -> list[list[int]]:
    client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    rnd = Round.objects.get(event=event, number=1)
    return [[s.entrant_id for s in t.seats.all()] for t in rnd.tables.all()]


@pytest.mark.parametrize("language", list(REPEATS))
def test_a_draw_avoids_who_sat_together_earlier_in_the_season_and_says_what_it_could_not(
    language: str,
) -> None:
    client, _user = referee()
    client.cookies["django_language"] = language
    names = ["张伟", "李娜", "王芳", "刘洋", "陈静", "杨磊", "赵敏", "黄强"]
    club = new_club(client, names)
    members = {m.name: m for m in club.members.all()}
    first = evening(client, club, [members[n] for n in names], "2026-10-02", rounds=1)
    play_round(client, first, ROUND[:1])
    _season(client, club)
    together = [
        {p.entrant.club_player.member_id for p in t.seats.select_related("entrant__club_player")}
        for t in Table.objects.filter(round__event=first)
    ]
    # Two of each earlier table and four guests: the draw can keep the two apart.
    chosen = [m for table in together for m in sorted(table)[:2]]
    second = evening(
        client,
        club,
        [m for m in members.values() if m.pk in chosen],
        "2026-10-09",
        guests=["客甲", "客乙", "客丙", "客丁"],
        rounds=1,
    )
    member_of = dict(
        Player.objects.filter(entrant__event=second).values_list("entrant_id", "member_id")
    )
    for table in _drawn(client, second):
        met = {member_of[e] for e in table if member_of[e]}
        assert not any(len(met & earlier) > 1 for earlier in together)
    page = client.get(reverse("event", args=[second.pk])).content.decode()
    assert REPEATS[language][0] in page
    assert Round.objects.get(event=second).repeats == 0

    # The first table's four again, at a later evening: every pair repeats, and it says so.
    again = [m for m in members.values() if m.pk in together[0]]
    third = evening(client, club, again, "2026-10-16", rounds=1)
    _drawn(client, third)
    assert Round.objects.get(event=third).repeats == 6
    assert REPEATS[language][1] in client.get(reverse("event", args=[third.pk])).content.decode()


def test_an_evening_of_no_season_draws_as_it_always_did() -> None:
    client, _user = referee()
    club = new_club(client, ["张伟", "李娜", "王芳", "刘洋"])
    members = list(club.members.all())
    play_round(client, evening(client, club, members, "2026-10-02", rounds=1), ROUND[:1])
    later = evening(client, club, members, "2026-10-09", rounds=1)  # no season holds either
    _drawn(client, later)
    assert Round.objects.get(event=later).repeats == 0
