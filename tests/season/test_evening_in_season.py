"""An evening kept in a season: its results page and its picture show each
player's 标准分 that evening (issue 44), read through the events' season hooks
(events may not import the season)."""

from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction

import pytest
from django.core.cache import cache
from django.urls import reverse

from calculator.events.models import Event
from calculator.season.models import SeatResult
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
