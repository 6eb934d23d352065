"""The season table and the ratings equal a recomputation from every stored
hand, whatever a referee did in between (issue 41's property test).

A club's three evenings are played (a guest on one of them), then a random
sequence of what a referee does over a season: a hand corrected or deleted,
an evening deleted or moved to another date, two members merged (a member
into itself too), a member renamed. Then the season's table, read through
its page, and every member's rating must equal what this test computes
itself from the stored hands: each live hand scored by the engine, each
table-round's money placed 4/2/1/0 with ties sharing, summed, ranked with
the attendance rule; openskill's Plackett–Luce, called as its documentation
says, over the table-rounds in date order. Nothing here calls the code that
keeps the season (``calculator.season.kept``, ``standing``, ``rating``)
except through the pages.
"""

from __future__ import annotations

import datetime
import random
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from calculator.club.entry import save_correction
from calculator.club.models import HandRecord
from calculator.events.models import Entrant, Event, Round, Seating, Table
from calculator.events.views import _make_table
from calculator.season.models import Club, Evening, Member, Player, Season
from calculator.season.names import key
from calculator.season.standing import season_table
from rules.ledger import replay
from tests.season.support import hand, referee

pytestmark = pytest.mark.django_db

NAMES = ["张伟", "李娜", "王芳", "刘洋", "陈静", "杨磊", "赵敏"]
RENAMES = ["张伟", "張偉", "李娜娜", "Wang"]
DATES = [datetime.date(2026, 10, 2), datetime.date(2026, 10, 9), datetime.date(2026, 10, 16)]
SEATS = "ESWN"
HANDS = [
    hand(""),
    hand("E", self_draw=True),
    hand("S", "E"),
    hand("W", "N"),
    hand("N", "S"),
    hand("S", self_draw=True),
]
a_table = st.lists(st.integers(0, len(HANDS) - 1), min_size=1, max_size=3)
# Where a change lands: an evening, a table of it, a hand of that table (by
# index, taken modulo what is there when the change comes).
where = st.tuples(st.integers(0, 2), st.integers(0, 3), st.integers(0, 2))
a_change = st.one_of(
    st.tuples(st.just("correct"), where, st.integers(0, len(HANDS) - 1)),
    st.tuples(st.just("delete hand"), where),
    st.tuples(st.just("delete evening"), st.integers(0, 2)),
    st.tuples(st.just("move evening"), st.integers(0, 2), st.integers(-10, 10)),
    st.tuples(st.just("merge"), st.integers(0, 6), st.integers(0, 6)),
    st.tuples(st.just("rename"), st.integers(0, 6), st.sampled_from(RENAMES)),
)


def play(owner: Any, club: Club, night: int, seed: int, hands: list[list[int]]) -> Event:
    """An evening of two rounds at two tables: the club's seven members, and
    on the second evening a guest as the eighth (the first evening, the
    seventh member sits out and a second guest plays)."""
    event = Event.objects.create(
        owner=owner, name=f"晚{night}", date=DATES[night], region="chuzhou", rounds=2
    )
    Evening.objects.create(club=club, event=event)
    members = list(Member.objects.filter(club=club).order_by("pk"))
    playing = members if night else members[:6]
    guests = ["路人甲"] if night else ["路人甲", "路人乙"]
    for member in playing:
        entrant = Entrant.objects.create(event=event, name=member.name)
        Player.objects.create(entrant=entrant, member=member)
    for name in guests:
        Player.objects.create(entrant=Entrant.objects.create(event=event, name=name), member=None)
    ids = list(event.entrants.order_by("pk").values_list("pk", flat=True))
    rng = random.Random(seed)
    for number in (1, 2):
        rnd = Round.objects.create(event=event, number=number, started=True, finished=True)
        rng.shuffle(ids)
        for t in (0, 1):
            table = _make_table(event, rnd, t + 1, ids[4 * t : 4 * t + 4])
            played = hands[(2 * (number - 1) + t) % len(hands)]
            HandRecord.objects.bulk_create(
                HandRecord(session=table.session, position=n + 1, data=HANDS[h])
                for n, h in enumerate(played)
            )
            table.session.refresh()  # as a referee's correction keeps it
    return event


