"""Nothing covers what the hand still needs (issue 33, point 1), in Chromium
at 390×844 with real taps: after a control is scrolled into view as the
browser brings it (a link followed, a control focused), the element at its
middle is the control itself, not the tiles pinned at the bottom of the
screen; on the first load and over a discard and a self-draw entry in every
region and language; and the summary's arrow points to where the fix is."""

from __future__ import annotations

import pytest

from rules.regions import REGIONS
from tests.browser.support import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAND = "h=123m456m789m123p5p&w=5p&s=S&d=E"

# Every control of "who won, and how", by its label (a radio or checkbox is
# drawn as its label); each is brought into view as the browser brings a
# focused control or a followed link, then a finger lands on its middle.
UNCOVERED = """() => {
    const out = [];
    for (const input of document.querySelectorAll('#who input:not([type=hidden])')) {
        const el = input.closest('label') || input;
        if (!el.getClientRects().length) continue;  // not shown: nothing to reach (自摸's discarder)
        el.scrollIntoView({block: 'nearest'});
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(hit === el || el.contains(hit))) {
            out.push(`${input.name}=${input.value} under ${hit ? (hit.id || hit.className) : 'nothing'}`);
        }
    }
    return out;
}"""


def covered(page) -> list[str]:  # type: ignore[no-untyped-def]
    return list(page.evaluate(UNCOVERED))


def set_language(page, language: str) -> None:  # type: ignore[no-untyped-def]
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base_url}])


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
@pytest.mark.parametrize("region", list(REGIONS))
def test_nothing_the_hand_needs_is_covered(phone, region: str, language: str) -> None:  # type: ignore[no-untyped-def]
    set_language(phone, language)
    phone.goto(f"{phone.base_url}/?r={region}")
    assert covered(phone) == [], "first load"
    phone.goto(f"{phone.base_url}/?r={region}&{HAND}")
    for how in ("discard", "self_draw"):
        if not phone.locator(f"#who input[name=b][value={how}]").count():
            continue
        tap(phone, f"#who input[name=b][value={how}]")
        assert covered(phone) == [], how
        if how == "discard":
            # The discarder is asked for, and the arrow points up to it.
            quick = phone.locator("#quick")
            assert quick.get_attribute("href") == "#who"
            assert "↑" in quick.inner_text()
            tap(phone, "#who input[name=dc][value=W]")
            assert covered(phone) == [], "after the discarder"


def test_a_hand_short_of_tiles_keeps_them_at_hand(phone) -> None:  # type: ignore[no-untyped-def]
    """While the hand is entered the tiles stay pinned, and still a control
    above them comes out from under them when brought into view."""
    phone.goto(f"{phone.base_url}/?r=laosanfan&h=123m456m")
    assert phone.evaluate("getComputedStyle(document.querySelector('#sheet')).position") == "sticky"
    assert covered(phone) == []
    tap(phone, "#tap-7m")
    assert covered(phone) == []
