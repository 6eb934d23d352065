"""``make bench-event``: an event at scale, measured.

64 players on 16 tables over 8 rounds, 10 hands a table-round — 1,280 hands —
then the referee's event page (the standings) and a player's page timed with
Django's test client; then a new round with 16 tables all saving hands at once
through their table links, over HTTP to gunicorn with several workers, and a
count of what arrived; then an evening of 16 tables × ``BENCH_EVENING_HANDS``
(40) hands entered through the table links in this process, the server time
of each table page, save, the answer the phone is led to (its redirects to
"已保存为第 N 局" on the next hand's page) and the standings page, shown by
hands already played.
On SQLite by default, on PostgreSQL with DATABASE_URL. Reported, not
asserted (the targets: pages ≤ 200 ms, nothing lost; the evening's requests
≤ 50 ms and not growing with the hands played).
"""

from __future__ import annotations

import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKDIR = tempfile.mkdtemp()
PORT = int(os.environ.get("BENCH_PORT", "8767"))
os.environ.update(
    SECRET_KEY="bench-event-" + "x" * 40,
    DEBUG="0",
    SECURE="0",
    API_RATE_LIMIT="0",
    PAGE_RATE_LIMIT="0",
    LINK_RATE_LIMIT="0",
    ALLOWED_HOSTS="127.0.0.1,testserver",
    DJANGO_SETTINGS_MODULE="calculator.settings",
)
if not os.environ.get("DATABASE_URL"):
    os.environ["SQLITE_PATH"] = os.path.join(WORKDIR, "event.sqlite3")
sys.path.insert(0, str(ROOT))

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from calculator.club.entry import table_mark  # noqa: E402
from calculator.club.public import save_entry  # noqa: E402
from calculator.events import draw  # noqa: E402
from calculator.events.models import Entrant, Event, Round, Table  # noqa: E402
from calculator.events.views import _make_table, _met  # noqa: E402

PLAYERS, TABLES, ROUNDS, HANDS = 64, 16, 8, 10
# The spec's 楚州 hand, won by S on E's discard (a hand as a session keeps it).
HAND = {
    "hand": "234m567m345p79s11z",
    "win_tile": "8s",
    "melds": [],
    "seat": "S",
    "win_by": "discard",
    "discarder": "E",
    "flags": ["ready_declared"],
    "table": {},
}


def build() -> Event:
    call_command("migrate", verbosity=0)
    owner = User.objects.create_user("referee", password="bench-password-long")
    event = Event.objects.create(
        owner=owner,
        name="Scale",
        date="2026-12-04",
        region="chuzhou",
        rounds=ROUNDS + 1,
        round_length=HANDS,
    )
    Entrant.objects.bulk_create(Entrant(event=event, name=f"P{n:02d}") for n in range(PLAYERS))
    ids = list(event.entrants.values_list("pk", flat=True))
    started = time.perf_counter()
    for number in range(1, ROUNDS + 1):
        tables = draw.draw(ids, 4, "fresh", met=_met(event), rounds_left=ROUNDS - number + 1)
        rnd = Round.objects.create(event=event, number=number, started=True)
        for i, seated in enumerate(tables, start=1):
            table = _make_table(event, rnd, i, seated)
            for n in range(HANDS):
                table.session.refresh_from_db()
                seen = table_mark(table.session.replayed().table)
                save_entry(table.session, owner, HAND, f"bench-{table.pk}-{n}", n + 1, seen)
        rnd.finished = True
        rnd.save()
    print(
        f"built {ROUNDS} rounds × {TABLES} tables × {HANDS} hands in {time.perf_counter() - started:.1f} s"
    )
    return event


def timed(client: Client, url: str, runs: int = 15) -> float:
    client.get(url)  # warm
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200, response.status_code
    return statistics.median(times)


