"""The calculator page in a real browser, at the reference phone size (390×844)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import translation
from django.utils.translation import gettext as _

from tests.browser.support import settle, shot, small_targets, tap, until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = "/?r=laosanfan&h=13s66m888m&m=k9999m+p555m&s=S&d=E&b=self_draw"


def enter_seed_example(page) -> None:  # type: ignore[no-untyped-def]
    """The seed's example: 九萬 exposed kong, 伍萬 pong, 13s 66m 888m, self-drawn 2s, won by S."""
    page.goto(page.base_url + "/")
    tap(page, "#entry-kong")
    tap(page, "#tap-9m")
    tap(page, "#entry-pong")
    tap(page, "#tap-5m")
    for code in ["1s", "3s", "6m", "6m", "8m", "8m", "8m", "2s"]:
        tap(page, f"#tap-{code}")
    tap(page, "#who input[name=s][value=S]")


def query_of(page) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    return parse_qs(urlsplit(page.url).query)


def test_score_the_seed_example_by_tapping(phone) -> None:  # type: ignore[no-untyped-def]
    enter_seed_example(phone)
    assert phone.locator(".total").inner_text() == "60 胡"
    with translation.override("zh-hans"):
        collects = _("%(seat)s collects %(n)s %(unit)s") % {"seat": "南家", "n": 120, "unit": "银"}
    assert phone.locator("#headline").inner_text() == collects
    payments = phone.locator(".payments").inner_text()
    assert re.search(r"东家 → 南家\s+60", payments)
    assert re.search(r"西家 → 南家\s+30", payments)
    net = phone.locator(".net td").all_inner_texts()
    assert net == ["-60", "+120", "-30", "-30"]
    assert collects in phone.locator("#quick").inner_text()
    assert "/?r=laosanfan" in phone.url and "h=" in phone.url  # the address holds the hand
    shot(phone, "seed-example-zh-hans")


def test_share_link_opens_the_same_hand(phone, browser) -> None:  # type: ignore[no-untyped-def]
    enter_seed_example(phone)
    link = phone.locator("#share-url").input_value()
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(link)
    assert (
        other.locator(".total").inner_text() == "60 hu"
    )  # a browser that asks for no language reads English
    other.context.close()


