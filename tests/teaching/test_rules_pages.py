"""The rules pages on a phone: light, in the page's own words, examples on demand.

Each page lists its items with the values as a small table where they differ
(by way of winning, by number of players, 明/暗), and each item's example
hands behind a disclosure that fetches them when opened — or, without
JavaScript, links to a page of them. The seed's sentences are quoted in the
seed's script (``<blockquote lang>``), a row of a seed that is a table by its
cells, not its pipes; what we say about an item — a house rule's default, our
reading — is in the page's language, never with an option's or a flag's code
in it; and an English page marks every run of Chinese it keeps (an item's
name, a term) with its ``lang``, so its own text is English alone.
"""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils import translation
from django.utils.safestring import mark_safe

from calculator.teaching.cases import examples_for
from calculator.teaching.views import seed_part, value_table, worded
from calculator.words.marked import mark_chinese
from calculator.words.templatetags.words import seed_quote
from rules.regions import REGIONS
from tests.browser.support import PHONE, shot, until
from tests.words.test_script import LATIN, NOTATION, Visible, problems

PAGES = ["/rules/", *(f"/rules/{key}/" for key in REGIONS)]
LANGUAGES = ["zh-hans", "zh-hant", "en"]
# An option or flag name as the engine spells it.
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def _client(language: str) -> Client:
    client = Client()
    client.cookies["django_language"] = language
    return client


def _with_examples(region: str) -> list[str]:
    return [i.key for i in REGIONS[region].items if examples_for(region, i.key)]


class Ours(Visible):
    """The page's own words: not the seed's quotes (nor anything else marked
    with a language of its own), not ``<code>``."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        marked = tag != "html" and dict(attrs).get("lang")
        if tag not in self.VOID and (tag == "code" or marked):
            name, lang, _skip = self.stack[-1]
            self.stack[-1] = (name, lang, True)


def latin_words(html: str, page_lang: str) -> list[str]:
    parser = Ours(page_lang)
    parser.feed(html)
    return [w for _lang, text in parser.words for w in LATIN.findall(NOTATION.sub(" ", text))]


class Codes(HTMLParser):
    """The text inside ``<code>`` and the text outside it."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.inside: list[str] = []
        self.outside: list[str] = []
        self.quotes: list[str] = []
        self.quoting = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.depth += tag == "code"
        self.quoting += tag == "blockquote"

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag == "code"
        self.quoting -= tag == "blockquote"

    def handle_data(self, data: str) -> None:
        (self.inside if self.depth else self.outside).append(data)
        if self.quoting:
            self.quotes.append(data)


def _codes(html: str) -> Codes:
    parser = Codes()
    parser.feed(html)
    return parser


# --- the page's words -----------------------------------------------------------


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_chinese_rules_pages_have_no_latin_word_outside_the_seeds_quotes(language: str) -> None:
    client = _client(language)
    found = {}
    for path in PAGES:
        html = client.get(path).content.decode()
        wrong = problems(html, language) + latin_words(html, language)
        if "<code" in html:
            wrong.append("<code> on a Chinese page")
        if wrong:
            found[path] = wrong[:8]
    assert not found, found


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_chinese_example_hands_are_in_one_script(language: str) -> None:
    client = _client(language)
    found = {}
    for region in REGIONS:
        for key in _with_examples(region):
            path = f"/rules/{region}/{key}/examples/"
            html = client.get(path).content.decode()
            wrong = problems(html, language) + latin_words(html, language)
            if wrong:
                found[path] = wrong[:4]
    assert not found, found


def test_the_latin_count_leaves_out_the_seed_and_code_only() -> None:
    html = (
        '<p>胡单张 <code>hai_di</code></p><blockquote lang="zh-Hant">A中的e類型</blockquote>'
        "<p>Option qidui</p>"
    )
    assert latin_words(html, "zh-hans") == ["Option", "qidui"]


def test_rules_pages_word_the_engines_codes_in_every_language() -> None:
    for language in LANGUAGES:
        client = _client(language)
        for region in REGIONS:
            html = client.get(f"/rules/{region}/").content.decode()
            assert "<code" not in html, (language, region)
            parts = _codes(html)
            text = " ".join(parts.outside)
            assert not SNAKE.findall(text), (language, region, SNAKE.findall(text)[:8])
            for key in _with_examples(region):
                notes = " ".join(
                    _codes(client.get(f"/rules/{region}/{key}/examples/").content.decode()).outside
                )
                assert not SNAKE.findall(notes), (language, region, key, SNAKE.findall(notes))
    # A house rule named in a reading is named by its words.
    with translation.override("en"):
        said = worded(
            "Replaces it (option four_flowers_add_seat_flower adds instead).", "laosanfan"
        )
    assert "four_flowers" not in said and "the house rule “" in said


class Unmarked(Visible):
    """Chinese on an English page that no element marks with its ``lang``: in
    its text (a name in an attribute, "1 Bamboo (幺鸡)", has no element of its
    own to mark)."""

    NAMES = ()

    def unmarked(self) -> list[str]:
        return [text for lang, text in self.words if lang == "en" and HAN.search(text)]


