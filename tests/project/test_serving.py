"""The README's "Serving for real" as a club would meet it: deploy/serve.sh
on a port that is not 80 or 443, its links and QR codes and forms working
there; HTTPS with plain HTTP redirecting (a self-signed certificate made
here); the token links rate-limited per address; and a killed gunicorn
master or nginx back within 5 s, nginx's 502 the app's own page meanwhile.
Skipped where nginx cannot be had."""

from __future__ import annotations

import html
import json
import os
import re
import secrets
import signal
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.project.stack import Phone, Stack, free_ports, save_a_hand, sign_in
from tests.project.test_production_stack import nginx_available

PORT = free_ports(2)[0]  # nginx; gunicorn on the next
TLS_PORT, TLS_HTTP_PORT, TLS_APP_PORT = free_ports(3)
# The restart bound the README promises (a loaded machine has the rest of
# every other timeout here to spare).
RESTART_SECONDS = 5

pytestmark = pytest.mark.served


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    if not nginx_available():
        pytest.skip("nginx is not installed and cannot be here (apt-get install nginx-light)")
    served = Stack(tmp_path_factory.mktemp("serving"), PORT, LINK_RATE_LIMIT="60")
    yield served
    served.stop()


@pytest.fixture(scope="module")
def evening(stack: Stack) -> dict[str, str]:
    return stack.evening()


def test_a_non_default_port_serves_forms_links_and_qr_codes(
    stack: Stack, evening: dict[str, str]
) -> None:
    for origin in (f"http://127.0.0.1:{PORT}", f"http://localhost:{PORT}"):
        referee = Phone(stack, origin, **{"Accept-Language": "zh-CN"})
        sign_in(referee, evening["referee"])
        status, _, cards = referee.go("GET", f"/events/{evening['event']}/rounds/1/cards/")
        assert status == 200
        links = [
            html.unescape(u) for u in re.findall(r'<svg class="qr"[^>]*data-url="([^"]+)"', cards)
        ]
        assert links == [f"{origin}/t/{evening['token']}/"]
        page = referee.go("GET", f"/events/{evening['event']}/")[2]
        assert f'value="{origin}/e/' in page  # the players' link too
    # A phone at the table follows the QR code's address, and saves.
    link = urllib.parse.urlsplit(links[0])
    phone = Phone(stack, f"{link.scheme}://{link.netloc}", **{"Accept-Language": "zh-CN"})
    assert "已保存" in save_a_hand(phone, link.path)


def test_a_table_of_four_phones_is_never_limited_but_a_guesser_is(
    stack: Stack, evening: dict[str, str]
) -> None:
    origin = f"http://127.0.0.1:{PORT}"
    path = f"/t/{evening['token']}/"
    # Four phones behind one router (one address), a busy minute: each opens
    # the link and polls as its page does; one saves a hand.
    phones = [Phone(stack, origin, "127.0.0.2") for _ in range(4)]
    for phone in phones:
        assert phone.get(path)[0] == 200
    for _ in range(6):
        for phone in phones:
            assert phone.go("GET", path + "status/")[0] in (200, 304)
    save_a_hand(phones[0], path)
    # A client trying tokens from another address: 404, 404, … then 429
    # (a one-minute window may turn over once on the way).
    answers = [
        stack.request("GET", f"/t/{secrets.token_urlsafe(16)}/", source="127.0.0.3")[0]
        for _ in range(130)
    ]
    assert 429 in answers and set(answers[: answers.index(429)]) == {404}
    assert answers[-1] == 429
    # Meanwhile the table's phones still open their link.
    assert phones[1].get(path)[0] == 200


def test_nginx_answers_the_apps_502_page_while_the_app_is_down(stack: Stack) -> None:
    os.kill(stack.process.pid, signal.SIGSTOP)  # the supervisor, held: nothing restarts
    try:
        os.killpg(stack.pid("gunicorn"), signal.SIGKILL)
        time.sleep(0.5)
        status, headers, body = stack.request(
            "GET", "/", source="127.0.0.6", **{"Accept-Language": "zh-TW,zh;q=0.8"}
        )
        page = body.decode()
        assert status == 502 and headers["Retry-After"] == "5"
        assert "網站暫時沒有回應" in page and 'lang="zh-hant"' in page
        status, _, body = stack.request(
            "GET", "/", source="127.0.0.6", **{"Cookie": "django_language=en"}
        )
        assert status == 502 and b"not answering just now" in body
        stylesheet = re.search(r'href="(/static/[^"]+\.css)"', body.decode())
        assert stylesheet and stylesheet[1]
        assert stack.request("GET", stylesheet[1])[0] == 200  # from disk: the page keeps its looks
        status, _, body = stack.request("POST", "/api/score", b"{}", source="127.0.0.6")
        assert status == 502 and json.loads(body)["errors"][0]["code"] == "unavailable"
    finally:
        os.kill(stack.process.pid, signal.SIGCONT)
    assert stack.answers_within(30), stack.output()


