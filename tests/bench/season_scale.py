"""``make bench-season``: a club's season at scale, measured.

30 evenings × 64 members × 16 tables × 2 rounds × 8 hands (7,680 hands).
Built fast but through the ledger's own code: each table's hands are stored
in one bulk insert, then the table's session is replayed once
(``ClubSession.refresh``, the path a referee's correction takes), which
scores them and sends ``totals_kept``, so the season's kept rows
(``SeatResult``) come from the same code as in play. No ``HandChange`` lines
are written (no page here reads them).

Then, with Django's test client (server time, no network): the season table,
a player page and a head-to-head, median of ``BENCH_RUNS`` reads each; and a
correction to a hand of the first evening (so every rating after it moves)
followed by the first read of each page, which is when the ratings are
brought up to date. On SQLite by default, on PostgreSQL with DATABASE_URL.
Reported, not asserted (the targets: each page ≤ 50 ms, a correction and the
first read after it ≤ 200 ms).
"""

from __future__ import annotations

import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKDIR = tempfile.mkdtemp()
os.environ.update(
    SECRET_KEY="bench-season-" + "x" * 40,
    DEBUG="0",
    SECURE="0",
    API_RATE_LIMIT="0",
    PAGE_RATE_LIMIT="0",
    LINK_RATE_LIMIT="0",
    ALLOWED_HOSTS="127.0.0.1,testserver",
    DJANGO_SETTINGS_MODULE="calculator.settings",
)
if not os.environ.get("DATABASE_URL"):
    os.environ["SQLITE_PATH"] = os.path.join(WORKDIR, "season.sqlite3")
sys.path.insert(0, str(ROOT))

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from calculator.club.entry import save_correction  # noqa: E402
from calculator.club.models import HandRecord  # noqa: E402
from calculator.events.models import Entrant, Event, Round, Table  # noqa: E402
from calculator.events.views import _make_table  # noqa: E402
from calculator.season.models import Club, Evening, Member, Player, Season  # noqa: E402
from calculator.season.names import key  # noqa: E402
from calculator.season.player import head_to_head  # noqa: E402

EVENINGS = int(os.environ.get("BENCH_EVENINGS", "30"))
MEMBERS, TABLES, ROUNDS, HANDS = 64, 16, 2, 8
RUNS = int(os.environ.get("BENCH_RUNS", "15"))
SEATS = "ESWN"
# The spec's 楚州 hand; who wins it and how is drawn per hand.
TILES = {
    "hand": "234m567m345p79s11z",
    "win_tile": "8s",
    "melds": [],
    "flags": ["ready_declared"],
    "table": {},
}


def a_hand(rng: random.Random) -> dict[str, object]:
    if rng.random() < 0.1:
        return {**TILES, "seat": "E", "win_by": "draw"}
    seat = rng.choice(SEATS)
    if rng.random() < 0.3:
        return {**TILES, "seat": seat, "win_by": "self_draw"}
    by = rng.choice([s for s in SEATS if s != seat])
    return {**TILES, "seat": seat, "win_by": "discard", "discarder": by}


