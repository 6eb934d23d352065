"""A club's data copied out and brought back: what ``manage.py backup`` and
``manage.py restore`` (``make backup``, ``make restore FILE=…``) do.

- PostgreSQL: ``pg_dump``'s custom format, one consistent snapshot of the
  database taken while the site goes on serving (one transaction, no lock
  that stops a save), and ``pg_restore`` into the same database.
- SQLite: its online backup API, which copies the file page by page under
  the database's own locking: a consistent copy however the workers write
  meanwhile (a plain file copy could catch half a transaction).

A backup is written under a temporary name and renamed once whole, so a
file named ``suanfan-….dump`` or ``….sqlite3`` is always a complete one.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path

from django.core.management.base import CommandError
from django.db import connections
from django.db.backends.postgresql.client import DatabaseClient

SUFFIX = {"postgresql": ".dump", "sqlite": ".sqlite3"}


def backup(directory: Path, keep_days: int) -> Path:
    connection = connections["default"]
    vendor = connection.vendor
    if vendor not in SUFFIX:
        raise CommandError(f"backups are made of PostgreSQL or SQLite, not {vendor}")
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = directory / f"suanfan-{stamp}{SUFFIX[vendor]}"
    partial = target.with_name(target.name + ".partial")
    old_umask = os.umask(0o077)  # members' names and the club's evenings: the owner's eyes only
    try:
        if vendor == "postgresql":
            _postgres(
                "pg_dump",
                ["--format=custom", "--no-owner", "--no-privileges", "--file", str(partial)],
            )
        else:
            with (
                sqlite3.connect(connection.settings_dict["NAME"]) as source,
                sqlite3.connect(partial) as copy,
            ):
                source.backup(copy)
            copy.close()
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        os.umask(old_umask)
    partial.rename(target)
    _prune(directory, keep_days, SUFFIX[vendor])
    return target


def restore(file: Path) -> None:
    connection = connections["default"]
    vendor = connection.vendor
    if not file.is_file():
        raise CommandError(f"FILE: {file} is not a file")
    if file.suffix != SUFFIX.get(vendor):
        raise CommandError(
            f"FILE: {file.name} is not a backup of this site's database ({vendor}, {SUFFIX.get(vendor)})"
        )
    connection.close()
    if vendor == "postgresql":
        # What the backup holds replaces what is there, in one transaction:
        # a restore that fails leaves the database as it was.
        _postgres(
            "pg_restore",
            ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
             "--exit-on-error", "--dbname"],
            after=[str(file)],
        )  # fmt: skip
        return
    with sqlite3.connect(file) as source:
        if source.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise CommandError(f"FILE: {file} is damaged (SQLite's integrity check fails)")
        with sqlite3.connect(connection.settings_dict["NAME"], timeout=60) as target:
            source.backup(target)
        target.close()
    source.close()


def _postgres(program: str, parameters: list[str], after: list[str] | None = None) -> None:
    settings = connections["default"].settings_dict
    args, env = DatabaseClient.settings_to_cmd_args_env(settings, parameters)
    command = [program, *args[1:], *(after or [])]
    try:
        subprocess.run(command, env={**os.environ, **(env or {})}, check=True)
    except FileNotFoundError:
        raise CommandError(
            f"{program} is not installed (apt-get install postgresql-client)"
        ) from None
    except subprocess.CalledProcessError as failed:
        raise CommandError(
            f"{program} failed (exit status {failed.returncode}); see above"
        ) from None


def _prune(directory: Path, keep_days: int, suffix: str) -> None:
    """Backups older than ``keep_days`` go (0 keeps every one)."""
    if keep_days <= 0:
        return
    until = time.time() - keep_days * 86400
    for old in directory.glob(f"suanfan-*{suffix}"):
        if old.stat().st_mtime < until:
            old.unlink()
