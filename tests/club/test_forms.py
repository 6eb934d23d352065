"""The new-session and rule-profile forms (issue 24, points 10 and 11): the
house-rule controls follow the region in any order of filling, with script
(htmx redraws at once) and without (a button redraws); what was typed stays;
the submit button either saves or says why, at the field and in a summary at
the top, in the page's language; and an option's label carries no note about
the seed text.

Each test drives the form as a browser would: it reads the page it was given
(``FormReader``), changes what a person changes, and sends all of it back.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from calculator.club.forms import PROFILE_RULES_CHANGED, RULES_CHANGED
from calculator.club.models import ClubSession, RuleProfile
from calculator.words.wording import SEAT_NAMES, option_label, option_value, region_name
from rules.options import describe
from rules.regions import REGIONS
from tests.browser.support import settle, shot

pytestmark = pytest.mark.django_db

LANGUAGES = ["zh-hans", "zh-hant", "en"]
NAMES = {"name_E": "阿东", "name_S": "小南", "name_W": "老西", "name_N": "北北"}


@pytest.fixture
def referee(client: Client) -> User:
    user = User.objects.create_user("ref", password="mahjong-night-2026")
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    return user


# --- reading a page's form as a browser sends it ---------------------------------


class FormReader(HTMLParser):
    """The fields a browser sends from the form with ``form_id``: hidden, text
    and number inputs, checked boxes and radios, each select's chosen option."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id:
            self.inside = True
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button"):
                self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.options = a.get("name"), []
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            chosen = [v for v, on in self.options if on] or [v for v, _ in self.options[:1]]
            self.fields += [(self.select, v) for v in chosen]
            self.select = None


def read(html: str, form_id: str) -> list[tuple[str, str]]:
    reader = FormReader(form_id)
    reader.feed(html)
    assert reader.fields, f"no #{form_id} on the page"
    return reader.fields


def change(fields: list[tuple[str, str]], **values: str) -> list[tuple[str, str]]:
    """A person's edits: each named field set to one value (a box or radio
    ticked or not by its value, ``o__tier`` for ``o.tier``)."""
    named = {k.replace("__", "."): v for k, v in values.items()}
    kept = [(k, v) for k, v in fields if k not in named]
    return kept + [(k, v) for k, v in named.items() if v is not None]


def send(client: Client, url: str, fields: list[tuple[str, str]], **how: Any) -> Any:
    """Post the fields; ``redraw``: the region or profile was picked (with
    ``htmx`` as the page's script asks, else by the no-script button)."""
    data: dict[str, list[str]] = {}
    for k, v in fields:
        data.setdefault(k, []).append(v)
    if how.get("redraw"):
        data["redraw"] = ["1"]
    headers = {"HX-Request": "true"} if how.get("htmx") else {}
    return client.post(url, data, headers=headers)


def options_on(html: str) -> set[str]:
    return set(re.findall(r'<[^>]* id="o-(\w+)" name="o\.', html))


def names_of(region: str) -> set[str]:
    return {i.name for i in describe(REGIONS[region].options)}


def errors_at(html: str) -> dict[str, str]:
    """Each message shown at a field: the field's id → the message."""
    found = re.findall(
        r'<p class="error" id="(?:id_)?([\w-]+?)(?:_error|-error)">([^<]*)</p>', html
    )
    return dict(found)


def summary(html: str) -> list[str]:
    """The list at the top of a form that was not accepted."""
    block = re.search(r'<div class="error" role="alert" id="form-problems">(.*?)</div>', html, re.S)
    if block is None:
        return []
    return re.findall(r"<li>([^<]*)</li>", block.group(1))


def text(s: Any) -> str:
    """A message as the page escapes it."""
    return str(escape(str(s)))


def said(language: str, message: Any, **values: Any) -> str:
    with translation.override(language):
        return text(str(message) % values if values else str(message))


NEW = "session-new"


# --- the new-session form: every order of filling --------------------------------


