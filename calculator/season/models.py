"""A club, its members and seasons, and what is kept of every table-round.

A club is kept by one or more referees, each signed in as themselves. An
evening (an event) belongs to at most one club; each of its players is a
member of that club or a guest (``Player``). A season is the club's evenings
between two dates, or a list of them.

``SeatResult`` is one player's result at one table of one round, kept from
the table's hands whenever its session's totals change (``kept``): a season's
table, the ratings and the player pages read these rows and never replay a
hand. ``Club.version`` moves with every change that can move a rating.
"""

from __future__ import annotations

import datetime
import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Value
from django.db.models.functions import Coalesce, Least

from calculator.events.models import Entrant, Event, Table

ATTENDANCE = ("min", "best")  # a minimum of evenings to be ranked, or the average of the best N
# "Replay the ratings from the first evening": a change whose date is not known.
EARLIEST = datetime.date(1, 1, 1)


class Club(models.Model):
    name = models.CharField(max_length=80)
    keepers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="clubs_kept")
    # Moves with every change that can move a rating; the ratings are replayed
    # once when it has moved (``rating``), not on every page, and only from
    # ``stale_from``, the date of the earliest evening changed since (the
    # ratings before it stand: a correction three weeks back replays three weeks).
    version = models.PositiveIntegerField(default=0)
    rated_version = models.IntegerField(default=-1)
    stale_from = models.DateField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def bump(self, since: datetime.date = EARLIEST) -> None:
        """The ratings move from the evenings of ``since`` on (by default: all)."""
        stale(Club.objects.filter(pk=self.pk), since)


def stale(clubs: models.QuerySet[Club], since: datetime.date) -> None:
    """The clubs' ratings are to be replayed from ``since`` (or earlier, where
    an earlier change waits already)."""
    when = Value(since, output_field=models.DateField())
    clubs.update(version=F("version") + 1, stale_from=Least(Coalesce("stale_from", when), when))


def token() -> str:
    return secrets.token_urlsafe(18)


class Member(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(max_length=40)
    key = models.CharField(max_length=40, db_index=True)  # the name as matched (names.key)
    share_token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # The rating as last replayed (``rating``): mean, uncertainty, table-rounds rated.
    mu = models.FloatField(null=True, blank=True)
    sigma = models.FloatField(null=True, blank=True)
    rated = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class Evening(models.Model):
    """An event the club keeps."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="evenings")
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="club_evening")


class Player(models.Model):
    """A player on an evening's roster as the club knows them: a member, or a
    guest (no member)."""

    entrant = models.OneToOneField(
        Entrant, on_delete=models.CASCADE, primary_key=True, related_name="club_player"
    )
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80)
    start = models.DateField(null=True, blank=True)
    end = models.DateField(null=True, blank=True)
    # A list of evenings, where the club chose them (by_list); else every
    # evening between the dates. Said apart from the list itself: a list whose
    # evenings were all deleted is an empty season, not every evening.
    by_list = models.BooleanField(default=False)
    chosen = models.ManyToManyField(Event, blank=True, related_name="seasons_chosen")
    attendance = models.CharField(max_length=5, default="min")
    count = models.PositiveSmallIntegerField(default=0)  # the minimum, or N of the best N
    share_token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start", "-created"]

    def __str__(self) -> str:
        return self.name

    def events(self) -> models.QuerySet[Event]:
        """The season's evenings, oldest first."""
        kept = Event.objects.filter(club_evening__club_id=self.club_id)
        if self.by_list:
            kept = kept.filter(pk__in=self.chosen.values("pk")) if self.pk else kept.none()
        else:
            if self.start is not None:
                kept = kept.filter(date__gte=self.start)
            if self.end is not None:
                kept = kept.filter(date__lte=self.end)
        return kept.order_by("date", "pk")


class SeatResult(models.Model):
    """One seat of one table-round, as its hands come to (kept, see module)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_results")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seat_results")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seat_results")
    seat = models.CharField(max_length=1)
    round = models.PositiveSmallIntegerField()
    players = models.PositiveSmallIntegerField()  # at the table
    money = models.IntegerField(default=0)
    points12 = models.IntegerField(default=0)  # 标准分 in twelfths (ties share: 7/3, 7/4 …)
    place = models.PositiveSmallIntegerField(default=1)  # 1 + the players strictly ahead
    hands = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    self_drawn = models.PositiveIntegerField(default=0)
    dealt_in = models.PositiveIntegerField(default=0)  # 点炮
    # money received from (or, negative, paid to) each other seat, over the table-round
    flows = models.JSONField(default=dict)
    items = models.JSONField(default=dict)  # item name → times scored in the hands won
    best_money = models.IntegerField(null=True, blank=True)  # the hand won that paid most
    best = models.JSONField(null=True, blank=True)  # its value, unit, items and number

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="one_result_a_seat")]
        indexes = [models.Index(fields=["event", "entrant"])]


class RatingStep(models.Model):
    """A member's rating before and after one table-round, as last replayed.

    Derived rows, rewritten by every replay (thousands at once): they go with
    their club, member or evening by Django's cascade, and carry no database
    foreign-key constraints, whose checks at commit cost a season's replay
    ~100 ms on PostgreSQL, more than writing the rows."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="rating_steps", db_constraint=False
    )
    member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="rating_steps", db_constraint=False
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    round = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    players = models.PositiveSmallIntegerField()
    stronger = models.PositiveSmallIntegerField()  # opponents rated above them before it
    before_mu = models.FloatField()
    before_sigma = models.FloatField()
    after_mu = models.FloatField()
    after_sigma = models.FloatField()
    order = models.PositiveIntegerField()  # its place in the replay

    class Meta:
        ordering = ["order"]
        indexes = [models.Index(fields=["member", "order"]), models.Index(fields=["club", "order"])]
