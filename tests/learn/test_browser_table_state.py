"""Issue 43 on a 390 × 844 phone in Chromium, in 简体, 繁體 and English: one
drill per region states what its score turns on before the answer (楚州's 针
with the dealer's counted twice, 金湖's who had declared ready on a
discard, 三门's 老庄 streak, the stake) and is answered by taps; after it
each counted item draws exactly the sets the engine says earn it
(``rules.evidence``), and a wrong tick is answered from the hand, not by
the item's definition. 三门's total is asked in the headline's words and
graded against the headline's number. A shared set's learner gets the same
feedback, and the teacher's page names who got what."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from calculator.learn.forms import read_hand
from calculator.learn.grading import scored_items
from calculator.learn.question import total_asked
from calculator.words.wording import TABLE, label_of, option_label
from rules.engine import score
from rules.evidence import item_tiles
from rules.regions import REGIONS
from tests.browser.support import AXE, PHONE, axe_violations, shot, small_targets, tap, until
from tests.words.test_script import problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"zh-hans": "zh-CN", "zh-hant": "zh-TW", "en": "en-US"}
# What each region's question must state, whatever the hand leaves at its default.
TABLE_SAID = {"chuzhou": "zhen", "sanmen": "lao_zhuang"}
STAKE_SAID = {"laosanfan": "tier", "sanmen": "base", "changchun": "base", "guobiao": "base"}
DEALER_ZHEN = {
    "zh-hans": "庄家的针在每笔付款里算两倍",
    "zh-hant": "莊家的針在每筆付款裡算兩倍",
    "en": "The dealer's pins count twice in every payment",
}


def phone_in(browser: Any, language: str) -> Any:
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        has_touch=True,
        locale=LOCALES[language],
        bypass_csp=True,  # for axe-core's script
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def judged(page: Any, language: str) -> None:
    assert not small_targets(page), small_targets(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if AXE is not None:
        assert not axe_violations(page), axe_violations(page)
    if language != "en":
        found = problems(page.content(), language)
        assert not found, found


def drawn_sets(page: Any, selector: str) -> list[list[str]]:
    """The sets a feedback row draws, each as its tiles' codes."""
    return list(
        page.evaluate(
            """sel => [...document.querySelectorAll(sel + ' .point-set')].map(s =>
                [...s.querySelectorAll('use')].map(u => u.getAttribute('href').split('#t-')[1]))""",
            selector,
        )
    )


def must_state(hand: dict[str, Any], language: str) -> list[str]:
    """The labels the question must show for this hand, in ``language``."""
    region = hand["region"]
    with translation.override(language):
        said = []
        if region in TABLE_SAID:
            said.append(str(label_of(TABLE, TABLE_SAID[region])))
        if region == "jinhu" and hand.get("win_by") == "discard":
            said.append(str(label_of(TABLE, "ready")))
        if region in STAKE_SAID:
            said.append(option_label(STAKE_SAID[region], region))
        if region == "chuzhou":
            said.append(DEALER_ZHEN[language])
    return said


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("region", sorted(REGIONS))
def test_a_drill_states_its_table_and_points_at_exactly_its_tiles(  # type: ignore[no-untyped-def]
    browser, live_server, region: str, language: str
) -> None:
    page = phone_in(browser, language)
    page.goto(f"{live_server.url}/learn/?r={region}&l=items")
    until(page, "() => Boolean(document.querySelector('#drill-form'))")
    hand = read_hand(page.locator("input[name=h]").input_value())
    more = page.locator("#dealt-more")
    stated = more.inner_text() if more.count() else ""
    for label in must_state(hand, language):
        assert label in stated, (label, stated)
    judged(page, language)
    got = score(hand)
    scored = scored_items(got)
    offered = page.evaluate(
        "() => [...document.querySelectorAll('input[name=i]')].map(i => i.value)"
    )
    wrong = next(key for key in offered if key not in scored)
    for key in [*scored, wrong]:
        page.tap(f"#i-{key}")
    tap(page, "#check")
    until(page, "() => Boolean(document.querySelector('#graded'))")
    # The verdict is announced and holds the focus: the answer goes on from it.
    assert page.evaluate("() => document.activeElement.id") == "verdict"
    evidence = item_tiles(hand)
    for key in scored:
        assert drawn_sets(page, f"#row-{key}") == [list(s) for s in evidence[key]], key
    why_not = page.locator(f"#row-{wrong} .why-not").inner_text()
    item = REGIONS[region].by_key[wrong]
    with translation.override(language):
        definition = translation.gettext(item.why) if item.why else ""
    assert why_not, wrong
    assert not definition or definition not in page.locator(f"#row-{wrong} .why").inner_text()
    judged(page, language)
    shot(page, f"learn43-{region}-{language}")
    page.context.close()