def test_region_first_then_the_names(client: Client, referee: User) -> None:
    """The issue's report: 玩法 picked before the name was typed. The redraw
    asks nothing of the empty fields, and 开始 then starts the session."""
    url = reverse(NEW)
    page = client.get(url).content.decode()
    assert options_on(page) == names_of("laosanfan")
    assert "novalidate" in page  # an empty required field cannot stop the redraw
    redrawn = send(
        client, url, change(read(page, "session-form"), region="sanmen"), redraw=1, htmx=1
    )
    html = redrawn.content.decode()
    assert options_on(html) == names_of("sanmen")
    assert not errors_at(html) and not summary(html)  # a redraw is not a refusal
    filled = change(read(html, "session-form"), title="周五", **NAMES, o__base="5")
    response = send(client, url, filled)
    assert response.status_code == 302
    session = ClubSession.objects.get()
    assert (session.region, session.title, session.rules) == ("sanmen", "周五", {"base": 5})


def test_names_first_then_the_region(client: Client, referee: User) -> None:
    url = reverse(NEW)
    fields = change(
        read(client.get(url).content.decode(), "session-form"),
        title="周五",
        **NAMES,
        dealer="S",
        region="chuzhou",
    )
    html = send(client, url, fields, redraw=1, htmx=1).content.decode()
    assert options_on(html) == names_of("chuzhou")
    assert 'value="周五"' in html and 'value="小南"' in html and 'value="S" checked' in html
    assert send(client, url, read(html, "session-form")).status_code == 302
    session = ClubSession.objects.get()
    assert session.region == "chuzhou" and session.start == {"dealer": "S"}


def test_a_profile_then_another_region(client: Client, referee: User) -> None:
    profile = RuleProfile.objects.create(
        owner=referee, name="周五晚场", region="chuzhou", rules={"xianchanghui_opening_only": True}
    )
    url = reverse(NEW)
    fields = change(read(client.get(url).content.decode(), "session-form"), title="周五", **NAMES)
    html = send(client, url, change(fields, profile=str(profile.pk)), redraw=1, htmx=1)
    html = html.content.decode()
    assert options_on(html) == names_of("chuzhou")
    assert (
        'id="o-xianchanghui_opening_only" name="o.xianchanghui_opening_only" value="1" checked'
        in html
    )
    assert '<option value="chuzhou" selected>' in html
    html = send(client, url, change(read(html, "session-form"), region="sanmen"), redraw=1, htmx=1)
    html = html.content.decode()
    assert options_on(html) == names_of("sanmen")
    assert f'<option value="{profile.pk}" selected>' in html and 'value="老西"' in html
    assert send(client, url, read(html, "session-form")).status_code == 302
    session = ClubSession.objects.get()
    assert (session.region, session.rules, session.profile) == ("sanmen", {}, profile)


def test_the_region_changed_twice(client: Client, referee: User) -> None:
    """三门 with 底分 5, then 长春 (which has a 底分 too), then 楚州 (which has not):
    each time the controls are the region's, and a rule of the same name is
    kept, as the calculator page keeps it."""
    url = reverse(NEW)
    fields = change(read(client.get(url).content.decode(), "session-form"), title="t", **NAMES)
    html = send(client, url, change(fields, region="sanmen"), redraw=1, htmx=1).content.decode()
    fields = change(read(html, "session-form"), o__base="5", region="changchun")
    html = send(client, url, fields, redraw=1, htmx=1).content.decode()
    assert options_on(html) == names_of("changchun")
    assert 'id="o-base" name="o.base" value="5"' in html
    html = send(client, url, change(read(html, "session-form"), region="chuzhou"), redraw=1, htmx=1)
    html = html.content.decode()
    assert options_on(html) == names_of("chuzhou")
    assert send(client, url, read(html, "session-form")).status_code == 302
    assert ClubSession.objects.get().region == "chuzhou"


def test_without_script_the_button_redraws_without_a_word(client: Client, referee: User) -> None:
    url = reverse(NEW)
    fields = change(read(client.get(url).content.decode(), "session-form"), name_E="阿东")
    response = send(client, url, change(fields, region="changchun"), redraw=1)  # the button
    html = response.content.decode()
    assert response.status_code == 200 and options_on(html) == names_of("changchun")
    assert 'value="阿东"' in html
    assert not errors_at(html) and not summary(html) and 'class="error"' not in html
    assert not ClubSession.objects.exists()


