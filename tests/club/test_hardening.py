"""The ledger's side of the second hardening round: every field of the session
form answers bad input with a message; CSV cells are never formulas; the share
page is private to its link; names cannot reorder the page."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.club.test_club import PLAIN, add_hand, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("referee", password="mahjong-night-2026")
    client.force_login(user)
    return user


BASE = {
    "title": "t",
    "region": "sanmen",
    "shown_region": "sanmen",
    "players": "4",
    "name_E": "a",
    "name_S": "b",
    "name_W": "c",
    "name_N": "d",
    "dealer": "E",
}


@pytest.mark.parametrize("rules", ["[1,2]", '"abc"', "5", "true", "[" * 10_000, "{"])
def test_a_rules_field_of_old_is_ignored_harmlessly(
    client: Client, referee: User, rules: str
) -> None:
    """The form once took house rules as JSON, and such input was a 500."""
    client.raise_request_exception = True
    response = client.post(reverse("session-new"), {**BASE, "rules": rules})
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("o.base", "9" * 5000),
        ("o.base", "-3"),
        ("o.base", "1e9"),
        ("o.base", "[" * 10_000),
        ("o.formula", "nonsense"),
        ("o.lao_zhuang_compound", "maybe"),
        ("o.kong_money_exposed", "²"),
        ("players", "7"),
        ("players", "9" * 5000),
        ("dealer", "Q"),
        ("region", "atlantis"),
        ("title", "x" * 500),
        ("name_E", ""),
    ],
)
def test_every_field_answers_bad_input_with_a_message(
    client: Client, referee: User, field: str, value: str
) -> None:
    client.raise_request_exception = True
    data = {**BASE, field: value}
    if field == "region":
        data["shown_region"] = value
    response = client.post(reverse("session-new"), data)
    assert response.status_code == 200
    assert response.context["form"].errors
    assert 'class="error"' in response.content.decode()


def test_csv_cells_are_never_formulas(client: Client, referee: User) -> None:
    session = make_session(
        client, name_E="=1+1", name_S="+SUM(A1)", name_W="-2+3", name_N="@SUM(1)"
    )
    add_hand(client, session, s="S", dc="E", **PLAIN)
    text = client.get(reverse("session-csv", args=[session.pk])).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    header = " | ".join(rows[0])  # each seat's column names its player
    assert "'=1+1 · " in header and "'+SUM(A1) · " in header and "'-2+3 · " in header
    assert "'@SUM(1) · " in header
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
            assert not cell.startswith("-") or cell.lstrip("-").isdigit(), cell  # numbers stay
    assert any(cell == "-60" for row in rows for cell in row)


def test_the_share_page_is_private_to_its_link(client: Client, referee: User) -> None:
    session = make_session(client)
    client.post(reverse("session-share", args=[session.pk]))
    session.refresh_from_db()
    response = Client().get(reverse("session-shared", args=[session.share_token]))
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]


def test_names_cannot_reorder_the_page(client: Client, referee: User) -> None:
    session = make_session(client, title="\u202egnimmoc\u200b", name_E="阿\u202e东")
    assert session.title == "gnimmoc" and session.players["E"] == "阿东"  # dropped on the way in
    session.players["S"] = "小\u2067南"  # and drawn isolated, however it got there
    session.save()
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "<bdi>小南</bdi>" in page and "\u2067" not in page
