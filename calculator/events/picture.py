"""An evening's results as pictures for the club's group chat: the standings
as the results page shows them (place, name, rank points where the event
counts them, 标准分 where a season is kept, money), the night's top hand
across every table, and who pays whom in the fewest transfers."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from calculator.club.public import context as ledger_context
from calculator.club.public import night_of, night_picture_answer, top_hand
from calculator.events.models import Event, Table
from calculator.events.season_hooks import standard_points
from calculator.events.standings import points_text, standings
from calculator.pictures.public import Night, Standing, TopHand
from calculator.words.wording import MONEY_UNIT, region_name, term
from rules.ledger import settle_up

# ``settle_up`` finds the fewest transfers by trying every group of players
# that sums to zero: instant for a table or a dozen players, but past about
# 16 it takes seconds, then minutes. A bigger evening first pays off the
# players who owe exactly what another is owed (a transfer each, as the
# fewest would), then settles the rest largest first (one fewer transfer
# than there are players: at most one more than the fewest per group).
EXACT_UP_TO = 12


def fewest_transfers(money: Mapping[str, int]) -> list[tuple[str, str, int]]:
    owing = {k: v for k, v in money.items() if v}
    if len(owing) <= EXACT_UP_TO:
        return settle_up(owing)
    out: list[tuple[str, str, int]] = []
    for payer in sorted(owing, key=lambda k: owing[k]):
        if owing[payer] >= 0:
            continue
        payee = next((k for k in owing if owing[k] == -owing[payer]), None)
        if payee is not None:
            out.append((payer, payee, owing[payee]))
            owing[payer] = owing[payee] = 0
    owing = {k: v for k, v in owing.items() if v}
    if len(owing) <= EXACT_UP_TO:
        return out + settle_up(owing)
    debtors = sorted((k for k in owing if owing[k] < 0), key=lambda k: owing[k])
    creditors = sorted((k for k in owing if owing[k] > 0), key=lambda k: -owing[k])
    i = j = 0
    while i < len(debtors) and j < len(creditors):
        payer, payee = debtors[i], creditors[j]
        amount = min(-owing[payer], owing[payee])
        out.append((payer, payee, amount))
        owing[payer] += amount
        owing[payee] -= amount
        i += owing[payer] == 0
        j += owing[payee] == 0
    return out


def night_of_event(event: Event, standard: Mapping[int, str] | None = None) -> Night:
    """The evening's results. ``standard``: each entrant's 标准分 (by entrant
    id) where a season is kept — the season app's to give; its column is
    drawn only when given."""
    table = standings(event)
    ranked = event.scoring == "rank"
    columns = ((_("Rank points"),) if ranked else ()) + (
        (_("Standard points"),) if standard else ()
    )
    lines = tuple(
        Standing(
            place=line.rank,
            name=line.entrant.name,
            money=line.money,
            tied=line.tied,
            columns=((points_text(line.points),) if ranked else ())
            + ((standard.get(line.entrant.pk, "—"),) if standard else ()),
        )
        for line in table["lines"]
    )
    names = {str(line.entrant.pk): line.entrant.name for line in table["lines"]}
    money = {str(line.entrant.pk): line.money for line in table["lines"]}
    best: TopHand | None = None
    tables = Table.objects.filter(round__event=event, session__hands_played__gt=0)
    for found in tables.select_related("round", "session").order_by("round__number", "number"):
        session = found.session

        def where(n: int, found: Table = found) -> str:
            return _("Round %(round)s · Table %(table)s · Hand %(n)s") % {
                "round": found.round.number,
                "table": found.number,
                "n": n,
            }

        top = top_hand(session, ledger_context(session, read_only=True), where)
        if top is not None and (best is None or top.money > best.money):
            best = top
    return Night(
        title=event.name,
        subtitle=f"{region_name(event.region)} · {event.date:%Y-%m-%d}",
        unit=term(MONEY_UNIT.get(event.region, "分")),
        standings=lines,
        transfers=tuple((names[a], names[b], n) for a, b, n in fewest_transfers(money)),
        top=best,
        columns=columns,
    )


@login_required
def results_picture(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk, owner=request.user)
    night = night_of_event(event, standard_points(event))
    return night_picture_answer(request, night, f"event-{event.pk}")


def follow_picture(request: HttpRequest, token: str) -> HttpResponse:
    """The same for the event's public link: the standings its page shows."""
    if not token:
        raise Http404
    event = get_object_or_404(Event, public_token=token)
    night = night_of_event(event, standard_points(event))
    return night_picture_answer(request, night, f"event-{event.pk}")


def table_picture(request: HttpRequest, token: str) -> HttpResponse:
    """A table's results so far (its link's preview): its players by their
    money, its top hand, who pays whom."""
    table = get_object_or_404(Table, link_token=token, link_revoked=False) if token else None
    if table is None or table.session is None:
        raise Http404
    return night_picture_answer(request, night_of(table.session)[0], f"table-{table.pk}")
