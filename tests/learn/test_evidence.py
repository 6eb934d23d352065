"""Issue 43 point 2: each counted item points at exactly the sets that earn
it, as the engine's winning reading says (``rules.evidence``), and a wrong
tick is answered from the hand; point 1: a switched-off house rule's item
is not offered, and the payment line names the dealer's doubled 针."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from calculator.learn import pointing
from calculator.learn.forms import sign_hand
from calculator.learn.grading import scored_items
from calculator.learn.question import item_choices
from rules.engine import score
from rules.evidence import item_tiles
from tests.words.test_script import problems

# 三门: 北家 (the dealer is 东家) holds 夏 秋 兰 竹; only 竹 is 北's own.
# The 中 pong is shown; 白板 (the wild) stands in the hand.
SANMEN = {
    "region": "sanmen",
    "hand": "123m456m789p5z",
    "win_tile": "5z",
    "melds": [{"type": "pong", "tiles": "777z", "from": "W"}],
    "flowers": "2368f",
    "seat": "N",
    "dealer": "E",
    "win_by": "self_draw",
}
# 楚州: two 678筒 runs (姊妹付) beside 一二三万 and a 五条 triplet.
CHUZHOU = {
    "region": "chuzhou",
    "hand": "678p678p123m555s9m",
    "win_tile": "9m",
    "melds": [],
    "seat": "S",
    "dealer": "E",
    "win_by": "discard",
    "discarder": "W",
}
# 金湖: a pong of 八条 shown, won on 五筒 (no 明大絕).
JINHU = {
    "region": "jinhu",
    "hand": "123m456m789m5p",
    "win_tile": "5p",
    "melds": [{"type": "pong", "tiles": "888s", "from": "S"}],
    "seat": "E",
    "dealer": "E",
    "win_by": "self_draw",
}
# 老三番: two flowers only, won on a two-sided wait (34s waiting on 2s or 5s).
LAOSANFAN = {
    "region": "laosanfan",
    "hand": "123m456m789p34s99p",
    "win_tile": "5s",
    "melds": [],
    "flowers": "12f",
    "seat": "E",
    "dealer": "E",
    "win_by": "self_draw",
}


def test_sanmen_points_at_the_seats_own_flower_and_the_red_dragon_pong() -> None:
    evidence = item_tiles(SANMEN)
    assert evidence["men_feng_hua"] == (("8f",),)  # 竹 alone, not 夏 秋 兰
    assert evidence["zi_pai_ke"] == (("7z", "7z", "7z"),)  # the 中 pong, not 白板


def test_chuzhou_zi_mei_fu_points_at_the_two_runs() -> None:
    got = scored_items(score(CHUZHOU))
    assert "zi_mei_fu" in got, got
    assert item_tiles(CHUZHOU)["zi_mei_fu"] == (("6p", "7p", "8p"), ("6p", "7p", "8p"))


def test_evidence_points_at_tiles_that_lie_in_the_hand() -> None:
    """A set a wild completed is pointed at as held (中 中 白板), not as the
    中 pong it stands for; every tile pointed at is one the hand shows."""
    from rules.deal import deal_many
    from rules.regions import REGIONS
    from rules.tiles import parse, tile_code

    for region in REGIONS:
        for hand in deal_many(region, 40, seed=11):
            texts = [hand.get(k) or "" for k in ("hand", "win_tile", "flowers")]
            texts += [m["tiles"] for m in hand.get("melds", [])]
            shown = {tile_code(t) for text in texts for t in parse(str(text))}
            for key, sets in item_tiles(hand).items():
                for one in sets:
                    assert set(one) <= shown, (region, key, one, hand)


def test_every_counted_item_has_evidence_and_no_other() -> None:
    from rules.deal import deal_many
    from rules.regions import REGIONS

    for region in REGIONS:
        for hand in deal_many(region, 5, seed=43):
            assert set(item_tiles(hand)) == set(scored_items(score(hand))), region


@pytest.mark.parametrize(
    ("hand", "key", "said"),
    [
        (JINHU, "ming_da_jue", "亮出的是碰 八条 × 3；胡的是五筒"),
        (LAOSANFAN, "si_ge_hua_season", "这手牌只有春、夏。"),
        (LAOSANFAN, "dui_dui_hu", "这手牌的刻子和杠："),
    ],
)
def test_a_wrong_tick_is_answered_from_the_hand(hand: dict[str, Any], key: str, said: str) -> None:
    got = score(hand)
    assert key not in scored_items(got)
    with translation.override("zh-hans"):
        why = pointing.why_not(hand, hand["region"], key, got)
    assert said in why, why


def test_an_item_only_a_switched_off_house_rule_scores_is_not_offered() -> None:
    offered = {c["key"] for c in item_choices(LAOSANFAN, set())}
    assert "bian_zhang" not in offered and "dan_diao" not in offered
    on = {**LAOSANFAN, "rules": {"extra_wait_hu": True}}
    assert {"bian_zhang", "dan_diao"} <= {c["key"] for c in item_choices(on, set())}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_the_payment_line_names_the_dealers_doubled_zhen(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    got = score(CHUZHOU)
    data = {"h": sign_hand(CHUZHOU), "l": "payments", "go": "1"}
    data.update({f"n.{s}": str(n) for s, n in got.net.items()})
    page = client.post("/learn/answer/", data).content.decode()
    doubled = {
        "zh-hans": "东家 1 针 × 2（庄家的针算两倍）",
        "zh-hant": "東家 1 針 × 2（莊家的針算兩倍）",
        "en": "East&#x27;s pins (1) × 2, the dealer&#x27;s counted twice",
    }
    assert doubled[language] in page
    if language != "en":
        assert not problems(page, language)
