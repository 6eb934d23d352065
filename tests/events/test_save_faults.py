"""A save the database cannot take (issue 39, point 2): wherever the fault
strikes — reading the table before the save, not only inside it — the
answer is a 503 with the app's own page in the reader's language, saying
nothing was saved, so the phone says 没有保存 and sends the hand again; the
retry, once the database is back, stores it once."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import InterfaceError, OperationalError
from django.test import Client
from django.urls import reverse

from calculator.events import public
from tests.club.test_one_record import _entry, _save, _table, _won

pytestmark = pytest.mark.django_db

SAID = {
    "zh-hans": "没有保存：服务器暂时连不上数据库",
    "zh-hant": "沒有保存：伺服器暫時連不上資料庫",
    "en": "Not saved: the server cannot reach its database",
}


@pytest.mark.parametrize(
    ("language", "fault"),
    [
        ("zh-hans", OperationalError("could not connect to server")),
        ("zh-hant", InterfaceError("connection already closed")),
        ("en", OperationalError("server closed the connection unexpectedly")),
    ],
)
def test_a_database_that_does_not_answer_is_a_503_page_and_the_retry_saves_once(
    client: Client, language: str, fault: Exception
) -> None:
    client.force_login(User.objects.create_user("referee"))
    table = _table(client)
    phone = Client(raise_request_exception=False)
    phone.cookies["django_language"] = language
    fields = _won(_entry(phone, table))
    with mock.patch.object(public, "_table_held", side_effect=fault):
        plain = _save(phone, table, fields)
        tapped = _save(phone, table, fields, HTTP_HX_REQUEST="true")
    for answer in (plain, tapped):
        assert answer.status_code == 503 and answer["Retry-After"] == "5"
        page = answer.content.decode()
        assert SAID[language] in page and "<html" in page
    assert table.session.hands.count() == 0
    assert _save(phone, table, fields).status_code == 302
    assert _save(phone, table, fields).status_code == 302  # the same entry: stored once
    assert table.session.hands.count() == 1


def test_other_failures_stay_a_plain_500(client: Client) -> None:
    phone = Client(raise_request_exception=False)
    with mock.patch.object(public, "_table_held", side_effect=RuntimeError("a bug")):
        answer: Any = phone.post(reverse("table-save", args=["x" * 20]), {})
    assert answer.status_code == 500