def build() -> tuple[Club, Season, User]:
    call_command("migrate", verbosity=0)
    rng = random.Random(41)
    owner = User.objects.filter(username="referee").first() or User.objects.create_user(
        "referee", password="bench-password-long"
    )
    club = Club.objects.create(name="周五俱乐部")
    club.keepers.add(owner)
    names = [f"会员{n:02d}" for n in range(MEMBERS)]
    Member.objects.bulk_create(Member(club=club, name=n, key=key(n)) for n in names)
    members = list(Member.objects.filter(club=club).order_by("pk"))
    first = datetime.date(2026, 9, 4)
    started = time.perf_counter()
    for night in range(EVENINGS):
        event = Event.objects.create(
            owner=owner,
            name=f"周五 {night + 1}",
            date=first + datetime.timedelta(weeks=night),
            region="chuzhou",
            rounds=ROUNDS,
            round_length=HANDS,
        )
        Evening.objects.create(club=club, event=event)
        Entrant.objects.bulk_create(Entrant(event=event, name=m.name) for m in members)
        entrants = list(Entrant.objects.filter(event=event).order_by("pk"))
        Player.objects.bulk_create(
            Player(entrant=e, member=m) for e, m in zip(entrants, members, strict=True)
        )
        for number in range(1, ROUNDS + 1):
            rnd = Round.objects.create(event=event, number=number, started=True)
            ids = [e.pk for e in entrants]
            rng.shuffle(ids)
            for t in range(TABLES):
                table = _make_table(event, rnd, t + 1, ids[4 * t : 4 * t + 4])
                session = table.session
                with transaction.atomic():
                    HandRecord.objects.bulk_create(
                        HandRecord(session=session, position=n + 1, key=f"b{table.pk}-{n}", data=h)
                        for n, h in enumerate(a_hand(rng) for _ in range(HANDS))
                    )
                    session.refresh()  # scores the hands, keeps the table's SeatResult rows
            rnd.finished = True
            rnd.save(update_fields=["finished"])
    took = time.perf_counter() - started
    hands = EVENINGS * ROUNDS * TABLES * HANDS
    print(
        f"built {EVENINGS} evenings, {hands} hands in {took:.1f} s (bulk insert + one replay a table)"
    )
    season = Season.objects.create(
        club=club, name="秋季", start=first, end=first + datetime.timedelta(weeks=EVENINGS)
    )
    return club, season, owner


def ms(since: float) -> float:
    return (time.perf_counter() - since) * 1000


def timed(client: Client, url: str) -> tuple[float, float, int]:
    """The first read, the median of ``RUNS`` more, and the queries one read makes."""
    t = time.perf_counter()
    assert client.get(url).status_code == 200
    first = ms(t)
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        response = client.get(url)
        times.append(ms(t))
        assert response.status_code == 200, response.status_code
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return first, statistics.median(times), len(queries)


def main() -> None:
    club, season, owner = build()
    client = Client()
    client.force_login(owner)
    member = Member.objects.filter(club=club).order_by("pk").first()
    assert member is not None
    pages = {
        "season table": f"/clubs/{club.pk}/seasons/{season.pk}/",
        "player page": f"/clubs/{club.pk}/members/{member.pk}/",
    }
    found = head_to_head(member)[0]  # the member sat with most
    pages["head-to-head"] = f"/clubs/{club.pk}/members/{member.pk}/vs/{found.member_id}/"
    vendor = connection.vendor
    print(f"{vendor}: server time, ms (target ≤ 50 median):")
    print("  page             first read   median   queries")
    for name, url in pages.items():
        first, median, queries = timed(client, url)
        print(f"  {name:15s}  {first:10.1f} {median:8.1f}   {queries:7d}")
    # A correction to an old hand, given to each seat in turn (so each one is
    # a change), then each page read: on the first evening (every rating after
    # it moves: the whole season replayed), and three weeks back.
    events = list(Event.objects.filter(club_evening__club=club).order_by("date", "pk"))
    winners = iter(SEATS * 12)
    for label, event in (("the first evening", events[0]), ("three weeks back", events[-3])):
        table = Table.objects.filter(round__event=event).order_by("round__number", "number")[0]
        print(
            f"{vendor}: a correction to hand 3 of {label} ({event.date}), then the first read, ms"
        )
        print("  (target ≤ 200 for both together)")
        print("  page               save   first read   together")
        for name, url in pages.items():
            saves, reads, both = [], [], []
            for _ in range(3):
                session = table.session
                session.refresh_from_db()
                data = {**TILES, "seat": next(winners), "win_by": "self_draw"}
                t = time.perf_counter()
                done = save_correction(session, owner, data, str(session.version), 3)
                saved = ms(t)
                assert not isinstance(done, str), done
                t = time.perf_counter()
                assert client.get(url).status_code == 200
                read = ms(t)
                saves.append(saved)
                reads.append(read)
                both.append(saved + read)
            print(
                f"  {name:15s} {statistics.median(saves):7.1f} {statistics.median(reads):12.1f}"
                f" {statistics.median(both):10.1f}"
            )


if __name__ == "__main__":
    main()
