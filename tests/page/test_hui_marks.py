"""会 is marked only where it is (issue 43): on 长春's eggs, on the 幺鸡 that
stands in for another tile of its egg — never on a 1 of bamboo in a chow, a
pong or a kong, in 长春 or in a region without 会 (老三番's chow 123s showed
its 1s as 会)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def marks(client: Client, query: str) -> int:
    page = client.get(f"/?{query}").content.decode()
    area = page[page.index('id="hand-area"') :]
    return len(re.findall(r'<span class="hui">', area))


@pytest.mark.parametrize(
    "query",
    [
        "r=laosanfan&s=S&d=E&h=456m789m11p&m=c123s",  # a chow with a 1 of bamboo
        "r=laosanfan&s=S&d=E&h=456m789m11p&m=p111s",  # a pong of 1s
        "r=changchun&s=S&d=E&h=456m789m11p&m=c123s",  # 长春, but a chow is not an egg
    ],
)
def test_a_one_of_bamboo_outside_an_egg_is_not_marked_hui(client: Client, query: str) -> None:
    assert marks(client, query) == 0


def test_the_yaoji_standing_in_for_an_egg_tile_is_marked_hui(client: Client) -> None:
    # A wind egg of 东南西 and a 幺鸡 standing in for 北: one 会.
    assert marks(client, "r=changchun&s=S&d=E&h=456m789m11p&m=ex1-123z1s") == 1
