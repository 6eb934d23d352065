"""Progress that follows learning (issue 34 point 6): "practise what I miss"
weighs recent answers, 楚州's items come in families a learner knows, and no
family is named after where a rule came from."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.utils import translation

from calculator.learn.progress import (
    CURED_AFTER,
    GROUPS,
    Progress,
    families,
    family_name,
    from_answers,
)
from calculator.learn.shown_progress import progress_view
from rules.regions import REGIONS


def items(**marks: str) -> dict[str, dict[str, str]]:
    return {"items": marks}


def test_three_rights_since_a_miss_and_it_is_no_longer_missed() -> None:
    p = Progress.empty()
    p.add("laosanfan", "items", items(an_ke="missed"), False)
    p.add("laosanfan", "items", items(an_ke="missed"), False)
    assert p.most_missed() == ("laosanfan", "an_ke")
    for _ in range(CURED_AFTER - 1):
        p.add("laosanfan", "items", items(an_ke="right"), True)
        assert p.most_missed() == ("laosanfan", "an_ke")
    p.add("laosanfan", "items", items(an_ke="right"), True)
    assert p.most_missed() is None
    # and the cookie keeps the count since the last miss
    again = Progress.from_json(p.to_json())
    assert again.most_missed() is None


def test_recent_misses_weigh_over_old_ones_put_right() -> None:
    p = Progress.empty()
    for _ in range(3):
        p.add("laosanfan", "items", items(peng="missed"), False)
    for _ in range(2):
        p.add("laosanfan", "items", items(peng="right"), True)
    for _ in range(2):
        p.add("laosanfan", "items", items(an_gang="missed"), False)
    assert p.most_missed() == ("laosanfan", "an_gang")


def test_a_cookie_of_before_reads() -> None:
    old = {"f": {}, "l": {}, "m": {"laosanfan:peng": 2}}
    assert Progress.from_json(old).most_missed() == ("laosanfan", "peng")


def test_answers_are_counted_oldest_first() -> None:
    def answer(mark: str) -> SimpleNamespace:
        return SimpleNamespace(
            region="laosanfan", level="items", graded=items(an_ke=mark), right=False
        )

    newest_first = [answer("right"), answer("right"), answer("right"), answer("missed")]
    assert from_answers(newest_first).most_missed() is None
    assert from_answers(list(reversed(newest_first))).most_missed() == ("laosanfan", "an_ke")


def test_chuzhou_items_fall_in_families_a_learner_knows() -> None:
    fams = families("chuzhou")
    grouped = {key for _slug, _name, keys in GROUPS["chuzhou"] for key in keys}
    assert grouped == set(REGIONS["chuzhou"].by_key), set(REGIONS["chuzhou"].by_key) ^ grouped
    assert len(set(fams.values())) >= 6


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_no_family_is_named_after_where_its_rule_came_from(language: str) -> None:
    with translation.override(language):
        for region in REGIONS:
            for fam in set(families(region).values()):
                p = Progress({fam: [1, 2]}, {}, {})
                for row in progress_view(p)["families"]:
                    assert "原文" not in row["name"] and "解读" not in row["name"]
                    assert "解讀" not in row["name"] and ".md" not in row["name"]
                    assert "reading" not in row["name"].lower(), row
        house = next(f for k, f in families("laosanfan").items() if k == "jiang_hu")
        assert (
            family_name(house)
            == {
                "zh-hans": "有的桌另加的番种",
                "zh-hant": "有的桌另加的番種",
                "en": "Items some tables add",
            }[language]
        )
