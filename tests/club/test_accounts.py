"""Accounts: sign-in lockout per name and address together on every sign-in form
(the admin's too), a reset after a good sign-in, throttled sign-ups, passwords
a person can see, and a page to change one."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

RIGHT = "right-password-1"


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    cache.clear()


def sign_in(client: Client, name: str, password: str, address: str = "10.0.0.1") -> int:
    response = client.post(
        reverse("login"), {"username": name, "password": password}, REMOTE_ADDR=address
    )
    return response.status_code


def test_five_failures_lock_a_name_out_there_even_with_the_right_password(client: Client) -> None:
    User.objects.create_user("late", password=RIGHT)
    assert [sign_in(client, "late", "wrong") for _ in range(5)][-1] in (200, 429)
    response = client.post(
        reverse("login"), {"username": "late", "password": RIGHT}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 429  # the name is paused at that address
    assert "_auth_user_id" not in client.session
    assert "一刻钟" in response.content.decode() or "quarter" in response.content.decode()
    assert sign_in(Client(), "late", RIGHT, address="10.0.0.9") == 302  # and not elsewhere


def test_one_players_typos_do_not_lock_the_club_out(client: Client) -> None:
    """A club's phones share one address: a name is locked out there, the
    others at the same address are not."""
    User.objects.create_user("real", password=RIGHT)
    User.objects.create_user("typist", password=RIGHT)
    for _ in range(5):
        sign_in(client, "typist", "wrong", address="10.0.0.2")
    assert sign_in(client, "typist", RIGHT, address="10.0.0.2") == 429
    assert sign_in(client, "real", RIGHT, address="10.0.0.2") == 302


def test_the_admin_sign_in_is_locked_out_too(client: Client) -> None:
    User.objects.create_superuser("boss", password=RIGHT)
    for _ in range(30):
        client.post(
            "/admin/login/", {"username": "boss", "password": "wrong"}, REMOTE_ADDR="10.0.0.4"
        )
    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": "boss", "password": RIGHT, "next": "/admin/"},
        REMOTE_ADDR="10.0.0.4",
    )
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_good_sign_in_clears_the_failures(client: Client) -> None:
    User.objects.create_user("sloppy", password=RIGHT)
    for _ in range(4):
        sign_in(client, "sloppy", "wrong")
    assert sign_in(client, "sloppy", RIGHT) == 302
    client.logout()
    for _ in range(4):
        sign_in(client, "sloppy", "wrong")
    assert sign_in(client, "sloppy", RIGHT) == 302  # four more, not eight


@override_settings(SIGNUP_LIMIT=2)
def test_sign_ups_are_throttled_per_address(client: Client) -> None:
    def sign_up(n: int) -> int:
        data = {"username": f"new{n}", "password1": "a-long-pass-phrase", "password2": "x"}
        return client.post(reverse("signup"), data, REMOTE_ADDR="10.0.0.5").status_code

    assert [sign_up(n) for n in range(4)] == [200, 200, 429, 429]


@pytest.mark.parametrize(
    "password", ["            ", "\u200b" * 12, "\u2003\u3000" * 6, "\u202e" * 10]
)
def test_a_password_of_nothing_visible_is_refused(client: Client, password: str) -> None:
    data = {"username": "blank", "password1": password, "password2": password}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 200
    assert not User.objects.filter(username="blank").exists()
    assert "password_invisible" in [
        e.code for e in response.context["form"].errors.as_data()["password2"]
    ]


def test_the_password_can_be_changed(client: Client) -> None:
    user = User.objects.create_user("ref", password=RIGHT)
    client.force_login(user)
    page = client.get(reverse("password-change"))
    assert page.status_code == 200 and 'name="new_password1"' in page.content.decode()
    new = "another-good-pass-phrase"
    response = client.post(
        reverse("password-change"),
        {"old_password": RIGHT, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    assert User.objects.get(pk=user.pk).check_password(new)
