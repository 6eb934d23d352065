"""Write the pages nginx shows while the app is not answering (502, 503,
504) into a directory, one per status and language and one JSON answer per
status for /api/: the same view as every refusal of nginx's
(``/_refused/<status>/``), asked here because it cannot be asked then.
deploy/serve.sh runs it at each start, so an upgrade's words are the ones shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.test import RequestFactory
from django.utils import translation

from calculator.hygiene import UNAVAILABLE, refused_by_the_proxy


class Command(BaseCommand):
    help = "Write nginx's pages for 502, 503 and 504 (each language, and /api/'s JSON) into DIR."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path)

    def handle(self, *args: Any, directory: Path, **options: Any) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        factory = RequestFactory()
        for status in UNAVAILABLE:
            for code, _name in settings.LANGUAGES:
                with translation.override(code):
                    request = factory.get("/", HTTP_ACCEPT="text/html")
                    request.LANGUAGE_CODE = code
                    page = refused_by_the_proxy(request, status)
                (directory / f"{status}.{code}.html").write_bytes(page.content)
            request = factory.get("/", HTTP_X_REFUSED_URI="/api/score")
            (directory / f"{status}.json").write_bytes(
                refused_by_the_proxy(request, status).content
            )
