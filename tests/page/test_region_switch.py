"""A switch of region loses nothing (issue 25, point 1): what the new region
cannot use is set aside, shown with the reason and back on the way back;
each region keeps its own house rules; one tap undoes the switch. Posted as
the page's own form would post it, without JavaScript (a redirect to the
address) and with htmx (the fragment and the address), then in Chromium."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.page.state import PageState
from calculator.words.wording import EVENTS, FLAGS, TABLE, WIN_BY, label_of
from rules.engine import score
from tests.browser.support import settle, shot, small_targets, tap

SEED = "/?r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw"
TIER = SEED + "&o.tier=yao_ban_liu"


class Form(HTMLParser):
    """The fields the calculator's form submits, as a browser would: hidden,
    text and number inputs, checked radios and boxes, selected options."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._first: tuple[str, str] | None = None
        self._chosen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name") and a.get("type", "text") != "submit":
            if a.get("type") in ("radio", "checkbox") and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "on" if a.get("type") else "")))
        elif tag == "select":
            self._select, self._first, self._chosen = a.get("name"), None, False
        elif tag == "option" and self._select:
            option = (self._select, a.get("value", ""))
            self._first = self._first or option
            if "selected" in a:
                self.fields.append(option)
                self._chosen = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self._select:
            if not self._chosen and self._first:
                self.fields.append(self._first)
            self._select = None


def fields(client: Client, url: str) -> list[tuple[str, str]]:
    page = client.get(url).content.decode()
    form = page.split('<form id="calc-form"', 1)[1].split("</form>", 1)[0]
    parser = Form()
    parser.feed(form)
    return [(k, v) for k, v in parser.fields if k != "csrfmiddlewaretoken"]


def submit(client: Client, url: str, *, htmx: bool = False, **change: str) -> tuple[str, str]:
    """Post the page at ``url`` as its form stands with ``change`` applied (a
    field set, or a button pressed); answers the address it leads to and its page."""
    data: dict[str, list[str]] = {}
    for k, v in fields(client, url):
        data.setdefault(k, []).append(v)
    for k, v in change.items():
        data[k] = [v]
    if htmx:
        response = client.post("/", data, headers={"HX-Request": "true"})
        assert response.status_code == 200
        return response.headers["HX-Replace-Url"], response.content.decode()
    response = client.post("/", data)
    assert response.status_code == 303  # a plain post goes to the address
    location = response.headers["Location"]
    return location, client.get(location).content.decode()


def state_of(url: str) -> PageState:
    return PageState.from_query(dict(parse_qsl(urlsplit(url).query)))


def scored(url: str) -> tuple[int, dict[str, int]]:
    got = score(state_of(url).to_json())
    assert got.ok and got.winning, got.errors
    return got.total, dict(got.net)