# --- sent before the redraw: accepted, or said at the region ---------------------


def test_start_before_the_redraw_is_accepted_when_nothing_on_screen_is_lost(
    client: Client, referee: User
) -> None:
    """No script (or 开始 tapped before the redraw came back): 老三番's controls
    at their defaults, 三门 picked. Nothing the referee set is lost, so the
    session starts with 三门's own rules."""
    url = reverse(NEW)
    fields = change(
        read(client.get(url).content.decode(), "session-form"),
        title="周五",
        **NAMES,
        region="sanmen",
    )
    assert send(client, url, fields).status_code == 302
    session = ClubSession.objects.get()
    assert session.region == "sanmen" and session.rules == {}


def test_start_before_the_redraw_keeps_a_rule_the_new_region_has(
    client: Client, referee: User
) -> None:
    url = reverse(NEW)
    page = send(
        client,
        url,
        change(read(client.get(url).content.decode(), "session-form"), region="sanmen"),
        redraw=1,
    ).content.decode()
    fields = change(read(page, "session-form"), title="t", **NAMES, o__base="5", region="changchun")
    assert send(client, url, fields).status_code == 302
    session = ClubSession.objects.get()
    assert session.region == "changchun" and session.rules == {"base": 5}


@pytest.mark.parametrize("language", LANGUAGES)
def test_start_before_the_redraw_says_at_the_region_that_its_rules_changed(
    client: Client, referee: User, language: str
) -> None:
    """老三番's 大小類別 set to 么半六, then 三门 picked and 开始 pressed: 三门 has
    no such rule, so nothing is saved; the form comes back with 三门's rules
    and says so at 玩法 (and at the top); everything typed stays; 开始 again
    starts it."""
    client.cookies["django_language"] = language
    url = reverse(NEW)
    fields = change(
        read(client.get(url).content.decode(), "session-form"),
        title="周五",
        **NAMES,
        o__tier="yao_ban_liu",
        region="sanmen",
    )
    response = send(client, url, fields)
    html = response.content.decode()
    assert response.status_code == 200 and not ClubSession.objects.exists()
    with translation.override(language):
        words = RULES_CHANGED % {"region": region_name("sanmen"), "button": _("Start")}
        item = _("%(field)s: %(problem)s") % {"field": _("Rules"), "problem": words}
        heading = _("The session was not started: check what is marked below.")
    assert errors_at(html) == {"region": text(words)}
    assert text(heading) in html and summary(html) == [text(item)]
    assert options_on(html) == names_of("sanmen")
    assert 'value="周五"' in html and 'value="北北"' in html
    assert send(client, url, read(html, "session-form")).status_code == 302
    assert ClubSession.objects.get().region == "sanmen"