def concurrent_tables(event: Event) -> None:
    """A new round: 16 tables save 10 hands each at once through their links."""
    ids = list(event.entrants.values_list("pk", flat=True))
    rnd = Round.objects.create(event=event, number=ROUNDS + 1, started=True)
    tables = [
        _make_table(event, rnd, i, seated)
        for i, seated in enumerate(draw.draw(ids, 4, "random"), start=1)
    ]
    links = [t.link_token for t in tables]
    connection.close()
    env = {**os.environ, "WEB_CONCURRENCY": "4"}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "calculator.wsgi", "-w", "4", "-b", f"127.0.0.1:{PORT}"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{PORT}"
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        failures: list[str] = []

        def table_at_work(token: str) -> None:
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
            for _ in range(HANDS):
                page = opener.open(f"{base}/t/{token}/").read().decode()
                csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
                entry = dict(re.findall(r'name="(key|deal|table_mark)" value="([^"]*)"', page))
                if not csrf or not entry.get("key"):
                    failures.append(token)
                    return
                data = urllib.parse.urlencode(
                    {
                        "csrfmiddlewaretoken": csrf.group(1),
                        "r": "chuzhou",
                        "h": HAND["hand"],
                        "w": HAND["win_tile"],
                        "s": "S",
                        "b": "discard",
                        "dc": "E",
                        "g": "ready_declared",
                        **entry,
                    }
                ).encode()
                request = urllib.request.Request(
                    f"{base}/t/{token}/save/", data=data, headers={"Referer": base + "/"}
                )
                opener.open(request).read()

        started = time.perf_counter()
        workers = [threading.Thread(target=table_at_work, args=(t,)) for t in links]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        took = time.perf_counter() - started
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()
    saved = sum(Table.objects.get(link_token=t).session.hands.count() for t in links)
    rnd.finished = True  # the evening's round, next, is the one in play
    rnd.save()
    print(
        f"16 tables saving at once: {saved} of {len(links) * HANDS} hands arrived"
        f" in {took:.1f} s (4 workers); failures: {len(failures)}"
    )


EVENING = int(os.environ.get("BENCH_EVENING_HANDS", "40"))


def evening(event: Event) -> None:
    """A round of 16 tables × ``EVENING`` hands entered through the table
    links, in this process: the server time of each table's page, each save,
    and the referee's standings page, by how many hands the tables had
    played, to see that a request costs no more late in the evening."""
    Event.objects.filter(pk=event.pk).update(rounds=ROUNDS + 2, round_length=max(HANDS, EVENING))
    event.refresh_from_db()
    ids = list(event.entrants.values_list("pk", flat=True))
    rnd = Round.objects.create(event=event, number=ROUNDS + 2, started=True)
    tables = [
        _make_table(event, rnd, i, seated)
        for i, seated in enumerate(draw.draw(ids, 4, "random"), start=1)
    ]
    referee, phone = Client(), Client()
    referee.force_login(event.owner)
    form = {
        "r": "chuzhou",
        "h": HAND["hand"],
        "w": HAND["win_tile"],
        "s": "S",
        "b": "discard",
        "dc": "E",
        "g": "ready_declared",
    }
    page_ms: dict[int, list[float]] = {}
    save_ms: dict[int, list[float]] = {}
    answer_ms: dict[int, list[float]] = {}
    standings_ms: dict[int, list[float]] = {}

    def ms(since: float) -> float:
        return (time.perf_counter() - since) * 1000

    for played in range(EVENING):
        bucket = played // 10 * 10
        for table in tables:
            address = phone.get(f"/t/{table.link_token}/")["Location"]
            t = time.perf_counter()
            assert phone.get(address).status_code == 200
            page_ms.setdefault(bucket, []).append(ms(t))
            version = Table.objects.get(pk=table.pk).session.version
            t = time.perf_counter()
            saved = phone.post(f"/t/{table.link_token}/save/", {**form, "version": version})
            save_ms.setdefault(bucket, []).append(ms(t))
            assert saved.status_code == 302, saved.status_code
            t = time.perf_counter()
            # "已保存为第 N 局…" and the next hand's page: the redirects a phone follows
            assert phone.get(saved["Location"], follow=True).status_code == 200
            answer_ms.setdefault(bucket, []).append(ms(t))
        t = time.perf_counter()
        assert referee.get(f"/events/{event.pk}/").status_code == 200
        standings_ms.setdefault(bucket, []).append(ms(t))
    vendor = connection.vendor
    print(f"{vendor}: an evening of 16 tables × {EVENING} hands, server time, median ms:")
    print("  hands played   table page    save   its answer   standings")
    for bucket in sorted(page_ms):
        print(
            f"  {bucket:3d}–{bucket + 9:<3d}      {statistics.median(page_ms[bucket]):8.1f}"
            f" {statistics.median(save_ms[bucket]):7.1f} {statistics.median(answer_ms[bucket]):10.1f}"
            f"   {statistics.median(standings_ms[bucket]):9.1f}"
        )


def main() -> None:
    event = build()
    client = Client()
    client.force_login(event.owner)
    vendor = connection.vendor
    print(
        f"{vendor}: the referee's event page (standings): {timed(client, f'/events/{event.pk}/'):.1f} ms median"
    )
    player = event.entrants.first()
    public = Client()
    url = f"/e/{event.public_token}/?p={player.pk}"
    print(f"{vendor}: a player's page: {timed(public, url):.1f} ms median")
    print(
        f"{vendor}: the live part: {timed(public, f'/e/{event.public_token}/live/?p={player.pk}'):.1f} ms median"
    )
    concurrent_tables(event)
    evening(event)


if __name__ == "__main__":
    main()
