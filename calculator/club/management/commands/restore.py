"""``manage.py restore FILE``: the database as a backup holds it, then any
migration the running code has since added (calculator.club.management.backups)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from calculator.club.management.backups import restore


class Command(BaseCommand):
    help = "Bring back a backup made by manage.py backup (replacing what the database holds)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        restore(file)
        call_command("migrate", verbosity=0, interactive=False)
        self.stdout.write(f"restored {file}")