def test_a_profile_picked_without_script_starts_with_its_rules(
    client: Client, referee: User
) -> None:
    profile = RuleProfile.objects.create(
        owner=referee, name="周五晚场", region="chuzhou", rules={"xianchanghui_opening_only": True}
    )
    url = reverse(NEW)
    fields = change(
        read(client.get(url).content.decode(), "session-form"),
        title="周五",
        **NAMES,
        profile=str(profile.pk),
    )
    assert send(client, url, fields).status_code == 302
    session = ClubSession.objects.get()
    assert (session.region, session.rules, session.profile) == (
        "chuzhou",
        {"xianchanghui_opening_only": True},
        profile,
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_profile_picked_over_a_rule_set_on_screen_is_said_at_the_profile(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    profile = RuleProfile.objects.create(
        owner=referee, name="周五晚场", region="chuzhou", rules={"xianchanghui_opening_only": True}
    )
    url = reverse(NEW)
    fields = change(
        read(client.get(url).content.decode(), "session-form"),
        title="周五",
        **NAMES,
        o__tier="yao_ban_liu",
        profile=str(profile.pk),
    )
    html = send(client, url, fields).content.decode()
    assert not ClubSession.objects.exists()
    with translation.override(language):
        button = _("Start")
    message = said(language, PROFILE_RULES_CHANGED, profile="周五晚场", button=button)
    assert errors_at(html) == {"profile": message}
    assert options_on(html) == names_of("chuzhou") and 'value="1" checked' in html
    assert send(client, url, read(html, "session-form")).status_code == 302
    assert ClubSession.objects.get().rules == {"xianchanghui_opening_only": True}


# --- every refusal is said at its field, in the page's language ------------------


def _label_of_option(language: str, region: str, name: str) -> str:
    with translation.override(language):
        return text(option_label(name, region))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("edits", "at", "label", "message"),
    [
        ({"title": ""}, "title", "Name of the session", "This field is required."),
        (
            {"name_W": ""},
            "name_W",
            "West",
            "Every seat at the table needs a name",
        ),
        (
            {"region": "chuzhou", "shown_region": "chuzhou", "players": "3"},
            "players",
            "Players",
            "%(region)s is played by %(n)s players",
        ),
        (
            {"region": "sanmen", "shown_region": "sanmen", "players": "3", "dealer": "N"},
            "dealer",
            "First dealer",
            "The dealer must sit at the table",
        ),
    ],
)
def test_each_refusal_is_said_at_its_field(
    client: Client,
    referee: User,
    language: str,
    edits: dict[str, str],
    at: str,
    label: str,
    message: str,
) -> None:
    client.cookies["django_language"] = language
    url = reverse(NEW)
    fields = change(read(client.get(url).content.decode(), "session-form"), title="t", **NAMES)
    response = send(client, url, change(fields, **edits))
    html = response.content.decode()
    assert response.status_code == 200 and not ClubSession.objects.exists()
    with translation.override(language):
        field = str(SEAT_NAMES["W"]) if label == "West" else _(label)
        words = (
            _(message) % {"region": region_name("chuzhou"), "n": "4"}
            if "%" in message
            else _(message)
        )
        heading = _("The session was not started: check what is marked below.")
        item = _("%(field)s: %(problem)s") % {"field": field, "problem": words}
    assert errors_at(html) == {at: text(words)}
    assert text(heading) in html and summary(html) == [text(item)]
    if at != "dealer":
        assert f'aria-invalid="true" aria-describedby="id_{at}_error"' in html
    assert 'value="阿东"' in html  # nothing typed is lost


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_house_rule_is_said_at_its_control(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    url = reverse(NEW)
    fields = change(
        read(client.get(url).content.decode(), "session-form"),
        title="t",
        **NAMES,
        region="sanmen",
        shown_region="sanmen",
        o__base="0",
    )
    html = send(client, url, fields).content.decode()
    shown = errors_at(html)
    assert list(shown) == ["o-base"]
    assert _label_of_option(language, "sanmen", "base") in shown["o-base"]
    assert 'aria-invalid="true" aria-describedby="o-base-error"' in html
    # At the control: inside the option's own block, right after its input.
    block = re.search(
        r'<div class="option[^"]*">((?:(?!<div).)*?o-base-error.*?)</div>', html, re.S
    )
    assert block is not None and 'name="o.base"' in block.group(1)
    assert summary(html) == [shown["o-base"]]


def test_the_zh_hant_refusals_are_in_traditional_script(client: Client, referee: User) -> None:
    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    client.cookies["django_language"] = "zh-hant"
    url = reverse(NEW)
    fields = change(
        read(client.get(url).content.decode(), "session-form"),
        title="",
        **{**NAMES, "name_W": ""},
        o__tier="yao_ban_liu",
        region="sanmen",
    )
    html = send(client, url, fields).content.decode()
    said_here = list(errors_at(html).values()) + summary(html)
    assert len(said_here) == 6
    for words in said_here:
        assert s2t.convert(words) == words, words


# --- the rule-profile form ----------------------------------------------------


def test_a_profile_region_first_then_its_name(client: Client, referee: User) -> None:
    url = reverse("profile-new")
    page = client.get(url).content.decode()
    assert "novalidate" in page
    html = send(client, url, change(read(page, "profile-form"), region="chuzhou"), redraw=1, htmx=1)
    html = html.content.decode()
    assert options_on(html) == names_of("chuzhou") and not errors_at(html)
    fields = change(read(html, "profile-form"), name="周五晚场", o__xianchanghui_opening_only="1")
    assert send(client, url, fields).status_code == 302
    profile = RuleProfile.objects.get()
    assert (profile.name, profile.region, profile.rules) == (
        "周五晚场",
        "chuzhou",
        {"xianchanghui_opening_only": True},
    )


def test_a_profile_name_first_then_the_region_twice(client: Client, referee: User) -> None:
    url = reverse("profile-new")
    fields = change(read(client.get(url).content.decode(), "profile-form"), name="周五")
    html = send(client, url, change(fields, region="sanmen"), redraw=1).content.decode()  # button
    assert options_on(html) == names_of("sanmen") and 'value="周五"' in html
    html = send(client, url, change(read(html, "profile-form"), region="guobiao"), redraw=1, htmx=1)
    html = html.content.decode()
    assert options_on(html) == names_of("guobiao") and 'value="周五"' in html
    assert 'class="error"' not in html
    assert send(client, url, read(html, "profile-form")).status_code == 302
    assert RuleProfile.objects.get().region == "guobiao"


def test_a_profile_saved_before_the_redraw(client: Client, referee: User) -> None:
    url = reverse("profile-new")
    fields = change(
        read(client.get(url).content.decode(), "profile-form"), name="周五", region="jinhu"
    )
    assert send(client, url, fields).status_code == 302  # nothing set on screen was lost
    assert RuleProfile.objects.get().region == "jinhu"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_profile_saved_before_the_redraw_over_a_rule_set(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    profile = RuleProfile.objects.create(
        owner=referee, name="周五", region="laosanfan", rules={"tier": "yao_ban_liu"}
    )
    url = reverse("profile-edit", args=[profile.pk])
    fields = change(read(client.get(url).content.decode(), "profile-form"), region="sanmen")
    html = send(client, url, fields).content.decode()
    with translation.override(language):
        button = _("Save the profile")
        heading = _("The profile was not saved: check what is marked below.")
    message = said(language, RULES_CHANGED, region=region_name("sanmen"), button=button)
    assert errors_at(html) == {"region": message}
    assert text(heading) in html and len(summary(html)) == 1
    assert options_on(html) == names_of("sanmen")
    profile.refresh_from_db()
    assert profile.region == "laosanfan"  # nothing saved yet
    assert send(client, url, read(html, "profile-form")).status_code == 302
    profile.refresh_from_db()
    assert (profile.region, profile.rules) == ("sanmen", {})


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_profile_refusal_is_said_at_its_field(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    url = reverse("profile-new")
    page = send(
        client,
        url,
        change(read(client.get(url).content.decode(), "profile-form"), region="sanmen"),
        redraw=1,
    ).content.decode()
    html = send(client, url, change(read(page, "profile-form"), o__base="0")).content.decode()
    shown = errors_at(html)
    with translation.override(language):
        required = _("This field is required.")
        item = _("%(field)s: %(problem)s") % {
            "field": _("Name of the profile"),
            "problem": required,
        }
    assert shown["name"] == text(required) and set(shown) == {"name", "o-base"}
    assert _label_of_option(language, "sanmen", "base") in shown["o-base"]
    assert summary(html) == [text(item), shown["o-base"]]
    assert not RuleProfile.objects.exists()


# --- 11: an option's label is a plain label ----------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_option_labels_carry_no_note_about_the_seed_text(
    client: Client, referee: User, language: str
) -> None:
    client.cookies["django_language"] = language
    notes = ("cut off", "原文此处不全", "原文此處不全", "seed text")
    with translation.override(language):
        labels = [
            option_label(i.name, key) for key, r in REGIONS.items() for i in describe(r.options)
        ] + [
            option_value(i, c)
            for r in REGIONS.values()
            for i in describe(r.options)
            for c in i.choices
        ]
        cap = option_label("yao_er_liu_cap", "laosanfan")
    assert not [label for label in labels if any(n in label for n in notes)]
    assert (
        cap
        == {
            "zh-hans": "么二六的封顶，即 3 番时的胡数",
            "zh-hant": "幺二六的封頂，即 3 番時的胡數",
            "en": "么二六's cap, the value at 3 fan",  # English pages: the item simplified, the unit in English
        }[language]
    )
    for page in (client.get("/?r=laosanfan"), client.get(reverse(NEW))):
        assert text(cap) in page.content.decode()
    # No page speaks of where a rule came from (issue 33, point 7): not the rules page either.
    rules = client.get("/rules/laosanfan/").content.decode()
    assert "原文此处不全" not in rules and "原文此處不全" not in rules


# --- in Chromium, on a phone --------------------------------------------------------


def _sign_in(page) -> None:  # type: ignore[no-untyped-def]
    User.objects.create_user("ref", password="a-good-long-password")
    page.goto(page.base_url + "/sessions/")
    page.fill("input[name=username]", "ref")
    page.fill("input[name=password]", "a-good-long-password")
    page.click("#sign-in")
    page.wait_for_url(re.compile(r"/sessions/$"))


def _controls(page) -> set[str]:  # type: ignore[no-untyped-def]
    names = page.locator("#house [id^=o-]").evaluate_all("els => els.map(e => e.id.slice(2))")
    return set(names)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_in_chromium_the_region_picked_first_is_the_one_shown(phone) -> None:  # type: ignore[no-untyped-def]
    """The issue's steps on a phone: 玩法 first, then the names, then 开始."""
    _sign_in(phone)
    phone.goto(phone.base_url + "/sessions/new/")
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.select_option("#id_region", "sanmen")
    settle(phone)
    assert _controls(phone) == names_of("sanmen")
    assert phone.locator("input[name=shown_region]").input_value() == "sanmen"
    phone.fill("input[name=title]", "周五")
    for seat, name in NAMES.items():
        phone.fill(f"input[name={seat}]", name)
    phone.fill("#o-base", "5")
    shot(phone, "session-new-region-first")
    phone.click("#start-session")
    phone.wait_for_url(re.compile(r"/sessions/\d+/$"))
    session = ClubSession.objects.get()
    assert (session.region, session.rules) == ("sanmen", {"base": 5})
    # The profile form, likewise: the region before the name.
    phone.goto(phone.base_url + "/profiles/new/")
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.select_option("#id_region", "chuzhou")
    settle(phone)
    assert _controls(phone) == names_of("chuzhou")
    phone.fill("input[name=name]", "周五晚场")
    phone.click("#save-profile")
    phone.wait_for_url(re.compile(r"/profiles/$"))
    assert RuleProfile.objects.get().region == "chuzhou"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_in_chromium_without_script_a_stale_start_is_said_at_the_region(
    browser, live_server
) -> None:  # type: ignore[no-untyped-def]
    from tests.browser.support import PHONE

    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        has_touch=True,
        locale="zh-CN",
        java_script_enabled=False,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base_url = live_server.url  # type: ignore[attr-defined]
    try:
        _sign_in(page)
        page.goto(page.base_url + "/sessions/new/")
        page.select_option("#o-tier", "yao_ban_liu")
        page.select_option("#id_region", "sanmen")
        page.click("#start-session")  # the title is empty: no bubble stops it
        page.wait_for_load_state()
        assert _controls(page) == names_of("sanmen")
        with translation.override("zh-hans"):
            message = str(RULES_CHANGED) % {"region": region_name("sanmen"), "button": _("Start")}
            required = _("This field is required.")
        assert page.locator("#id_region_error").inner_text() == message
        assert page.locator("#id_title_error").inner_text() == required
        assert page.locator("#form-problems li").count() == 6
        shot(page, "session-new-stale-nojs")
        page.fill("input[name=title]", "周五")
        for seat, name in NAMES.items():
            page.fill(f"input[name={seat}]", name)
        page.click("#start-session")
        page.wait_for_url(re.compile(r"/sessions/\d+/$"))
        assert ClubSession.objects.get().region == "sanmen"
    finally:
        context.close()
