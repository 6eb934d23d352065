"""``python manage.py score FILE|-``: print a hand's score as the spec's JSON.

``--readings`` asks for the hand's readings too, as ``"readings": true`` in
the hand does: which house rules would change the score, and to what.

Exits 0 for ``ok: true`` and 2 for ``ok: false``, so scripts can tell a bad
hand from a scored one.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules.engine import score_json


def read_json(source: str) -> tuple[Any, dict[str, Any] | None]:
    """The decoded JSON, or a spec error body when it is not JSON."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as e:
        raise CommandError(f"cannot read {source}: {e.strerror}") from e
    try:
        return json.loads(text), None
    except json.JSONDecodeError as e:
        message = f"not JSON: {e.msg} at line {e.lineno} column {e.colno}"
        return None, {
            "ok": False,
            "errors": [{"field": "", "code": "bad_json", "message": message}],
        }


class Command(BaseCommand):
    help = "Score a hand given as JSON (a file, or - for standard input)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="a JSON hand per shared/spec/hand-format.md, or -")
        parser.add_argument(
            "--readings",
            action="store_true",
            help="also list the readings: each other house-rule value that changes the score",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        raw, error = read_json(options["file"])
        if options["readings"] and isinstance(raw, dict):
            raw = {**raw, "readings": True}
        result = error or score_json(raw)
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
        if not result["ok"]:
            sys.exit(2)
