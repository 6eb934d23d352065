"""The pictures to share (issue 44): a hand's verdict and a night's results,
drawn on the server from the values the page shows; their Open Graph tags."""

from __future__ import annotations

import html
import re
import time
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from django.utils import translation

from calculator.events.models import Event, Table
from calculator.events.picture import fewest_transfers, night_of_event
from calculator.events.standings import standings
from calculator.page.public import page_context
from calculator.page.state import PageState
from calculator.pictures import fonts
from calculator.pictures.canvas import MARGIN, TILE_W, WIDTH
from calculator.pictures.night import Night, Standing, pages
from calculator.pictures.night import draw as draw_night
from calculator.pictures.tiles import tile_image
from calculator.pictures.verdict import draw as draw_hand
from calculator.pictures.verdict import hand_values
from calculator.words.tile_names import TILE_CODES
from calculator.words.wording import region_name
from rules.engine import score
from tests.club.test_what_is_saved import HAND as SAVED_HAND
from tests.club.test_what_is_saved import here
from tests.events.support import club_night
from tests.pictures.support import CHUZHOU, FOUR_KONGS, not_blank, opened, query

pytestmark = pytest.mark.django_db
LANGUAGES = ("zh-hans", "zh-hant", "en")


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()


@pytest.mark.parametrize("indexed", [False, True])
def test_every_tile_of_the_page_art_is_drawn_and_is_not_blank(indexed: bool) -> None:
    for code in TILE_CODES:
        image = tile_image(code, TILE_W, indexed)
        assert image.size == (TILE_W, TILE_W * 4 // 3)
        assert len(image.convert("RGB").getcolors(1 << 16) or []) > 20, code


def _page_values(fields: dict[str, str], language: str) -> dict[str, Any]:
    with translation.override(language):
        context = page_context(PageState.from_query(fields), [])
        return hand_values(context, "https://example.test/", "hans")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chuzhou_hand_with_a_kong_and_flowers_is_one_picture_with_the_pages_numbers(
    client: Client, language: str
) -> None:
    response = client.get(reverse("picture-hand"), {**CHUZHOU, "lang": language})
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image, drawn = opened(response.content)
    assert image.width == WIDTH >= 1080 and not_blank(image)
    page = client.get("/?" + query(CHUZHOU), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    # the numbers drawn are the page's: every item, the total, each payment and seat
    numbers = [
        re.sub(r"<[^>]+>", "", n).strip() for n in re.findall(r'class="num[^"]*">(.*?)</', page)
    ]
    drawn_numbers = [f"{r['value']} {r['unit']}" for r in drawn["rows"]]
    drawn_numbers += [str(p["amount"]) for p in drawn["payments"]]
    drawn_numbers += [f"+{n}" if n > 0 else str(n) for _seat, n in drawn["net"]]
    assert [html.unescape(n) for n in numbers] == drawn_numbers
    assert f'class="total">{drawn["total"]} {drawn["unit"]}</strong>' in page
    # the tiles as they lie: the concealed kong's ends face down, flowers, the winning tile
    kinds = {g["label"]: g["tiles"] for g in drawn["groups"]}
    assert [down for _code, down, _mark in next(t for t in kinds.values() if len(t) == 4)] == [
        True, False, False, True,
    ]  # fmt: skip
    assert any(g.get("win") and g["tiles"] == [["9m", False, ""]] for g in drawn["groups"])
    assert [t[0] for g in drawn["groups"] for t in g["tiles"] if t[0].endswith("f")] == ["1f", "2f"]
    assert drawn["link"].endswith("/?" + query(CHUZHOU))
    assert drawn == {
        **_page_values(CHUZHOU, language),
        "link": drawn["link"],
        "script": drawn["script"],
    }


def test_a_hand_of_eighteen_tiles_with_four_kongs_fits_inside_the_margins() -> None:
    values = _page_values(FOUR_KONGS, "en")
    canvas = draw_hand(values)
    assert len(canvas.placed) == 18 + 1  # and its one flower
    assert all(x >= MARGIN and x + TILE_W <= WIDTH - MARGIN for _code, x, _y in canvas.placed)
    rows = {y for _code, _x, y in canvas.placed}
    assert len(rows) <= 2  # the tiles still read as a hand, not a column


def test_a_picture_is_kept_by_what_it_shows_and_asked_again_is_not_sent_again(
    client: Client,
) -> None:
    first = client.get(reverse("picture-hand"), {**CHUZHOU, "lang": "en"})
    tag = first["ETag"]
    again = client.get(reverse("picture-hand"), {**CHUZHOU, "lang": "en"}, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    other = client.get(reverse("picture-hand"), {**CHUZHOU, "lang": "zh-hant"})
    assert other["ETag"] != tag  # another language is another picture


def test_a_hand_that_cannot_be_scored_has_no_picture_and_says_why(client: Client) -> None:
    response = client.get(reverse("picture-hand"), {"r": "chuzhou", "h": "123m", "lang": "en"})
    assert response.status_code == 400
    assert "cannot be scored" in response.content.decode()


def test_without_a_cjk_font_the_server_says_so_plainly(
    client: Client, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setattr(fonts, "DEFAULT_DIRS", (str(tmp_path),))
    fonts.font_file.cache_clear()
    try:
        response = client.get(reverse("picture-hand"), {**CHUZHOU, "lang": "en"})
    finally:
        fonts.font_file.cache_clear()
    assert response.status_code == 503
    assert "fonts-noto-cjk" in response.content.decode()


def _evening() -> tuple[Client, Event, Table]:
    referee, event, table = club_night()
    phone = Client()
    opened_link = phone.get(reverse("table-link", args=[table.link_token]), follow=True)
    fields = {**here(opened_link), **SAVED_HAND, "s": "S", "dc": "E"}
    saved = phone.post(reverse("table-save", args=[table.link_token]), fields)
    assert saved.status_code in (200, 302, 303), saved.content.decode()[:500]
    return referee, event, table


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_evenings_results_are_a_picture_of_its_standings_top_hand_and_transfers(
    language: str,
) -> None:
    referee, event, _table = _evening()
    referee.cookies["django_language"] = language
    listing = referee.get(reverse("event-results-picture", args=[event.pk]))
    assert listing.status_code == 200 and b'src="?page=1"' in listing.content
    response = referee.get(reverse("event-results-picture", args=[event.pk]), {"page": 1})
    assert response["Content-Type"] == "image/png" and response["X-Pictures"] == "1"
    image, drawn = opened(response.content)
    assert image.width == 1080 and image.height <= 1920 and not_blank(image)
    lines = standings(event)["lines"]
    section = {s["kind"]: s["rows"] for s in drawn["sections"]}
    assert [(r["name"], r["money"]) for r in section["standings"]] == [
        (line.entrant.name, line.money) for line in lines
    ]
    assert sum(a for _p, _q, a in section["transfers"]) == sum(
        line.money for line in lines if line.money > 0
    )
    top = section["top"][0]
    assert top["money"] == max(line.money for line in lines)
    assert any(g.get("win") for g in top["groups"])  # its tiles, the winning one marked
    assert drawn["columns"] == []  # no season kept: no 标准分 column


def test_the_standard_points_column_is_drawn_only_where_a_season_gives_it() -> None:
    _referee, event, _table = _evening()
    pks = list(event.entrants.values_list("pk", flat=True))
    with translation.override("zh-hans"):
        night = night_of_event(event, standard={pk: "1.5" for pk in pks})
        assert night.columns == ("标准分",)
        assert {s.columns for s in night.standings} == {("1.5",)}


def test_a_long_list_continues_on_a_second_picture_at_full_size() -> None:
    night = Night(
        title="周五俱乐部",
        subtitle="楚州麻将",
        unit="番",
        standings=tuple(Standing(i + 1, f"玩家{i + 1}", 400 - 20 * i) for i in range(40)),
        transfers=tuple((f"玩家{40 - i}", f"玩家{i + 1}", 10) for i in range(20)),
    )
    with translation.override("zh-hans"):
        found = pages(night, "hans", False)
        assert len(found) >= 2
        drawn = [draw_night(v) for v in found]
    assert all(c.y + MARGIN <= 1920 for c in drawn)
    names = [
        r["name"]
        for v in found
        for s in v["sections"]
        if s["kind"] == "standings"
        for r in s["rows"]
    ]
    assert names == [s.name for s in night.standings]  # every line, in order, none shrunk away


def test_the_fewest_transfers_of_a_big_evening_settle_everyone_at_once() -> None:
    money = {str(i): (i % 7 - 3) * 50 for i in range(31)}
    money["31"] = -sum(money.values())
    started = time.perf_counter()
    found = fewest_transfers(money)
    assert time.perf_counter() - started < 5  # the exact search alone would take minutes
    left = dict(money)
    for payer, payee, amount in found:
        left[payer] += amount
        left[payee] -= amount
    assert set(left.values()) == {0}
    assert len(found) < len([v for v in money.values() if v])


def _meta(page: str) -> dict[str, str]:
    return {
        k: html.unescape(v)
        for k, v in re.findall(r'<meta property="og:(\w+(?::\w+)?)" content="([^"]*)"', page)
    }


def test_a_shared_result_link_previews_the_hand_and_its_picture(client: Client) -> None:
    page = client.get("/?" + query(CHUZHOU), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    meta = _meta(page)
    assert meta["title"].startswith("Chuzhou") and "collects" in meta["title"]
    assert "counts" in meta["description"]
    assert meta["image"].startswith("http://testserver/picture/hand.png?")
    assert client.get(meta["image"].removeprefix("http://testserver")).status_code == 200


def test_a_table_link_and_an_events_link_preview_their_results(client: Client) -> None:
    _referee, event, table = _evening()
    page = client.get(reverse("table-link", args=[table.link_token]), follow=True)
    meta = _meta(page.content.decode())
    assert meta["title"] == event.name and meta["image"].endswith("/results-picture/?page=1")
    picture = client.get(meta["image"].removeprefix("http://testserver"))
    assert picture["Content-Type"] == "image/png"
    follow = client.get(reverse("event-follow", args=[event.public_token])).content.decode()
    meta = _meta(follow)
    assert meta["title"] == event.name and "results-picture" in meta["image"]
    assert client.get(meta["image"].removeprefix("http://testserver")).status_code == 200


def test_the_open_graph_tag_is_there_for_a_seasons_page_to_use() -> None:
    from django.template import Context, Template

    request = RequestFactory().get("/seasons/1/")
    drawn = Template('{% load pictures %}{% open_graph "春季赛" "积分榜" "/x.png" %}').render(
        Context({"request": request})
    )
    assert '<meta property="og:image" content="http://testserver/x.png">' in drawn
    assert '<meta property="og:title" content="春季赛">' in drawn


@override_settings(PAGE_RATE_LIMIT=3)
def test_the_pictures_are_rate_limited_as_the_scoring_pages_are(client: Client) -> None:
    cache.clear()
    codes = [
        client.get(
            reverse("picture-hand"), {**CHUZHOU, "lang": "en"}, REMOTE_ADDR="10.4.0.1"
        ).status_code
        for _ in range(5)
    ]
    assert codes == [200] * 3 + [429] * 2
    cache.clear()


def test_the_server_says_at_start_when_the_font_is_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    from calculator.pictures.apps import font_installed

    assert font_installed() == []
    monkeypatch.setattr(fonts, "DEFAULT_DIRS", (str(tmp_path),))
    fonts.font_file.cache_clear()
    try:
        found = font_installed()
    finally:
        fonts.font_file.cache_clear()
    assert [m.id for m in found] == ["pictures.W001"]


@pytest.mark.parametrize("region", ["chuzhou", "guobiao"])
def test_a_drills_answer_has_the_button_and_its_picture_is_the_dealt_hand(
    client: Client, region: str
) -> None:
    from tests.learn.test_drill import hand_of, right_answer, signed_of

    client.cookies["django_language"] = "en"
    signed = signed_of(client.get("/learn/", {"r": region, "l": "total"}).content.decode())
    hand = hand_of(signed)
    data = {"h": signed, "l": "total", "go": "1", **right_answer("total", hand)}
    page = client.post("/learn/answer/", data).content.decode()
    found = re.search(r'class="chip picture-share" href="([^"]+)"', page)
    assert found, "no picture button under the drill's answer"
    picture = client.get(html.unescape(found.group(1)))
    assert picture["Content-Type"] == "image/png"
    _image, drawn = opened(picture.content)
    got = score(hand)  # what the graded page shows as the hand's total and money
    assert drawn["total"] == got.total
    assert [n for _seat, n in drawn["net"]] == [
        got.net.get(s, 0) for s in "ESWN"[: len(drawn["net"])]
    ]


def test_a_sessions_ledger_has_the_button_and_its_shared_link_previews_it(client: Client) -> None:
    from django.contrib.auth.models import User

    from tests.club.test_what_is_saved import NAMES, save, session_of

    client.force_login(User.objects.create_user("referee", password="mahjong-night-2026"))
    session = session_of(client)
    save(client, session, **SAVED_HAND, s="S", dc="E")
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    button = reverse("session-picture", args=[session.pk])
    assert f'href="{button}" data-picture="{button}?page=1"' in page
    picture = client.get(button, {"page": 1})
    _image, drawn = opened(picture.content)
    rows = drawn["sections"][0]["rows"]
    assert {r["name"]: r["money"] for r in rows} == {
        NAMES[s]: t for s, t in session.replayed().totals.items()
    }
    assert Client().get(button, {"page": 1}).status_code == 302  # the referee's alone
    client.post(reverse("session-share", args=[session.pk]))
    session.refresh_from_db()
    shared = Client().get(reverse("session-shared", args=[session.share_token])).content.decode()
    meta = _meta(shared)
    assert meta["title"] == "Friday" and "results-picture" in meta["image"]
    assert Client().get(meta["image"].removeprefix("http://testserver")).status_code == 200
    assert Client().get(reverse("session-shared-picture", args=["nope"])).status_code == 404


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_every_word_drawn_is_in_the_readers_script(language: str) -> None:
    """OpenCC judges the pictures' words as it judges the pages' (the names a
    referee typed are theirs, and the event's here is typed in 简体)."""
    from django.utils.html import escape

    from tests.words.test_script import problems

    with translation.override(language):
        said = draw_hand(_page_values(CHUZHOU, language)).said
        said += draw_hand(_page_values(FOUR_KONGS, language)).said
        night = Night(
            title="甲乙",  # a title as typed: its script is the referee's
            subtitle=region_name("chuzhou"),
            unit="番",
            standings=(
                Standing(1, "甲", 10, columns=("1",)),
                Standing(2, "乙", -10, columns=("0",)),
            ),
            transfers=(("乙", "甲", 10),),
            columns=(translation.gettext("Standard points"),),
        )
        for values in pages(night, "hans", False):
            said += draw_night(values).said
    page = (
        f'<html lang="{language}"><body>'
        + "".join(f"<p>{escape(t)}</p>" for t in said)
        + "</body></html>"
    )
    found = problems(page, language)
    assert not found, found
