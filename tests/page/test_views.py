"""The calculator page through Django's test client: full page, htmx fragment,
the no-JavaScript post, share links, edits by tapping, languages."""

from __future__ import annotations

import html
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.page.present.taps import REFUSALS
from calculator.page.state import (
    MeldEntry,
    PageState,
    Refusal,
    Tiles,
    egg_ready,
    finish_egg,
    remove,
    tap,
)

T = Tiles.read

SEED = "/?r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw"


def form_of(url: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(url).query)


def post(client: Client, data: dict[str, object], htmx: bool = False):  # type: ignore[no-untyped-def]
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post("/", data, headers=headers)


def test_full_page_shows_the_seed_example(client: Client) -> None:
    page = client.get(SEED).content.decode()
    assert "<html" in page
    assert 'class="total">60 胡' in page
    assert "大幺明杠" in page and "夹中胡" in page  # the seed's terms, in the page's script
    assert "30 + 16 + 2 + 4 + 2 + 2 = 56 胡" in page
    assert "东家付 60 银" not in page and "南家共收 120 银" in page


def test_htmx_gets_the_fragment_and_the_url(client: Client) -> None:
    data = {k: v for k, v in form_of(SEED).items()}
    response = post(client, {**data, "tap": "1z"}, htmx=True)
    page = response.content.decode()
    assert "<html" not in page and page.lstrip().startswith('<div id="calc">')
    assert response.headers["HX-Replace-Url"].startswith("/?r=laosanfan")
    assert 'class="total">60 胡' in page  # the hand was full: the tap changed nothing


def test_post_without_javascript_redirects_to_the_canonical_url(client: Client) -> None:
    response = post(client, {"r": "laosanfan", "h": "13s66m888m", "tap": "2s"})
    assert response.status_code == 303
    state = form_of(response.headers["Location"])
    assert state["h"] == ["66888m123s"]  # canonical notation
    page = client.get(response.headers["Location"]).content.decode()
    assert 'name="h" value="66888m123s"' in page


def test_share_link_round_trip() -> None:
    state = PageState.from_query(
        {k: v[-1] for k, v in form_of(SEED).items()} | {"o.tier": "yao_ban_liu", "t.bao_seat": "W"}
    )
    again = PageState.from_query({k: v[-1] for k, v in parse_qs(state.query()).items()})
    assert again == state
    assert state.options == {"tier": "yao_ban_liu"}


def test_share_link_opens_the_same_result(client: Client) -> None:
    first = client.get(SEED).content.decode()
    share = first.split('id="share-url" value="', 1)[1].split('"', 1)[0]
    again = client.get(html.unescape(share).replace("http://testserver", "")).content.decode()
    assert 'class="total">60 胡' in again


def test_default_options_stay_out_of_the_link() -> None:
    state = PageState.from_query({"r": "laosanfan", "o.pair_hu": "0", "o.tier": "yao_ban_san"})
    assert state.options == {}
    assert "o." not in state.query()


def test_tapping_fills_the_hand_then_the_winning_tile() -> None:
    state = PageState()
    for code in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z"]:
        state, refused = tap(state, code)
        assert refused is None
    assert state.hand == T("123m456p789s1115z") and not state.win
    state, _ = tap(state, "5z")
    assert state.win == T("5z")
    assert tap(state, "9m") == (state, Refusal("hand_full", "9m"))  # nothing more fits


def test_a_fifth_copy_cannot_be_entered(client: Client) -> None:
    state = PageState(hand=T("1111m"))
    assert tap(state, "1m") == (state, Refusal("used_up", "1m"))
    page = client.get("/?r=laosanfan&h=1111m").content.decode()
    assert 'id="tap-1m" aria-disabled="true"' in page
    # The tap still reaches the server, which says why nothing happened.
    page = post(client, {"r": "laosanfan", "h": "1111m", "tap": "1m"}, htmx=True).content.decode()
    notice = page.split('class="notice"', 1)[1].split("</p>", 1)[0]
    with translation.override("zh-hans"):
        assert str(REFUSALS["used_up"]) % {"tile": "一万"} in notice


def test_melds_by_one_tap() -> None:
    state, _ = tap(PageState(entry="pong"), "5m")
    assert state.melds == (MeldEntry("pong", T("555m")),) and state.entry == "hand"
    state, _ = tap(PageState(entry="chi"), "3s")
    assert state.melds == (MeldEntry("chi", T("345s")),)
    assert tap(PageState(entry="chi"), "8s")[1] == Refusal("chi_start", "8s")
    state, _ = tap(PageState(entry="concealed_kong"), "7z")
    assert state.melds == (MeldEntry("concealed_kong", T("7777z")),)
    assert state.need_in_hand == 10
    assert tap(PageState(hand=T("55m"), entry="kong"), "5m")[1] == Refusal("too_few", "5m")


