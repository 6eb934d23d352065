"""The site's public address: from the request as the trusted proxies pass
it, or from ``PUBLIC_URL``; the links and CSRF's trusted origins follow it,
and a client's own forwarded headers are believed only through a proxy of
ours (settings read at start, so each case is a process of its own)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, RequestFactory, override_settings

from calculator.addresses import public_url

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps([s.PUBLIC_URL, s.ALLOWED_HOSTS, s.CSRF_TRUSTED_ORIGINS, "
    "s.USE_X_FORWARDED_HOST, getattr(s, 'SECURE_PROXY_SSL_HEADER', None)]))"
)


def settings_with(**env: str) -> subprocess.CompletedProcess[str]:
    environment = {
        **{k: v for k, v in os.environ.items() if k not in ("PUBLIC_URL", "TRUSTED_PROXIES")},
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "SECRET_KEY": "public-address-" + "k" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=environment, capture_output=True, text=True
    )


def test_public_url_is_allowed_and_trusted_for_forms() -> None:
    shown = settings_with(PUBLIC_URL="https://Club.example:8443/", TRUSTED_PROXIES="1")
    public, hosts, origins, forwarded_host, ssl_header = json.loads(shown.stdout)
    assert public == "https://club.example:8443"
    assert "club.example" in hosts and "https://club.example:8443" in origins
    assert forwarded_host and ssl_header == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_without_a_proxy_of_ours_no_forwarded_header_is_believed() -> None:
    _, _, _, forwarded_host, ssl_header = json.loads(settings_with(TRUSTED_PROXIES="0").stdout)
    assert not forwarded_host and ssl_header is None


@pytest.mark.parametrize("wrong", ["club.example", "ftp://club.example", "https://club.example/m/"])
def test_a_public_url_that_is_not_an_origin_stops_the_start(wrong: str) -> None:
    shown = settings_with(PUBLIC_URL=wrong)
    assert shown.returncode != 0 and "PUBLIC_URL" in shown.stderr


def test_links_follow_the_request_or_public_url() -> None:
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:18180")
    assert public_url(request, "/t/abc/") == "http://127.0.0.1:18180/t/abc/"
    with override_settings(PUBLIC_URL="https://club.example:8443"):
        assert public_url(request, "/t/abc/") == "https://club.example:8443/t/abc/"


@override_settings(PUBLIC_URL="https://club.example:8443", ALLOWED_HOSTS=["testserver"])
def test_the_calculators_share_link_follows_public_url() -> None:
    page = Client().get("/?r=laosanfan&h=13s66m888m&w=2s").content.decode()
    assert 'value="https://club.example:8443/?r=laosanfan' in page
