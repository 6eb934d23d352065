"""The second round of hardening: each finding of the black-box test, reproduced.

Limits that hold across workers, amounts every JSON client reads exactly,
bounded error answers, CSV cells that are not formulas, a page limited like
the API, secure defaults, and the small ones (Vary, Cache-Control, bidi).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="counts in the SQLite file")
def test_the_api_limit_holds_across_three_workers(tmp_path: Path) -> None:
    """450 requests at once to three workers, limit 120: 120 answered, no more."""
    port = _free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "DATABASE_URL")},
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        "SECRET_KEY": "hardening-test-" + "k" * 40,
        "DEBUG": "0",
        "SECURE": "0",
        "API_RATE_LIMIT": "120",
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "calculator.wsgi", "-w", "3", "-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}/api/score"
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)

        def call(_: int) -> int:
            request = urllib.request.Request(url, data=b"{}", method="POST")
            try:
                return urllib.request.urlopen(request, timeout=30).status
            except urllib.error.HTTPError as e:
                return e.code

        with ThreadPoolExecutor(30) as pool:
            codes = list(pool.map(call, range(450)))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    answered = sum(1 for c in codes if c != 429)
    assert answered == 120, codes.count(429)
    assert set(codes) <= {400, 429}


@pytest.mark.django_db
@override_settings(PAGE_RATE_LIMIT=5)
def test_the_page_is_rate_limited_by_address(client: Client) -> None:
    cache.clear()
    codes = [client.get("/?r=laosanfan", REMOTE_ADDR="10.1.0.1").status_code for _ in range(7)]
    assert codes == [200] * 5 + [429] * 2
    assert client.get("/?r=laosanfan", REMOTE_ADDR="10.1.0.2").status_code == 200
    assert client.get("/rules/", REMOTE_ADDR="10.1.0.1").status_code == 200  # teaching is free
    page = client.get("/", REMOTE_ADDR="10.1.0.1")
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    cache.clear()


@pytest.mark.django_db
def test_error_answers_are_bounded(client: Client) -> None:
    """12,968 bad flags answered 2.54 MB; now the first 20 and how many more."""
    body = json.dumps(
        {"region": "laosanfan", "hand": "1m", "win_tile": "1m", "flags": ["x"] * 12_968}
    )
    assert len(body) < 64 * 1024
    response = client.post("/api/score", data=body, content_type="application/json")
    assert response.status_code == 400
    got = response.json()
    assert len(got["errors"]) == 20 and got["more_errors"] > 12_000
    assert len(response.content) < 2 * len(body)
    waits = client.post("/api/waits", data=body, content_type="application/json")
    assert len(waits.json()["errors"]) == 20 and len(waits.content) < 2 * len(body)


def test_secure_by_default_when_debug_is_off() -> None:
    code = "from django.conf import settings as s; print(s.SECURE, s.SESSION_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS > 0)"
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("SECURE", "DEBUG")},
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "SECRET_KEY": "k" * 50,
    }
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.stdout.split() == ["True", "True", "True", "True"], done.stderr
    plain = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + code],
        cwd=ROOT,
        env={**env, "SECURE": "0"},
        capture_output=True,
        text=True,
    )
    assert plain.stdout.split()[0] == "False"


def test_without_a_secret_key_the_site_refuses_to_start() -> None:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")},
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
    }
    done = subprocess.run(
        [sys.executable, "-c", "import calculator.wsgi"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "SECRET_KEY is not set" in done.stderr
    # The command line signs nothing and still works without one.
    score = subprocess.run(
        [sys.executable, "manage.py", "score", "-"],
        cwd=ROOT,
        env=env,
        input='{"region": "laosanfan"}',
        capture_output=True,
        text=True,
    )
    assert score.returncode == 2 and '"ok": false' in score.stdout


def test_check_deploy_is_clean_with_debug_off_and_a_key_alone() -> None:
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if k not in ("SECURE", "DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
        },
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "SECRET_KEY": "k" * 20 + "-a-long-random-production-secret-" + "z" * 20,
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.django_db
def test_vary_names_each_header_once(client: Client) -> None:
    response = client.get("/")
    vary = [v.strip() for v in response["Vary"].split(",")]
    assert len(vary) == len(set(vary)), vary
