"""Each table-round's result, kept from its hands as they are saved, corrected
or deleted: the club app sends ``totals_kept`` inside every write that moves
a session's totals, with the hands it scored. A hand added at the end is
added to the rows; a replay rewrites them. Nothing here scores a hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models.signals import pre_delete, pre_save
from django.dispatch import receiver

from calculator.club.public import ClubSession, totals_kept
from calculator.events.models import Event, Seating, Table
from calculator.season.models import EARLIEST, Club, Evening, SeatResult, stale
from calculator.season.placings import placings
from rules.ledger import Step

COUNTED = (
    "money",
    "points12",
    "place",
    "hands",
    "won",
    "self_drawn",
    "dealt_in",
    "flows",
    "items",
    "best_money",
    "best",
)


@receiver(totals_kept)
def session_kept(
    sender: Any, session: ClubSession, steps: Sequence[Step], appended: bool, **kwargs: Any
) -> None:
    table = Table.objects.filter(session_id=session.pk).select_related("round").first()
    if table is not None:
        keep(table, session, steps, appended)


def keep(table: Table, session: ClubSession, steps: Sequence[Step], appended: bool) -> None:
    """Bring the table's rows up to what its hands come to."""
    seated = dict(Seating.objects.filter(table=table).values_list("seat", "entrant_id"))
    rows = {r.seat: r for r in SeatResult.objects.filter(table=table)} if appended else {}
    if appended and set(rows) != set(seated) and session.hands_played > len(steps):
        # rows never kept (an evening from before): replay the table once
        steps, appended, rows = session.replayed().steps, False, {}
    fresh = not rows
    if fresh:
        rows = {
            seat: SeatResult(
                table=table,
                event_id=table.round.event_id,
                entrant_id=entrant,
                seat=seat,
                round=table.round.number,
                players=len(seated),
                flows={},
                items={},
            )
            for seat, entrant in seated.items()
        }
    first = session.hands_played - len(steps)  # the hands before these
    for step in steps:
        add_hand(rows, step, first + step.number)
    money = {seat: int((session.totals or {}).get(seat, 0)) for seat in rows}
    for seat, (place, points) in placings(money).items():
        row = rows[seat]
        row.money, row.place, row.points12 = money[seat], place, points
    if session.hands_played == 0:
        SeatResult.objects.filter(table=table).delete()  # no hand: no table-round played
    elif fresh:
        SeatResult.objects.filter(table=table).delete()
        SeatResult.objects.bulk_create(rows.values())
    else:
        SeatResult.objects.bulk_update(rows.values(), COUNTED)
    touched(table.round.event_id)


def add_hand(rows: Mapping[str, SeatResult], step: Step, number: int) -> None:
    """What one scored hand adds to each seat's row."""
    result, request = step.result, step.request
    for row in rows.values():
        row.hands += 1
    if not result.get("ok"):
        return
    for payment in result.get("payments") or ():
        paid_by, paid_to, amount = payment.get("from"), payment.get("to"), payment.get("amount", 0)
        if paid_to in rows and paid_by in rows:
            rows[paid_to].flows[paid_by] = rows[paid_to].flows.get(paid_by, 0) + amount
            rows[paid_by].flows[paid_to] = rows[paid_by].flows.get(paid_to, 0) - amount
    winner = rows.get(str(request.get("seat") or ""))
    if not result.get("winning") or winner is None:
        return
    winner.won += 1
    if request.get("win_by") == "self_draw":
        winner.self_drawn += 1
    else:
        discarder = rows.get(str(request.get("discarder") or ""))
        if discarder is not None:
            discarder.dealt_in += 1
    named = [i for i in result.get("items") or () if i.get("value") and i.get("key") != "cap"]
    for item in named:
        winner.items[item["name"]] = winner.items.get(item["name"], 0) + 1
    won = int((result.get("net") or {}).get(winner.seat, 0))
    if winner.best_money is None or won > winner.best_money:
        total = result.get("total") or {}
        winner.best_money = won
        winner.best = {
            "number": number,
            "value": total.get("value"),
            "unit": total.get("unit", ""),
            "items": [[i["name"], i["value"], i.get("unit", "")] for i in named],
            "win_by": request.get("win_by"),
        }


def touched(event_id: int) -> None:
    """The results of an evening changed: the ratings of its club move, from
    that evening on."""
    date = Event.objects.filter(pk=event_id).values_list("date", flat=True).first()
    if date is not None:
        stale(Club.objects.filter(evenings__event_id=event_id), date)


def rebuild(event: Event) -> None:
    """Keep every played table of an evening afresh from its hands (an evening
    attached to a club after it was played, or from before results were kept)."""
    for table in Table.objects.filter(round__event=event).select_related("round", "session"):
        session = table.session
        if session.hands_played or SeatResult.objects.filter(table=table).exists():
            keep(table, session, session.replayed().steps, appended=False)


@receiver(pre_delete, sender=Evening)
def evening_gone(sender: Any, instance: Evening, **kwargs: Any) -> None:
    """An evening deleted (or its event): the ratings move from its date on
    (its rows and steps go with it)."""
    date = Event.objects.filter(pk=instance.event_id).values_list("date", flat=True).first()
    stale(Club.objects.filter(pk=instance.club_id), date or EARLIEST)


@receiver(pre_save, sender=Event)
def evening_moved(sender: Any, instance: Event, update_fields: Any = None, **kwargs: Any) -> None:
    """An evening's date changed: the replay's order changes from the earlier date."""
    if instance.pk is None or (update_fields is not None and "date" not in update_fields):
        return
    was = Event.objects.filter(pk=instance.pk).values_list("date", flat=True).first()
    now = Event._meta.get_field("date").to_python(instance.date)
    if was is not None and was != now:
        stale(Club.objects.filter(evenings__event_id=instance.pk), min(was, now))
