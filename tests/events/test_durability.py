"""Tables saving at once through their links, and the server killed with
SIGKILL mid-evening: every hand a table was told was saved is there, and no
hand is half-written."""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
import django
django.setup()
from django.contrib.auth.models import User
from calculator.events.models import Entrant, Event, Round
from calculator.events.views import _make_table
owner = User.objects.create_user("ref", password="long-enough-password")
event = Event.objects.create(owner=owner, name="kill -9", date="2026-12-04",
    region="chuzhou", rounds=1, round_length=64)
ids = [Entrant.objects.create(event=event, name=f"P{n}").pk for n in range(16)]
rnd = Round.objects.create(event=event, number=1, started=True)
for i in range(4):
    print(_make_table(event, rnd, i + 1, ids[4 * i : 4 * i + 4]).link_token)
"""


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="this run checks SQLite's file")
def test_tables_saving_at_once_lose_nothing_when_killed(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CACHE_URL")},
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "SQLITE_PATH": str(tmp_path / "event.sqlite3"),
        "SECRET_KEY": "durability-" + "k" * 40,
        "DEBUG": "0",
        "SECURE": "0",
        "PAGE_RATE_LIMIT": "0",
        "LINK_RATE_LIMIT": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "PYTHONPATH": str(ROOT),
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    links = subprocess.run(
        [sys.executable, "-c", SETUP], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout.split()
    port = _port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "calculator.wsgi", "-w", "3", "-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/health", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    acknowledged = dict.fromkeys(links, 0)
    stop = threading.Event()

    def table(token: str) -> None:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        while not stop.is_set():
            try:
                page = opener.open(f"{base}/t/{token}/", timeout=10).read().decode()
                csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
                entry = dict(re.findall(r'name="(key|deal|table_mark)" value="([^"]*)"', page))
                assert csrf and entry.get("key")
                data = urllib.parse.urlencode(
                    {
                        "csrfmiddlewaretoken": csrf.group(1),
                        "r": "chuzhou",
                        "h": "234m567m345p79s11z",
                        "w": "8s",
                        "s": "S",
                        "b": "discard",
                        "dc": "E",
                        "g": "ready_declared",
                        **entry,
                    }
                ).encode()
                answer = opener.open(
                    urllib.request.Request(f"{base}/t/{token}/save/", data=data), timeout=10
                )
                if "已保存" in answer.read().decode() or "Saved" in answer.geturl():
                    acknowledged[token] += 1
            except (OSError, urllib.error.URLError, AssertionError):
                return  # the server is gone

    workers = [threading.Thread(target=table, args=(t,)) for t in links]
    for w in workers:
        w.start()
    deadline = time.monotonic() + 60
    while sum(acknowledged.values()) < 40 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(server.pid, signal.SIGKILL)
    stop.set()
    for w in workers:
        w.join(timeout=15)
    server.wait()
    assert sum(acknowledged.values()) >= 40
    db = sqlite3.connect(tmp_path / "event.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    for token, told in acknowledged.items():
        (session,) = db.execute(
            "SELECT session_id FROM events_table WHERE link_token = ?", (token,)
        ).fetchone()
        positions = [
            r[0]
            for r in db.execute(
                "SELECT position FROM club_handrecord WHERE session_id = ? ORDER BY position",
                (session,),
            )
        ]
        assert len(positions) >= told  # every acknowledged hand is there
        assert positions == list(range(1, len(positions) + 1))  # and nothing half-written
        changes = db.execute(
            "SELECT COUNT(*) FROM club_handchange WHERE session_id = ?", (session,)
        ).fetchone()[0]
        assert changes == len(positions)
