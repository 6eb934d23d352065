"""The README's "Serving for real", run as it says: deploy/serve.sh (nginx in
front of gunicorn) on loopback, against SQLite, or the PostgreSQL of
``DATABASE_URL`` when the suite runs there. Checked through nginx: slow
clients hold no worker, limits count each client (loopback has many
addresses: 127.0.0.2 and 127.0.0.3 are two phones to nginx), and junk gets
404, 400 or 413, never 500. Skipped where nginx cannot be had."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.load.slow_clients import trickle
from tests.project.stack import free_ports

ROOT = Path(__file__).resolve().parents[2]
PORT = free_ports(2)[0]

# It serves the app on the suite's database (DATABASE_URL), outside pytest-django.
pytestmark = pytest.mark.served


def nginx_available() -> bool:
    if shutil.which("nginx") or Path("/usr/sbin/nginx").exists():
        return True
    return os.geteuid() == 0 and shutil.which("apt-get") is not None  # serve.sh installs it


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    if not nginx_available():
        pytest.skip("nginx is not installed and cannot be here (apt-get install nginx-light)")
    where = tmp_path_factory.mktemp("stack")
    env = {
        **os.environ,
        "PY": sys.executable,
        "SECRET_KEY": "stack-test-" + "s" * 40,
        "SECURE": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SERVE_DIR": str(where / "serve"),
        "ACCESS_LOG": str(where / "access.log"),
        "PORT": str(PORT),
        "WORKERS": "2",
        "API_RATE_LIMIT": "3",
        "PAGE_RATE_LIMIT": "1000",
    }
    env.pop("CACHE_URL", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(where / "db.sqlite3")
    log = (where / "serve.log").open("w")
    server = subprocess.Popen(
        ["deploy/serve.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        for _ in range(150):
            try:
                if request("GET", "/api/health")[0] == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None:
                break
            time.sleep(0.2)
        else:
            pytest.fail("the stack did not start")
        if server.poll() is not None:
            pytest.fail((where / "serve.log").read_text())
        yield PORT
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def request(
    method: str, path: str, body: bytes = b"", source: str = "127.0.0.1", **headers: str
) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10, source_address=(source, 0))
    try:
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_slow_clients_hold_no_worker(stack: int) -> None:
    until = time.monotonic() + 6
    threads = [
        threading.Thread(target=trickle, args=("127.0.0.1", stack, body, until, []), daemon=True)
        for body in (False, True)
        for _ in range(4)  # two workers: four of each would stall them twice over
    ]
    for t in threads:
        t.start()
    time.sleep(1)
    slowest = 0.0
    while time.monotonic() < until - 0.5:
        start = time.monotonic()
        assert request("GET", "/", source="127.0.0.9")[0] == 200
        slowest = max(slowest, time.monotonic() - start)
        time.sleep(0.3)
    assert slowest < 2, slowest


def test_each_client_behind_the_proxy_has_its_own_limit(stack: int) -> None:
    def score(source: str, **headers: str) -> int:
        return request("POST", "/api/score", b"{}", source, **headers)[0]

    assert [score("127.0.0.2") for _ in range(4)] == [400, 400, 400, 429]
    # Another phone, claiming to be the first: its own header is not believed.
    assert score("127.0.0.3", **{"X-Forwarded-For": "127.0.0.2"}) == 400


def test_junk_gets_a_plain_answer(stack: int) -> None:
    for path in ("/t/ab%00cd/", "/e/ab%00cd/", "/s/ab%00cd/", "/learn/s/ab%00cd/"):
        assert request("GET", path, source="127.0.0.4")[0] in (400, 404), path
    status, body = request(
        "POST",
        "/",
        b"r=laosanfan&h=" + b"1m" * 40_000,
        "127.0.0.4",
        **{"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert status == 413 and b"64 KB" in body
    # What nginx refuses itself is said by the app's page, in the reader's language.
    status, body = request(
        "POST",
        "/",
        b"h=" + b"1m" * 600_000,
        "127.0.0.4",
        **{"Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "zh-CN"},
    )
    assert status == 413 and "1024 KB" in body.decode() and "没有改动" in body.decode()
    status, body = request("GET", "/t/ab%00cd/", source="127.0.0.4", **{"Accept-Language": "zh-TW"})
    # (a line nginx could not read: its headers unread, the page is in the default language)
    assert status == 400 and "无法理解这个请求" in body.decode()
    assert 'name="next" value="/"' in body.decode()  # the language switch leads home
    status, body = request("POST", "/api/score", b'{"hand": "1m"}', "127.0.0.5")
    assert status == 400
    assert json.loads(body)["errors"][0]["message"].startswith("region is required")
    status, _ = request("GET", "/sessions/?q=a%00b", source="127.0.0.4")
    assert status in (302, 400)  # not signed in: to the sign-in page, or refused
