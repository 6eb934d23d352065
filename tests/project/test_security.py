"""Serving safely: deploy checks, CSP, CSRF, limits, rate limits, error pages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_in_serving_mode() -> None:
    # The deployment's environment: none of the test run's own switches.
    own = ("DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL")
    env = {
        **{k: v for k, v in os.environ.items() if k not in own},
        "SECURE": "1",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "mahjong.example",
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


def test_the_served_app_freezes_what_it_loaded_out_of_the_collectors_way() -> None:
    code = "import gc, calculator.wsgi as w; print(gc.get_freeze_count() > 10000, w.application is not None)"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "calculator.settings"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.stdout.split() == ["True", "True"], done.stdout + done.stderr


def test_every_page_has_a_strict_content_security_policy(client: Client) -> None:
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "<script>" not in response.content.decode()  # no inline script to allow


def test_forms_need_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get("/").content.decode()
    assert 'name="csrfmiddlewaretoken"' in page and 'hx-headers=\'{"X-CSRFToken": "' in page
    assert client.post("/", {"r": "laosanfan", "tap": "1m"}).status_code == 403
    assert client.post("/i18n/setlang/", {"language": "en"}).status_code == 403


def test_the_api_needs_no_csrf_token_and_changes_nothing() -> None:
    client = Client(enforce_csrf_checks=True)
    assert client.post("/api/score", data="{}", content_type="application/json").status_code == 400


def test_oversized_requests_are_refused_plainly(client: Client) -> None:
    big = json.dumps({"region": "laosanfan", "hand": "1m" * 40_000})
    response = client.post("/api/score", data=big, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["errors"][0]["code"] == "too_large"


@pytest.mark.django_db
@override_settings(API_RATE_LIMIT=3)
def test_the_api_is_rate_limited_with_a_clear_answer(client: Client) -> None:
    from django.core.cache import cache

    cache.clear()
    codes = [
        client.post("/api/score", data="{}", content_type="application/json").status_code
        for _ in range(5)
    ]
    assert codes[:3] == [400, 400, 400] and codes[3:] == [429, 429]
    response = client.post("/api/score", data="{}", content_type="application/json")
    assert response.json()["errors"][0]["code"] == "rate_limited"
    assert int(response.headers["Retry-After"]) > 0
    assert client.get("/api/health").status_code == 200  # the health check is never limited
    html = client.post(
        "/api/score", data="{}", content_type="application/json", headers={"Accept": "text/html"}
    )
    assert html.status_code == 429 and b"429" in html.content
    cache.clear()


@pytest.mark.parametrize(
    ("language", "text"),
    [("zh-hans", "这个地址"), ("zh-hant", "這個網址"), ("en", "nothing at this address")],
)
def test_friendly_404_in_every_language(client: Client, language: str, text: str) -> None:
    client.cookies["django_language"] = language
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert text in response.content.decode()


def test_a_crash_shows_the_friendly_page_and_no_stack_trace(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr("calculator.page.views.page_context", boom)
    client.raise_request_exception = False
    response = client.get("/")
    assert response.status_code == 500
    body = response.content.decode()
    assert "secret internals" not in body and "Traceback" not in body
    assert "500" in body


def test_errors_are_logged_as_json(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    from calculator.logs import JsonFormatter

    record = logging.LogRecord(
        "django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s", ("/x",), None
    )
    record.status_code = 500
    line = json.loads(JsonFormatter().format(record))
    assert line["level"] == "ERROR" and line["status"] == 500 and line["message"].endswith("/x")
