"""A referee runs a session on a phone: sign in, start it, enter hands, settle."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from tests.browser.support import shot, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_evening_from_start_to_settlement(phone) -> None:  # type: ignore[no-untyped-def]
    User.objects.create_user("ref", password="a-good-long-password")
    phone.goto(phone.base_url + "/sessions/")
    phone.fill("input[name=username]", "ref")
    phone.fill("input[name=password]", "a-good-long-password")
    phone.click("#sign-in")
    phone.click("#new-session")
    phone.fill("input[name=title]", "周五晚")
    phone.select_option("select[name=region]", "chuzhou")
    for seat, name in zip("ESWN", ["阿东", "小南", "老西", "北北"], strict=True):
        phone.fill(f"input[name=name_{seat}]", name)
    phone.click("#start-session")
    # Hand 1: S wins on E's discard (the spec's 楚州 example hand).
    phone.click("#add-hand")
    for code in [
        "2m",
        "3m",
        "4m",
        "5m",
        "6m",
        "7m",
        "3p",
        "4p",
        "5p",
        "7s",
        "9s",
        "1z",
        "1z",
        "8s",
    ]:
        tap(phone, f"#tap-{code}")
    tap(phone, "input[name=s][value=S]")
    tap(phone, "input[name=b][value=discard]")
    tap(phone, "input[name=dc][value=E]")
    assert phone.locator(".total").inner_text() == "20 番"
    phone.click("#save-hand")
    phone.wait_for_url(re.compile(r"/sessions/\d+/$"))
    # 20 + 点胡 10 + 10 × (2 + 1) from the dealer E; 20 + 10 × (1 + 1) from W and N
    assert phone.locator(".ledger tfoot").inner_text().split()[-4:] == ["-60", "140", "-40", "-40"]
    # Hand 2: a drawn hand, from the session page's link.
    phone.click("#add-hand")
    tap(phone, "input[name=b][value=draw]")
    phone.click("#save-hand")
    phone.wait_for_url(re.compile(r"/sessions/\d+/$"))
    page = phone.content()
    assert "阿东" in page and "北北" in page
    assert phone.locator(".ledger tbody tr:not(.running)").count() == 2
    shot(phone, "session")
