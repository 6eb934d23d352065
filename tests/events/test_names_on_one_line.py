"""Names on one line (issue 31, point 8), in real Chromium on a 390-px phone:
the table page's seat buttons with three-character names ("李秀英 · 东") never
break a name, character by character, and stay thumb-sized; the ledger's 合计
row stands under its columns."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.browser.support import PHONE, as_signed_in, shot, small_targets
from tests.events.test_events import draw_and_start, make_event, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["李秀英", "欧阳娜", "王建国", "张小伟"]

# Each name's box against one line of its text: a name broken across lines
# is two or more lines high.
BROKEN = """() => [...document.querySelectorAll('.seat-label .nowrap:first-child')]
    .filter(el => el.getBoundingClientRect().width > 0)
    .map(el => {
        const line = parseFloat(getComputedStyle(el).lineHeight) || el.getBoundingClientRect().height;
        const rects = el.getClientRects();
        return {name: el.textContent, lines: rects.length, height: el.getBoundingClientRect().height, line};
    })
    .filter(n => n.lines > 1 || n.height > n.line * 1.5)"""

# Each number in the 合计 row against the numbers above it: same right edge.
ALIGNED = """() => {
    const table = document.querySelector('table.ledger');
    const foot = [...table.querySelectorAll('tfoot th.num')];
    const above = [...table.querySelectorAll('tbody tr.running')].pop();
    const cells = [...above.querySelectorAll('td.num')];
    const right = el => {
        const r = document.createRange(); r.selectNodeContents(el);
        return r.getBoundingClientRect().right;
    };
    return foot.map((th, i) => Math.abs(right(th) - right(cells[i])));
}"""


def test_three_character_names_stay_on_one_line(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    referee = Client()
    referee.force_login(User.objects.create_user("裁判", password="mahjong-night-2026"))
    referee.cookies["django_language"] = "zh-hans"
    event = make_event(referee, players=NAMES)
    rnd = draw_and_start(referee, event)
    table = rnd.tables.get()
    for _ in range(2):
        assert play(Client(), table, "S", "E").status_code == 302
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    try:
        for language in ("zh-hans", "zh-hant", "en"):
            as_signed_in(context, live_server.url, referee, language)
            page = context.new_page()
            page.goto(live_server.url + reverse("table-link", args=[table.link_token]))
            # Won on a discard: the winner, the dealer and the discarder, all by name.
            page.check("#who input[name=b][value=discard]", force=True)
            page.wait_for_selector("#discarder", state="visible")
            names = page.locator("#who .seat-label").count()
            assert names >= 12, names
            assert not page.evaluate(BROKEN), (language, page.evaluate(BROKEN))
            assert not small_targets(page), (language, small_targets(page))
            # Every seat button within the phone's width: none pushed off the edge.
            rights = page.evaluate(
                "() => [...document.querySelectorAll('#who .opt')]"
                ".map(e => e.getBoundingClientRect().right)"
            )
            assert max(rights) <= PHONE["width"], (language, rights)
            shot(page, f"names-on-one-line-{language}")
            page.goto(live_server.url + reverse("session", args=[table.session.pk]))
            offsets = page.evaluate(ALIGNED)
            assert len(offsets) == 4 and max(offsets) < 1, (language, offsets)
            shot(page, f"ledger-totals-{language}")
            page.close()
    finally:
        context.close()


def test_without_javascript_a_discard_asks_the_discarder_at_once(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto(live_server.url + "/?b=self_draw")
        assert not page.locator("#discarder").is_visible()
        page.click("#who label:has(input[name=b][value=discard])")  # no submit
        assert page.locator("#discarder").is_visible()
        page.click("#who label:has(input[name=b][value=draw])")
        assert not page.locator("#discarder").is_visible()
    finally:
        context.close()
