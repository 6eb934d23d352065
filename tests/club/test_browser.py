"""A referee's evening on a phone: a profile, a session started from it, four
hands, a correction whose preview is what is saved, a mistaken delete and its
restore, the CSV in Chinese — no JSON typed, no code read."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from calculator.club.models import ClubSession
from tests.browser.support import shot, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAND = ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "7s", "9s", "1z", "1z", "8s"]


def enter_hand(page, winner: str, discarder: str) -> None:  # type: ignore[no-untyped-def]
    page.click("#add-hand")
    page.wait_for_url(re.compile(r"/sessions/\d+/hand/"))
    for code in HAND:
        tap(page, f"#tap-{code}")
    tap(page, f"#who input[name=s][value={winner}]")
    tap(page, "#who input[name=b][value=discard]")
    tap(page, f"#who input[name=dc][value={discarder}]")
    assert page.locator(".total").inner_text() == "20 番"
    page.click("#save-hand")
    page.wait_for_url(re.compile(r"/sessions/\d+/#totals$"))


def net_row(page) -> list[int]:  # type: ignore[no-untyped-def]
    return [int(t) for t in page.locator(".net td").all_inner_texts()]


def test_a_referees_evening(phone) -> None:  # type: ignore[no-untyped-def]
    User.objects.create_user("ref", password="a-good-long-password")
    phone.goto(phone.base_url + "/sessions/")
    phone.fill("input[name=username]", "ref")
    phone.fill("input[name=password]", "a-good-long-password")
    phone.click("#sign-in")
    # A profile for the club's Friday nights: 楚州 with 现场汇 only at the opening.
    phone.goto(phone.base_url + "/profiles/new/")
    phone.fill("input[name=name]", "周五晚场")
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.select_option("#id_region", "chuzhou")
    phone.wait_for_selector("#o-xianchanghui_opening_only")
    phone.check("#o-xianchanghui_opening_only", force=True)
    phone.click("#save-profile")
    phone.wait_for_url(re.compile(r"/profiles/$"))
    assert "周五晚场" in phone.content()
    # A session started from it: names by seat, the first dealer beside a name.
    phone.click("text=用它开一场")
    phone.wait_for_url(re.compile(r"/sessions/new/"))
    assert phone.locator("#id_region").input_value() == "chuzhou"
    phone.fill("input[name=title]", "周五晚")
    for seat, name in zip("ESWN", ["阿东", "小南", "老西", "北北"], strict=True):
        phone.fill(f"input[name=name_{seat}]", name)
    assert "JSON" not in phone.content()
    shot(phone, "session-new")
    phone.click("#start-session")
    phone.wait_for_url(re.compile(r"/sessions/\d+/$"))
    session = ClubSession.objects.get()
    assert session.rules == {"xianchanghui_opening_only": True}
    # Four hands.
    for winner, discarder in (("S", "E"), ("W", "S"), ("N", "W"), ("E", "N")):
        enter_hand(phone, winner, discarder)
    assert phone.locator(".ledger tbody.hand").count() == 4
    totals = phone.locator("#totals").inner_text()
    # A correction of hand 2: its preview is what the ledger then records.
    phone.click("a[href$='/hands/2/edit/']")
    phone.wait_for_url(re.compile(r"/sessions/\d+/hand/\?"))
    assert "t.zhen=" in phone.url  # the 针 carried into hand 2
    tap(phone, "#who input[name=dc][value=N]")
    preview = net_row(phone)
    phone.click("#save-hand")
    phone.wait_for_url(re.compile(r"/sessions/\d+/#totals$"))
    session.refresh_from_db()
    played = session.replayed()
    saved = [played.steps[1].result["net"][s] for s in "ESWN"]
    assert preview == saved
    # A mistaken delete: it asks first, then the history brings it back.
    totals = phone.locator("#totals").inner_text()
    phone.click("#delete-3")
    phone.wait_for_url(re.compile(r"/hands/3/delete/"))
    assert "3" in phone.locator("h2").inner_text()
    phone.click("#confirm-delete")
    phone.wait_for_url(re.compile(r"/sessions/\d+/#totals$"))
    assert phone.locator(".ledger tbody.hand").count() == 3
    phone.locator("[id^=restore-]").first.click()
    phone.wait_for_url(re.compile(r"/sessions/\d+/#totals$"))
    assert phone.locator(".ledger tbody.hand").count() == 4
    assert phone.locator("#totals").inner_text() == totals
    history = phone.locator(".history").inner_text()
    assert "已删除" in history and "已恢复" in history and "已更正" in history
    shot(phone, "session-evening")
    # The CSV, in Chinese.
    with phone.expect_download() as download:
        phone.click("a[href$='/export.csv']")
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "局"
    assert any("点炮" in cell for cell in rows[1])
