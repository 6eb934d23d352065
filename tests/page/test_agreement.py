"""One hand, one story: the result's numbers agree with each other.

For every golden case of every region (``tests/cases/<region>/*.toml``, found
as the golden-case test finds them), the calculator's result is drawn in
English from the case's hand as the page holds it, and three things read off
it are checked against the score:

- the headline's amounts are the seats' nets (who collects, who pays how much);
- the formula's last number is the number the page shows as the hand's value;
- that value's words say what it is, and the payments bear them out: the
  hand's count in its unit (番, 胡), or what the discarder / the seat robbed /
  each of the others pays for the win (三门, whose formula ends in a payment).

The rules page's example lines (the same golden cases) must not show a number
the payments contradict either.
"""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from calculator.page.present.result import result_view
from calculator.page.present.value import value_line
from calculator.page.state import PageState, house_rules_text
from calculator.teaching.cases import examples_for, load_cases
from calculator.words.wording import total_unit
from rules.engine import score
from rules.hand import Score
from rules.regions import REGIONS
from rules.report import to_json

CASES = load_cases()
SEAT_WORDS = {"East": "E", "South": "S", "West": "W", "North": "N"}
SEAT_NAMES = {v: k for k, v in SEAT_WORDS.items()}
MOVE = re.compile(r"\b(East|South|West|North|Each) (collects|pays) (\d+)")


def state_of(hand: dict[str, Any]) -> PageState:
    """The page's state for a spec hand, its house rules included."""
    return PageState(
        region=hand["region"],
        dealer=hand.get("dealer", "E"),
        players=hand.get("players", 4),
        options=house_rules_text(hand.get("rules") or {}),
        **PageState.fields_from_json(hand),
    )


def _gives_a_giver(hand: dict[str, Any]) -> bool:
    # A meld's giver (``from``) has no field on the page: such a hand is
    # scored there without it.
    melds = [
        *hand.get("melds", []),
        *(m for ms in hand.get("other_melds", {}).values() for m in ms),
    ]
    return any("from" in m for m in melds)


def headline_moves(view: dict[str, Any], state: PageState) -> dict[str, int]:
    """What the headline says changes hands: seat → + collected / − paid."""
    said = f"{view['headline']['main']} · {view['headline']['sub']}"
    moves: dict[str, int] = {}
    for who, verb, n in MOVE.findall(said):
        sign = 1 if verb == "collects" else -1
        seats = [s for s in state.seats if s != state.seat] if who == "Each" else [SEAT_WORDS[who]]
        for seat in seats:
            assert seat not in moves, f"the headline names {seat} twice: {said!r}"
            moves[seat] = sign * int(n)
    even = f"{SEAT_NAMES[state.seat]} comes out even"
    if "comes out even" in said:  # the winner's net is nought (kong money paid out)
        assert said.startswith(even) and state.seat not in moves, said
    if not moves:
        assert said.startswith(("Nothing changes hands", even)), said
    return moves


def formula_end(how: str) -> int | None:
    """The formula's last number, as the page shows it."""
    numbers = re.findall(r"\d+", how)
    return int(numbers[-1]) if numbers else None


