"""The hand's value at a glance: the number it counts or pays, and who
collects and pays what."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from calculator.page.present.phrasing import unit_of
from calculator.page.state import PageState
from calculator.words.wording import joined, seat_name, total_unit
from rules.hand import Score

# Regions whose formula (``Score.how``) ends in what one payer hands over for
# the win rather than in the hand's count: 三门's multiplies 底分 up to the
# 胡型 (rules/regions/sanmen.py), its ``total`` being one payer's loss before it.
FORMULA_ENDS_IN_A_PAYMENT = frozenset({"sanmen"})


def value_line(state: PageState, got: Score, css: str = "total") -> dict[str, Any]:
    """The number shown as the hand's value, and what it is.

    Where the formula ends in a payment (三门), the number is that payment,
    said as who pays it: the discarder, the seat robbed, each of the others.
    Elsewhere it is the hand's count in its unit (番, 胡), the formula's end,
    from which the payments below are worked out. ``kind`` says which
    (``count``, ``each``, ``discarder``, ``robbed``, ``one``), ``seat`` the
    one payer, ``html`` the sentence with the number marked up (``css``)."""
    win = [p for p in got.payments if p.kind == "win"]
    amounts = {p.amount for p in win}
    payers = [p.payer for p in win]
    others = [s for s in state.seats if s != state.seat]
    kind, seat, amount, unit = (
        "count",
        "",
        got.total,
        total_unit(state.region, state.options, got.unit),
    )
    if (
        state.region in FORMULA_ENDS_IN_A_PAYMENT
        and len(amounts) == 1
        and len(set(payers)) == len(payers)
    ):
        amount, unit = amounts.pop(), unit_of(state.region)
        if len(payers) == 1:
            seat = payers[0]
            kind = "one"
            if seat == state.discarder and state.win_by == "discard":
                kind = "discarder"
            elif seat == state.discarder and state.win_by == "robbing_kong":
                kind = "robbed"
        elif sorted(payers) == sorted(others):
            kind = "each"
        else:  # never so in 三门: every payer pays alike, or one pays
            kind, amount, unit = (
                "count",
                got.total,
                total_unit(state.region, state.options, got.unit),
            )
    sentence = {
        "count": _("The hand counts %(amount)s"),
        "each": _("Each of the others pays %(amount)s for the win"),
        "discarder": _("The discarder (%(seat)s) pays %(amount)s for the win"),
        "robbed": _("%(seat)s, whose kong was robbed, pays %(amount)s for the win"),
        "one": _("%(seat)s pays %(amount)s for the win"),
    }[kind]
    number = format_html('<strong class="{}">{} {}</strong>', css, amount, unit)
    html = escape(sentence) % {"seat": escape(seat_name(seat)), "amount": number}
    return {
        "kind": kind,
        "seat": seat,
        "amount": amount,
        "unit": unit,
        "text": sentence % {"seat": seat_name(seat), "amount": f"{amount} {unit}"},
        "html": mark_safe(html),
    }


def headline(state: PageState, got: Score) -> dict[str, str]:
    """What changes hands, at a glance: who collects and who pays how much."""
    net = got.net
    unit = unit_of(state.region)
    winner = state.seat if got.winning else None

    def moves(skip: str | None) -> list[str]:
        out = []
        for s in state.seats:
            n = net.get(s, 0)
            if s == skip or not n:
                continue
            if n > 0:
                out.append(_("%(seat)s collects %(n)s") % {"seat": seat_name(s), "n": n})
            else:
                out.append(_("%(seat)s pays %(n)s") % {"seat": seat_name(s), "n": -n})
        return out

    if winner is None:
        found = moves(None)
        if not found:
            return {"main": _("Nothing changes hands"), "sub": ""}
        return {"main": joined(found), "sub": _("in %(unit)s") % {"unit": unit}}
    # The winner's own net: kong money or events paid out may outweigh the win.
    won = net.get(winner, 0)
    if won > 0:
        collects = _("%(seat)s collects %(n)s %(unit)s")
    elif won < 0:
        collects = _("%(seat)s pays %(n)s %(unit)s")
    else:
        collects = _("%(seat)s comes out even")
    collects %= {"seat": seat_name(winner), "n": abs(won), "unit": unit}
    losses = [-net.get(s, 0) for s in state.seats if s != winner]
    if losses and all(n == losses[0] > 0 for n in losses):
        if len(losses) == 1:
            loser = next(s for s in state.seats if s != winner)
            pays = _("%(seat)s pays %(n)s %(unit)s") % {
                "seat": seat_name(loser),
                "n": losses[0],
                "unit": unit,
            }
        else:
            pays = _("Each pays %(n)s %(unit)s") % {"n": losses[0], "unit": unit}
        return {"main": pays, "sub": collects}
    return {"main": collects, "sub": joined(moves(winner))}
