"""A class: a teacher's drill sets, the link learners answer behind, and the
counts per hand the teacher reads."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.learn.classes import results
from calculator.learn.grading import scored_items
from calculator.learn.models import Answer, DrillHand, DrillSet
from rules.deal import deal
from rules.engine import score, score_json
from rules.regions import REGIONS
from tests.browser.support import AXE, axe_violations, small_targets
from tests.words.test_script import problems

pytestmark = pytest.mark.django_db

# The spec's 楚州 hand as the calculator's form posts it: S wins on E's discard, 20 番.
FORM = {
    "r": "chuzhou",
    "h": "234m567m345p79s11z",
    "w": "8s",
    "s": "S",
    "b": "discard",
    "dc": "E",
    "g": "ready_declared",
}


@pytest.fixture
def teacher(client: Client) -> User:
    user = User.objects.create_user("teacher", password="a-good-long-password")
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    return user


def make_set(owner: User, level: str = "items", region: str = "chuzhou", n: int = 2) -> DrillSet:
    made = DrillSet.objects.create(owner=owner, title="周三班", region=region, level=level)
    rng = random.Random(7)
    for position in range(1, n + 1):
        DrillHand.objects.create(drill_set=made, position=position, hand=deal(region, rng))
    return made


def answer_as(name: str, drill_set: DrillSet, answers: list[dict[str, str | list[str]]]) -> Client:
    """A learner with their own browser: a name, then each hand's answer."""
    learner = Client()
    learner.cookies["django_language"] = "zh-hans"
    url = reverse("drill-shared", args=[drill_set.token])
    assert learner.post(url, {"learner": name}).status_code == 302
    for hand, given in zip(drill_set.hands.all(), answers, strict=True):
        page = learner.get(url)
        assert f'name="hand" value="{hand.pk}"' in page.content.decode()
        graded = learner.post(url, {"hand": str(hand.pk), **given})
        assert graded.status_code == 302 and "graded=" in graded["Location"]
    return learner


# --------------------------------------------------------------------------
# The counts per hand
# --------------------------------------------------------------------------


def test_three_learners_counted_per_item(client: Client, teacher: User) -> None:
    drill_set = make_set(teacher, n=1)
    hand = drill_set.hands.get()
    scored = scored_items(score(hand.hand))
    assert len(scored) >= 2, scored
    first, rest = scored[0], scored[1:]
    other = next(item.key for item in REGIONS["chuzhou"].items if item.key not in scored)
    answer_as("阿东", drill_set, [{"item": scored}])  # all right
    answer_as("小南", drill_set, [{"item": rest}])  # misses the first
    answer_as("老西", drill_set, [{"item": [*scored, other]}])  # one ticked that is not scored
    counts = results(hand, list(hand.answers.all()))
    assert counts["answered"] == 3 and counts["right"] == 1
    assert {i["key"]: i["right"] for i in counts["items"]} == {first: 2, **dict.fromkeys(rest, 3)}
    assert [(w["key"], w["n"]) for w in counts["wrong"]] == [(other, 1)]
    by_key = {i["key"]: i for i in counts["items"]}
    assert by_key[first]["missed_by"] == ["小南"] and by_key[first]["who"] == ["老西", "阿东"]
    assert [w["who"] for w in counts["wrong"]] == [["老西"]]
    page = client.get(reverse("drill-set", args=[drill_set.pk])).content.decode()
    answered = re.search(r'id="answered-1">([^<]*)<', page)[1]  # type: ignore[index]
    assert answered == "3 份作答 · 1 份全对", answered
    # Issue 43: the counts name the learners.
    assert re.search(r'id="who-1">全对： <bdi>阿东</bdi></p>', page)
    cells = r'id="count-1-([a-z_0-9]+)"><th scope="row">.*?</th><td class="num">(\d+) / 3'
    rows = dict(re.findall(cells, page))
    assert rows == {first: "2", **dict.fromkeys(rest, "3")}
    graded = {a.learner: a.graded["items"] for a in Answer.objects.all()}
    assert graded["小南"][first] == "missed"
    assert graded["老西"][other] == "wrong"


