"""Other readings of the hand on the page: each house rule whose other value
would change the result, and by how much, in the page's words; and the house
rules the page is scored under that are not the region's defaults, each with
the way back.

The engine works the readings out (``"readings": true``, rules.readings) and
returns codes and numbers; here they become sentences and links. Applying a
reading is a link: the address then holds it, so a copied link shows the hand
under the reading the table agreed on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from calculator.words.wording import joined, option_label, option_value, seat_name, total_unit
from rules.hand import Reading, Score
from rules.options import OptionInfo, describe

if TYPE_CHECKING:
    from calculator.page.state import PageState


def form_value(value: Any) -> str:
    """An option's value as the page's o.<name> field holds it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def readings_view(
    state: PageState, got: Score, address: str = "", money: str = ""
) -> dict[str, Any] | None:
    """The lines of "其他读法" for a scored hand (None where none were asked,
    or none could be: a region without house rules to read otherwise)."""
    if not got.ok or not got.readings_tried:
        return None
    infos = {i.name: i for i in describe(state.reg.options)}
    # Each line names every seat up to three times: worded once for all.
    names = {seat: seat_name(seat) for seat in state.seats}
    lines = [_line(state, got, r, infos[r.option], address, money, names) for r in got.readings]
    return {"tried": got.readings_tried, "lines": lines}


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _line(
    state: PageState,
    got: Score,
    reading: Reading,
    info: OptionInfo,
    address: str,
    money: str,
    names: dict[str, str],
) -> dict[str, Any]:
    rule = _("%(rule)s: %(value)s") % {
        "rule": capfirst(option_label(info.name, state.region)),
        "value": option_value(info, reading.value),
    }
    if not reading.winning:
        outcome = _("not a win")
    else:
        outcome = _("%(total)s %(unit)s in all") % {
            "total": reading.total,
            "unit": total_unit(
                state.region,
                {**state.options, reading.option: form_value(reading.value)},
                reading.unit,
            ),
        }
    # What the table would settle under the reading, every seat, as the page
    # shows it once the reading is applied; then, marked as such, the change
    # against the result above (a reading's figures alone read as a result).
    settles = [f"{names[seat]} {signed(reading.net.get(seat, 0))}" for seat in state.seats]
    moves = []
    for seat in state.seats:
        more = reading.net.get(seat, 0) - got.net.get(seat, 0)
        if more:
            moves.append(f"{names[seat]} {signed(more)}")
    applied = replace(
        state,
        options={**state.options, info.name: form_value(reading.value)},
        undo="",
    )
    return {
        "option": info.name,
        "value": form_value(reading.value),
        "rule": rule,
        "outcome": outcome,
        "settles": _("Settles, in %(unit)s: %(money)s") % {"unit": money, "money": joined(settles)},
        "net": [(names[seat], reading.net.get(seat, 0)) for seat in state.seats],
        "moves": _("Against now: %(moves)s")
        % {"moves": joined(moves) if moves else _("the same money changes hands")},
        "link": f"{address}?{applied.query()}",
    }


def applied_view(state: PageState, address: str = "") -> list[dict[str, str]]:
    """The house rules this page is scored under that are not the region's
    defaults, each with the link back to the default."""
    infos = {i.name: i for i in describe(state.reg.options)}
    out = []
    for name, text in sorted(state.options.items()):
        info = infos.get(name)
        if info is None or form_value(info.default) == text:
            continue
        back = {k: v for k, v in state.options.items() if k != name}
        value: Any = text == "true" if info.kind == "bool" else text
        out.append(
            {
                "rule": _("%(rule)s: %(value)s")
                % {
                    "rule": capfirst(option_label(name, state.region)),
                    "value": option_value(info, value),
                },
                "default": option_value(info, info.default),
                "back": f"{address}?{replace(state, options=back, undo='').query()}",
            }
        )
    return out
