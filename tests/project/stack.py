"""One served stack for a test: deploy/serve.sh (nginx in front of gunicorn,
supervised) started as the README says, on the suite's database, with an
evening in it, and plain HTTP or HTTPS requests to it from any loopback
address."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.parse
from email.message import Message
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_ports(count: int) -> tuple[int, ...]:
    """``count`` consecutive loopback ports nothing listens on now: a stack's
    nginx, gunicorn (the next port, as serve.sh defaults) and the rest. Fixed
    numbers collided when two checkouts on one machine ran the same test."""
    for _ in range(100):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = int(probe.getsockname()[1])
        ports = tuple(range(first, first + count))
        if ports[-1] < 65_536 and all(_free(port) for port in ports):
            return ports
    raise RuntimeError("no free loopback ports")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


# A referee, an event of one round with one table of four, its round started:
# what the phones at that table open through its link.
EVENING = """
import json, secrets
from django.contrib.auth.models import User
from calculator.events.models import Entrant, Event, Round
from calculator.events.views import _make_table
name = "serving-" + secrets.token_hex(4)
owner = User.objects.create_user(name, password="a-long-enough-password")
event = Event.objects.create(owner=owner, name="Port night", date="2026-12-05",
    region="chuzhou", rounds=1, round_length=16)
ids = [Entrant.objects.create(event=event, name=f"P{n}").pk for n in range(4)]
rnd = Round.objects.create(event=event, number=1, started=True)
table = _make_table(event, rnd, 1, ids)
print(json.dumps({"referee": name, "event": event.pk, "token": table.link_token}))
"""


class Stack:
    def __init__(self, where: Path, port: int, **more: str) -> None:
        self.where, self.port = where, port
        self.tls = "TLS_CERT" in more
        self.env = {
            **os.environ,
            "PY": sys.executable,
            "SECRET_KEY": "serving-test-" + "s" * 40,
            "SECURE": "1" if self.tls else "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SERVE_DIR": str(where / "serve"),
            "ACCESS_LOG": str(where / "access.log"),
            "PORT": str(port),
            "WORKERS": "2",
            **more,
        }
        self.env.pop("CACHE_URL", None)
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        if not self.env.get("DATABASE_URL"):
            self.env.setdefault("SQLITE_PATH", str(where / "db.sqlite3"))
        where.mkdir(parents=True, exist_ok=True)
        self.log = (where / "serve.log").open("w")
        self.process = subprocess.Popen(
            ["deploy/serve.sh"], cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
        )
        self.context = ssl.create_default_context(cafile=more["TLS_CERT"]) if self.tls else None
        if not self.answers_within(90):
            self.stop()
            raise RuntimeError("the stack did not start:\n" + self.output())

    def output(self) -> str:
        return (self.where / "serve.log").read_text()

    def answers_within(self, seconds: float) -> bool:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            try:
                if self.request("GET", "/api/health", timeout=3)[0] == 200:
                    return True
            except OSError:
                pass
            if self.process.poll() is not None:
                return False
            time.sleep(0.1)
        return False

    def pid(self, name: str) -> int:
        return int((self.where / "serve" / f"{name}.pid").read_text())

    def manage(self, code: str) -> str:
        return subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def evening(self) -> dict[str, str]:
        return dict(json.loads(self.manage(EVENING).strip().splitlines()[-1]))

    def request(
        self,
        method: str,
        path: str,
        body: bytes = b"",
        source: str = "127.0.0.1",
        timeout: float = 20,
        port: int | None = None,
        **headers: str,
    ) -> tuple[int, Message, bytes]:
        address = ("127.0.0.1", port or self.port)
        conn: http.client.HTTPConnection
        if self.tls and port is None:
            conn = http.client.HTTPSConnection(
                *address, timeout=timeout, source_address=(source, 0), context=self.context
            )
        else:
            conn = http.client.HTTPConnection(*address, timeout=timeout, source_address=(source, 0))
        try:
            conn.request(method, path, body=body or None, headers=headers)
            response = conn.getresponse()
            return response.status, response.msg, response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


class Phone:
    """A browser: its cookies, and the Origin it sends with a form, as a
    browser does (CSRF checks it against the address it was served from)."""

    def __init__(self, stack: Stack, origin: str, source: str = "127.0.0.1", **headers: str):
        self.stack, self.origin, self.source = stack, origin, source
        self.cookies: dict[str, str] = {}
        self.headers = headers

    def get(self, path: str) -> tuple[int, Message, str]:
        """GET, following redirects within the site as a browser does."""
        for _ in range(5):
            status, answer, body = self.go("GET", path)
            if status not in (301, 302, 303) or not answer["Location"]:
                break
            where = urllib.parse.urlsplit(answer["Location"])
            path = where.path + (f"?{where.query}" if where.query else "")
        return status, answer, body

    def go(self, method: str, path: str, form: str = "") -> tuple[int, Message, str]:
        headers = {**self.headers, "Host": self.origin.split("://", 1)[1]}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if form:
            headers |= {"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin}
        status, answer, body = self.stack.request(
            method, path, form.encode(), self.source, **headers
        )
        for value in answer.get_all("Set-Cookie") or []:
            key, _, rest = value.partition("=")
            self.cookies[key] = rest.split(";", 1)[0]
        return status, answer, body.decode()


def csrf(page: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found, page[:500]
    return found[1]


def sign_in(phone: Phone, name: str) -> None:
    page = phone.go("GET", "/accounts/login/")[2]
    form = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": csrf(page), "username": name, "password": "a-long-enough-password"}
    )
    status, _, body = phone.go("POST", "/accounts/login/", form)
    assert status == 302, body[:800]  # not CSRF's 403


def save_a_hand(phone: Phone, path: str) -> str:
    """Open a table's link and save the spec's 楚州 hand through its form; the
    page the phone is led to."""
    status, _, page = phone.get(path)
    assert status == 200, page[:500]
    entry = dict(re.findall(r'name="(key|deal|table_mark)" value="([^"]*)"', page))
    form = urllib.parse.urlencode(
        {
            "csrfmiddlewaretoken": csrf(page),
            "r": "chuzhou",
            "h": "234m567m345p79s11z",
            "w": "8s",
            "s": "S",
            "b": "discard",
            "dc": "E",
            "g": "ready_declared",
            **entry,
        }
    )
    status, answer, body = phone.go("POST", path + "save/", form)
    assert status in (302, 303), body[:800]
    return phone.get(answer["Location"])[2]
