"""The drill pages (``/learn/``): deal → answer → result at each level in
each language, the keypad, progress in a signed cookie and in a signed-in
user's Answers, practise-what-I-miss, and a tampered hand refused."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.utils import translation

from calculator.learn.dealt import more_words
from calculator.learn.forms import read_hand, sign_hand
from calculator.learn.grading import scored_items
from calculator.learn.models import Answer
from calculator.learn.progress import COOKIE, COOKIE_SALT, Progress
from calculator.learn.question import total_asked
from rules.deal import _winning_cases
from rules.engine import score
from rules.regions import REGIONS
from tests.words.test_script import problems

LANGUAGES = ["zh-hans", "zh-hant", "en"]
LEVELS = ["items", "total", "payments"]


def signed_of(page: str) -> str:
    found = re.search(r'name="h" value="([^"]+)"', page)
    assert found, page[:2000]
    return found.group(1)


def hand_of(signed: str) -> dict[str, Any]:
    return read_hand(signed)


def right_answer(level: str, hand: dict[str, Any]) -> dict[str, Any]:
    got = score(hand)
    if level == "items":
        return {"i": scored_items(got)}
    if level == "total":  # the number the headline states (三门: what each pays)
        return {"t": str(total_asked(hand, got)["amount"])}
    return {f"n.{s}": str(n) for s, n in got.net.items()}


def script_ok(page: str, language: str) -> None:
    if language != "en":
        found = problems(page, language)
        assert not found, found


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("level", LEVELS)
def test_deal_answer_result(client: Client, language: str, level: str) -> None:
    client.cookies["django_language"] = language
    for region in sorted(REGIONS):
        page = client.get("/learn/", {"r": region, "l": level}).content.decode()
        assert 'id="drill-form"' in page and 'id="dealt-tiles"' in page
        script_ok(page, language)
        signed = signed_of(page)
        hand = hand_of(signed)
        data = {"h": signed, "l": level, "go": "1", **right_answer(level, hand)}
        start = time.perf_counter()
        response = client.post("/learn/answer/", data)
        elapsed = time.perf_counter() - start
        assert response.status_code == 200
        result = response.content.decode()
        assert 'id="graded"' in result and 'class="verdict good" id="verdict"' in result, region
        assert f"/rules/{region}/#" in result
        script_ok(result, language)
        assert elapsed < 0.5, (region, elapsed)  # the page's budget is 100 ms; CI is slower


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_marks_in_words_right_missed_wrong(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    hand = {
        "region": "laosanfan",
        "hand": "1112345678999m",
        "win_tile": "5m",
        "seat": "E",
        "dealer": "E",
        "win_by": "self_draw",
        "melds": [],
    }
    got = score(hand)
    scored = scored_items(got)
    assert "qing_yi_se" in scored and len(scored) >= 2
    ticked = [scored[0], "zi_yi_se"]
    page = client.post(
        "/learn/answer/", {"h": sign_hand(hand), "l": "items", "go": "1", "i": ticked}
    ).content.decode()
    words = {
        "zh-hans": ("对", "漏了", "错"),
        "zh-hant": ("對", "漏了", "錯"),
        "en": ("Right", "Missed", "Wrong"),
    }[language]
    assert f'mark-right" id="row-{scored[0]}"' in page
    assert f'mark-missed" id="row-{scored[1]}"' in page
    assert 'mark-wrong" id="row-zi_yi_se"' in page
    for w in words:
        assert f'<span class="mark">{w}</span>' in page
    script_ok(page, language)


@pytest.mark.django_db
def test_the_keypad_edits_the_number_without_grading(client: Client) -> None:
    page = client.get("/learn/", {"r": "guobiao", "l": "total"}).content.decode()
    signed = signed_of(page)
    base = {"h": signed, "l": "total"}
    page = client.post("/learn/answer/", {**base, "t": "1", "k": "2"}).content.decode()
    assert 'name="t" value="12"' in page and 'id="graded"' not in page
    page = client.post("/learn/answer/", {**base, "t": "12", "k": "del"}).content.decode()
    assert 'name="t" value="1"' in page
    # 'payments': the keypad types into the chosen seat, ± flips its sign.
    page = client.get("/learn/", {"r": "laosanfan", "l": "payments"}).content.decode()
    base = {"h": signed_of(page), "l": "payments", "ks": "S"}
    page = client.post("/learn/answer/", {**base, "n.S": "4", "k": "neg"}).content.decode()
    assert 'name="n.S" id="n-S" value="-4"' in page
    # With htmx the drill alone comes back, to be morphed in place.
    fragment = client.post(
        "/learn/answer/", {**base, "n.S": "4", "k": "1"}, headers={"HX-Request": "true"}
    )
    assert fragment["HX-Retarget"] == "#drill"
    assert fragment.content.decode().lstrip().startswith('<div id="drill"')


@pytest.mark.django_db
def test_a_tampered_hand_is_refused_clearly(client: Client) -> None:
    hand = {"region": "laosanfan", "hand": "1112345678999m", "win_tile": "5m", "seat": "E"}
    signed = sign_hand(hand)
    forged = signed.replace(signed[3], "A" if signed[3] != "A" else "B", 1)
    for text in (forged, "", json.dumps(hand)):
        response = client.post("/learn/answer/", {"h": text, "l": "items", "go": "1"})
        assert response.status_code == 400
        assert 'id="tampered"' in response.content.decode()
    for language in ("zh-hans", "zh-hant"):
        client.cookies["django_language"] = language
        page = client.post("/learn/answer/", {"h": forged, "l": "items"}).content.decode()
        assert 'id="tampered"' in page and 'id="pick"' in page
        script_ok(page, language)


def _cookie(client: Client) -> Progress:
    request = RequestFactory().get("/")
    request.COOKIES[COOKIE] = client.cookies[COOKIE].value
    return Progress.from_json(json.loads(request.get_signed_cookie(COOKIE, salt=COOKIE_SALT)))


@pytest.mark.django_db
def test_progress_in_a_signed_cookie_and_practise_what_i_miss(client: Client) -> None:
    hand = {
        "region": "laosanfan",
        "hand": "1112345678999m",
        "win_tile": "5m",
        "seat": "E",
        "dealer": "E",
        "win_by": "self_draw",
        "melds": [],
    }
    signed = sign_hand(hand)
    client.post("/learn/answer/", {"h": signed, "l": "items", "go": "1", "i": []})
    client.post("/learn/answer/", {"h": signed, "l": "total", "go": "1", "t": "0"})
    progress = _cookie(client)
    assert progress.levels == {"items": [0, 1], "total": [0, 1]}
    assert progress.missed.get("laosanfan:qing_yi_se") == 1
    assert sum(seen for _r, seen in progress.families.values()) == len(scored_items(score(hand)))
    page = client.get("/learn/").content.decode()
    assert 'id="by-level"' in page and 'id="by-family"' in page
    assert 'id="practise"' in page
    # A forged cookie counts as none.
    client.cookies[COOKIE] = client.cookies[COOKIE].value + "x"
    assert 'id="by-level"' not in client.get("/learn/").content.decode()


@pytest.mark.django_db
def test_practise_deals_a_hand_with_the_item(client: Client) -> None:
    for region, key in (("laosanfan", "zi_yi_se"), ("guobiao", "all_green")):
        page = client.get("/learn/", {"r": region, "l": "items", "want": key}).content.decode()
        hand = hand_of(signed_of(page))
        assert key in scored_items(score(hand)), (region, key, hand)


@pytest.mark.django_db
def test_a_signed_in_users_answers(client: Client) -> None:
    user = get_user_model().objects.create_user("learner", password="pw-long-enough-1")
    client.force_login(user)
    page = client.get("/learn/", {"r": "chuzhou", "l": "items"}).content.decode()
    signed = signed_of(page)
    hand = hand_of(signed)
    client.post(
        "/learn/answer/", {"h": signed, "l": "items", "go": "1", **right_answer("items", hand)}
    )
    client.post("/learn/answer/", {"h": signed, "l": "payments", "go": "1"})
    answers = list(Answer.objects.filter(user=user).order_by("created"))
    assert [(a.level, a.right) for a in answers] == [("items", True), ("payments", False)]
    assert answers[0].hand == hand and answers[0].region == "chuzhou"
    assert set(answers[0].graded["items"].values()) == {"right"}
    assert not any(answers[1].graded["seats_right"].values()) or not answers[1].right
    page = client.get("/learn/").content.decode()
    assert 'id="by-level"' in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_what_else_a_hand_says_is_in_one_script(language: str) -> None:
    """House rules, table state, events and the others' melds of every
    winning golden case (what practise-what-I-miss deals from), in words."""
    with translation.override(language):
        for region in sorted(REGIONS):
            for hand, _keys in _winning_cases(region):
                text = "".join(f"<p>{line}</p>" for line in more_words(hand))
                assert not problems(text, language), (hand, problems(text, language))
