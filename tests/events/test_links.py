"""At the table: each table's link with a copy button and a QR code drawn on
the server (the round page, the seat cards), seats in the order of play
东南西北 everywhere, the event's date on its tables' sheets, and the sheets a
referee prints no wider than a phone."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

import pytest
import segno
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.events import links
from calculator.events.models import Event, Round, Table
from tests.browser.support import PHONE, as_signed_in, shot, small_targets
from tests.events.test_events import draw_and_start, make_event, play

SEATS_ZH = ["东家", "南家", "西家", "北家"]


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("ref", password="mahjong-night-2026")
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    return user


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def tags(html: str) -> list[tuple[str, dict[str, str]]]:
    parser = Tags()
    parser.feed(html)
    return parser.tags


def qr_codes(html: str) -> dict[str, str]:
    """The address each QR code on the page holds → the path segno drew."""
    found = {}
    for m in re.finditer(r"<svg\b[^>]*\bclass=\"qr\"[^>]*>.*?</svg>", html, re.S):
        svg = m.group(0)
        url = re.search(r'data-url="([^"]+)"', svg)
        paths = re.findall(r'<path stroke="#000" d="([^"]+)"', svg)
        assert url and len(paths) == 1, svg[:300]
        found[url.group(1)] = paths[0]
    return found


def modules(path: str, border: int) -> list[list[bool]]:
    """The dark modules of segno's SVG path (``M x y`` then ``h n`` strokes
    along a row and ``m dx dy`` moves), as rows of the symbol."""
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, numbers in re.findall(r"([Mmh])([-\d. ]+)", path):
        values = [float(n) for n in numbers.split()]
        if op == "M":
            x, y = values
        elif op == "m":
            x, y = x + values[0], y + values[1]
        else:
            for i in range(int(values[0])):
                dark.add((int(y - 0.5) - border, int(x) + i - border))
            x += values[0]
    size = max(max(r, c) for r, c in dark) + 1
    return [[(r, c) in dark for c in range(size)] for r in range(size)]


def table_url(table: Table) -> str:
    return "http://testserver" + reverse("table-link", args=[table.link_token])


def live_and_revoked(client: Client) -> tuple[Event, Round, Table, Table]:
    event = make_event(client)
    rnd = draw_and_start(client, event)
    one, two = rnd.tables.all()
    client.post(
        reverse("table-link-change", args=[event.pk, two.pk]), {"revoke": "1", "confirm": "1"}
    )
    two.refresh_from_db()
    assert two.link_revoked
    return event, rnd, one, two


@pytest.mark.django_db
def test_each_live_table_has_its_links_qr_code_and_a_copy_button(
    client: Client, referee: User
) -> None:
    event, rnd, one, two = live_and_revoked(client)
    for name, args in (("event", [event.pk]), ("round-cards", [event.pk, rnd.number])):
        page = client.get(reverse(name, args=args)).content.decode()
        codes = qr_codes(page)
        assert list(codes) == [table_url(one)], name  # the revoked table shows none
        # Drawn from exactly that address: segno's own symbol of it, module for module.
        symbol = segno.make_qr(table_url(one), error=links.ERROR)
        assert modules(codes[table_url(one)], links.BORDER) == [
            [bool(v) for v in row] for row in symbol.matrix
        ]
        assert two.link_token not in page
        # Inline, with nothing fetched: no image, no address but our own.
        assert "<img" not in page and "<object" not in page
        # The copy button copies the field holding the same address.
        found = tags(page)
        button = [a for t, a in found if t == "button" and "data-copy" in a]
        assert [b["data-copy"] for b in button] == [f"#table-link-{one.pk}"], name
        field = next(a for t, a in found if t == "input" and a.get("id") == f"table-link-{one.pk}")
        assert field["value"] == table_url(one)
        assert 'id="copied"' in page and "calculator/app.js" in page


@pytest.mark.django_db
def test_a_finished_round_and_a_new_link(client: Client, referee: User) -> None:
    event, rnd, one, two = live_and_revoked(client)
    client.post(reverse("table-link-change", args=[event.pk, two.pk]), {"confirm": "1"})
    two.refresh_from_db()
    cards = client.get(reverse("round-cards", args=[event.pk, rnd.number])).content.decode()
    assert sorted(qr_codes(cards)) == sorted([table_url(one), table_url(two)])
    Round.objects.filter(pk=rnd.pk).update(finished=True)
    for name, args in (("event", [event.pk]), ("round-cards", [event.pk, rnd.number])):
        assert not qr_codes(client.get(reverse(name, args=args)).content.decode()), name


@pytest.mark.django_db
def test_a_drawn_round_has_its_cards_codes_before_it_starts(client: Client, referee: User) -> None:
    event = make_event(client)
    client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    rnd = Round.objects.get(event=event)
    cards = client.get(reverse("round-cards", args=[event.pk, 1])).content.decode()
    assert sorted(qr_codes(cards)) == sorted(table_url(t) for t in rnd.tables.all())
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert not qr_codes(page)  # the round page hands links out once the round is on


def seat_order(text: str) -> list[str]:
    return [m.group(0) for m in re.finditer("|".join(SEATS_ZH), text)]


@pytest.mark.django_db
def test_seats_go_east_south_west_north_everywhere(client: Client, referee: User) -> None:
    event = make_event(client)
    rnd = draw_and_start(client, event)
    tables = list(rnd.tables.all())
    assert [s.seat for s in tables[0].seats.all()] == ["E", "S", "W", "N"]
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    rounds = page.split('id="rounds"', 1)[1].split('id="standings"', 1)[0]
    assert seat_order(rounds) == SEATS_ZH * len(tables)
    cards = client.get(reverse("round-cards", args=[event.pk, 1])).content.decode()
    assert seat_order(cards) == SEATS_ZH * len(tables)
    for card, table in zip(cards.split('class="card"')[1:], tables, strict=True):
        names = [s.entrant.name for s in table.seats.all()]
        assert [card.index(n) for n in names] == sorted(card.index(n) for n in names)
    # The follow page: the other three of my table, in the order of play.
    me = tables[0].seats.get(seat="S").entrant
    phone = Client()
    phone.cookies["django_language"] = "zh-hans"
    follow = phone.get(reverse("event-follow", args=[event.public_token]) + f"?p={me.pk}")
    others = follow.content.decode().split('id="my-seat"', 1)[1].split("</p>", 2)[1]
    assert seat_order(others) == ["东家", "西家", "北家"]
    # The hands: a column a seat, 东南西北, each seat's money under its own name.
    play(Client(), tables[0], "S", "E")
    text = client.get(reverse("event-hands-csv", args=[event.pk])).content.decode("utf-8-sig")
    head, row = list(csv.reader(io.StringIO(text)))[:2]
    assert head[-8:-4] == SEATS_ZH  # then each seat's running total
    east, south, west, north = (int(n) for n in row[-8:-4])
    assert south > 0 > east and east + south + west + north == 0
    # The results sheet: each table's players in seat order.
    sheet = client.get(reverse("event-results", args=[event.pk])).content.decode()
    row_html = sheet.split("<h2>", 1)[1].split("</tr>", 1)[0]
    names = [s.entrant.name for s in tables[0].seats.all()]
    assert [row_html.index(n) for n in names] == sorted(row_html.index(n) for n in names)


@pytest.mark.django_db
def test_an_event_tables_sheets_carry_the_events_date(client: Client, referee: User) -> None:
    event = make_event(client, date="2025-03-08")  # not the day its sessions were made
    rnd = draw_and_start(client, event)
    table = rnd.tables.first()
    play(Client(), table, "S", "E")
    response = client.get(reverse("event-hands-csv", args=[event.pk]))
    assert "2025-03-08" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][0] == "日期" and {r[0] for r in rows[1:]} == {"2025-03-08"}
    for name in ("event-standings-csv", "event-standings-codes"):
        assert "2025-03-08" in client.get(reverse(name, args=[event.pk]))["Content-Disposition"]
    sheet = client.get(reverse("session-print", args=[table.session.pk])).content.decode()
    assert "2025-03-08" in sheet
    assert "2025-03-08" in client.get(reverse("round-cards", args=[event.pk, 1])).content.decode()


# ----------------------------------------------------------------- in Chromium

LONG = "Maximiliano_Hernandez_de_la_Fuente_Ortiz"  # forty letters and no space


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_sheets_fit_a_phone_in_every_language(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    user = User.objects.create_user("ref", password="mahjong-night-2026")
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    names = [LONG, "欧阳东方明珠", "Jean-Baptiste Lefèvre", *[f"牌友{n}" for n in range(4, 9)]]
    event = make_event(client, players=names, name="周五俱乐部 · Friday Night League")
    rnd = draw_and_start(client, event)
    for table in rnd.tables.all():
        for _ in range(2):
            assert play(Client(), table, "S", "E").status_code == 302
    session = rnd.tables.first().session
    pages = {
        "cards": reverse("round-cards", args=[event.pk, rnd.number]),
        "print": reverse("session-print", args=[session.pk]),
        "results": reverse("event-results", args=[event.pk]),
        "penalty": reverse("event-penalty", args=[event.pk]),
        "hands": reverse("table-hands", args=[rnd.tables.first().link_token]) + "?all=1",
    }
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    wide = {}
    try:
        for language in ("zh-hans", "zh-hant", "en"):
            as_signed_in(context, live_server.url, client, language)
            page = context.new_page()
            violations: list[str] = []
            page.on(
                "console",
                lambda m, v=violations: (
                    v.append(m.text) if "Content Security Policy" in m.text else None
                ),
            )
            for name, path in pages.items():
                page.goto(live_server.url + path)
                page.wait_for_load_state("load")
                assert page.evaluate("document.documentElement.lang") == language
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > PHONE["width"]:
                    wide[f"{language} {name}"] = width
                if name == "cards":
                    assert page.locator("svg.qr").count() == rnd.tables.count()
                    assert page.locator("button[data-copy]:visible").count() == rnd.tables.count()
                    assert not small_targets(page), small_targets(page)
                    box = page.locator("svg.qr").first.bounding_box()
                    assert box and box["width"] >= 150  # big enough to scan off a phone
                    shot(page, f"event-cards-{language}")
                    page.emulate_media(media="print")
                    shot(page, f"event-cards-{language}-print")
                    page.emulate_media(media="screen")
                else:
                    if name in ("penalty", "hands"):  # pages with controls to reach
                        assert not small_targets(page), (name, small_targets(page))
                    shot(page, f"event-{name}-{language}")
            assert not violations, violations
            page.close()
    finally:
        context.close()
    assert not wide, wide