def change(client: Client, owner: Any, club: Club, what: tuple[Any, ...]) -> None:
    """One thing a referee does; answered, never a 500."""
    events = list(Event.objects.filter(club_evening__club=club).order_by("pk"))
    members = list(Member.objects.filter(club=club).order_by("pk"))
    kind = what[0]
    if kind in ("correct", "delete hand"):
        (night, t, h) = what[1]
        if not events:
            return
        event = events[night % len(events)]
        tables = list(Table.objects.filter(round__event=event).order_by("round__number", "number"))
        session = tables[t % len(tables)].session
        live = session.live_hands()
        if not live:
            return
        number = h % len(live) + 1
        if kind == "correct":
            save_correction(session, owner, HANDS[what[2]], str(session.version), number)
        else:
            answer = client.post(
                reverse("hand-delete", args=[session.pk, number]), {"version": session.version}
            )
            assert answer.status_code == 302
    elif kind == "delete evening":
        if events:
            events[what[1] % len(events)].delete()
    elif kind == "move evening":
        if events:
            event = events[what[1] % len(events)]
            event.date += datetime.timedelta(days=what[2])
            event.save()
    elif kind == "merge":
        a, b = members[what[1] % len(members)], members[what[2] % len(members)]
        answer = client.post(reverse("member-merge", args=[club.pk, a.pk]), {"into": str(b.pk)})
        assert answer.status_code == 302
        assert Member.objects.filter(pk=a.pk).exists() == (a.pk == b.pk)
    elif kind == "rename":
        member = members[what[1] % len(members)]
        answer = client.post(reverse("member-rename", args=[club.pk, member.pk]), {"name": what[2]})
        assert answer.status_code == 302


def shares(money: dict[str, int]) -> dict[str, tuple[int, Fraction]]:
    """Each seat's place and 标准分: 4/2/1/0 by money, level seats sharing."""
    points = [4, 2, 1, 0]
    out = {}
    for seat, amount in money.items():
        ahead = [s for s in money if money[s] > amount]
        level = [s for s in money if money[s] == amount]
        held = points[len(ahead) : len(ahead) + len(level)]
        out[seat] = (len(ahead) + 1, Fraction(sum(held), len(level)))
    return out


