"""The dealer of hands to learn from (``rules/deal.py``, issue 27 point 2):
every dealt hand is a win, every item of a region turns up in 2,000 hands,
a seed deals the same hands, and the API takes what it deals."""

from __future__ import annotations

import json
import random
from itertools import islice

import pytest
from django.test import Client

from rules.deal import counted, deal, deal_many, is_win, items_of, templates, vary
from rules.engine import score_json
from rules.regions import REGIONS

REGION_KEYS = sorted(REGIONS)
COVERAGE_HANDS = 2000

# Items the engine never counts by itself, with the reason. None today: every
# item of every region is counted by some winning golden case.
NEVER_DEALT: dict[str, dict[str, str]] = {}


@pytest.mark.parametrize("region", REGION_KEYS)
def test_random_hands_all_win(region: str) -> None:
    rng = random.Random(f"deal {region}")
    for _ in range(200):
        hand = deal(region, rng)
        score = score_json(hand)
        assert is_win(score), (hand, score.get("errors") or score.get("reasons"))


@pytest.mark.parametrize("region", REGION_KEYS)
def test_aimed_hands_count_the_item(region: str) -> None:
    rng = random.Random(f"aim {region}")
    for key in items_of(region):
        hand = deal(region, rng, want=key)
        score = score_json(hand)
        assert is_win(score), (key, hand)
        assert key in counted(score) or not templates(region, key), (key, hand)


def test_every_item_is_dealt_in_2000_hands_per_region() -> None:
    """All regions in one pass: each item counted at least once."""
    missing: dict[str, list[str]] = {}
    for region in REGION_KEYS:
        seen: set[str] = set()
        for hand in deal_many(region, COVERAGE_HANDS, seed=2027):
            score = score_json(hand)
            assert is_win(score), hand
            seen |= counted(score)
        never = NEVER_DEALT.get(region, {})
        left = [key for key in items_of(region) if key not in seen and key not in never]
        if left:
            missing[region] = left
    assert not missing


def test_every_item_has_a_golden_template() -> None:
    for region in REGION_KEYS:
        never = NEVER_DEALT.get(region, {})
        assert [k for k in items_of(region) if not templates(region, k) and k not in never] == []


@pytest.mark.parametrize("region", REGION_KEYS)
def test_a_seed_deals_the_same_hands(region: str) -> None:
    first = list(deal_many(region, 30, seed=5))
    again = list(deal_many(region, 30, seed=5))
    other = list(deal_many(region, 30, seed=6))
    assert first == again
    assert first != other


def test_varying_a_template_keeps_it_a_hand() -> None:
    rng = random.Random(3)
    for region in REGION_KEYS:
        for key in items_of(region)[:5]:
            for base in templates(region, key)[:2]:
                varied = vary(base, rng)
                assert score_json(varied).get("ok"), (base, varied)


@pytest.mark.django_db
def test_the_api_takes_dealt_hands(client: Client) -> None:
    for region in REGION_KEYS:
        for hand in islice(deal_many(region, 3, seed=11), 3):
            text = json.dumps(hand)
            assert json.loads(text) == hand  # plain JSON, nothing else in it
            response = client.post("/api/score", data=text, content_type="application/json")
            assert response.status_code == 200, response.content
            got = response.json()
            assert got["ok"] and got["winning"]