def check_value(state: PageState, got: Score, value: dict[str, Any]) -> None:
    """The value's words are borne out by the score's payments."""
    win = [p for p in got.payments if p.kind == "win"]
    others = sorted(s for s in state.seats if s != state.seat)
    kind, amount = value["kind"], value["amount"]
    if kind == "count":
        assert amount == got.total
        # English pages word the engine's unit (issue 43, point 4: hu, fan, tai;
        # 推倒八's figure in the silver it pays)
        with translation.override("en"):
            unit = total_unit(state.region, state.options, got.unit)
        assert value["unit"] == unit
        assert value["text"] == f"The hand counts {amount} {unit}"
        return
    assert {p.amount for p in win} == {amount}, (value["text"], win)
    payers = sorted(p.payer for p in win)
    if kind == "each":
        assert payers == others, value["text"]
        assert value["text"].startswith("Each of the others pays")
    else:
        assert payers == [value["seat"]], value["text"]
        if kind == "discarder":
            assert state.win_by == "discard" and value["seat"] == state.discarder
            assert value["text"].startswith("The discarder (")
        elif kind == "robbed":
            assert state.win_by == "robbing_kong" and value["seat"] == state.discarder
            assert "whose kong was robbed" in value["text"]
    assert value["text"].endswith(f"pays {amount} {value['unit']} for the win"), value["text"]


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_headline_formula_and_payments_agree(name: str, case: dict[str, Any]) -> None:
    hand = case["hand"]
    state = state_of(hand)
    got = score(state.to_json())
    if not _gives_a_giver(hand):
        mine, theirs = to_json(got), to_json(score(hand))
        assert (mine["ok"], mine.get("total"), mine.get("net")) == (
            theirs["ok"],
            theirs.get("total"),
            theirs.get("net"),
        ), "the page scores another hand than the case's"
    with translation.override("en"):
        view = result_view(state)
    assert view is not None
    if not view["ok"]:
        return
    # The headline says what the nets say, for every seat that moves money.
    moved = {s: n for s, n in got.net.items() if n}
    assert headline_moves(view, state) == moved, view["headline"]
    # The nets shown are what the payments add up to.
    summed: Counter[str] = Counter()
    for p in got.payments:
        summed[p.payee] += p.amount
        summed[p.payer] -= p.amount
    assert [n for _seat, n in view["net"]] == [summed[s] for s in state.seats]
    assert [p["amount"] for p in view["payments"]] == [p.amount for p in got.payments]
    if not got.winning:
        assert view["value"] is None
        return
    value = view["value"]
    # The formula ends in the number shown as the hand's value.
    end = formula_end(view["how"])
    if end is not None:
        assert value["amount"] == end, (view["how"], value["text"])
    check_value(state, got, value)


def test_the_issue_hand_reads_as_one_story(client: Client) -> None:
    # 三门, won on a discard: the page said "worth 1 分" above a formula ending
    # in 3, the discarder paying 3.
    hand = dict(CASES)["sanmen/hu_xing::wu_cai_shen_lost_with_one_baiban"]["hand"]
    got = score(hand)
    assert got.winning and got.total == 1 and [p.amount for p in got.payments] == [3]
    url = f"/?{state_of(hand).query()}"
    client.cookies["django_language"] = "en"
    page = client.get(url).content.decode()
    assert (
        "1 (the base) × 1 (0 tai) × 1 (stacked) × 1 (old dealer) × 3 (kind of win) = 3</p>" in page
    )
    assert 'The discarder (West) pays <strong class="total">3 points</strong> for the win' in page
    assert "worth" not in page
    client.cookies["django_language"] = "zh-hans"
    page = client.get(url).content.decode()
    assert '这手胡牌，点炮的一家（西家）付 <strong class="total">3 分</strong>' in page
    assert "这手牌值" not in page


class ExampleTotals(HTMLParser):
    """The numbers the rules page's example lines show, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "strong" and ("class", "example-total") in attrs:
            self.inside = True
            self.found.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "strong":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.found[-1] += data


@pytest.mark.parametrize("region", REGIONS)
def test_rules_page_examples_show_the_value_the_payments_bear_out(
    client: Client, region: str
) -> None:
    client.cookies["django_language"] = "en"
    wrong = []
    for item in REGIONS[region].items:
        cases = examples_for(region, item.key)
        if not cases:
            continue
        try:
            url = reverse("rule-examples", args=[region, item.key])
        except NoReverseMatch:
            pytest.skip("the rules page has no page of an item's examples")
        page = client.get(url, headers={"HX-Request": "true"})
        parser = ExampleTotals()
        parser.feed(page.content.decode())
        shown = [" ".join(t.split()) for t in parser.found]
        assert len(shown) == len(cases), item.key
        for case, have in zip(cases, shown, strict=True):
            got = score(case["hand"])
            if not (got.ok and got.winning):
                continue
            with translation.override("en"):
                value = value_line(state_of(case["hand"]), got)
            if have != f"{value['amount']} {value['unit']}":
                wrong.append((case["name"], have, value["text"]))
    assert not wrong, wrong[:10]