def killed_and_back(stack: Stack, name: str) -> float:
    old = stack.pid(name)
    os.kill(old, signal.SIGKILL)
    killed = time.monotonic()
    while time.monotonic() - killed < 30:
        try:
            if stack.request("GET", "/api/health", timeout=3)[0] == 200 and stack.pid(name) != old:
                return time.monotonic() - killed
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    pytest.fail(f"{name} was not back in 30 s:\n{stack.output()}")


def test_a_killed_gunicorn_master_is_back_within_5_s(stack: Stack) -> None:
    assert killed_and_back(stack, "gunicorn") < RESTART_SECONDS


def test_a_killed_nginx_is_back_within_5_s(stack: Stack) -> None:
    assert killed_and_back(stack, "nginx") < RESTART_SECONDS


def test_nginx_does_not_answer_before_gunicorn_listens(stack: Stack) -> None:
    os.kill(stack.process.pid, signal.SIGSTOP)
    try:
        os.killpg(stack.pid("gunicorn"), signal.SIGKILL)
        os.killpg(stack.pid("nginx"), signal.SIGKILL)
    finally:
        os.kill(stack.process.pid, signal.SIGCONT)
    answers = []
    until = time.monotonic() + 30
    while time.monotonic() < until and 200 not in answers:
        try:
            answers.append(stack.request("GET", "/api/health", timeout=10)[0])
        except OSError:
            time.sleep(0.05)  # nothing listening yet: as it should be
    assert answers and set(answers) == {200}, answers  # never a 502 on the way


@pytest.fixture(scope="module")
def tls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    if not nginx_available():
        pytest.skip("nginx is not installed and cannot be here (apt-get install nginx-light)")
    where = tmp_path_factory.mktemp("tls")
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-keyout", str(where / "key.pem"), "-out", str(where / "cert.pem"),
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    served = Stack(
        where,
        TLS_PORT,
        TLS_CERT=str(where / "cert.pem"),
        TLS_KEY=str(where / "key.pem"),
        HTTP_PORT=str(TLS_HTTP_PORT),
        APP_PORT=str(TLS_APP_PORT),
    )
    yield served
    served.stop()


def test_https_on_port_and_plain_http_redirecting_to_it(tls: Stack) -> None:
    status, headers, _ = tls.request("GET", "/rules/?x=1", port=TLS_HTTP_PORT, Host="localhost")
    assert status == 301
    assert headers["Location"] == f"https://localhost:{TLS_PORT}/rules/?x=1"
    status, headers, _ = tls.request("GET", "/rules/")
    assert status == 200 and "max-age" in headers["Strict-Transport-Security"]
    # A form over HTTPS on that port passes CSRF's origin check, and the
    # links written are https on it.
    evening = tls.evening()
    referee = Phone(tls, f"https://127.0.0.1:{TLS_PORT}")
    sign_in(referee, evening["referee"])
    page = referee.go("GET", f"/events/{evening['event']}/")[2]
    assert f'data-url="https://127.0.0.1:{TLS_PORT}/t/{evening["token"]}/"' in page


def test_the_systemd_units_are_valid(tmp_path: Path) -> None:
    import shutil
    import sys

    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd is not on this machine (no systemd-analyze to verify the units with)")
    root = Path(__file__).resolve().parents[2]
    names = ["suanfan.service", "suanfan-backup.service", "suanfan-backup.timer"]
    for name in names:
        unit = (root / "deploy" / name).read_text()
        # Where the README installs them, here: this checkout, this Python.
        unit = unit.replace("/srv/suanfan/.venv-serve/bin/python", sys.executable)
        (tmp_path / name).write_text(unit.replace("/srv/suanfan", str(root)))
    result = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *names],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    # Only what is wrong with these units, not with this machine's own.
    problems = [line for line in result.stderr.splitlines() if "suanfan" in line]
    assert not problems, result.stderr
