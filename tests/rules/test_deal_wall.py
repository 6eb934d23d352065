"""Every dealt hand could lie on a real table (issue 34 point 2): at most four
of each tile in sight — hand, melds, winning tile, the robbed kong's other
three, others' melds, flowers, wilds and the table's flipped tiles — and
every other thing a real deal of the region obeys. Hands dealt as the drill
deals them (``deal_many``: random hands and varied golden cases alike); the
checks are plain counting so that the engine's scoring of each candidate is
what the time goes on. ``make fuzz`` deals 10,000 a region
(DEAL_WALL_HANDS); ``make test`` a fifth of that, to keep CI in its time."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from rules.deal import deal_many, off_the_table
from rules.regions import REGIONS
from rules.tiles import parse, tile_code

HANDS_PER_REGION = int(os.environ.get("DEAL_WALL_HANDS", "2000"))


def copies_in_sight(hand: dict[str, Any]) -> Counter[str]:
    """Counted here apart from the dealer's own check, so that a slip in
    one is not hidden by the same slip in the other."""
    seen: Counter[str] = Counter()
    texts = [hand.get("hand", ""), hand.get("win_tile", ""), hand.get("flowers", "")]
    texts += [m["tiles"] for m in hand.get("melds") or ()]
    texts += [m["tiles"] for ms in (hand.get("other_melds") or {}).values() for m in ms]
    table = hand.get("table") or {}
    texts += [table.get("maima_tile", ""), table.get("bao_tile", "")]
    if hand.get("win_by") == "robbing_kong":
        texts += [hand["win_tile"]] * 3  # the robbed seat's pong
    for text in texts:
        seen.update(tile_code(t) for t in parse(text))
    return seen


def table_problems(hand: dict[str, Any]) -> list[str]:
    region = REGIONS[hand["region"]]
    out = [
        f"{code} ×{n}"
        for code, n in copies_in_sight(hand).items()
        if n > (region.flower_limit(parse(code)[0]) if code.endswith("f") else 4)
    ]
    return out + off_the_table(hand)


def test_the_check_sees_the_reported_hand() -> None:
    """The 抢杠 drill of the issue: 一筒一筒 held, the robbed 一筒 won on."""
    hand = {
        "region": "laosanfan",
        "hand": "1p1p234m567m789s55z",
        "win_tile": "1p",
        "seat": "E",
        "dealer": "E",
        "win_by": "robbing_kong",
        "discarder": "S",
    }
    assert "1p ×6" in table_problems(hand)
    assert "1p: more than the wall holds" in off_the_table(hand)
    assert table_problems({**hand, "hand": "2p3p234m567m789s55z"}) == []


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_dealt_hands_could_happen(region: str) -> None:
    bad = []
    for hand in deal_many(region, HANDS_PER_REGION, seed=34):
        problems = table_problems(hand)
        if problems:
            bad.append((problems, hand))
    assert not bad, (len(bad), bad[:3])
