"""The members' ratings: openskill's Plackett–Luce model replayed over every
table-round the club has kept, in date order (evening by evening, round by
round; the tables of one round seat different players, so their order does
not matter). Players level on money at a table share a rank. A guest plays
as a new player each evening and keeps no rating.

The replay runs once after the club's results changed (``Club.version``) and
is kept: each member's rating and each step of it (``RatingStep``), which the
player page explains.

Shown as one number, 1500 + 40 × (μ − 25), with its uncertainty 40 × σ;
provisional (暂定) until ten table-rounds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from django.db import transaction
from openskill.models import PlackettLuce

from calculator.season.models import Club, Member, RatingStep, SeatResult

BASE, SCALE, MU = 1500, 40, 25.0
PROVISIONAL = 10  # table-rounds before a rating is more than provisional


@dataclass(frozen=True)
class Seat:
    table: int
    event: int
    round: int
    place: int
    players: int
    who: str  # "m<id>" for a member, "g<entrant>" for a guest


def shown(mu: float | None) -> int:
    return round(BASE + ((MU if mu is None else mu) - MU) * SCALE)


def spread(sigma: float | None) -> int:
    return round((MU / 3 if sigma is None else sigma) * SCALE)


def seats_of(club: Club) -> list[Seat]:
    rows = (
        SeatResult.objects.filter(event__club_evening__club=club)
        .order_by("event__date", "event_id", "round", "table_id", "seat")
        .values_list(
            "table_id",
            "event_id",
            "round",
            "place",
            "players",
            "entrant_id",
            "entrant__club_player__member",
        )
    )
    return [
        Seat(table, event, rnd, place, players, f"m{member}" if member else f"g{entrant}")
        for table, event, rnd, place, players, entrant, member in rows
    ]


def replay(seats: list[Seat]) -> tuple[dict[str, Any], list[tuple[str, Seat, Any, Any, int]]]:
    """The ratings after every table-round, and each step: (who, seat, before,
    after, opponents rated above them before it)."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    steps = []
    for _table, group in groupby(seats, key=lambda s: s.table):
        at: list[Seat] = []
        for seat in group:
            if any(s.who == seat.who for s in at):
                continue  # one member in two seats (two records merged): the first seat counts
            at.append(seat)
        if len(at) < 2:
            continue
        before = [ratings.get(s.who) or model.rating() for s in at]
        after = model.rate([[r] for r in before], ranks=[float(s.place) for s in at])
        for i, seat in enumerate(at):
            ratings[seat.who] = after[i][0]
            stronger = sum(
                1 for j, r in enumerate(before) if j != i and shown(r.mu) > shown(before[i].mu)
            )
            steps.append((seat.who, seat, before[i], after[i][0], stronger))
    return ratings, steps


def ensure_rated(club: Club) -> None:
    """Replay the club's ratings if its results changed since they were kept."""
    with transaction.atomic():
        locked = Club.objects.select_for_update().get(pk=club.pk)
        if locked.rated_version == locked.version:
            return
        ratings, steps = replay(seats_of(locked))
        members = {m.pk: m for m in Member.objects.filter(club=locked)}
        counted: dict[int, int] = defaultdict(int)
        kept = []
        for order, (who, seat, before, after, stronger) in enumerate(steps):
            if not who.startswith("m") or int(who[1:]) not in members:
                continue
            member_id = int(who[1:])
            counted[member_id] += 1
            kept.append(
                RatingStep(
                    club=locked,
                    member_id=member_id,
                    event_id=seat.event,
                    round=seat.round,
                    place=seat.place,
                    players=seat.players,
                    stronger=stronger,
                    before_mu=before.mu,
                    before_sigma=before.sigma,
                    after_mu=after.mu,
                    after_sigma=after.sigma,
                    order=order,
                )
            )
        RatingStep.objects.filter(club=locked).delete()
        RatingStep.objects.bulk_create(kept, batch_size=2000)
        for pk, member in members.items():
            rating = ratings.get(f"m{pk}")
            member.mu = rating.mu if rating is not None else None
            member.sigma = rating.sigma if rating is not None else None
            member.rated = counted[pk]
        Member.objects.bulk_update(members.values(), ["mu", "sigma", "rated"], batch_size=500)
        Club.objects.filter(pk=locked.pk).update(rated_version=locked.version)
    club.rated_version = locked.version
