"""A writer killed with SIGKILL mid-session loses nothing it had committed."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import django, os, sys
django.setup()
from django.contrib.auth.models import User
from calculator.club.entry import save_entry, table_mark
from calculator.club.models import ClubSession
user, _ = User.objects.get_or_create(username="writer")
session = ClubSession.objects.create(owner=user, title="kill -9", region="laosanfan",
    players={"E": "a", "S": "b", "W": "c", "N": "d"}, start={"dealer": "E"})
hand = {"hand": "13s66m888m", "win_tile": "2s", "seat": "S", "win_by": "self_draw",
    "melds": [{"type": "kong", "tiles": "9999m"}, {"type": "pong", "tiles": "555m"}]}
print("session", session.pk, flush=True)
n = 0
while True:
    session.refresh_from_db()
    seen = table_mark(session.replayed().table)
    if not isinstance(save_entry(session, user, hand, f"entry-{n:06d}", n + 1, seen), str):
        n += 1
        print("committed", n, flush=True)
"""


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="this run checks SQLite's file")
def test_kill_9_loses_nothing_committed(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "SQLITE_PATH": str(tmp_path / "club.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "PYTHONPATH": str(ROOT),
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None
    committed = 0
    session = None
    deadline = time.monotonic() + 60
    while committed < 25 and time.monotonic() < deadline:
        line = writer.stdout.readline().split()
        if line and line[0] == "session":
            session = int(line[1])
        elif line and line[0] == "committed":
            committed = int(line[1])
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    assert committed >= 25 and session is not None
    db = sqlite3.connect(tmp_path / "club.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    positions = [
        r[0]
        for r in db.execute(
            "SELECT position FROM club_handrecord WHERE session_id = ? ORDER BY position",
            (session,),
        )
    ]
    assert positions[:committed] == list(range(1, committed + 1))  # every committed hand is there
    assert positions == list(range(1, len(positions) + 1))  # and nothing half-written
    changes = db.execute(
        "SELECT COUNT(*) FROM club_handchange WHERE session_id = ?", (session,)
    ).fetchone()[0]
    assert changes == len(positions)
