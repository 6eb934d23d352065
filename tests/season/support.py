"""A club's season as the tests set it up: a referee, a club, members, and
evenings played through the same saves a table's phone makes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from calculator.club.entry import table_mark
from calculator.club.public import save_entry
from calculator.events.models import Event, Round, Table
from calculator.season.models import Club, Member

# The spec's 楚州 hand (a hand as a session keeps it): its winner and how are set per use.
TILES = {
    "hand": "234m567m345p79s11z",
    "win_tile": "8s",
    "melds": [],
    "flags": ["ready_declared"],
    "table": {},
}


def hand(seat: str, by: str = "", self_draw: bool = False) -> dict[str, Any]:
    """A win by ``seat``: on ``by``'s discard, or self-drawn; or a drawn hand (seat "")."""
    if not seat:
        return {**TILES, "seat": "E", "win_by": "draw"}
    if self_draw:
        return {**TILES, "seat": seat, "win_by": "self_draw"}
    return {**TILES, "seat": seat, "win_by": "discard", "discarder": by}


def referee(name: str = "ref") -> tuple[Client, User]:
    user = User.objects.create_user(name, password="a-good-long-password")
    client = Client()
    client.force_login(user)
    return client, user


def new_club(client: Client, names: Sequence[str], club: str = "周五俱乐部") -> Club:
    client.post(reverse("clubs"), {"name": club})
    found = Club.objects.get(name=club)
    if names:
        client.post(reverse("club-members", args=[found.pk]), {"names": "\n".join(names)})
    return found


def evening(
    client: Client,
    club: Club,
    members: Sequence[Member],
    date: str = "2026-12-04",
    *,
    guests: Sequence[str] = (),
    region: str = "chuzhou",
    rounds: int = 2,
    length: int = 4,
    name: str = "周五",
) -> Event:
    """An evening set up from the roster (its first round drawn and started)."""
    response = client.post(
        reverse("evening-new", args=[club.pk]),
        {
            "name": name,
            "date": date,
            "region": region,
            "table_size": "4",
            "rounds": str(rounds),
            "round_end": "hands",
            "round_length": str(length),
            "scoring": "money",
            "rank_points": "4, 2, 1, 0",
            "members": [m.pk for m in members],
            "guests": "\n".join(guests),
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.filter(club_evening__club=club).order_by("-pk").first()
    assert event is not None
    return event


def play_round(client: Client, event: Event, hands: Sequence[dict[str, Any]]) -> list[Table]:
    """Draw and start the next round, and play ``hands`` at each of its tables."""
    client.post(reverse("round-draw", args=[event.pk]), {"method": "fresh"})
    rnd = Round.objects.filter(event=event).order_by("-number").first()
    assert rnd is not None
    client.post(reverse("round-state", args=[event.pk, rnd.number]))
    owner = event.owner
    tables = list(rnd.tables.select_related("session"))
    for table in tables:
        for n, data in enumerate(hands, start=1):
            session = table.session
            session.refresh_from_db()
            done = save_entry(
                session, owner, data, f"k-{table.pk}-{n}", n, table_mark(session.replayed().table)
            )
            assert not isinstance(done, str), done
    client.post(
        reverse("round-state", args=[event.pk, rnd.number]), {"finish": "1", "confirm": "1"}
    )
    return tables
