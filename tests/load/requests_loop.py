"""Serve N requests of one kind through the WSGI app in this process.

Run under valgrind by ``tests/load/instructions.sh``: instruction counts
are exact where this machine's clock is not.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

os.environ.update(
    SECRET_KEY="instructions-" + "x" * 50,
    DEBUG="0",
    SECURE="0",
    API_RATE_LIMIT="0",
    PAGE_RATE_LIMIT="0",
    LINK_RATE_LIMIT="0",
    ALLOWED_HOSTS="127.0.0.1",
    SQLITE_PATH=os.path.join(tempfile.gettempdir(), "suanfan-instructions.sqlite3"),
)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.settings")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from calculator.wsgi import application

SCORE = Path(__file__).with_name("score.json").read_bytes()
KINDS = {"bare-json": ("GET", "/api/health", b""), "api-score": ("POST", "/api/score", SCORE)}


def serve(kind: str) -> None:
    method, path, body = KINDS[kind]
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "HTTP_HOST": "127.0.0.1",
        "wsgi.input": io.BytesIO(body),
        "CONTENT_LENGTH": str(len(body)),
        "CONTENT_TYPE": "application/json",
        "wsgi.url_scheme": "http",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.errors": sys.stderr,
    }
    statuses: list[str] = []
    response = application(environ, lambda status, headers, exc=None: statuses.append(status))
    b"".join(response)
    response.close()  # type: ignore[attr-defined]
    assert statuses[0].startswith("200"), statuses


if __name__ == "__main__":
    n, kind = int(sys.argv[1]), sys.argv[2]
    for _ in range(n + 20):  # the first few warm caches up; both runs do them
        serve(kind)