@pytest.mark.parametrize("language", list(LOCALES))
def test_sanmens_total_is_asked_in_the_headlines_words(  # type: ignore[no-untyped-def]
    browser, live_server, language: str
) -> None:
    """三门's headline says what each of the others (or the discarder) pays:
    the question asks for that number in those words and grades it."""
    page = phone_in(browser, language)
    page.goto(f"{live_server.url}/learn/?r=sanmen&l=total")
    until(page, "() => Boolean(document.querySelector('#drill-form'))")
    hand = read_hand(page.locator("input[name=h]").input_value())
    got = score(hand)
    with translation.override(language):
        asked = total_asked(hand, got)
    question = page.locator("#asked").inner_text()
    assert question == asked["question"] and "＿" in question
    for digit in str(asked["amount"]):
        tap(page, f"#k-{digit}")
    tap(page, "#check")
    until(page, "() => Boolean(document.querySelector('#graded'))")
    assert "good" in (page.locator("#verdict").get_attribute("class") or "")
    headline = page.locator("#value").inner_text()
    assert question.replace("＿", str(asked["amount"])) == headline
    judged(page, language)
    page.context.close()


@pytest.mark.parametrize("language", list(LOCALES))
def test_a_shared_set_gets_the_drills_feedback_and_the_teacher_names_learners(  # type: ignore[no-untyped-def]
    browser, live_server, client, language: str
) -> None:
    from django.contrib.auth.models import User
    from django.urls import reverse

    from tests.browser.support import as_signed_in
    from tests.learn.test_classes import make_set

    owner = User.objects.create_user("teacher43", password="a-good-long-password")
    drill_set = make_set(owner, level="items", n=1)
    hand = drill_set.hands.get().hand
    keys = scored_items(score(hand))
    page = phone_in(browser, language)
    page.goto(live_server.url + reverse("drill-shared", args=[drill_set.token]))
    page.fill("input[name=learner]", "小明")
    page.click("#start")
    page.wait_for_selector("#answer-form")
    for key in keys[1:]:
        page.click(f"label:has(#item-{key})")
    page.click("#check")
    page.wait_for_selector("#graded")
    evidence = item_tiles(hand)
    for key in keys:
        assert drawn_sets(page, f"#row-{key}") == [list(s) for s in evidence[key]], key
    assert page.locator(f"#row-{keys[0]}.mark-missed").count() == 1
    judged(page, language)
    shot(page, f"learn43-shared-{language}")
    page.context.close()

    client.force_login(owner)
    teacher = browser.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, bypass_csp=True
    )
    as_signed_in(teacher, live_server.url, client, language)
    page = teacher.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server.url + reverse("drill-set", args=[drill_set.pk]))
    page.wait_for_selector("#learners")
    rows = page.locator(f"#count-1-{keys[1]}" if len(keys) > 1 else "#answered-1")
    assert "小明" in rows.inner_text() or len(keys) == 1
    judged(page, language)
    shot(page, f"learn43-teacher-{language}")
    page.click("#deal-hand")
    page.wait_for_selector("#keep-hand")
    with translation.override(language):
        keep = translation.pgettext("class", "Keep this hand in the set")
    assert page.locator("#keep-hand").inner_text() == keep
    page.goto(live_server.url + reverse("drill-sets"))
    form = page.locator("form").filter(has=page.locator("select[name=region]")).inner_text()
    with translation.override(language):
        for word in ("Region", "The total", "Who pays whom"):
            assert translation.gettext(word) in form, (word, form)
    page.context.close()
