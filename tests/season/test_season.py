"""A club's season through its pages: the roster, evenings set up from it,
the season table and its rules, player pages, head-to-head, links, CSV; and
what must never be a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from calculator.club.entry import save_correction
from calculator.events.models import Event, Table
from calculator.season.models import Club, Member, Player, Season, SeatResult
from calculator.season.public import evening_points
from tests.season.support import evening, hand, new_club, play_round, referee
from tests.words.test_script import problems

pytestmark = pytest.mark.django_db

EIGHT = ["张伟", "李娜", "王芳", "刘洋", "陈静", "杨磊", "赵敏", "黄强"]
ROUND = [hand("S", "E"), hand("E", self_draw=True), hand(""), hand("W", "N")]


def played_season() -> tuple[Client, Club, Season, list[Member]]:
    client, _user = referee()
    club = new_club(client, EIGHT)
    members = [Member.objects.get(club=club, name=name) for name in EIGHT]
    first = evening(client, club, members, "2026-10-02")
    play_round(client, first, ROUND)
    play_round(client, first, ROUND[::-1])
    second = evening(client, club, members[:4], "2026-10-09", rounds=1)
    play_round(client, second, [hand("N", "S"), hand("N", self_draw=True)])
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
    return client, club, club.seasons.get(), members


def test_an_evening_from_the_roster_ties_every_player_to_a_member() -> None:
    _client, club, _season, members = played_season()
    event = Event.objects.filter(club_evening__club=club).order_by("date").first()
    assert {p.member_id for p in Player.objects.filter(entrant__event=event)} == {
        m.pk for m in members
    }
    assert SeatResult.objects.filter(event=event).count() == 16  # 2 rounds × 2 tables × 4


def test_season_table_sums_standard_points_and_counts_places() -> None:
    client, club, season, _members = played_season()
    response = client.get(reverse("season", args=[club.pk, season.pk]))
    assert response.status_code == 200
    lines = response.context["lines"]
    total = sum(float(line["points"]) for line in lines)
    assert total == pytest.approx(7 * 5)  # five table-rounds of four, 4+2+1+0 each
    assert lines[0]["rank"] == 1
    assert [line["rank"] for line in lines] == sorted(line["rank"] for line in lines)
    assert "4 / 2 / 1 / 0" in response.content.decode()


def test_a_minimum_of_evenings_lists_the_others_apart() -> None:
    client, club, season, _members = played_season()
    season.count = 2
    season.save()
    context = client.get(reverse("season", args=[club.pk, season.pk])).context
    assert {line["member"].name for line in context["lines"]} == set(EIGHT[:4])
    assert {line["member"].name for line in context["waiting"]} == set(EIGHT[4:])
    assert all(line["evenings"] == 1 for line in context["waiting"])


def test_best_n_averages_with_zeros_for_evenings_not_played() -> None:
    client, club, season, _members = played_season()
    season.attendance, season.count = "best", 2
    season.save()
    best = {
        line["member"].name: line
        for line in client.get(reverse("season", args=[club.pk, season.pk])).context["lines"]
    }
    season.attendance, season.count = "min", 0
    season.save()
    summed = {
        line["member"].name: line
        for line in client.get(reverse("season", args=[club.pk, season.pk])).context["lines"]
    }
    for name in EIGHT[4:]:  # one evening each: its points over two
        assert float(best[name]["points"]) == pytest.approx(float(summed[name]["points"]) / 2)


def test_a_correction_three_weeks_later_flows_into_the_table() -> None:
    client, club, season, _members = played_season()
    table = Table.objects.filter(round__event__date="2026-10-02").first()
    session = table.session
    before = {r.seat: r.money for r in SeatResult.objects.filter(table=table)}
    done = save_correction(session, None, hand("N", self_draw=True), str(session.version), 1)
    assert not isinstance(done, str)
    after = {r.seat: r.money for r in SeatResult.objects.filter(table=table)}
    session.refresh_from_db()
    assert after == {s: int(v) for s, v in session.totals.items()} != before
    response = client.get(reverse("season", args=[club.pk, season.pk]))
    assert response.status_code == 200


def test_player_page_head_to_head_and_pair() -> None:
    client, club, _season, members = played_season()
    me = members[0]
    response = client.get(reverse("member", args=[club.pk, me.pk]))
    assert response.status_code == 200
    context = response.context
    assert context["played"] == sum(
        1 for _ in SeatResult.objects.filter(entrant__club_player__member=me)
    )
    assert context["evenings"] == 2
    assert context["opponents"], "sat with others"
    other = context["opponents"][0]
    assert other.together >= 1 and other.above + other.below + other.level == other.together
    pair = client.get(reverse("member-vs", args=[club.pk, me.pk, other.member_id]))
    assert pair.status_code == 200 and pair.context["against"].together == other.together
    assert client.get(reverse("member-vs", args=[club.pk, me.pk, me.pk])).status_code == 404
    assert context["nights"][0].why  # each evening's rating change explained


def test_merge_keeps_every_hand_and_refuses_itself() -> None:
    client, club, season, members = played_season()
    a, b = members[0], members[5]
    rows = SeatResult.objects.filter(entrant__club_player__member__in=[a, b]).count()
    response = client.post(reverse("member-merge", args=[club.pk, a.pk]), {"into": str(a.pk)})
    assert response.status_code == 302
    assert Member.objects.filter(pk=a.pk).exists()
    page = client.get(response["Location"])
    assert "cannot be merged into themselves" in page.content.decode() or page.status_code == 200
    response = client.post(reverse("member-merge", args=[club.pk, b.pk]), {"into": str(a.pk)})
    assert response.status_code == 302 and not Member.objects.filter(pk=b.pk).exists()
    assert SeatResult.objects.filter(entrant__club_player__member=a).count() == rows
    assert client.get(reverse("season", args=[club.pk, season.pk])).status_code == 200
    assert client.get(reverse("member", args=[club.pk, a.pk])).status_code == 200


def test_rename_changes_the_name_not_the_record() -> None:
    client, club, _season, members = played_season()
    client.post(reverse("member-rename", args=[club.pk, members[1].pk]), {"name": "李 娜娜"})
    members[1].refresh_from_db()
    assert members[1].name == "李 娜娜" and members[1].key == "李娜娜"
    client.post(reverse("member-rename", args=[club.pk, members[1].pk]), {"name": "\u200b"})
    members[1].refresh_from_db()
    assert members[1].name == "李 娜娜"


def test_a_name_like_a_members_is_asked_about_first() -> None:
    client, _user = referee()
    club = new_club(client, ["张伟"])
    response = client.post(reverse("club-members", args=[club.pk]), {"names": "張偉\n王芳"})
    assert response.status_code == 200 and "ask-0" in response.content.decode()
    assert club.members.count() == 1
    only = club.members.get()
    client.post(
        reverse("club-members", args=[club.pk]), {"names": "張偉\n王芳", "pick-0": f"m{only.pk}"}
    )
    assert sorted(club.members.values_list("name", flat=True)) == ["张伟", "王芳"]
    client.post(reverse("club-members", args=[club.pk]), {"names": "张 伟", "pick-0": "new"})
    assert club.members.count() == 3


def test_guests_play_and_have_no_page() -> None:
    client, _user = referee()
    club = new_club(client, EIGHT[:3])
    event = evening(client, club, list(club.members.all()), guests=["路人甲"])
    play_round(client, event, ROUND)
    guest = event.entrants.get(name="路人甲")
    assert Player.objects.get(entrant=guest).member is None
    assert SeatResult.objects.filter(entrant=guest).exists()
    response = client.get(reverse("player-of-entrant", args=[guest.pk]))
    assert response.status_code == 302
    member = event.entrants.exclude(pk=guest.pk).first()
    assert "/members/" in client.get(reverse("player-of-entrant", args=[member.pk]))["Location"]


def test_an_old_evening_attached_and_its_names_matched() -> None:
    from tests.events.support import club_night

    referee_client, event, table = club_night()
    from calculator.club.entry import table_mark
    from calculator.club.public import save_entry

    save_entry(
        table.session,
        event.owner,
        hand("S", "E"),
        "k1",
        1,
        table_mark(table.session.replayed().table),
    )
    referee_client.post(reverse("clubs"), {"name": "老俱乐部"})
    club = Club.objects.get(name="老俱乐部")
    referee_client.post(reverse("club-members", args=[club.pk]), {"names": "張偉"})
    response = referee_client.post(reverse("evening-attach", args=[club.pk]), {"event": event.pk})
    assert response.status_code == 302
    page = referee_client.get(response["Location"])
    assert page.status_code == 200
    rows = {r["entrant"].name: r["current"] for r in page.context["rows"]}
    zhang = club.members.get()
    assert rows["张伟"] == f"m{zhang.pk}" and rows["李娜"] == "new"
    referee_client.post(
        response["Location"],
        {f"e-{e.pk}": rows[e.name] for e in event.entrants.all()} | {"e-999999": "m1"},
    )
    assert club.members.count() == 4
    assert SeatResult.objects.filter(event=event).count() == 4
    points = evening_points(event)
    assert points.club == "老俱乐部" and not points.in_season
    assert sum(points.points.values()) == 7


def test_no_500_on_odd_input() -> None:
    client, club, season, members = played_season()
    event = Event.objects.filter(club_evening__club=club).first()
    odd = [
        ("post", reverse("member-merge", args=[club.pk, members[0].pk]), {"into": "x"}),
        ("post", reverse("member-merge", args=[club.pk, members[0].pk]), {}),
        ("post", reverse("member-rename", args=[club.pk, members[0].pk]), {"name": "x" * 500}),
        ("post", reverse("season-new", args=[club.pk]), {"name": "", "count": "-1"}),
        (
            "post",
            reverse("season-new", args=[club.pk]),
            {
                "name": "s",
                "attendance": "best",
                "count": "0",
                "start": "2026-12-01",
                "end": "2026-01-01",
            },
        ),
        ("post", reverse("club-keeper", args=[club.pk]), {"username": "nobody"}),
        ("post", reverse("evening-attach", args=[club.pk]), {"event": "abc"}),
        ("post", reverse("club-members", args=[club.pk]), {"names": "\u202e\u200b"}),
        ("post", reverse("evening-new", args=[club.pk]), {"name": "x"}),
        ("post", reverse("evening-match", args=[club.pk, event.pk]), {"e-1": "m999999"}),
        ("get", reverse("member-merge", args=[club.pk, members[0].pk]), {}),
        ("get", reverse("season-link", args=[club.pk, season.pk]), {}),
        ("get", reverse("member-vs", args=[club.pk, members[0].pk, 999999]), {}),
        ("get", reverse("season-of-event", args=[999999]), {}),
        ("get", reverse("player-of-entrant", args=[999999]), {}),
        ("get", reverse("season-shared", args=["nope"]), {}),
        ("get", reverse("member-shared", args=["nope"]), {}),
    ]
    for method, url, data in odd:
        response = getattr(client, method)(url, data)
        assert response.status_code < 500, (url, data)
    empty = Season.objects.create(club=club, name="空", start="2030-01-01")
    assert client.get(reverse("season", args=[club.pk, empty.pk])).status_code == 200
    lonely = Member.objects.create(club=club, name="新人", key="新人")
    assert client.get(reverse("member", args=[club.pk, lonely.pk])).status_code == 200
    event.delete()
    assert client.get(reverse("season", args=[club.pk, season.pk])).status_code == 200
    assert client.get(reverse("member", args=[club.pk, members[0].pk])).status_code == 200


def test_another_club_is_not_yours() -> None:
    _client, club, season, members = played_season()
    stranger, _user = referee("stranger")
    for url in (
        reverse("club", args=[club.pk]),
        reverse("season", args=[club.pk, season.pk]),
        reverse("member", args=[club.pk, members[0].pk]),
        reverse("season-csv", args=[club.pk, season.pk]),
    ):
        assert stranger.get(url).status_code == 404


def test_a_second_referee_keeps_the_club_too() -> None:
    client, club, season, _members = played_season()
    other, _user = referee("second")
    client.post(reverse("club-keeper", args=[club.pk]), {"username": "second"})
    assert other.get(reverse("season", args=[club.pk, season.pk])).status_code == 200


def test_read_only_links_and_csv_and_revoking() -> None:
    client, club, season, members = played_season()
    client.post(reverse("season-link", args=[club.pk, season.pk]))
    season.refresh_from_db()
    page = client.get(reverse("season", args=[club.pk, season.pk])).content.decode()
    assert 'class="qr"' in page and season.share_token in page
    anyone = Client()
    shared = anyone.get(reverse("season-shared", args=[season.share_token]))
    assert shared.status_code == 200 and "make-link" not in shared.content.decode()
    csv = anyone.get(reverse("season-shared-csv", args=[season.share_token]))
    assert csv.status_code == 200 and csv.content.decode().count("\n") == 9
    client.post(reverse("member-link", args=[club.pk, members[0].pk]))
    members[0].refresh_from_db()
    token = members[0].share_token
    assert anyone.get(reverse("member-shared", args=[token])).status_code == 200
    history = anyone.get(reverse("member-shared-csv", args=[token])).content.decode()
    assert history.count("\n") == 1 + 3  # two table-rounds the first evening, one the second
    client.post(reverse("season-link", args=[club.pk, season.pk]), {"revoke": "1"})
    client.post(reverse("member-link", args=[club.pk, members[0].pk]), {"revoke": "1"})
    assert anyone.get(reverse("season-shared", args=[season.share_token])).status_code == 404
    assert anyone.get(reverse("member-shared", args=[token])).status_code == 404


def test_the_evening_leads_into_its_season() -> None:
    client, club, season, _members = played_season()
    event = Event.objects.filter(club_evening__club=club).order_by("date").first()
    for page in ("event", "event-results"):
        assert (
            reverse("season-of-event", args=[event.pk])
            in client.get(reverse(page, args=[event.pk])).content.decode()
        )
    response = client.get(reverse("season-of-event", args=[event.pk]))
    assert response["Location"] == reverse("season", args=[club.pk, season.pk])
    points = evening_points(event)
    assert points.in_season and sum(points.points.values()) == 28  # 4 table-rounds × 7


def pages(client: Client, club: Club, season: Season, members: list[Member]) -> list[str]:
    event = Event.objects.filter(club_evening__club=club).first()
    return [
        reverse("clubs"),
        reverse("club", args=[club.pk]),
        reverse("evening-new", args=[club.pk]),
        reverse("evening-match", args=[club.pk, event.pk]),
        reverse("season", args=[club.pk, season.pk]),
        reverse("season-edit", args=[club.pk, season.pk]),
        reverse("member", args=[club.pk, members[0].pk]),
        reverse("member-vs", args=[club.pk, members[0].pk, members[1].pk]),
    ]


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_every_page_in_each_language(language: str) -> None:
    client, club, season, members = played_season()
    client.post(reverse("season-link", args=[club.pk, season.pk]))
    client.post(reverse("member-link", args=[club.pk, members[0].pk]))
    season.refresh_from_db()
    members[0].refresh_from_db()
    client.get(reverse("clubs"))  # the notices of the set-up, said in its language
    client.cookies["django_language"] = language
    # What people typed (names of members, evenings, the club) is theirs, in
    # whatever script they typed it: drawn in <bdi> where markup may be, and
    # taken out here where it may not (a <select>'s options).
    typed = [m.name for m in Member.objects.filter(club=club)] + [club.name, season.name]
    typed += [e.name for e in Event.objects.filter(club_evening__club=club)]
    urls = pages(client, club, season, members)
    urls += [
        reverse("season-shared", args=[season.share_token]),
        reverse("member-shared", args=[members[0].share_token]),
    ]
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        if language == "en":
            # the events' own set-up names 标准分 beside its English on purpose
            html = html.replace("money breaking ties (标准分)", "")
            for word in ("标准分", "比赛分", "暂定"):
                assert word not in html, (url, word)
        else:
            for name in sorted(typed, key=len, reverse=True):
                html = html.replace(name, "")
            wrong = problems(html, language)
            if wrong:
                found[url] = wrong[:6]
    assert not found, found


def test_no_500_on_empty_or_deleted_in_every_view() -> None:
    """A season with no evenings (by dates, or by a list), a member with no
    games, an evening deleted, a member merged into itself: every page, CSV,
    head-to-head and read-only link of them answers, none with a 500."""
    client, club, season, members = played_season()
    lonely = Member.objects.create(club=club, name="新人", key="新人")
    empty = Season.objects.create(
        club=club, name="空", start="2030-01-01", attendance="best", count=3
    )
    for found in (empty, season):
        client.post(reverse("season-link", args=[club.pk, found.pk]))
    for found in (lonely, members[0]):
        client.post(reverse("member-link", args=[club.pk, found.pk]))
    merged = client.post(
        reverse("member-merge", args=[club.pk, lonely.pk]), {"into": str(lonely.pk)}
    )
    assert merged.status_code == 302 and Member.objects.filter(pk=lonely.pk).exists()

    def every_view() -> list[str]:
        urls = []
        for found in Season.objects.filter(club=club):
            urls += [
                reverse("season", args=[club.pk, found.pk]),
                reverse("season-csv", args=[club.pk, found.pk]),
            ]
            if found.share_token:
                urls += [
                    reverse("season-shared", args=[found.share_token]),
                    reverse("season-shared-csv", args=[found.share_token]),
                ]
        for found in Member.objects.filter(pk__in=[lonely.pk, members[0].pk]):
            urls += [
                reverse("member", args=[club.pk, found.pk]),
                reverse("member-csv", args=[club.pk, found.pk]),
                reverse("member-vs", args=[club.pk, found.pk, lonely.pk]),
                reverse("member-vs", args=[club.pk, lonely.pk, found.pk]),
            ]
            if found.share_token:
                urls += [
                    reverse("member-shared", args=[found.share_token]),
                    reverse("member-shared-csv", args=[found.share_token]),
                ]
        return urls

    for url in every_view():
        assert client.get(url).status_code in (200, 404), url  # a pair of one: 404
    assert client.get(reverse("season", args=[club.pk, empty.pk])).context["lines"] == []
    assert client.get(reverse("member", args=[club.pk, lonely.pk])).context["played"] == 0
    for event in Event.objects.filter(club_evening__club=club):
        chosen = Season.objects.create(
            club=club, name="选", attendance="min", count=1, by_list=True
        )
        chosen.chosen.add(event)
        event.delete()
    for url in every_view():
        assert client.get(url).status_code in (200, 404), url
    page = client.get(reverse("season", args=[club.pk, season.pk]))
    assert page.context["lines"] == [] and page.context["evenings"] == []
    assert Member.objects.get(pk=members[0].pk).rated == 0  # no table-round left to rate


def test_a_season_of_chosen_evenings_all_deleted_is_empty_not_every_evening() -> None:
    client, club, _season, _members = played_season()
    first, second = Event.objects.filter(club_evening__club=club).order_by("date")
    client.post(
        reverse("season-new", args=[club.pk]),
        {"name": "只算第一晚", "chosen": [first.pk], "attendance": "min", "count": "0"},
    )
    chosen = club.seasons.get(name="只算第一晚")
    assert chosen.by_list and list(chosen.events()) == [first]
    first.delete()
    assert list(chosen.events()) == []
    page = client.get(reverse("season", args=[club.pk, chosen.pk]))
    assert page.status_code == 200 and page.context["lines"] == []
    assert second in club.seasons.get(name="秋季").events()
