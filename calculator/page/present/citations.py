"""Where a line of the breakdown comes from: the seed's section or the house
rule it cites, as a player reads it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from calculator.words.wording import is_english, option_label, term
from rules.regions.guobiao import RULE as GUOBIAO_RULE

# The seed sections that lines a region adds itself cite (a cap, a streak):
# no item's rule names them, so ``manage.py engine_strings`` does not list
# them, and without a catalog entry each page would show them as the seed
# spells them, in the other script. Listed here until it does.
LINE_SECTIONS = (
    gettext_noop("花的計算"),  # 老三番's 三番為頂 cap
    gettext_noop("打牌規則 包五家"),  # 金湖's 包五家 streak doubling
    gettext_noop("计算结果方式"),  # 三门's 最高就3台 cap
)


# The seed's section heads in English, so that an English page's citation
# says what the section is, the seed's own words beside it.
SECTION_GLOSSES = {
    "计分方法": "how points are counted",
    "必架": "waits that must be declared",
    "算分规则": "scoring rule",
    "打牌規則": "rules of play",
    "胡牌牌型": "winning hands",
    "大小類別": "the stake",
    "胡數計算": "counting hu",
    "胡牌": "winning",
    "花的計算": "counting flowers",
    "番数计算": "counting fan",
    "胡型": "kinds of win",
    "胡牌类型": "kinds of win",
}


def section_name(section: str) -> str:
    """A seed section as a player reads it; glossed on an English page."""
    words = term(section)
    head, _sep, tail = section.partition(" ")
    gloss = SECTION_GLOSSES.get(head)
    if not is_english() or gloss is None:
        return words
    if tail.isdigit():
        gloss = f"{gloss} {tail}"
    return gloss  # the seed's own words are in its quoted sentence


def rule_name(rule: str) -> str:
    """A citation as a player reads it: the seed's section, or the house rule."""
    number = rule.removeprefix(GUOBIAO_RULE + " ")
    if number != rule:
        return _("国标番种 %(number)s") % {"number": number}
    head, _sep, rest = rule.partition(" ")
    if head.isdigit() and rest:
        return section_name(rest)
    if ".md" in head:
        option = rest.removeprefix("option ").strip()
        if option:
            region = head.removesuffix(".md")
            return _("House rule: %(option)s") % {"option": option_label(option, region)}
        return _("Our reading of the seed")
    return section_name(rule)