def test_removing_things() -> None:
    state = PageState(
        hand=T("123m"), win=T("4m"), melds=(MeldEntry("pong", T("555p")),), flowers=T("1f")
    )
    assert remove(state, "h1").hand == T("13m")
    assert not remove(state, "w").win
    assert remove(state, "m0").melds == ()
    assert not remove(state, "f0").flowers
    assert remove(state, "h9") == state


def test_flowers_go_to_the_tray() -> None:
    assert tap(PageState(), "6f")[0].flowers == T("6f")
    assert tap(PageState(flowers=T("6f")), "6f") == (  # one of each
        PageState(flowers=T("6f")),
        Refusal("used_up", "6f"),
    )


def test_errors_show_beside_the_hand_and_nothing_is_lost(client: Client) -> None:
    page = client.get("/?r=laosanfan&h=13s66m888mx&w=2s").content.decode()
    assert 'class="error"' in page
    assert 'name="h" value="13s66m888mx"' in page  # what was typed stays


def test_a_non_winning_hand_says_why(client: Client) -> None:
    client.cookies["django_language"] = "en"
    page = client.get("/?r=laosanfan&h=1357m2468p13579s&w=1z").content.decode()
    assert "four sets and a pair" in page
    client.cookies["django_language"] = "zh-hans"
    page = client.get("/?r=laosanfan&h=1357m2468p13579s&w=1z").content.decode()
    with translation.override("zh-hans"):
        said = _("the tiles do not make four sets and a pair")
    assert "four sets" not in page and said in page


def test_discarder_choice_appears_for_a_discard(client: Client) -> None:
    page = client.get(SEED.replace("self_draw", "discard")).content.decode()
    assert 'name="dc"' in page
    assert "Choose who discarded" in page or "放炮" in page


def test_options_and_table_reach_the_engine(client: Client) -> None:
    page = client.get(SEED + "&o.tier=tui_dao_ba").content.decode()
    assert 'class="total">100 银' in page  # 推倒八 pays its figure (issue 43, point 3)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("zh-hans", "谁付给谁"), ("zh-hant", "誰付給誰"), ("en", "Who pays whom")],
)
def test_languages(client: Client, language: str, expected: str) -> None:
    client.cookies["django_language"] = language
    page = client.get(SEED).content.decode()
    assert f'lang="{language}"' in page
    assert expected in page
    term = {"zh-hans": "大幺明杠", "zh-hant": "大幺明槓", "en": "大幺明杠"}[language]
    assert term in page  # the seed's term, in the page's script (English pages: simplified)
    if language == "en":
        assert "exposed kong of terminals/honors" in page


@pytest.mark.parametrize(
    ("asked", "served"),
    [
        ("zh-TW,zh;q=0.9", "zh-hant"),
        ("zh-HK", "zh-hant"),
        ("zh-MO", "zh-hant"),
        ("zh-CN,zh;q=0.9", "zh-hans"),
        ("zh-SG", "zh-hans"),
        ("zh", "zh-hans"),
        ("en-US,en;q=0.9", "en"),
        ("en-GB", "en"),
        ("fr-FR,fr;q=0.9", "zh-hans"),
        ("", "zh-hans"),
    ],
)
def test_the_browsers_language_is_followed(client: Client, asked: str, served: str) -> None:
    page = client.get("/", headers={"accept-language": asked}).content.decode()
    assert f'<html lang="{served}">' in page


