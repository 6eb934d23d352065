"""How far a table has got in its round: hands played, or times the deal has
gone round the table (圈) where the event counts rounds that way."""

from __future__ import annotations

from itertools import pairwise

from calculator.club.public import ClubSession
from calculator.events.models import Event


def progress(event: Event, session: ClubSession) -> tuple[int, int]:
    """(done, needed) for this table's round."""
    if event.round_end != "circles":
        return session.hands_played, event.round_length
    # The deal goes round once each time it has passed every seat.
    played = session.replayed()
    dealers = [step.request.get("dealer") for step in played.steps]
    dealers.append(played.table.get("dealer"))
    moves = sum(1 for a, b in pairwise(dealers) if a != b)
    return moves // max(1, session.seat_count), event.round_length


def complete(event: Event, session: ClubSession) -> bool:
    done, needed = progress(event, session)
    return done >= needed
