"""A club night as the events' tests set it up again and again: a referee,
four players at one table, the first round drawn and started."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.events.models import Event, Round, Table

FOUR = ("张伟", "李娜", "王芳", "刘洋")


def club_night(length: int = 4, names: Sequence[str] = FOUR) -> tuple[Client, Event, Table]:
    """The referee (signed in), the event, and its one table of round 1,
    whose round ends after ``length`` hands."""
    referee = Client()
    referee.force_login(User.objects.create_user("ref", password="a-good-long-password"))
    referee.post(
        reverse("event-new"),
        {
            "name": "周五俱乐部",
            "date": "2026-12-04",
            "region": "chuzhou",
            "table_size": "4",
            "rounds": "2",
            "round_end": "hands",
            "round_length": str(length),
            "scoring": "money",
            "rank_points": "4, 2, 1, 0",
        },
    )
    event = Event.objects.get()
    referee.post(reverse("event-roster", args=[event.pk]), {"names": "\n".join(names)})
    referee.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    referee.post(reverse("round-state", args=[event.pk, 1]))
    return referee, event, Round.objects.get(event=event).tables.get()
