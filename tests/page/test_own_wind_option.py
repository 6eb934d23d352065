"""The spec's seat_wind_mode (hand-format.md "Seats and seat winds") on the
calculator page (issue 35, point 3): a house rule of every region whose items
read the player's own wind, worded there as 老三番 words it, in the reader's
script; no control where nothing reads the own wind."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext as _

pytestmark = pytest.mark.django_db

OWN_WIND_REGIONS = ("laosanfan", "sanmen", "guobiao")
OTHER_REGIONS = ("jinhu", "chuzhou", "changchun")
WORDS = ("own wind (门风)", "counted from the dealer", "fixed by place")


def page(client: Client, language: str, **fields: str) -> str:
    client.cookies["django_language"] = language
    return client.get("/", fields).content.decode()


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
@pytest.mark.parametrize("region", OWN_WIND_REGIONS)
def test_the_own_wind_rule_is_worded_where_an_item_reads_it(
    client: Client, language: str, region: str
) -> None:
    shown = page(client, language, r=region)
    assert 'name="o.seat_wind_mode"' in shown
    with translation.override(language):
        worded = [_(w) for w in WORDS]
    assert all(w in shown for w in worded), worded
    if language != "en":
        assert "from_dealer<" not in shown and ">fixed<" not in shown  # values in words, not codes


@pytest.mark.parametrize("region", OTHER_REGIONS)
def test_no_own_wind_rule_where_nothing_reads_it(client: Client, region: str) -> None:
    shown = page(client, "zh-hans", r=region)
    assert "seat_wind_mode" not in shown


def test_a_fixed_own_wind_scores_sanmen_s_seat_flowers(client: Client) -> None:
    # tai.toml's men_feng_hua_fixed_place_letter: N's 冬 and 竹 are its own only when fixed.
    hand = {"r": "sanmen", "h": "123m456p789s234s5p", "w": "5p", "f": "4f8f", "s": "N", "d": "W"}
    fixed = page(client, "zh-hans", **hand, b="self_draw", **{"o.seat_wind_mode": "fixed"})
    counted = page(client, "zh-hans", **hand, b="self_draw")
    assert 'id="result"' in fixed and 'id="result"' in counted
    assert "门风花牌" in fixed and "门风花牌" not in counted
