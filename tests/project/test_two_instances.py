"""Two instances behind one proxy, as the README has it: one PostgreSQL, one
Redis (``CACHE_URL``), an instance's nginx balancing over its own gunicorn
and the other's (``MORE_APPS``). The API limit is one for both, a referee
signed in on one is signed in on the other, and what one writes the other
shows. Runs in the PostgreSQL pass of the suite, where redis-server and
nginx can be had (``make test`` installs them)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.project.stack import free_ports
from tests.project.test_production_stack import nginx_available

ROOT = Path(__file__).resolve().parents[2]
FRONT, A, B, REDIS = free_ports(4)
GUNICORN = [sys.executable, "-m", "gunicorn", "calculator.wsgi", "-c", "deploy/gunicorn.conf.py"]
MAKE_REFEREE = (
    "from django.contrib.auth.models import User; "
    "User.objects.filter(username='ref').exists() or "
    "User.objects.create_user('ref', password='mahjong-night-2026')"
)

# It serves the app on the suite's database (DATABASE_URL), outside pytest-django.
pytestmark = pytest.mark.served


def get(port: int, path: str, cookies: dict[str, str], body: str = "") -> tuple[int, str, dict]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    if body:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request("POST" if body else "GET", path, body=body or None, headers=headers)
        response = conn.getresponse()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";", 1)[0]
        return response.status, response.read().decode(), dict(response.getheaders())
    finally:
        conn.close()


@pytest.fixture(scope="module")
def instances(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    if not os.environ.get("DATABASE_URL"):
        pytest.skip("two instances share a PostgreSQL: the suite's PostgreSQL pass runs this")
    if not shutil.which("redis-server") or not nginx_available():
        pytest.skip("redis-server or nginx is not installed (make test installs them)")
    where = tmp_path_factory.mktemp("two")
    env = {
        **os.environ,
        "PY": sys.executable,
        "SECRET_KEY": "two-instances-" + "k" * 40,
        "SECURE": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "CACHE_URL": f"redis://127.0.0.1:{REDIS}/0",
        "API_RATE_LIMIT": "4",
        "PAGE_RATE_LIMIT": "1000",
        "WORKERS": "1",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    started: list[subprocess.Popen[bytes]] = []
    log = (where / "log").open("w")

    def start(args: list[str], **more: str) -> None:
        started.append(
            subprocess.Popen(
                args, cwd=ROOT, env={**env, **more}, stdout=log, stderr=subprocess.STDOUT
            )
        )

    try:
        start(["redis-server", "--port", str(REDIS), "--bind", "127.0.0.1", "--save", ""])
        start(
            ["deploy/serve.sh"],
            PORT=str(FRONT),
            APP_PORT=str(A),
            SERVE_DIR=str(where / "a"),
            ACCESS_LOG=str(where / "access.log"),
            MORE_APPS=f"127.0.0.1:{B}",
        )
        wait_for(FRONT, started)
        (where / "b").mkdir()
        start(
            [*GUNICORN, "-b", f"127.0.0.1:{B}", "--control-socket", str(where / "b" / "ctl")],
        )
        wait_for(B, started)
        subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", MAKE_REFEREE],
            cwd=ROOT,
            env=env,
            check=True,
        )
        yield
    finally:
        for process in reversed(started):
            process.send_signal(signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        log.close()


def wait_for(port: int, started: list[subprocess.Popen[bytes]]) -> None:
    for _ in range(150):
        try:
            if get(port, "/api/health", {})[0] == 200:
                return
        except OSError:
            pass
        if any(p.poll() is not None for p in started):
            break
        time.sleep(0.2)
    pytest.fail(f"nothing answered on {port}")


def test_the_api_limit_is_one_for_both_instances(instances: None) -> None:
    import http.client

    def score(port: int) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", "/api/score", body="{}")
        status = conn.getresponse().status
        conn.close()
        return status

    # Straight at each instance's gunicorn, from one address (no proxy header).
    assert [score(A), score(B), score(A), score(B)] == [400] * 4
    assert score(A) == 429 and score(B) == 429
    import redis

    assert redis.Redis(port=REDIS).keys("*rate:api:addr:127.0.0.1:*")  # counted in Redis


def test_signed_in_on_one_is_signed_in_on_the_other(instances: None) -> None:
    cookies: dict[str, str] = {}
    page = get(A, "/accounts/login/", cookies)[1]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    status, _, _ = get(
        A,
        "/accounts/login/",
        cookies,
        f"csrfmiddlewaretoken={token[1]}&username=ref&password=mahjong-night-2026",
    )
    assert status == 302 and "sessionid" in cookies
    assert get(B, "/sessions/", cookies)[0] == 200  # signed in there too
    # A session started through one instance is there on the other, and
    # through the proxy, whichever instance answers.
    page = get(B, "/sessions/new/", cookies)[1]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    form = (
        f"csrfmiddlewaretoken={token[1]}&title=Two&region=chuzhou&players=4&shown_region=chuzhou"
        "&name_E=a&name_S=b&name_W=c&name_N=d&dealer=E"
    )
    status, _, headers = get(B, "/sessions/new/", cookies, form)
    assert status == 302
    where = headers["Location"]
    for port in (A, FRONT, FRONT):
        assert get(port, where, cookies)[0] == 200