def test_totals_and_seats_counted(client: Client, teacher: User) -> None:
    totals = make_set(teacher, level="total", n=1)
    value = score_json(totals.hands.get().hand)["total"]["value"]
    answer_as("甲", totals, [{"total": str(value)}])
    answer_as("乙", totals, [{"total": str(value + 1)}])
    answer_as("丙", totals, [{"total": str(value)}])
    page = client.get(reverse("drill-set", args=[totals.pk])).content.decode()
    assert re.search(r'id="count-1-total">.*?<td class="num">2 / 3', page)

    money = make_set(teacher, level="payments", n=1)
    net = score_json(money.hands.get().hand)["net"]
    right = {f"net_{s}": str(n) for s, n in net.items()}
    off = {**right, f"net_{next(iter(net))}": "12345"}
    answer_as("甲", money, [right])
    answer_as("乙", money, [off])
    answer_as("丙", money, [{k: v.replace("-", "−") for k, v in right.items()}])  # a typed minus
    page = client.get(reverse("drill-set", args=[money.pk])).content.decode()
    assert re.search(r'id="count-1-seats">.*?<td class="num">2 / 3', page)


def test_a_learner_answers_to_the_end_and_sees_their_score(teacher: User) -> None:
    drill_set = make_set(teacher, level="total", n=2)
    values = [score_json(h.hand)["total"]["value"] for h in drill_set.hands.all()]
    learner = answer_as("小北", drill_set, [{"total": str(values[0])}, {"total": "0"}])
    url = reverse("drill-shared", args=[drill_set.token])
    done = learner.get(url).content.decode()
    assert 'id="final-score"' in done and "1 / 2" not in done
    final = re.search(r'id="final-score">([^<]*)<', done)[1]  # type: ignore[index]
    assert sorted(re.findall(r"\d+", final)) == ["1", "2"], final  # 1 of 2 hands right
    assert set(Answer.objects.values_list("learner", flat=True)) == {"小北"}
    # A second answer to the same hand from the same session is not counted twice.
    learner.post(url, {"hand": str(drill_set.hands.first().pk), "total": "1"})  # type: ignore[union-attr]
    assert Answer.objects.count() == 2


def test_the_graded_breakdown_follows_each_answer(teacher: User) -> None:
    drill_set = make_set(teacher, n=1)
    url = reverse("drill-shared", args=[drill_set.token])
    learner = Client()
    learner.cookies["django_language"] = "zh-hans"
    learner.post(url, {"learner": "阿东"})
    hand = drill_set.hands.get()
    graded = learner.post(url, {"hand": str(hand.pk)}, follow=True).content.decode()
    assert ('id="graded"' in graded and "漏了" in graded) or "missed" in graded


# --------------------------------------------------------------------------
# Who may see what
# --------------------------------------------------------------------------


def test_another_teacher_gets_404_and_anonymous_signs_in(client: Client, teacher: User) -> None:
    drill_set = make_set(teacher, n=1)
    hand = drill_set.hands.get()
    other = Client()
    other.force_login(User.objects.create_user("other", password="another-long-password"))
    for url in (
        reverse("drill-set", args=[drill_set.pk]),
        reverse("drill-set-deal", args=[drill_set.pk]),
        reverse("drill-set-keep", args=[drill_set.pk]),
        reverse("drill-set-share", args=[drill_set.pk]),
        reverse("drill-set-remove", args=[drill_set.pk, hand.pk]),
    ):
        method = other.get if url.endswith(f"/{drill_set.pk}/") else other.post
        assert method(url).status_code == 404, url
        anonymous = Client().get(url)
        assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert Client().get(reverse("drill-sets")).status_code == 302
    assert (
        other.post(reverse("drill-set-add"), {**FORM, "drill_set": drill_set.pk}).status_code == 404
    )
    assert drill_set.hands.count() == 1


