"""Issue 34 on a 390 × 844 phone in Chromium: kongs drawn as they lie and
answered from what is drawn; feedback lines naming tiles; the rules in
force on the drill; a class of two learners read by the teacher. Every
page here also passes the 44-px sweep, axe-core (where installed) and, in
Chinese, the script judge."""

from __future__ import annotations

from typing import Any

import pytest

from calculator.learn.forms import read_hand
from calculator.learn.grading import scored_items
from rules.engine import score
from tests.browser.support import AXE, PHONE, axe_violations, shot, small_targets, tap, until
from tests.words.test_script import problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"zh-hans": "zh-CN", "zh-hant": "zh-TW", "en": "en-US"}
# Which 老三番 item a kong earns, by how it lies (大幺: the kong is of 1, 9 or honors).
KONG_ITEMS = {
    "concealed_kong": ("da_yao_an_gang", "an_gang"),
    "kong": ("da_yao_ming_gang", "ming_gang"),
    "added_kong": ("da_yao_ming_gang", "ming_gang"),
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
    if AXE is not None:
        assert not axe_violations(page), axe_violations(page)
    if language != "en":
        found = problems(page.content(), language)
        assert not found, found


def drawn_kongs(page: Any) -> list[dict[str, Any]]:
    """The winner's kongs as the page draws them: kind, label, face-down count."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('#dealt-tiles .meld')]
                .map(m => ({kind: [...m.classList].find(c => c.startsWith('meld-')).slice(5),
                            label: m.querySelector('.meld-label').textContent.trim(),
                            down: m.querySelectorAll('.tile-down').length}))
                .filter(m => m.kind.includes('kong'))"""
        )
    )


@pytest.mark.parametrize(
    ("want", "language", "labels"),
    # an exposed kong is dealt melded or added to a pung: either earns 明杠
    [("da_yao_an_gang", "zh-hans", ("暗杠",)), ("da_yao_ming_gang", "zh-hant", ("明槓", "加槓"))],
)
def test_a_kong_drill_answered_as_the_hand_shows(  # type: ignore[no-untyped-def]
    browser, live_server, want: str, language: str, labels: tuple[str, ...]
) -> None:
    page = phone_in(browser, language)
    page.goto(f"{live_server.url}/learn/?r=laosanfan&l=items&want={want}")
    until(page, "() => Boolean(document.querySelector('#drill-form'))")
    judged(page, language)
    kongs = drawn_kongs(page)
    assert any(
        KONG_ITEMS[k["kind"]][0] == want and any(label in k["label"] for label in labels)
        for k in kongs
    ), kongs
    for k in kongs:
        assert k["down"] == (2 if k["kind"] == "concealed_kong" else 0), k
    # Tick what the hand counts; the kong items the learner ticks are the
    # ones its drawn kongs earn, read off the page, not the hidden hand.
    hand = read_hand(page.locator("input[name=h]").input_value())
    got = scored_items(score(hand))
    kong_keys = {key for pair in KONG_ITEMS.values() for key in pair}
    from_drawing = {key for k in kongs for key in KONG_ITEMS[k["kind"]] if key in got}
    assert want in from_drawing
    for key in [k for k in got if k not in kong_keys] + sorted(from_drawing):
        page.tap(f"#i-{key}")
    tap(page, "#check")
    until(page, "() => Boolean(document.querySelector('#graded'))")
    assert "good" in (page.locator("#verdict").get_attribute("class") or "")
    judged(page, language)
    shot(page, f"learn-kong-{want}-{language}")
    page.context.close()


def test_feedback_lines_each_name_a_tile(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    """A wrong tick of 暗刻 where a discard completed the triplet, on a phone:
    the rules in force are stated before answering; after it, every item
    that looks at tiles names them, the wrong tick says why, and the
    payments show the calculator's formula."""
    from calculator.learn.forms import sign_hand
    from tests.learn.test_feedback import HAND

    page = phone_in(browser, "zh-hans")
    page.goto(f"{live_server.url}/learn/?r=laosanfan&l=items")
    until(page, "() => Boolean(document.querySelector('#drill-form'))")
    # The drill of HAND itself: its signed form in place of the one dealt.
    page.evaluate("h => { document.querySelector('input[name=h]').value = h; }", sign_hand(HAND))
    got = scored_items(score(HAND))
    for key in [*got, "an_ke"]:
        page.tap(f"#i-{key}")
    tap(page, "#check")
    until(page, "() => Boolean(document.querySelector('#graded'))")
    assert "没有漏" in page.locator("#verdict").inner_text()
    why_not = page.locator("#row-an_ke .why-not").inner_text()
    assert why_not == "五万 的刻子是西家点炮完成的，算明刻。"
    points = page.locator(".graded .point")
    assert points.count() >= 2
    for i in range(points.count()):
        line = points.nth(i).inner_text()
        said, _sep, tiles = line.partition("：")
        assert said in ("算这一项的牌", "这手牌的花色", "基础项") and tiles, line
    assert "× ½（边家）" in page.locator("table.payments").inner_text().replace("(", "（").replace(
        ")", "）"
    )
    judged(page, "zh-hans")
    shot(page, "learn-feedback-zh-hans")
    page.context.close()


def test_the_rules_in_force_are_on_the_drill(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    page = phone_in(browser, "zh-hant")
    page.goto(f"{live_server.url}/learn/?r=laosanfan&l=total")
    until(page, "() => Boolean(document.querySelector('#drill-form'))")
    said = page.locator("#dealt-more").inner_text()
    assert "幺半三" in said and "莊家付全額，另兩家付一半" in said
    # before the answer box, so it is read first
    assert page.evaluate(
        "() => document.querySelector('#in-force').compareDocumentPosition("
        "document.querySelector('#check')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    judged(page, "zh-hant")
    page.context.close()


def test_a_class_of_two_read_by_the_teacher(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import User
    from django.urls import reverse

    from tests.learn.test_classes import make_set

    owner = User.objects.create_user("teacher", password="a-good-long-password")
    drill_set = make_set(owner, level="items", n=2)
    hands = list(drill_set.hands.all())
    shared = live_server.url + reverse("drill-shared", args=[drill_set.token])
    for name, ticks in (("小明", None), ("阿花", 1)):
        page = phone_in(browser, "zh-hans")
        page.goto(shared)
        page.fill("input[name=learner]", name)
        page.click("#start")
        for hand in hands:
            page.wait_for_selector("#answer-form")
            keys = scored_items(score(hand.hand))
            for key in keys[:ticks] if ticks else keys:
                page.click(f"label:has(#item-{key})")
            page.click("#check")
            page.wait_for_selector("#graded")
            page.click("#next")
        page.wait_for_selector("#final-score")
        page.context.close()
    page = phone_in(browser, "zh-hans")
    page.goto(live_server.url + reverse("drill-set", args=[drill_set.pk]))
    page.fill("input[name=username]", "teacher")
    page.fill("input[name=password]", "a-good-long-password")
    page.click("#sign-in")
    page.wait_for_selector("#learners")
    judged(page, "zh-hans")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    rows = page.locator(".learner-row")
    assert rows.count() == 2
    text = page.locator("#learners").inner_text()
    assert "小明" in text and "阿花" in text and "答了 2 手，对 2 手" in text
    many = any(len(scored_items(score(h.hand))) > 1 for h in hands)
    assert ("漏了" in text) == many
    page.click("a.learner-link:has-text('阿花')")
    page.wait_for_selector("#learner-answers")
    assert page.locator("#learner-answers .drill-row").count() == 2
    judged(page, "zh-hans")
    shot(page, "learn-learner-answers")
    page.context.close()
