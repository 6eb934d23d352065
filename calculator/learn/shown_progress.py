"""A learner's progress as the drill page shows it: read from their answers
(signed in) or the signed cookie, and put in rows per family and level."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest
from django.utils.html import format_html

from calculator.learn.models import Answer
from calculator.learn.progress import (
    COOKIE,
    COOKIE_SALT,
    Progress,
    family_name,
    family_rule,
    from_answers,
)
from calculator.learn.question import LEVEL_NAMES
from calculator.page.public import (
    rule_name,
)
from calculator.words.glosses import english_name
from calculator.words.wording import (
    is_english,
    item_name,
    region_name,
    term,
)
from rules.regions import REGIONS

ANSWERS_COUNTED = 500  # a signed-in learner's latest answers that make the table


def progress_of(request: HttpRequest) -> Progress:
    if request.user.is_authenticated:
        answers = Answer.objects.filter(user=request.user, drill_hand=None).only(
            "region", "level", "graded", "right"
        )[:ANSWERS_COUNTED]
        return from_answers(answers)
    return cookie_progress(request)


def cookie_progress(request: HttpRequest) -> Progress:
    raw = request.get_signed_cookie(COOKIE, default=None, salt=COOKIE_SALT)
    try:
        return Progress.from_json(json.loads(raw)) if raw else Progress.empty()
    except ValueError:
        return Progress.empty()


def progress_view(progress: Progress) -> dict[str, Any]:
    families: list[dict[str, Any]] = []
    for fam, (right, seen) in sorted(progress.families.items()):
        region_key, _sep, n = fam.partition(".")
        if region_key not in REGIONS:
            continue
        rule = family_rule(fam)
        name = family_name(fam) or (rule_name(rule) if rule else "")
        if region_key == "guobiao":
            name = f"{n} {term('番')}"
        if not name:  # a family no longer kept (grouped anew since)
            continue
        families.append(
            {"region": region_name(region_key), "name": name, "right": right, "seen": seen}
        )
    levels: list[dict[str, Any]] = [
        {"name": LEVEL_NAMES[lv], "right": right, "seen": seen}
        for lv, right, seen in progress.level_rows()
    ]
    for row in (*families, *levels):
        row["percent"] = round(100 * row["right"] / row["seen"]) if row["seen"] else 0
    missed = progress.most_missed()
    practise = None
    if missed:
        region_key, key = missed
        name = item_name(key, REGIONS[region_key].by_key[key].name)
        practise = {
            "region": region_key,
            "key": key,
            "name": name,
            # English pages keep the item's Chinese name, marked so, with its gloss.
            "shown": format_html('<span lang="zh-Hans">{}</span> {}', name, english_name(key, name))
            if is_english()
            else name,
            "region_name": region_name(region_key),
        }
    return {"families": families, "levels": levels, "practise": practise}