def test_the_link_works_without_an_account_and_a_new_link_retires_it(
    client: Client, teacher: User
) -> None:
    drill_set = make_set(teacher, n=1)
    old = reverse("drill-shared", args=[drill_set.token])
    assert Client().get(old).status_code == 200
    client.post(reverse("drill-set-share", args=[drill_set.pk]))
    drill_set.refresh_from_db()
    assert Client().get(old).status_code == 404
    assert Client().get(reverse("drill-shared", args=[drill_set.token])).status_code == 200
    assert Client().get(reverse("drill-shared", args=["no-such-token"])).status_code == 404
    learner = Client()
    url = reverse("drill-shared", args=[drill_set.token])
    learner.post(url, {"learner": "阿东"})
    for hand in ("abc", "999999", ""):
        assert learner.post(url, {"hand": hand}).status_code == 404
    assert learner.post(url, {"learner": "  "}).status_code == 400  # a blank name is asked again


# --------------------------------------------------------------------------
# Hands in: from the calculator, or dealt and kept
# --------------------------------------------------------------------------


def test_add_from_the_calculator(client: Client, teacher: User) -> None:
    drill_set = make_set(teacher, n=0)
    page = client.get("/?" + "&".join(f"{k}={v}" for k, v in FORM.items())).content.decode()
    assert 'id="add-to-drill"' in page
    assert 'id="add-to-drill"' not in Client().get("/?r=chuzhou").content.decode()
    choose = client.post(reverse("drill-set-add"), FORM).content.decode()
    assert f'id="add-to-{drill_set.pk}"' in choose
    done = client.post(reverse("drill-set-add"), {**FORM, "drill_set": drill_set.pk})
    assert done.status_code == 302
    kept = drill_set.hands.get()
    assert kept.source == "entered" and kept.hand["hand"] == "234567m345p79s11z"
    assert score_json(kept.hand)["total"]["value"] == 20
    # Chosen from the page of sets: the hand comes as the JSON the page showed.
    again = html.unescape(re.search(r'name="hand_json" value="([^"]*)"', choose)[1])  # type: ignore[index]
    client.post(reverse("drill-set-add"), {"hand_json": again, "drill_set": drill_set.pk})
    assert drill_set.hands.count() == 2


def test_add_into_a_new_set_of_the_hands_region(client: Client, teacher: User) -> None:
    choose = client.post(reverse("drill-set-add"), FORM).content.decode()
    assert 'id="new-set-with-hand"' in choose and "楚州" in choose
    made = client.post(
        reverse("drill-set-add"), {**FORM, "new_title": "周四班", "new_level": "total"}
    )
    drill_set = DrillSet.objects.get()
    assert made["Location"] == reverse("drill-set", args=[drill_set.pk])
    assert (drill_set.title, drill_set.region, drill_set.level) == ("周四班", "chuzhou", "total")
    assert drill_set.hands.get().source == "entered"
    refused = client.post(reverse("drill-set-add"), {**FORM, "w": "1m", "new_title": "空"})
    assert refused.status_code == 400 and DrillSet.objects.count() == 1


def test_add_refuses_a_hand_that_does_not_win_or_is_of_another_region(
    client: Client, teacher: User
) -> None:
    drill_set = make_set(teacher, n=0)
    no_win = client.post(reverse("drill-set-add"), {**FORM, "w": "1m", "drill_set": drill_set.pk})
    assert no_win.status_code == 400
    assert "不是和牌" in no_win.content.decode() or "winning" in no_win.content.decode()
    other = DrillSet.objects.create(owner=teacher, title="国标", region="guobiao")
    wrong_region = client.post(reverse("drill-set-add"), {**FORM, "drill_set": other.pk})
    assert wrong_region.status_code == 400
    assert 'id="add-problem"' in wrong_region.content.decode()
    assert "楚州" in wrong_region.content.decode() and "国标" in wrong_region.content.decode()
    assert not DrillHand.objects.exists()