def test_a_used_up_tile_says_why(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/")
    for _n in range(4):
        tap(phone, "#tap-7z")
    assert phone.locator("#tap-7z").get_attribute("aria-disabled") == "true"
    tap(phone, "#tap-7z", force=True)
    assert phone.locator(".concealed .tile").count() == 4
    assert "红中" in phone.locator(".notice").inner_text()


def test_chi_mode_says_to_tap_the_lowest_tile(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/")
    tap(phone, "#entry-chi")
    assert "3" in phone.locator("#mode-hint").inner_text()
    tap(phone, "#tap-8s")
    assert phone.locator(".notice").count() == 1  # 8 cannot start a run
    tap(phone, "#tap-3s")
    assert phone.locator(".melds .meld").count() == 1


def test_switch_language(phone) -> None:  # type: ignore[no-untyped-def]
    enter_seed_example(phone)
    phone.click("button[name=language][value=en]")
    phone.wait_for_load_state()
    assert "Who pays whom" in phone.content()
    assert "大幺明杠" in phone.content()  # Chinese terms on English pages: simplified
    shot(phone, "seed-example-en")
    phone.goto(phone.base_url + "/")
    assert phone.locator("html").get_attribute("lang") == "en"  # remembered


def test_the_browsers_language_is_followed(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    for locale, lang in (("zh-TW", "zh-hant"), ("en-US", "en"), ("zh-CN", "zh-hans")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        page.goto(live_server.url + "/")
        assert page.locator("html").get_attribute("lang") == lang
        context.close()


def test_keyboard_only_entry(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/")
    for _n in range(120):
        phone.keyboard.press("Tab")
        if phone.evaluate("document.activeElement.classList.contains('key')"):
            break
    else:
        pytest.fail("the tile pad cannot be reached with Tab")
    # The pad is one Tab stop; the arrow keys move inside it (1m → 4m → 7m → 1s).
    for _n in range(3):
        phone.keyboard.press("ArrowDown")
    assert phone.evaluate("document.activeElement.id") == "tap-1s"
    for _n in range(2):
        with phone.expect_response(lambda r: r.request.method == "POST"):
            phone.keyboard.press("Enter")
        settle(phone)
        assert phone.evaluate("document.activeElement.id") == "tap-1s"  # focus stays put
    assert phone.locator("input[name=h]").input_value() == "11s"


def test_works_without_javascript(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + SEED)
    page.click("#tap-2s")  # a plain form post, redirected to the page's address
    assert page.locator(".total").inner_text() == "60 hu"
    assert "w=2s" in page.url
    context.close()


def test_thirteen_tiles_show_their_waits_and_tapping_one_wins(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + SEED)
    wait = phone.locator("#wait-2s")
    assert "60 胡" in wait.inner_text() and "4" in wait.inner_text()
    assert "自摸" in phone.locator(".waits-title").inner_text()
    tap(phone, "#wait-2s")
    assert phone.locator(".total").inner_text() == "60 胡"


# --- nothing lost between taps -------------------------------------------------


def test_typing_zhen_for_four_seats_keeps_all_four(phone) -> None:  # type: ignore[no-untyped-def]
    """Type a 针 value, tap the next seat's box, type again: nothing closes or goes missing."""
    phone.goto(
        phone.base_url
        + "/?r=chuzhou&h=234m567m345p79s11z&w=8s&s=E&d=E&b=discard&dc=S&g=ready_declared"
    )
    phone.tap("#tablestate summary")
    phone.evaluate("window.scrollTo(0, document.querySelector('#tablestate').offsetTop - 40)")
    scrolled = phone.evaluate("window.scrollY")
    for seat, value in zip("ESWN", "2345", strict=True):
        box = phone.locator(f"#t-zhen-{seat}")
        box.tap()
        box.press("Control+a")
        phone.keyboard.type(value)
    phone.locator("#tablestate summary").focus()  # leaving the last box sends it too
    until(phone, "() => new URL(location).searchParams.get('t.zhen') !== null")
    phone.wait_for_timeout(300)
    settle(phone)
    assert phone.locator("#tablestate").get_attribute("open") is not None
    for seat, value in zip("ESWN", "2345", strict=True):
        assert phone.locator(f"#t-zhen-{seat}").input_value() == value
    assert query_of(phone)["t.zhen"] == ["E:2,S:3,W:4,N:5"]
    assert abs(phone.evaluate("window.scrollY") - scrolled) < 60
    shot(phone, "zhen-typed")


def test_open_sections_stay_open_across_taps(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/")
    phone.tap("#house summary")
    phone.tap("#notation summary")
    tap(phone, "#tap-1m")
    assert phone.locator("#house").get_attribute("open") is not None
    assert phone.locator("#notation").get_attribute("open") is not None


def test_switching_region_with_javascript_drops_nothing_falsely(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/?r=laosanfan&h=123m456p789s")
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.select_option("#region", "jinhu")
    settle(phone)
    assert phone.locator(".notice").count() == 0
    assert phone.locator("input[name=h]").input_value() == "123m456p789s"


# --- guided entry --------------------------------------------------------------


def test_bao_is_picked_by_tapping(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/?r=changchun&h=123m456p789s1155z&s=E&d=E&g=ready_declared")
    tap(phone, "#entry-bao")
    tap(phone, "#tap-9p")
    assert query_of(phone)["t.bao_tile"] == ["9p"]
    assert phone.locator(".picked svg").get_attribute("aria-label") == "九筒"
    assert phone.locator("#entry-bao").get_attribute("aria-pressed") == "false"


def test_an_egg_is_marked_and_refuses_a_stray_tile(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/?r=changchun")
    tap(phone, "#entry-egg\\.xuanfeng")
    for code in ("1z", "2z", "3z", "4z"):
        tap(phone, f"#tap-{code}")
    assert phone.locator(".egg-building").is_visible()
    tap(phone, "#tap-1m")  # forgot 完成: the 1m does not go into the egg
    assert phone.locator(".egg-building svg").count() == 4
    assert "一万" in phone.locator(".notice").inner_text()
    tap(phone, "#egg-done")
    assert phone.locator(".melds .meld").count() == 1
    assert phone.locator(".egg-building").count() == 0


def test_an_error_sits_beside_its_cause_and_links_there(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + "/?r=laosanfan&h=13s66m888m&w=2s&s=S&b=discard")
    who_error = phone.locator("#who .error")
    assert who_error.count() == 1
    link = phone.locator("#result .fixes a[href='#who']")
    assert link.count() == 1
    shot(phone, "error-zh-hans")


# --- a thumb's targets and accessibility ----------------------------------------

PAGES = [
    "/",
    SEED,
    SEED + "&w=2s",
    SEED + "&w=2s&b=discard&dc=E",
    "/?r=laosanfan&h=13s66m888mx&w=2s",
    "/?r=jinhu",
    "/?r=chuzhou&h=234m567m345p79s11z&w=8s&s=E&d=E&b=discard&dc=S&g=ready_declared",
    "/?r=sanmen&n=3",
    "/?r=changchun&e=egg.xuanfeng&pm=12z",
    "/?r=changchun&h=123m456p789s1155z&w=5z&s=E&d=E&g=ready_declared&t.bao_tile=9p",
    "/?r=guobiao&h=123m456m789m123p5p&w=5p&s=S&d=E&b=discard&dc=W&f=1f2f&t.round_wind=S",
    "/?r=guobiao&h=19m19p19s1234567z&s=S&d=E&b=self_draw",
    "/rules/laosanfan/",
    "/rules/changchun/",
    "/rules/guobiao/",
    "/glossary/",
    "/compare/?r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw",
]


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_every_control_is_a_thumbs_target(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    phone.context.add_cookies(
        [{"name": "django_language", "value": language, "url": phone.base_url}]
    )
    for path in PAGES:
        phone.goto(phone.base_url + path)
        phone.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        small = small_targets(phone)
        assert not small, (path, small)


def test_every_tile_is_named_in_the_pages_language(phone) -> None:  # type: ignore[no-untyped-def]
    for language, name in (("zh-hans", "九万"), ("zh-hant", "九萬"), ("en", "9 Characters")):
        phone.context.add_cookies(
            [{"name": "django_language", "value": language, "url": phone.base_url}]
        )
        phone.goto(phone.base_url + SEED)
        labels = phone.eval_on_selector_all(
            "svg.tile", "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert name in labels
        assert all(label and not re.fullmatch(r"\d[mpszf]", label) for label in labels)


def test_phone_screenshots(phone) -> None:  # type: ignore[no-untyped-def]
    for language in ("zh-hans", "zh-hant", "en"):
        phone.context.add_cookies(
            [{"name": "django_language", "value": language, "url": phone.base_url}]
        )
        phone.goto(phone.base_url + "/")
        assert shot(phone, f"empty-{language}").stat().st_size > 0
        phone.goto(phone.base_url + SEED + "&w=2s")
        shot(phone, f"result-{language}")