HAN = re.compile(r"[\u3400-\u9fff]")


def test_english_rules_pages_mark_every_run_of_chinese_with_its_language() -> None:
    client = _client("en")
    found = {}
    paths = ["/rules/", "/glossary/", *PAGES[1:]]
    paths += [f"/rules/{r}/{_with_examples(r)[0]}/examples/" for r in REGIONS]
    for path in paths + [f"{p} (htmx)" for p in paths if p.endswith("/examples/")]:
        fragment = path.endswith(" (htmx)")
        got = client.get(
            path.removesuffix(" (htmx)"), headers={"HX-Request": "true"} if fragment else {}
        )
        parser = Unmarked("en")
        parser.feed(got.content.decode())
        if parser.unmarked():
            found[path] = parser.unmarked()[:6]
    assert not found, found
    # A seed's sentence is a quote in the seed's script: 金湖's seed is 繁體.
    jinhu = client.get("/rules/jinhu/").content.decode()
    assert '<blockquote lang="zh-Hant">金湖麻將計番，一個花牌算一番' in jinhu


def test_the_marking_leaves_tags_and_marked_text_alone() -> None:
    html = mark_chinese(
        mark_safe('<p title="番">Rule: 番 <span lang="zh-Hans">平胡</span> (门风)</p>')
    )
    assert str(html) == (
        '<p title="番">Rule: <span lang="zh-Hans">番</span> <span lang="zh-Hans">平胡</span>'
        ' (<span lang="zh-Hans">门风</span>)</p>'
    )
    assert str(mark_chinese("a < b 胡")) == 'a &lt; b <span lang="zh-Hans">胡</span>'


def test_a_seed_row_from_a_table_is_drawn_by_its_cells() -> None:
    html = _client("zh-hans").get("/rules/changchun/").content.decode()
    assert "(胜方)平胡 | " not in html
    assert (
        '<span class="seed-cell">(胜方)平胡</span><span class="seed-cell">胡牌基础番</span>' in html
    )
    assert seed_quote("自摸2胡") == "自摸2胡"


@pytest.mark.parametrize("language", LANGUAGES)
def test_only_the_seeds_own_words_are_quoted(language: str) -> None:
    client = _client(language)
    for region in REGIONS:
        quotes = _codes(client.get(f"/rules/{region}/").content.decode()).quotes
        for quote in quotes:
            assert not re.match(r"\s*[A-Za-z]{2,}", quote), (region, quote)
            assert "reading" not in quote and "Option" not in quote, (region, quote)


def test_a_quote_is_split_into_the_seeds_words_and_ours() -> None:
    assert seed_part("Option qidui: 豪华七对 4") == ("", "Option qidui: 豪华七对 4")
    assert seed_part("自摸2胡") == ("自摸2胡", "")
    assert seed_part("自摸2胡 (reading; option x_y: 2)") == ("自摸2胡", "(reading; option x_y: 2)")
    assert seed_part("(胜方)飘胡 | 以牌型e胡牌") == ("(胜方)飘胡 | 以牌型e胡牌", "")


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_a_house_rule_says_it_is_not_the_seeds_in_the_pages_language(language: str) -> None:
    html = _client(language).get("/rules/changchun/").content.decode()
    section = html[html.index('id="gang_shang_kai_hua"') :]
    section = section[: section.index("</section>")]
    said = "成文的规则里没有这一条" if language == "zh-hans" else "成文的規則裡沒有這一條"
    assert said in section and "<blockquote" not in section


# --- values as a small table --------------------------------------------------


def test_values_that_differ_are_a_table_not_a_repeated_list(client: Client) -> None:
    with translation.override("zh-hans"):
        sanmen = value_table("sanmen", REGIONS["sanmen"].by_key["hu_xing"])
        changchun = value_table("changchun", REGIONS["changchun"].by_key["hu_dan_zhang"])
        chuzhou = value_table("chuzhou", REGIONS["chuzhou"].by_key["xiao_hua"])
        laosanfan = value_table("laosanfan", REGIONS["laosanfan"].by_key["hu_di"])
    assert sanmen is not None and changchun is not None and chuzhou is not None
    assert sanmen["head"] == ["2 人", "3 人", "4 人"]
    assert [(r["label"], r["values"]) for r in sanmen["rows"]] == [
        ("自摸", [2, 2, 2]),
        ("点炮胡", [1, 2, 3]),
        ("抢杠胡", [2, 4, 6]),
    ]
    assert changchun["head"] == ["边", "夹", "夹五", "单砸", "单胡幺"]
    assert changchun["rows"] == [{"label": "", "values": [1, 1, 2, 1, 1]}]
    assert chuzhou["head"] == ["明花", "暗花"]
    assert laosanfan is not None and laosanfan["head"] == ["么半三", "么半六", "么二六"]
    assert value_table("sanmen", REGIONS["sanmen"].by_key["zi_pai_ke"]) is None
    page = client.get("/rules/sanmen/").content.decode()
    assert "点炮胡 1 / 点炮胡 2" not in page and '<span class="num">1–6 倍</span>' in page
    page = client.get("/rules/changchun/").content.decode()
    assert "胡单张 1 / 胡单张 1" not in page and '<span class="num">1–2 番</span>' in page


