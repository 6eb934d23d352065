"""A screen reader and a keyboard can use the calculator and the rules pages
(issue 43, point 5), in Chromium at 390×844 in three languages.

- axe-core (WCAG 2.1 AA and best practice) finds nothing above minor in
  the page's states: the calculator empty, mid-entry with melds and
  flowers, with waits, won, refused, building an egg, a declared ready hand,
  three at a table, in every region; the rules pages, an item's example
  hands, the glossary and the comparison; and the drill, asked and with its
  answer shown, at each level. (The one sweep of the page: a second, looser
  one ran the same states again.)
- Focus stays where the hand continues after a control the answer removes
  is pressed: the winning tile, the last hand tile or the last meld taken
  back, a wait tapped, 全部清除.
- A tapped tile is announced in a few words ("三万，手牌 5/13"), not the
  whole breakdown; a meld's button names its tiles; the tile pad is one Tab
  stop with the arrow keys inside it.
"""

from __future__ import annotations

import pytest

from tests.browser.support import ABOVE_MINOR, AXE, PHONE, axe_violations, settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["zh-hans", "zh-hant", "en"]
SEED = "r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&o.tier=yao_ban_liu"

STATES = [
    "/?r=laosanfan",
    "/?r=chuzhou&s=S&d=E&h=2345p&m=c123m,x9999s,p111z&f=1f2f3f5f",  # melds and flowers
    "/?r=chuzhou&s=S&d=E&h=123456789m123p5s",  # thirteen tiles: the waits
    f"/?{SEED}",  # won
    "/?r=laosanfan&h=123m456m789m&w=5p&s=S&d=E",  # refused: too few tiles
    "/?r=changchun&h=123m456m&s=S&d=E&e=egg.xuanfeng&pm=12z",  # an egg being built
    "/?r=sanmen&h=4556p234789s&w=5p&m=c123m&s=S&d=E&b=discard&dc=W",
    "/?r=guobiao&h=123m456m789m123p5p&w=5p&s=S&d=E",
    "/?r=guobiao&h=19m19p19s1234567z&s=S&d=E&b=self_draw",  # thirteen orphans waiting
    "/?r=jinhu",
    "/?r=sanmen&n=3",  # three at the table
    "/?r=chuzhou&h=234m567m345p79s11z&w=8s&s=E&d=E&b=discard&dc=S&g=ready_declared",
    "/?r=changchun&h=123m456p789s1155z&w=5z&s=E&d=E&g=ready_declared&t.bao_tile=9p",
    "/rules/",
    "/rules/laosanfan/",
    "/rules/guobiao/",
    "/rules/laosanfan/an_ke/examples/",
    "/glossary/",
    f"/compare/?{SEED}",
]
# A drill of each level (and each region for the items, whose feedback
# differs most), asked and then answered.
DRILLS = [
    *(
        f"/learn/?r={r}&l=items"
        for r in ("laosanfan", "jinhu", "chuzhou", "sanmen", "changchun", "guobiao")
    ),
    "/learn/?r=chuzhou&l=total",
    "/learn/?r=sanmen&l=payments",
]


@pytest.mark.skipif(AXE is None, reason="axe-core is not installed (make test installs it)")
@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_nothing_above_minor(browser, live_server, language: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # for axe-core's script
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    found = {}
    for path in STATES:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        wrong = axe_violations(page, ABOVE_MINOR)
        if wrong:
            found[path] = wrong
    # The drill: the question, then its answer shown (the breakdown with its
    # marks and tiles, who pays whom, each seat's money), answered wrongly so
    # that every kind of mark is drawn.
    for path in DRILLS:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        wrong = axe_violations(page, ABOVE_MINOR)
        if wrong:
            found[path] = wrong
        if page.locator("input[name=i]").count():
            page.locator("input[name=i]").first.check(force=True)
        page.click("#check")  # htmx swaps the answer in (a plain post without JavaScript)
        page.wait_for_selector("#graded")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        wrong = axe_violations(page, ABOVE_MINOR)
        if wrong:
            found[path + " answered"] = wrong
    context.close()
    assert not found, found


def press(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    """Focus a control and press Enter on it, as a keyboard does."""
    page.focus(selector)
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.keyboard.press("Enter")
    settle(page)


def focused(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.evaluate("document.activeElement.id || document.activeElement.tagName"))


def pad_stop(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.evaluate("document.querySelector(\".palette .key[tabindex='0']\").id"))


def set_language(page, language: str) -> None:  # type: ignore[no-untyped-def]
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base_url}])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hand_entered_by_keyboard_keeps_its_focus(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    set_language(phone, language)
    phone.goto(f"{phone.base_url}/?r=laosanfan&s=S&d=E")
    # The pad is one Tab stop: Tab reaches it once, and leaves it the next time.
    stops = 0
    for _n in range(80):
        phone.keyboard.press("Tab")
        if phone.evaluate("document.activeElement.classList.contains('key')"):
            stops += 1
            phone.keyboard.press("Tab")
            assert not phone.evaluate("document.activeElement.classList.contains('key')")
            break
    assert stops == 1
    phone.keyboard.press("Shift+Tab")
    assert focused(phone) == "tap-1m"
    # Arrow keys inside it; Enter taps; the key keeps the focus.
    phone.keyboard.press("ArrowRight")
    phone.keyboard.press("ArrowRight")
    assert focused(phone) == "tap-3m"
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.keyboard.press("Enter")
    settle(phone)
    assert focused(phone) == "tap-3m"
    said = phone.inner_text("#announce")
    assert (
        said
        == {
            "zh-hans": "三万，手牌 1/13",
            "zh-hant": "三萬，手牌 1/13",
            "en": "3 Characters, hand 1/13",
        }[language]
    )
    assert (
        phone.get_attribute("#result", "aria-live") is None
    )  # the breakdown is not read out at each change
    phone.keyboard.press("End")
    assert focused(phone) == phone.evaluate(
        "[...document.querySelectorAll('.palette .key')].pop().id"
    )
    phone.keyboard.press("Home")
    assert focused(phone) == "tap-1m"

    # The last hand tile taken back: focus to the pad, where the hand goes on.
    press(phone, "#rm-h0")
    assert focused(phone) == pad_stop(phone)
    # A tile in the middle taken back: the tile now in its place.
    phone.goto(f"{phone.base_url}/?r=laosanfan&s=S&d=E&h=123456m")
    press(phone, "#rm-h2")
    assert focused(phone) == "rm-h2"
    # The last meld taken back: the pad; a meld's button names its tiles.
    phone.goto(f"{phone.base_url}/?r=laosanfan&s=S&d=E&m=p555m&h=1m")
    label = phone.get_attribute("#rm-m0", "aria-label") or ""
    five = {"zh-hans": "五万", "zh-hant": "五萬", "en": "5 Characters"}[language]
    assert label.count(five) == 3, label
    press(phone, "#rm-m0")
    assert focused(phone) == pad_stop(phone)
    # Thirteen tiles: a wait tapped, then the score's summary has the focus.
    phone.goto(f"{phone.base_url}/?r=laosanfan&s=S&d=E&h=123456789m123p5s")
    press(phone, "#wait-5s")
    assert focused(phone) == "quick"
    # The winning tile taken back: the pad, to tap another.
    press(phone, "#rm-w")
    assert focused(phone) == pad_stop(phone)
    # 全部清除: the pad.
    press(phone, "#clear")
    assert focused(phone) == pad_stop(phone)
    assert phone.locator("#hand-area .concealed button.t").count() == 0