def aside_text(page: str) -> str:
    return page.split('id="aside"', 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_jinhu_sets_the_kong_aside_and_gives_it_back(client: Client, htmx: bool) -> None:
    before = scored(SEED)
    assert before == (60, {"E": -60, "S": 120, "W": -30, "N": -30})
    url, page = submit(client, SEED, htmx=htmx, r="jinhu")
    jinhu = state_of(url)
    assert jinhu.region == "jinhu" and [m.token for m in jinhu.melds] == ["p555m"]
    assert "k9999m" not in str(jinhu.to_json())  # the engine scores only what 金湖 uses
    with translation.override("zh-hans"):
        said = aside_text(page)
        assert "金湖老三番不用这些，先放一边" in said and "明杠" in said and "九万" in said
        assert _("Undo the switch: back to %(region)s") % {"region": "老三番"} in said
    url, page = submit(client, url, htmx=htmx, r="laosanfan")
    back = state_of(url)
    assert [m.token for m in back.melds] == ["k9999m", "p555m"]  # in its place
    assert not back.aside and "notice" not in aside_text(page)  # only the way to 金湖 again
    assert scored(url) == before


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_the_tier_survives_a_trip_through_sanmen(client: Client, htmx: bool) -> None:
    before = scored(TIER)
    assert before == (90, {"E": -100, "S": 200, "W": -50, "N": -50})  # the seed's 么半六
    url, page = submit(client, TIER, htmx=htmx, r="sanmen")
    sanmen = state_of(url)
    assert sanmen.options == {} and sanmen.kept == {"laosanfan": {"tier": "yao_ban_liu"}}
    assert sanmen.to_json()["rules"] == {}  # 三门 is scored at its own defaults
    with translation.override("zh-hans"):
        assert "老三番的规则选项保留着" in aside_text(page) and "么半六" in aside_text(page)
    url, page = submit(client, url, htmx=htmx, r="laosanfan")
    back = state_of(url)
    assert back.options == {"tier": "yao_ban_liu"} and not back.kept
    assert 'type="radio" name="o.tier" value="yao_ban_liu" checked' in page
    assert scored(url) == before


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_one_tap_undoes_the_switch(client: Client, htmx: bool) -> None:
    start = TIER + "&f=1f"
    url, _page = submit(client, start, htmx=htmx, r="changchun")  # no flowers, no tier
    assert state_of(url).aside.flowers.notation == "1f"
    url, page = submit(client, url, htmx=htmx, undo="1")
    assert state_of(url) == state_of(start)
    assert state_of(url).query() == state_of(start).query()
    assert 'id="aside"' not in page and 'name="undo"' not in page


def test_the_undo_button_is_a_plain_submit(client: Client) -> None:
    url, page = submit(client, SEED, r="jinhu")
    assert '<button type="submit" name="undo" value="1" id="undo"' in page
    assert "pr=laosanfan" in url


def test_what_comes_back_each_region_sets_aside_its_own_way(client: Client) -> None:
    """Hand tiles, flags, table state, events and the way it was won: each set
    aside where the region cannot use it, each back where it can."""
    start = (
        "/?r=chuzhou&h=234m567m345p79s11z&w=8s&s=E&d=E&b=robbing_kong&dc=S"
        "&g=ready_declared&g=jue_zhang&t.zhen=E:2,S:1&ev.follow_discard.N=1"
    )
    chuzhou, _page = submit(client, start)  # as the form holds it (针 1 for the others)
    url, page = submit(client, chuzhou, r="jinhu")  # no winds, no robbing, no 针, no 现场汇
    jinhu = state_of(url)
    assert jinhu.win_by == "self_draw" and jinhu.flags == ("ready_declared",)
    assert not jinhu.table and not jinhu.events and jinhu.hand.notation == "234567m345p79s"
    aside = jinhu.aside
    assert (aside.win_by, aside.discarder, aside.flags) == ("robbing_kong", "S", ("jue_zhang",))
    assert aside.table == {"zhen": "E:2,S:1,W:1,N:1"} and aside.events == {"follow_discard.N": 1}
    assert aside.hand.notation == "11z"
    with translation.override("zh-hans"):
        said = aside_text(page)
        for terms, code in ((WIN_BY, "robbing_kong"), (FLAGS, "jue_zhang"), (TABLE, "zhen")):
            assert label_of(terms, code) in said
        assert label_of(EVENTS, "follow_discard") in said and "东风" in said
    url, _page = submit(client, url, r="sanmen")  # the winds and the robbing come back
    sanmen = state_of(url)
    assert sanmen.win_by == "robbing_kong" and sanmen.discarder == "S"
    assert sanmen.hand.notation == "234567m345p79s11z"
    assert sanmen.aside.flags == ("jue_zhang",) and "zhen" in sanmen.aside.table
    url, page = submit(client, url, r="chuzhou")
    assert state_of(url).query() == state_of(chuzhou).query() + "&pr=sanmen"
    assert not state_of(url).aside and "notice" not in aside_text(page)


def test_the_number_of_players_comes_back(client: Client) -> None:
    three, _page = submit(client, "/?r=sanmen&h=123m456p789s1122z&w=1z&s=S", n="3")
    assert state_of(three).players == 3
    url, _page = submit(client, three, r="laosanfan")
    assert state_of(url).players == 4 and state_of(url).aside.players == 3
    url, _page = submit(client, url, r="sanmen")
    assert state_of(url).players == 3 and not state_of(url).aside


def test_clearing_the_hand_forgets_what_was_set_aside_but_not_the_house_rules(
    client: Client,
) -> None:
    url, _page = submit(client, TIER, r="jinhu")
    url, _page = submit(client, url, clear="1")
    cleared = state_of(url)
    assert not cleared.aside and not cleared.melds and not cleared.undo
    assert cleared.kept == {"laosanfan": {"tier": "yao_ban_liu"}}


HONOURS = "/?r=laosanfan&h=123m456m789m12p777z&s=S&d=E&b=self_draw"


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
@pytest.mark.parametrize(
    ("language", "to_flowers", "back"),
    [
        ("zh-hans", "金湖老三番把红中、红中、红中算作花牌：已移到花牌。", "已从花牌移回手牌"),
        ("zh-hant", "金湖老三番把紅中、紅中、紅中算作花牌：已移到花牌。", "已從花牌移回手牌"),
        ("en", "counts Red Dragon, Red Dragon, Red Dragon as flowers", "moved back"),
    ],
)
def test_a_tile_the_new_region_counts_as_a_flower_moves_there_and_back(
    client: Client, htmx: bool, language: str, to_flowers: str, back: str
) -> None:
    """老三番 → 金湖: 中 is a flower in 金湖, so the hand's 中 go to the
    flowers, said beside what was set aside; and back (issue 33, point 4)."""
    client.cookies["django_language"] = language
    url, page = submit(client, HONOURS, htmx=htmx, r="jinhu")
    moved = state_of(url)
    assert moved.flowers.notation == "777z" and "7z" not in moved.hand.notation
    assert moved.hand.notation == "123456789m12p"
    if htmx:  # the plain post's note is a message at the page's top
        assert to_flowers in aside_text(page)
    else:
        assert to_flowers in page
    url, page = submit(client, url, htmx=htmx, r="laosanfan")
    again = state_of(url)
    assert again.hand.notation == state_of(HONOURS).hand.notation and not again.flowers
    assert back in page


def test_the_stake_is_one_row_at_the_top_and_not_among_the_house_rules(client: Client) -> None:
    page = client.get("/?r=laosanfan").content.decode()
    top, rest = page.split('id="who"', 1)
    assert top.count('name="o.tier"') == 4 and 'name="o.tier"' not in rest
    assert 'name="o.base"' in client.get("/?r=sanmen").content.decode().split('id="who"')[0]
    assert 'id="stake"' not in client.get("/?r=jinhu").content.decode()
    url, _page = submit(client, "/?r=laosanfan", **{"o.tier": "yao_ban_liu"})
    assert "o.tier=yao_ban_liu" in url


# --- in Chromium ---------------------------------------------------------------


def query_of(page) -> PageState:  # type: ignore[no-untyped-def]
    return state_of(page.url)


def switch(page, region: str) -> None:  # type: ignore[no-untyped-def]
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.select_option("#region", region)  # the phone's own picker, then change
    settle(page)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_switch_and_undo_with_real_taps(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    phone.context.add_cookies(
        [{"name": "django_language", "value": language, "url": phone.base_url}]
    )
    phone.goto(phone.base_url + SEED)
    tap(phone, "#stake input[value=yao_ban_liu]")
    before = phone.locator("#quick").inner_text()
    assert "200" in before
    switch(phone, "jinhu")
    assert [m.token for m in query_of(phone).melds] == ["p555m"]
    assert phone.locator("#aside .notice").is_visible()
    assert phone.locator("#undo").is_visible()
    assert not small_targets(phone)
    shot(phone, f"region-set-aside-{language}")
    tap(phone, "#undo")
    assert [m.token for m in query_of(phone).melds] == ["k9999m", "p555m"]
    assert query_of(phone).options == {"tier": "yao_ban_liu"}
    assert phone.locator("#aside").count() == 0
    assert phone.locator("#quick").inner_text() == before
    switch(phone, "sanmen")
    switch(phone, "laosanfan")
    assert phone.locator("#stake input[value=yao_ban_liu]").is_checked()
    assert phone.locator("#quick").inner_text() == before


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_switch_and_undo_without_javascript(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + TIER)
    page.select_option("#region", "jinhu")
    page.click("#region-bar button.nojs")  # 应用: a plain post, redirected to the address
    assert state_of(page.url).aside.melds and page.locator("#aside .notice").is_visible()
    page.click("#undo")
    assert state_of(page.url) == state_of(TIER)
    assert page.locator("#aside").count() == 0
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_note_of_a_move_is_on_the_screen_uncovered(phone) -> None:  # type: ignore[no-untyped-def]
    phone.goto(phone.base_url + HONOURS)
    switch(phone, "jinhu")
    note = "#aside .notice[role=status]"
    assert "红中" in phone.locator(note).inner_text()
    assert phone.evaluate(
        """(selector) => {
            const el = document.querySelector(selector);
            el.scrollIntoView({block: 'nearest'});
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return r.top >= 0 && r.bottom <= innerHeight && (hit === el || el.contains(hit));
        }""",
        note,
    )
    assert query_of(phone).flowers.notation == "777z"