def test_deal_keep_and_remove(client: Client, teacher: User) -> None:
    drill_set = make_set(teacher, region="sanmen", n=0)
    dealt = client.post(reverse("drill-set-deal", args=[drill_set.pk])).content.decode()
    hand_json = html.unescape(re.search(r'name="hand_json" value="([^"]*)"', dealt)[1])  # type: ignore[index]
    client.post(reverse("drill-set-keep", args=[drill_set.pk]), {"hand_json": hand_json})
    kept = drill_set.hands.get()
    assert kept.source == "dealt" and kept.hand["region"] == "sanmen"
    # A hand tampered with on the way is scored again and refused.
    client.post(
        reverse("drill-set-keep", args=[drill_set.pk]), {"hand_json": '{"region": "sanmen"}'}
    )
    assert drill_set.hands.count() == 1
    client.post(reverse("drill-set-remove", args=[drill_set.pk, kept.pk]))
    assert not drill_set.hands.exists()


def test_new_set_from_the_list(client: Client, teacher: User) -> None:
    made = client.post(
        reverse("drill-sets"), {"title": "周五班", "region": "jinhu", "level": "payments"}
    )
    drill_set = DrillSet.objects.get()
    assert made["Location"] == reverse("drill-set", args=[drill_set.pk])
    assert (drill_set.region, drill_set.level, drill_set.owner) == ("jinhu", "payments", teacher)
    assert "周五班" in client.get(reverse("drill-sets")).content.decode()


# --------------------------------------------------------------------------
# One script a page
# --------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_the_pages_are_in_one_script(client: Client, teacher: User, language: str) -> None:
    client.cookies["django_language"] = language
    sets = {level: make_set(teacher, level=level, n=1) for level in ("items", "total", "payments")}
    learner = Client()
    learner.cookies["django_language"] = language
    pages: dict[str, str] = {}
    for level, drill_set in sets.items():
        url = reverse("drill-shared", args=[drill_set.token])
        pages[f"name {level}"] = learner.get(url).content.decode()
        learner.post(url, {"learner": "学生"})
        pages[f"hand {level}"] = learner.get(url).content.decode()
        hand = drill_set.hands.get()
        pages[f"graded {level}"] = learner.post(
            url, {"hand": hand.pk}, follow=True
        ).content.decode()
        pages[f"end {level}"] = learner.get(url).content.decode()
        pages[f"teacher {level}"] = client.get(
            reverse("drill-set", args=[drill_set.pk])
        ).content.decode()
    pages["list"] = client.get(reverse("drill-sets")).content.decode()
    calculator = client.get("/?" + "&".join(f"{k}={v}" for k, v in FORM.items())).content.decode()
    assert 'id="add-to-drill"' in calculator
    pages["calculator"] = calculator
    pages["deal"] = client.post(reverse("drill-set-deal", args=[sets["items"].pk])).content.decode()
    pages["add"] = client.post(reverse("drill-set-add"), FORM).content.decode()
    pages["refused"] = client.post(reverse("drill-set-add"), {**FORM, "w": "1m"}).content.decode()
    found = {name: problems(html, language)[:8] for name, html in pages.items()}
    assert not {k: v for k, v in found.items() if v}