# --- examples on demand --------------------------------------------------------


def test_a_rules_page_draws_no_example_until_asked(client: Client) -> None:
    page = client.get("/rules/guobiao/").content.decode()
    assert "example-total" not in page and "<svg" not in page
    assert page.count('class="examples"') == len(_with_examples("guobiao"))
    assert 'hx-trigger="toggle once"' in page


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_the_examples_url_answers_the_fragment_htmx_asks_for(client: Client, region: str) -> None:
    key = _with_examples(region)[0]
    response = client.get(f"/rules/{region}/{key}/examples/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.content.decode()
    assert "example-total" in body and "<svg" in body and "<html" not in body
    assert "HX-Request" in response["Vary"]


def test_without_javascript_the_page_still_reaches_the_examples(client: Client) -> None:
    page = client.get("/rules/sanmen/").content.decode()
    section = page[page.index('id="hu_xing"') :]
    link = re.search(r'<div class="examples-body"><a href="([^"]+)">', section)
    assert link, "the disclosure holds a plain link"
    response = client.get(link[1])
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" in body and "example-total" in body
    assert 'href="/rules/sanmen/#hu_xing"' in body  # and back to the item


def test_the_examples_match_the_golden_cases_in_every_language() -> None:
    for language in LANGUAGES:
        html = _client(language).get("/rules/laosanfan/zi_mo/examples/").content.decode()
        totals = re.findall(r'class="example-total">(\d+) ', html)
        expected = [c["expect"].get("total") for c in examples_for("laosanfan", "zi_mo")]
        assert totals == [str(t) for t in expected], language
        # Each language's own tile names and sprite: the cache is kept per language.
        names = re.findall(r'aria-label="([^"]+)"', html)
        sprite = "tiles-indexed.svg" if language == "en" else "tiles.svg#"
        assert sprite in html, language
        if language == "en":
            assert "1 Characters" in names
        else:
            assert ("一万" if language == "zh-hans" else "一萬") in names, language


def test_an_unknown_item_or_region_has_no_examples(client: Client) -> None:
    assert client.get("/rules/sanmen/nothing/examples/").status_code == 404
    assert client.get("/rules/atlantis/zi_mo/examples/").status_code == 404


# --- sent compressed ------------------------------------------------------------


@pytest.mark.parametrize("path", ["/rules/guobiao/", "/rules/sanmen/hu_xing/examples/"])
def test_pages_are_sent_compressed_to_a_client_that_accepts_gzip(client: Client, path: str) -> None:
    plain = client.get(path)
    packed = client.get(path, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    html = gzip.decompress(packed.content).decode()
    assert "</html>" in html
    assert len(packed.content) * 4 < len(plain.content)


# --- on a phone -----------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rules_page_fits_a_phone_and_opens_its_examples(phone, language: str) -> None:  # type: ignore[no-untyped-def]
    phone.context.add_cookies(
        [{"name": "django_language", "value": language, "url": phone.base_url}]
    )
    for path in PAGES:
        phone.goto(phone.base_url + path)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (path, width)
        if path == "/rules/":
            continue
        # Every item's examples opened: each fetched, and still no wider.
        count = phone.evaluate(
            "() => { const all = document.querySelectorAll('details.examples');"
            " all.forEach(d => { d.open = true; }); return all.length; }"
        )
        until(
            phone,
            f"() => document.querySelectorAll('details.examples .example').length >= {count}",
            seconds=30,
        )
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (path, "examples open", width)
    # One item opened by a tap, as a player does.
    phone.goto(phone.base_url + "/rules/sanmen/")
    section = "#hu_xing details.examples"
    assert phone.locator(f"{section} .example").count() == 0
    with phone.expect_response(lambda r: "/examples/" in r.url):
        phone.tap(f"{section} summary")
    until(phone, f"() => document.querySelectorAll('{section} .example').length > 0")
    assert phone.locator(f"{section} .example svg.tile").count() >= 14
    assert phone.locator(f"{section} .example-total").first.is_visible()
    phone.locator("#hu_xing").scroll_into_view_if_needed()
    shot(phone, f"rules-sanmen-{language}")


def test_without_javascript_a_phone_reaches_the_examples(browser, live_server) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(
        viewport=PHONE, java_script_enabled=False, has_touch=True, locale="zh-CN"
    )
    page = context.new_page()
    page.goto(live_server.url + "/rules/changchun/")
    page.tap("#hu_dan_zhang details.examples summary")
    page.tap("#hu_dan_zhang .examples-body a")
    page.wait_for_url("**/rules/changchun/hu_dan_zhang/examples/")
    assert page.locator(".example svg.tile").count() >= 14
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
