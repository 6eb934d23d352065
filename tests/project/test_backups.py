"""Backups that restore, as the README has a club make them: an evening
served by deploy/serve.sh, ``make backup`` while it serves, the database
wiped, ``make restore FILE=…`` — the same ledgers, standings and change
history, and the evening goes on from there. On SQLite, and on PostgreSQL
in the suite's PostgreSQL pass (a database of its own on that server)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.project.stack import ROOT, Phone, Stack, free_ports, save_a_hand
from tests.project.test_production_stack import nginx_available

PORT = free_ports(2)[0]
# What a club keeps: its accounts, sessions and their hands, ledgers and
# change history, events, rounds, tables and standings.
KEPT = ["auth.user", "club", "events", "learn"]

pytestmark = pytest.mark.served


@pytest.fixture
def database(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The settings of an empty database of the test's own, and how to wipe it."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        yield {"DATABASE_URL": "", "SQLITE_PATH": str(tmp_path / "club.sqlite3")}
        return
    import psycopg

    name = "backup_" + secrets.token_hex(4)
    with psycopg.connect(url, autocommit=True) as server:
        server.execute(f"CREATE DATABASE {name}")
    try:
        yield {"DATABASE_URL": urlunsplit(urlsplit(url)._replace(path="/" + name))}
    finally:
        with psycopg.connect(url, autocommit=True) as server:
            server.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def wipe(settings: dict[str, str]) -> None:
    if not settings["DATABASE_URL"]:
        for leftover in Path(settings["SQLITE_PATH"]).parent.glob("club.sqlite3*"):
            leftover.unlink()
        return
    import psycopg

    url = urlsplit(settings["DATABASE_URL"])
    name = url.path.lstrip("/")
    with psycopg.connect(urlunsplit(url._replace(path="/postgres")), autocommit=True) as server:
        server.execute(f"DROP DATABASE {name} WITH (FORCE)")
        server.execute(f"CREATE DATABASE {name}")


def kept(stack: Stack) -> list[dict[str, object]]:
    out = subprocess.run(
        [sys.executable, "manage.py", "dumpdata", *KEPT, "--indent", "0"],
        cwd=ROOT,
        env=stack.env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return list(json.loads(out))


def make(target: str, stack: Stack, **variables: str) -> str:
    return subprocess.run(
        ["make", "--no-print-directory", "-s", target, f"PY={sys.executable}"]
        + [f"{k}={v}" for k, v in variables.items()],
        cwd=ROOT,
        env=stack.env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def test_an_evening_backed_up_while_serving_wiped_and_restored_is_the_same(
    tmp_path: Path, database: dict[str, str]
) -> None:
    if not nginx_available():
        pytest.skip("nginx is not installed and cannot be here (apt-get install nginx-light)")
    stack = Stack(tmp_path, PORT, **database)
    origin = f"http://127.0.0.1:{PORT}"
    try:
        evening = stack.evening()
        phone = Phone(stack, origin, **{"Accept-Language": "zh-CN"})
        for _ in range(4):
            assert "已保存" in save_a_hand(phone, f"/t/{evening['token']}/")
        before = kept(stack)
        assert sum(1 for row in before if row["model"] == "club.handrecord") == 4
        assert any(row["model"] == "club.handchange" for row in before)
        file = Path(make("backup", stack, BACKUP_DIR=str(tmp_path / "backups")).strip())
        assert file.is_file() and file.parent == tmp_path / "backups"
        save_a_hand(phone, f"/t/{evening['token']}/")  # after the backup: not in it
    finally:
        stack.stop()

    wipe(database)
    assert "restored" in make("restore", stack, FILE=str(file))
    assert kept(stack) == before

    # The evening goes on from the restored database: the next hand is the fifth.
    stack = Stack(tmp_path / "again", PORT, **database)
    try:
        page = save_a_hand(
            Phone(stack, origin, **{"Accept-Language": "zh-CN"}), f"/t/{evening['token']}/"
        )
        assert "已保存为第 5 局" in page
    finally:
        stack.stop()
