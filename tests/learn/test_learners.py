"""A teacher sees each learner (issue 34 point 5): the set's page lists every
learner by the name they typed, with their answer per hand and the items
they missed or ticked wrongly, beside the per-hand counts; a learner's name
opens all their answers."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.learn.grading import scored_items
from rules.engine import score
from rules.regions import REGIONS
from tests.learn.test_classes import answer_as, make_set, teacher  # noqa: F401 (a fixture)
from tests.words.test_script import problems

pytestmark = pytest.mark.django_db


def test_a_class_of_two_read_by_the_teacher(client: Client, teacher: User) -> None:  # noqa: F811
    drill_set = make_set(teacher, n=2)
    hands = list(drill_set.hands.all())
    scored = [scored_items(score(h.hand)) for h in hands]
    other = next(i.key for i in REGIONS["chuzhou"].items if i.key not in scored[0])
    answer_as("小明", drill_set, [{"item": scored[0]}, {"item": scored[1]}])
    answer_as("Ana", drill_set, [{"item": [*scored[0][1:], other]}, {"item": scored[1]}])
    page = client.get(reverse("drill-set", args=[drill_set.pk])).content.decode()
    assert 'id="learners"' in page and 'id="answered-1"' in page  # beside the counts
    text = html.unescape(page)
    names = {i.key: i.name for i in REGIONS["chuzhou"].items}
    ana = text[text.index("<bdi>Ana</bdi>") : text.index("<bdi>小明</bdi>")]
    assert "漏了 " + names[scored[0][0]] in ana and "错：不计 " + names[other] in ana
    assert "答了 2 手，对 1 手" in ana
    ming = text[text.index("<bdi>小明</bdi>") :]
    assert "答了 2 手，对 2 手" in ming
    assert not problems(page, "zh-hans")
    link = reverse("drill-set-learner", args=[drill_set.pk]) + "?name=Ana"
    assert html.escape(link) in page or link in page
    theirs = client.get(link).content.decode()
    assert theirs.count('class="drill-row"') == 2 and "Ana" in theirs
    assert "错：不计 " + names[other] in html.unescape(theirs)
    assert not problems(theirs, "zh-hans")


def test_a_learners_page_is_the_teachers_alone(client: Client, teacher: User) -> None:  # noqa: F811
    drill_set = make_set(teacher, n=1)
    answer_as("Ana", drill_set, [{"item": []}])
    link = reverse("drill-set-learner", args=[drill_set.pk]) + "?name=Ana"
    assert (
        client.get(reverse("drill-set-learner", args=[drill_set.pk]) + "?name=Bo").status_code
        == 404
    )
    other = Client()
    other.force_login(User.objects.create_user("other", password="another-long-password"))
    assert other.get(link).status_code == 404
    assert Client().get(link).status_code == 302