def recomputed(club: Club) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every table-round from the stored hands: (evening, round, table, and
    each seat's entrant, member, place, 标准分 and money), in date order; and
    the ratings replayed over them."""
    results = []
    events = Event.objects.filter(club_evening__club=club).order_by("date", "pk")
    members = dict(
        Player.objects.filter(entrant__event__in=events).values_list("entrant", "member")
    )
    for event in events:
        for table in Table.objects.filter(round__event=event).order_by("round__number", "pk"):
            session = table.session
            live = HandRecord.objects.filter(session=session, deleted__isnull=True)
            hands = [h.data for h in live.order_by("position")]
            if not hands:
                continue
            totals = replay(session.region, 4, session.rules, session.start, hands).totals
            seated = dict(Seating.objects.filter(table=table).values_list("seat", "entrant"))
            placed = shares({seat: int(totals.get(seat, 0)) for seat in seated})
            results.append(
                {
                    "event": event,
                    "round": table.round.number,
                    "seats": [
                        {
                            "seat": seat,
                            "entrant": entrant,
                            "member": members.get(entrant),
                            "place": placed[seat][0],
                            "points": placed[seat][1],
                            "money": int(totals.get(seat, 0)),
                        }
                        for seat, entrant in sorted(seated.items())
                    ],
                }
            )
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    rated: dict[int, int] = defaultdict(int)
    for result in results:
        who = []
        for seat in result["seats"]:  # a member in two seats (merged): the first counts
            name = f"m{seat['member']}" if seat["member"] else f"g{seat['entrant']}"
            if name not in [w for w, _ in who]:
                who.append((name, seat["place"]))
        if len(who) < 2:
            continue
        teams = [[ratings.get(name, model.rating())] for name, _ in who]
        after = model.rate(teams, ranks=[place for _, place in who])
        for (name, _), team in zip(who, after, strict=True):
            ratings[name] = team[0]
            if name.startswith("m"):
                rated[int(name[1:])] += 1
    return results, {"ratings": ratings, "rated": rated}


def expected_table(results: list[dict[str, Any]], season: Season) -> dict[int, dict[str, Any]]:
    lines: dict[int, dict[str, Any]] = {}
    for result in results:
        for seat in result["seats"]:
            if seat["member"] is None:
                continue
            line = lines.setdefault(
                seat["member"],
                {"points": Fraction(0), "money": 0, "n": 0, "places": [0, 0, 0], "by": {}},
            )
            line["points"] += seat["points"]
            line["money"] += seat["money"]
            line["n"] += 1
            if seat["place"] <= 3:
                line["places"][seat["place"] - 1] += 1
            night = line["by"].setdefault(result["event"].pk, [Fraction(0), 0])
            night[0] += seat["points"]
            night[1] += seat["money"]
    for line in lines.values():
        line["evenings"] = len(line["by"])
        line["ranked"] = True
        if season.attendance == "best":
            best = sorted(line["by"].values(), key=lambda n: (-n[0], -n[1]))[: season.count]
            line["points"] = sum((n[0] for n in best), Fraction(0)) / season.count
            line["money"] = Fraction(sum(n[1] for n in best), season.count)
        else:
            line["ranked"] = line["evenings"] >= season.count
    keyed = {m: (line["points"], line["money"], *line["places"]) for m, line in lines.items()}
    for member, line in lines.items():
        if line["ranked"]:
            line["rank"] = 1 + sum(
                1 for other, k in keyed.items() if lines[other]["ranked"] and k > keyed[member]
            )
    return lines


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seeds=st.lists(st.integers(0, 2**16), min_size=3, max_size=3),
    hands=st.lists(a_table, min_size=1, max_size=4),
    changes=st.lists(a_change, max_size=6),
    attendance=st.sampled_from([("min", 0), ("min", 2), ("best", 2)]),
)
def test_the_season_equals_its_hands_recomputed(
    seeds: list[int],
    hands: list[list[int]],
    changes: list[tuple[Any, ...]],
    attendance: tuple[str, int],
) -> None:
    # The examples share one test's database: each leaves it as it found it.
    with transaction.atomic():
        check(seeds, hands, changes, attendance)
        transaction.set_rollback(True)


def check(
    seeds: list[int],
    hands: list[list[int]],
    changes: list[tuple[Any, ...]],
    attendance: tuple[str, int],
) -> None:
    client, owner = referee()
    club = Club.objects.create(name="周五俱乐部")
    club.keepers.add(owner)
    for name in NAMES:
        Member.objects.create(club=club, name=name, key=key(name))
    for night, seed in enumerate(seeds):
        play(owner, club, night, seed, hands)
    season = Season.objects.create(
        club=club, name="秋季", attendance=attendance[0], count=attendance[1]
    )
    client.get(reverse("season", args=[club.pk, season.pk]))  # rated once before the changes
    for what in changes:
        change(client, owner, club, what)
    page = client.get(reverse("season", args=[club.pk, season.pk]))
    assert page.status_code == 200

    results, rating = recomputed(club)
    expected = expected_table(results, season)
    table = season_table(season)
    shown = {line.member_id: line for line in [*table["lines"], *table["waiting"]]}
    assert set(shown) == set(expected)
    for member, line in shown.items():
        want = expected[member]
        assert line.points12 / 12 == want["points"], member
        assert line.money == want["money"], member
        assert line.table_rounds == want["n"] and line.evenings == want["evenings"], member
        assert line.places == want["places"], member
        assert line.ranked == want["ranked"], member
        if line.ranked:
            assert line.rank == want["rank"], member
    for member in Member.objects.filter(club=club):
        mine = rating["ratings"].get(f"m{member.pk}")
        assert member.rated == rating["rated"][member.pk], member.name
        if mine is None:
            assert member.mu is None
        else:
            assert member.mu == pytest.approx(mine.mu, rel=1e-9, abs=1e-9), member.name
            assert member.sigma == pytest.approx(mine.sigma, rel=1e-9, abs=1e-9), member.name
        assert client.get(reverse("member", args=[club.pk, member.pk])).status_code == 200
