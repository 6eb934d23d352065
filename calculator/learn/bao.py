"""Why a seat pays for all (包), said before answering in the seed's case the
hand shows."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from rules.deal import counted
from rules.engine import score_json

# Why a seat pays for all, per region: the seed's cases, said before answering.
BAO_WHY = {
    "laosanfan": gettext_lazy(
        "三攤包牌: the winner shows three melds that bar that discard, and %(seat)s "
        "discarded it anyway, so %(seat)s pays every share."
    ),
    "chuzhou": gettext_lazy(
        "包庄: %(seat)s fed the tile that made the hand (三大元, 清十四一, 清一色 or "
        "脱裤子), so %(seat)s pays for all three."
    ),
}
# The seed's cases, each said where the hand shows it: (region, what shows it, why).
BAO_CASES = (
    (
        "laosanfan",
        "three_pongs",
        gettext_lazy(
            "三攤包牌: the winner shows three pongs or kongs, so no 1, 9 or honor may be "
            "discarded; %(seat)s discarded one anyway and pays every share."
        ),
    ),
    (
        "laosanfan",
        "one_suit",
        gettext_lazy(
            "三攤包牌: the winner shows three melds of one suit (honor pongs go with any "
            "suit), so that suit may not be discarded; %(seat)s discarded it anyway and "
            "pays every share."
        ),
    ),
    (
        "chuzhou",
        "san_da_yuan",
        gettext_lazy(
            "包庄 (三大元): two dragon pongs were down and %(seat)s fed the third, so "
            "%(seat)s pays for all three."
        ),
    ),
    (
        "chuzhou",
        "qing_shi_si_yi",
        gettext_lazy(
            "包庄 (清十四一): three of its pongs were down and %(seat)s fed the fourth, so "
            "%(seat)s pays for all three."
        ),
    ),
    (
        "chuzhou",
        "qing_yi_se",
        gettext_lazy(
            "包庄 (清一色): three melds of one suit were down and %(seat)s fed the fourth, "
            "so %(seat)s pays for all three."
        ),
    ),
)


def bao_why(hand: dict[str, Any], seat: str) -> str:
    """Why ``seat`` pays for all, in the seed's case the hand shows (the
    region's general words where none shows)."""
    region_key = hand["region"]
    melds = hand.get("melds") or []
    shown = set(counted(score_json(hand)))
    # 老三番: which bar the discard broke, read off the winning tile.
    sets = [m for m in melds if m.get("type") in ("pong", "kong", "added_kong")]
    suits = {str(m.get("tiles", ""))[-1:] for m in melds} - {"z"}
    win = str(hand.get("win_tile", ""))
    if len(sets) >= 3 and (win.endswith("z") or win[:1] in ("1", "9")):
        shown.add("three_pongs")
    if len(melds) >= 3 and len(suits) == 1 and win[-1:] in suits:
        shown.add("one_suit")
    for region, case, why in BAO_CASES:
        if region == region_key and case in shown:
            return str(why) % {"seat": seat}
    return str(BAO_WHY[region_key]) % {"seat": seat}