# --------------------------------------------------------------------------
# On a phone
# --------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_learner_answers_a_two_hand_set_on_a_phone(phone: Any) -> None:  # type: ignore[misc]
    owner = User.objects.create_user("teacher", password="a-good-long-password")
    drill_set = make_set(owner, level="items", n=2)
    phone.goto(phone.base_url + reverse("drill-shared", args=[drill_set.token]))
    assert not small_targets(phone)
    phone.fill("input[name=learner]", "小明")
    phone.click("#start")
    for hand in drill_set.hands.all():
        phone.wait_for_selector("#answer-form")
        assert not small_targets(phone), small_targets(phone)
        for key in scored_items(score(hand.hand))[:1]:
            phone.click(f"label:has(#item-{key})")
        phone.click("#check")
        phone.wait_for_selector("#graded")
        assert not small_targets(phone), small_targets(phone)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.click("#next")
    phone.wait_for_selector("#final-score")
    assert Answer.objects.filter(learner="小明").count() == 2


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_teacher_adds_a_hand_from_the_calculator_on_a_phone(phone: Any) -> None:  # type: ignore[misc]
    owner = User.objects.create_user("teacher", password="a-good-long-password")
    drill_set = make_set(owner, n=0)
    phone.goto(phone.base_url + reverse("drill-sets"))
    phone.fill("input[name=username]", "teacher")
    phone.fill("input[name=password]", "a-good-long-password")
    phone.click("#sign-in")
    phone.wait_for_selector("#new-set")
    assert not small_targets(phone), small_targets(phone)
    phone.goto(phone.base_url + "/?" + "&".join(f"{k}={v}" for k, v in FORM.items()))
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.click("#add-to-drill")  # htmx posts the calculator's fields
    phone.wait_for_selector(f"#add-to-{drill_set.pk}")
    assert not small_targets(phone), small_targets(phone)
    phone.click(f"#add-to-{drill_set.pk}")
    phone.wait_for_url(f"**{reverse('drill-set', args=[drill_set.pk])}")
    phone.wait_for_selector("#hand-1")
    assert not small_targets(phone), small_targets(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert drill_set.hands.get().source == "entered"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (make test installs it)")
def test_axe_finds_nothing_serious_on_the_class_pages(browser: Any, live_server: Any) -> None:  # type: ignore[misc]
    owner = User.objects.create_user("teacher", password="a-good-long-password")
    drill_set = make_set(owner, level="payments", n=1)
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    shared = live_server.url + reverse("drill-shared", args=[drill_set.token])
    page.goto(shared)
    assert not axe_violations(page)
    page.fill("input[name=learner]", "小明")
    page.click("#start")
    page.wait_for_selector("#answer-form")
    assert not axe_violations(page)
    for seat in "ESWN":
        page.fill(f"#net-{seat}", "0")
    page.click("#check")
    page.wait_for_selector("#graded")
    assert not axe_violations(page)
    page.goto(live_server.url + reverse("drill-set", args=[drill_set.pk]))
    page.fill("input[name=username]", "teacher")
    page.fill("input[name=password]", "a-good-long-password")
    page.click("#sign-in")
    page.wait_for_selector("#hands")
    assert not axe_violations(page)
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_without_javascript_plain_posts_do_it_all(browser: Any, live_server: Any) -> None:  # type: ignore[misc]
    owner = User.objects.create_user("teacher", password="a-good-long-password")
    drill_set = make_set(owner, level="total", n=1)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False, locale="zh-CN"
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("drill-shared", args=[drill_set.token]))
    page.fill("input[name=learner]", "小明")
    page.click("#start")
    page.fill("#total", str(score_json(drill_set.hands.get().hand)["total"]["value"]))
    page.click("#check")
    page.wait_for_selector("#graded")
    page.click("#next")
    page.wait_for_selector("#final-score")
    assert Answer.objects.get().right
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", "teacher")
    page.fill("input[name=password]", "a-good-long-password")
    page.click("#sign-in")
    page.goto(live_server.url + "/?" + "&".join(f"{k}={v}" for k, v in FORM.items()))
    page.click("#add-to-drill")  # the button's formaction posts the whole form
    page.click(f"#add-to-{drill_set.pk}")
    page.wait_for_selector("#hand-2")
    page.click("#deal-hand")
    page.click("#keep-hand")
    page.wait_for_selector("#hand-3")
    page.click("#remove-1")
    page.wait_for_selector("#hand-2")
    assert [h.source for h in drill_set.hands.all()] == ["entered", "dealt"]
    context.close()
