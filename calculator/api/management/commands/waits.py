"""``python manage.py waits FILE|-``: print what would win a hand short of one tile.

Exits 0 for ``ok: true`` and 2 for ``ok: false``, like ``score``.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from calculator.api.management.commands.score import read_json
from rules.waits import waits


class Command(BaseCommand):
    help = "List the waits of a hand given as JSON (a file, or - for standard input)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="a JSON hand without win_tile, or -")

    def handle(self, *args: Any, **options: Any) -> None:
        raw, error = read_json(options["file"])
        result = error or waits(raw)
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
        if not result["ok"]:
            sys.exit(2)
