"""``manage.py backup [--to DIR]``: a consistent copy of the database, taken
while the site serves (calculator.club.management.backups)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from calculator.club.management.backups import backup


class Command(BaseCommand):
    help = "Write a consistent copy of the database (pg_dump, or SQLite's online backup) into a directory."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--to", type=Path, default=Path("backups"), help="directory (default backups)"
        )
        parser.add_argument(
            "--keep-days", type=int, default=30, help="remove backups older than this (0: keep all)"
        )

    def handle(self, *args: Any, to: Path, keep_days: int, **options: Any) -> None:
        self.stdout.write(str(backup(to, keep_days)))
