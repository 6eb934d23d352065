"""The glossary: the regional terms in both scripts and English, and what each means."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

# The regional terms: (简体, 繁體, English, what it means — translated on the page).
TERMS: tuple[tuple[str, str, str, Any], ...] = (
    (
        "番",
        "番",
        "fan",
        _("A scoring unit: added up (金湖, 楚州, 长春) or doubling the points (老三番)."),
    ),
    (
        "胡",
        "胡",
        "hu",
        _("老三番's points: a base (胡底) plus points for sets, flowers and waits."),
    ),
    ("台", "台", "tai", _("三门's doubling unit: each 台 doubles the score, at most 3.")),
    ("倍", "倍", "multiplier", _("三门's 胡型: factors the score is multiplied by.")),
    (
        "针",
        "針",
        "zhen (needles)",
        _("楚州: a seat's weight in payments; it climbs with wins near the dealer."),
    ),
    ("坎", "坎", "kan", _("Three alike held in hand (a concealed triplet), also 老资格.")),
    ("付", "付", "fu", _("A sequence of three in a row of one suit (楚州's 一付牌).")),
    ("对", "對", "dui", _("A pair; in 楚州's 对 items, a triplet or pong.")),
    ("贼", "賊", "zei (thief)", _("金湖: 5万, 7万, 5条 and 5筒; feeding one can cost 包五家.")),
    (
        "蛋",
        "蛋",
        "egg",
        _("长春: a special kong from the first hand: four winds, 中发白, three 1s or three 9s."),
    ),
    ("会", "會", "stand-in", _("长春: a 幺鸡 (1s) standing in for a missing tile of an egg.")),
    (
        "宝",
        "寶",
        "bao (treasure)",
        _("长春: a tile seen after ready; drawing it wins, it stands for the winning tile."),
    ),
    ("得 / 财神", "得 / 財神", "wild tile", _("三门: 白板 stands for any tile.")),
    (
        "包五家",
        "包五家",
        "pay for five",
        _("金湖: an unready player who feeds a 贼 or 明大绝 pays five shares."),
    ),
    ("包庄", "包莊", "pay for all", _("楚州: one seat pays what all three losers owe.")),
    (
        "三摊包牌",
        "三攤包牌",
        "three-meld liability",
        _("老三番: feeding a forbidden tile to three exposed melds makes you pay for all."),
    ),
    (
        "老庄",
        "老莊",
        "old dealer",
        _("三门: after the dealer wins as dealer, scores double until another seat wins."),
    ),
    ("必架", "必架", "must declare", _("楚州: items that count only when ready was declared.")),
    (
        "现场汇",
        "現場匯",
        "settled on the spot",
        _("楚州: payments made at once, apart from the win."),
    ),
    (
        "胡头",
        "胡頭",
        "losers' points",
        _("老三番: the three losers settle the difference of their own 胡."),
    ),
    ("门清", "門清", "concealed hand", _("No chi, pong or exposed kong.")),
    ("自摸", "自摸", "self-drawn", _("The winner drew the winning tile.")),
    ("点炮", "點炮", "dealt in", _("Another player discarded the winning tile.")),
    ("流局", "流局", "drawn hand", _("Nobody won; only kong money and events are settled.")),
    ("庄家", "莊家", "dealer", _("The seat that deals; the seat winds count from it.")),
)


def terms() -> list[dict[str, str]]:
    """Each term in the page's script (English pages show both scripts)."""
    hant_page = (get_language() or "").startswith("zh-hant")
    return [
        {
            "term": hant if hant_page else hans,
            "hans": hans,
            "hant": hant,
            "en": en,
            "meaning": str(meaning),
        }
        for hans, hant, en, meaning in TERMS
    ]
