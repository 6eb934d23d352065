"""The members' ratings: openskill's Plackett–Luce model replayed over every
table-round the club has kept, in date order (evening by evening, round by
round; the tables of one round seat different players, so their order does
not matter). Players level on money at a table share a rank. A guest plays
as a new player each evening and keeps no rating.

The replay runs once after the club's results changed (``Club.version``),
from the earliest evening changed (``Club.stale_from``), and is kept: each member's rating and each step of it (``RatingStep``), which the
player page explains.

Shown as one number, 1500 + 40 × (μ − 25), with its uncertainty 40 × σ;
provisional (暂定) until ten table-rounds.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, Max
from openskill.models import PlackettLuce

from calculator.season.models import EARLIEST, Club, Member, RatingStep, SeatResult

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


def seats_of(club: Club, since: datetime.date = EARLIEST) -> list[Seat]:
    rows = (
        SeatResult.objects.filter(event__club_evening__club=club, event__date__gte=since)
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


type Step = tuple[str, Seat, Any, Any, int]


def replay(
    seats: list[Seat], ratings: dict[str, Any] | None = None
) -> tuple[dict[str, Any], list[Step]]:
    """The ratings after every table-round, from ``ratings`` (none: everyone
    new), and each step: (who, seat, before, after, opponents rated above
    them before it)."""
    model = PlackettLuce()
    ratings = dict(ratings or {})
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
        seen = [shown(r.mu) for r in before]
        for i, seat in enumerate(at):
            ratings[seat.who] = after[i][0]
            stronger = sum(1 for j, r in enumerate(seen) if j != i and r > seen[i])
            steps.append((seat.who, seat, before[i], after[i][0], stronger))
    return ratings, steps


STEP_COLUMNS = (
    "club_id",
    "member_id",
    "event_id",
    "round",
    "place",
    "players",
    "stronger",
    "before_mu",
    "before_sigma",
    "after_mu",
    "after_sigma",
    "order",
)


def write_steps(rows: list[tuple[Any, ...]]) -> None:
    """Insert rating steps as plain rows: a season's replay writes thousands,
    and a model instance for each (bulk_create) or one long INSERT, whose
    parameters the driver splices in, cost more than the replay itself.
    PostgreSQL takes them by COPY; SQLite's executemany is already fast."""
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(RatingStep._meta.db_table)
    columns = ", ".join(quote(c) for c in STEP_COLUMNS)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            one = ", ".join(["%s"] * len(STEP_COLUMNS))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({one})", rows)


def write_members(rows: list[tuple[float | None, float | None, int, int]]) -> None:
    """Each member's rating (mu, sigma, rated, pk), a plain statement each:
    bulk_update's CASE over every member took longer to build than to run."""
    quote = connection.ops.quote_name
    sql = "UPDATE {} SET {} = %s, {} = %s, {} = %s WHERE {} = %s".format(
        quote(Member._meta.db_table), *(quote(c) for c in ("mu", "sigma", "rated", "id"))
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def standing_before(club: Club, since: datetime.date) -> tuple[dict[str, Any], dict[int, int], int]:
    """Each member's rating and table-rounds rated from the steps kept before
    ``since``, and the next step's order."""
    model = PlackettLuce()
    kept = RatingStep.objects.filter(club=club, event__date__lt=since)
    last = list(kept.values("member_id").annotate(last=Max("order"), n=Count("pk")))
    counted = {row["member_id"]: row["n"] for row in last}
    ratings = {
        f"m{member}": model.rating(mu=mu, sigma=sigma)
        for member, mu, sigma in RatingStep.objects.filter(
            club=club, order__in=[row["last"] for row in last]
        ).values_list("member_id", "after_mu", "after_sigma")
    }
    following = max((row["last"] for row in last), default=-1) + 1
    return ratings, counted, following


def ensure_rated(club: Club) -> bool:
    """Replay the club's ratings if its results changed since they were kept:
    from the earliest evening changed, on the ratings kept before it. ``club``
    as the request read it: rated then, there is nothing to lock. Says whether
    it replayed."""
    if club.rated_version == club.version:
        return False
    with transaction.atomic():
        locked = Club.objects.select_for_update().get(pk=club.pk)
        if locked.rated_version == locked.version:
            club.version = club.rated_version = locked.version
            return False
        since = locked.stale_from or EARLIEST
        RatingStep.objects.filter(club=locked, event__date__gte=since).delete()
        ratings, counted, following = standing_before(locked, since)
        ratings, steps = replay(seats_of(locked, since), ratings)
        members = {m.pk: m for m in Member.objects.filter(club=locked).only("mu", "sigma", "rated")}
        counted = defaultdict(int, {m: n for m, n in counted.items() if m in members})
        kept = []
        for order, (who, seat, before, after, stronger) in enumerate(steps, start=following):
            if not who.startswith("m") or int(who[1:]) not in members:
                continue
            member_id = int(who[1:])
            counted[member_id] += 1
            kept.append(
                (
                    locked.pk,
                    member_id,
                    seat.event,
                    seat.round,
                    seat.place,
                    seat.players,
                    stronger,
                    before.mu,
                    before.sigma,
                    after.mu,
                    after.sigma,
                    order,
                )
            )
        write_steps(kept)
        changed = []
        for pk, member in members.items():
            rating = ratings.get(f"m{pk}")
            now = (
                rating.mu if rating is not None else None,
                rating.sigma if rating is not None else None,
                counted[pk],
            )
            if now != (member.mu, member.sigma, member.rated):
                changed.append((*now, pk))
        write_members(changed)
        Club.objects.filter(pk=locked.pk).update(rated_version=locked.version, stale_from=None)
    club.version = club.rated_version = locked.version
    return True
