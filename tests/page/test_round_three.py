"""Issue 33's view checks: a cap that hides items says what it hid (point
5); no internal words (point 7); notation errors count from 1 and items of
one Chinese name told apart (point 8)."""

from __future__ import annotations

import pytest
from django.test import Client

from rules.engine import score

pytestmark = pytest.mark.django_db

# 三门, 1123456789条 with 白白白, self-drawn on 1条: 3“得” is the cap (3 台)
# and a reading with 清一色 is capped to as much.
CAPPED = "/?r=sanmen&h=1123456789s555z&w=1s&s=S&d=E&b=self_draw"


def test_the_engine_names_what_the_cap_hid() -> None:
    got = score(
        {
            "region": "sanmen",
            "hand": "1123456789s555z",
            "win_tile": "1s",
            "seat": "S",
            "dealer": "E",
            "win_by": "self_draw",
        }
    )
    assert [i.key for i in got.items if i.unit == "台"] == ["san_de"]
    assert [(i.name, i.value) for i in got.also] == [("清一色", 3)]
    # Where the shown breakdown has both, nothing is said twice.
    got = score(
        {
            "region": "sanmen",
            "hand": "1123456789s555z",
            "win_tile": "5s",
            "seat": "S",
            "dealer": "E",
            "win_by": "self_draw",
        }
    )
    assert got.also == ()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh-hans", "封顶：另有 清一色 3 台"),
        ("zh-hant", "封頂：另有 清一色 3 台"),
        ("en", "Capped: also 清一色 3 台"),
    ],
)
def test_a_cap_that_hides_an_item_lists_it(client: Client, language: str, said: str) -> None:
    client.cookies["django_language"] = language
    page = client.get(CAPPED).content.decode()
    assert f'<p class="also" id="also">{said}</p>' in page