def test_the_switch_wins_over_the_browser(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    page = client.get("/", headers={"accept-language": "en-US"}).content.decode()
    assert '<html lang="zh-hant">' in page


def test_language_switch_remembers(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert 'lang="en"' in client.get("/").content.decode()


def test_first_view_is_light_and_self_contained(client: Client) -> None:
    """≤ 100 KB gzip for the page and every asset it loads, all from this app."""
    import gzip
    import re

    from django.contrib.staticfiles import finders

    page = client.get(SEED).content
    total = len(gzip.compress(page))
    assets = set(re.findall(rb'(?:src|href)="(/static/[^"#]+)', page))
    assert assets, "the page loads its css, script, htmx and tiles from /static/"
    for url in assets:
        path = finders.find(url.decode().removeprefix("/static/"))
        assert path, url
        with open(path, "rb") as f:
            total += len(gzip.compress(f.read()))
    assert total <= 100 * 1024, total
    assert not re.search(rb'(?:src|href)="(?:https?:)?//', page), "no external requests"


def test_changing_region_keeps_what_fits_and_says_what_was_dropped(client: Client) -> None:
    data = {
        "cur_r": "laosanfan",
        "r": "jinhu",
        "h": "123m456p789s11z55p",
        "w": "5p",
        "m": "c123s",
        "f": "1f",
        "o.tier": "yao_ban_liu",
    }
    page = post(client, data, htmx=True).content.decode()
    assert 'name="h" value="123m45556p789s"' in page  # the winds are gone, the rest kept
    assert 'name="w" value="5p"' in page
    assert 'name="m" value=""' in page  # 金湖 has no chi
    assert 'name="f" value="1f"' in page  # flowers still fit
    notice = page.split('class="notice"', 1)[1].split("</p>", 1)[0]
    assert "东风" in notice and "吃" in notice and "大小类别" in notice


def test_changing_region_with_every_rule_at_its_default_says_nothing(client: Client) -> None:
    """The form posts every house rule of the old region; none was changed."""
    data = {"cur_r": "laosanfan", "r": "jinhu", "o.tier": "yao_ban_san", "o.pair_hu": "0"}
    page = post(client, data, htmx=True).content.decode()
    assert 'class="notice"' not in page


def test_jinhu_dragons_go_to_the_flower_tray() -> None:
    state, _ = tap(PageState(region="jinhu"), "7z")
    assert state.flowers == T("7z") and not state.hand
    for _ in range(3):
        state, _ = tap(state, "7z")
    assert state.flowers == T("7777z")
    assert tap(state, "7z") == (state, Refusal("used_up", "7z"))  # four 中 at most


def test_chuzhou_zhen_and_events_reach_the_engine(client: Client) -> None:
    url = (
        "/?r=chuzhou&h=234m567m345p79s11z&w=8s&s=E&d=E&b=discard&dc=S&g=ready_declared"
        "&t.zhen.E=2&ev.follow_discard.N=1"
    )
    page = client.get(url).content.decode()
    assert 'class="total">20 番' in page
    # 20 + 点胡 10 + 10 × (2×2 + 1) = 80 from S
    assert "20 + 点胡 10 + 10 × (4 + 1)" in page
    assert page.count("现场汇：跟打") == 3
    assert 'id="t-zhen-E" value="2"' in page and 'id="t-zhen-S" value="1"' in page


def test_an_egg_is_built_tile_by_tile_with_yaoji_as_hui() -> None:
    state = PageState(region="changchun", entry="egg.xuanfeng")
    for code in ("1z", "2z", "3z", "1s", "4z"):
        state, _ = tap(state, code)
    state = finish_egg(state)
    (egg,) = state.melds
    assert egg == MeldEntry("egg", T("1s1234z"), "xuanfeng", 1)
    assert MeldEntry.parse(egg.token) == egg
    assert state.to_json()["melds"] == [
        {"type": "egg", "tiles": "1s1234z", "kind": "xuanfeng", "hui": 1}
    ]
    yao = PageState(region="changchun", entry="egg.yao")
    for code in ("1m", "1s", "1s", "1p"):
        yao, _ = tap(yao, code)
    assert finish_egg(yao).melds[0].hui == 1  # one 1s is itself, the other stands in


def test_an_egg_refuses_a_tile_that_is_not_its_own() -> None:
    state = PageState(region="changchun", entry="egg.xuanfeng")
    for code in ("1z", "2z", "3z", "4z"):
        state, _ = tap(state, code)
    assert egg_ready(state)
    assert tap(state, "1m") == (state, Refusal("not_in_egg", "1m"))
    assert tap(state, "1s")[1] is None  # 幺鸡 may stand in


def test_other_players_kongs_earn_kong_money(client: Client) -> None:
    state, _ = tap(PageState(region="sanmen", entry="other.W.concealed_kong"), "8m")
    assert state.other == (("W", MeldEntry("concealed_kong", T("8888m"))),)
    assert state.left(7) == 0  # all four 8m are in sight
    url = "/?r=sanmen&h=123m456p789s11z22z&w=2z&s=E&d=E&b=self_draw&om=Wx8888m"
    page = client.get(url).content.decode()
    assert "杠分 暗杠" in page


def test_sanmen_palette_marks_the_wild_tile(client: Client) -> None:
    page = client.get("/?r=sanmen").content.decode()
    assert '<span class="wild">财神</span>' in page


def test_a_full_hand_shows_its_waits_and_tapping_one_wins(client: Client) -> None:
    page = client.get(
        "/?r=laosanfan&h=13s66m888m&m=k9999m+p555m&s=S&d=E&b=self_draw"
    ).content.decode()
    assert 'id="wait-2s"' in page and '<span class="wt">60 胡</span>' in page
    with translation.override("zh-hans"):
        left = _("%(n)s left") % {"n": 4}
    assert left in page.split('id="wait-2s"', 1)[1].split("</button>", 1)[0]  # copies left
    assert "自摸" in page.split('class="waits-title"', 1)[1].split("</p>", 1)[0]
    response = post(
        client,
        {
            "r": "laosanfan",
            "h": "13s66m888m",
            "m": "k9999m p555m",
            "s": "S",
            "d": "E",
            "b": "self_draw",
            "tap": "2s",
        },
        htmx=True,
    )
    assert 'class="total">60 胡' in response.content.decode()


def test_unicode_digits_in_the_address_are_just_text(client: Client) -> None:
    """Found by make fuzz: '²'.isdigit() is true, but int('²') fails."""
    assert (
        client.get("/", {"ev.follow_discard.N": "²", "club": "²", "n": "²", "rm": "h²"}).status_code
        == 200
    )
    assert client.get("/", {"r": "chuzhou", "t.zhen.E": "²", "o.base": "²"}).status_code == 200


def test_a_phone_can_keep_the_calculator_on_its_home_screen(client: Client) -> None:
    page = client.get("/").content.decode()
    assert 'rel="manifest"' in page and 'rel="icon"' in page and 'rel="apple-touch-icon"' in page
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["start_url"] == "/" and data["display"] == "standalone"
    assert {i["sizes"] for i in data["icons"]} >= {"192x192", "512x512"}
    assert client.get("/favicon.ico").status_code == 301


def test_share_and_copy_are_offered(client: Client) -> None:
    page = client.get(SEED).content.decode()
    assert 'data-share="#share-url"' in page and 'data-copy="#share-url"' in page
    assert 'role="status" id="copied"' in page  # where the copy says it is done


GUOBIAO = "/?r=guobiao&h=123m456m789m123p5p&w=5p&s=S&d=E&b=discard&dc=W&f=1f2f&t.round_wind=S"


@pytest.mark.parametrize(
    ("language", "cite", "wind", "collects"),
    [
        ("zh-hans", "国标番种 28", "圈风 南风", "南家共收 49"),
        ("zh-hant", "國標番種 28", "圈風 南風", "南家共收 49"),
        ("en", "MCR fan 28", "Prevalent wind South wind", "South collects 49"),
    ],
)
def test_a_guobiao_hand_shows_each_fan_with_its_number(
    language: str, cite: str, wind: str, collects: str
) -> None:
    client = Client()
    client.cookies["django_language"] = language
    page = client.get(GUOBIAO)
    assert page.status_code == 200
    text = " ".join(html.unescape(page.content.decode()).split())
    assert cite in text  # 清龙, numbered as in the rulebook
    assert collects in text  # 8 + 25 from the discarder, 8 from each other player
    assert wind.replace(" ", "") in text.replace(" ", "")  # the next hand's prevalent wind
    # only the flags that change a 国标 score are offered
    assert 'value="last_of_kind"' in text and 'value="kong_replacement"' in text
    assert 'value="heavenly"' not in text and 'value="ready_declared"' not in text
    assert 'name="t.ready"' not in text  # no 报听 in 国标, so nobody else's ready either
    # the prevalent wind is picked as a wind, and kept
    assert 'name="t.round_wind" value="S" checked' in text


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_too_many_copies_says_the_fix_of_its_cause(client: Client, language: str) -> None:
    # A fifth 5p made by robbing a kong is undone by another way of winning;
    # five typed into the hand, by taking one back.
    client.cookies["django_language"] = language
    with translation.override(language):
        take_back = _("Take one of them back.")
        another_way = _(
            "Choose another way of winning under “Who won, and how”, or check the tiles."
        )
    robbed = "/?r=laosanfan&h=234m456p789s46p11z&w=5p&s=S&d=E&b=robbing_kong&dc=W"
    page = html.unescape(client.get(robbed).content.decode())
    assert another_way in page and take_back not in page
    five = "/?r=laosanfan&h=234m55555p789s11z&w=1z&s=S&d=E&b=self_draw"
    page = html.unescape(client.get(five).content.decode())
    assert take_back in page and another_way not in page
