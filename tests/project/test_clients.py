"""Limits per person behind the proxy: the client's address read through
``TRUSTED_PROXIES`` (and never from a client's own header otherwise), for the
rate limits and for django-axes alike; a signed-in referee counted by
account, apart from the anonymous traffic at the same address."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from calculator.addresses import client_address
from calculator.api.counting import counted
from tests.club.test_club import make_session

NGINX = "127.0.0.1"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "203.0.113.9", NGINX),  # no proxy of ours: the header is anyone's
        (1, "", NGINX),  # straight to the app (a health check)
        (1, "203.0.113.9", "203.0.113.9"),
        (1, "6.6.6.6, 203.0.113.9", "203.0.113.9"),  # the client's own guess is ignored
        (2, "6.6.6.6, 203.0.113.9, 10.0.0.5", "203.0.113.9"),
        (2, "203.0.113.9", "203.0.113.9"),
        (1, "2001:db8::1", "2001:db8::1"),
        (1, "not-an-address", NGINX),
        (1, "x" * 5000, NGINX),
    ],
)
def test_the_client_address_through_the_trusted_proxies(
    proxies: int, forwarded: str, expected: str
) -> None:
    request = RequestFactory().get("/", REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR=forwarded)
    with override_settings(TRUSTED_PROXIES=proxies):
        assert client_address(request) == expected


def phone(address: str) -> Client:
    """A phone behind nginx, which connects from loopback and says who it serves."""
    return Client(REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR=address)


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=1, PAGE_RATE_LIMIT=3)
def test_behind_the_proxy_each_phone_has_its_own_limit() -> None:
    one, two = phone("198.51.100.1"), phone("198.51.100.2")
    assert [one.get("/").status_code for _ in range(4)] == [200, 200, 200, 429]
    assert two.get("/").status_code == 200


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=0, PAGE_RATE_LIMIT=3)
def test_without_a_trusted_proxy_a_forged_header_changes_nothing() -> None:
    codes = [phone(f"198.51.100.{n}").get("/").status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=1, PAGE_RATE_LIMIT=3)
def test_a_signed_in_referee_is_counted_by_account() -> None:
    referee = phone("198.51.100.7")
    referee.force_login(User.objects.create_user("ref", password="mahjong-night-2026"))
    session = make_session(referee)
    crowd = phone("198.51.100.7")  # the club's other phones, at the same address
    assert [crowd.get("/").status_code for _ in range(4)][-1] == 429
    hand = reverse("session-hand", args=[session.pk])
    assert 429 not in [referee.get(hand).status_code for _ in range(3)]
    assert referee.get(hand).status_code == 429  # the referee's own limit, all the same


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=1)
def test_sign_in_lockout_behind_the_proxy_is_per_name_and_phone() -> None:
    for name in ("amy", "bob"):
        User.objects.create_user(name, password="right-password-1")

    def sign_in(address: str, name: str, password: str) -> int:
        response = phone(address).post(reverse("login"), {"username": name, "password": password})
        return response.status_code

    for _ in range(5):
        sign_in("198.51.100.1", "amy", "wrong")
    assert sign_in("198.51.100.1", "amy", "right-password-1") == 429
    assert sign_in("198.51.100.1", "bob", "right-password-1") == 302  # same phone, other name
    assert sign_in("198.51.100.2", "amy", "right-password-1") == 302  # her own phone


@pytest.mark.django_db
def test_a_count_is_one_statement() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        counts = [counted("test:one", 3600) for _ in range(3)]
    assert counts == [1, 2, 3]
    assert len(queries) <= 3 + 1  # one each (and now and then a sweep)
