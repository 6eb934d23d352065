"""Rule pages, the glossary and the comparison across regions."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.teaching.cases import examples_for
from calculator.teaching.terms import TERMS, terms
from calculator.teaching.views import rule_entries
from calculator.words.wording import region_name, term
from rules.regions import REGIONS

SEED = "r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw"


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_rule_page_shows_every_item(client: Client, region: str) -> None:
    page = client.get(f"/rules/{region}/").content.decode()
    for item in REGIONS[region].items:
        assert f'id="{item.key}"' in page, item.key
        with translation.override("zh-hans"):
            assert term(item.name) in page


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_every_example_shows_the_score_its_golden_case_expects(region: str) -> None:
    for entry in rule_entries(region):
        for example in entry["examples"]:
            if example["expected_total"] is not None:
                assert example["total"] == example["expected_total"], example["case"]
            assert example["item_value"], (entry["key"], example["case"])


def test_every_laosanfan_item_has_an_example() -> None:
    for item in REGIONS["laosanfan"].items:
        assert examples_for("laosanfan", item.key), item.key


def test_results_link_to_the_rule(client: Client) -> None:
    page = client.get(f"/?{SEED}").content.decode()
    assert 'href="/rules/laosanfan/#jia_zhong_hu"' in page


def test_unknown_region_is_404(client: Client) -> None:
    assert client.get("/rules/atlantis/").status_code == 404


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_glossary_is_complete_in_every_language(client: Client, language: str) -> None:
    assert all(hans and hant and en for hans, hant, en, _ in TERMS)
    with translation.override(language):
        meanings = [t["meaning"] for t in terms()]
    with translation.override("en"):
        english = [str(m) for *_, m in TERMS]
    if language != "en":
        untranslated = [m for m, e in zip(meanings, english, strict=True) if m == e]
        assert not untranslated, untranslated
    client.cookies["django_language"] = language
    page = client.get("/glossary/").content.decode()
    assert "包五家" in page
    if language == "en":
        assert "財神" in page and "pay for five" in page
    elif language == "zh-hant":
        assert "財神" in page and "pay for five" not in page
    else:
        assert "财神" in page and "財神" not in page


def test_compare_scores_the_hand_in_every_region(client: Client) -> None:
    page = client.get(f"/compare/?{SEED}").content.decode()
    with translation.override("zh-hans"):
        for key in REGIONS:
            assert region_name(key) in page
        assert "60 胡" in page  # 老三番
        assert _("Not a winning hand") in page or _("Cannot be scored here") in page
