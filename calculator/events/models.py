"""An event: its roster, its rounds, each round's tables and seats, penalties.

A table of a round keeps its hands in a club session, so the ledger, the
corrections and the history are the session's. ``version`` goes up with every
change anywhere in the event: the players' phones ask for the standings again
only when it has moved.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Case, F, Value, When

from calculator.club.public import ClubSession, RuleProfile

ROUND_ENDS = ("hands", "circles")  # a number of hands, or of times the deal went round
SCORINGS = ("money", "rank")  # the money alone, or rank points per table with money breaking ties


def token() -> str:
    return secrets.token_urlsafe(18)


class Event(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    name = models.CharField(max_length=120)
    date = models.DateField()
    region = models.CharField(max_length=20)
    profile = models.ForeignKey(RuleProfile, null=True, blank=True, on_delete=models.SET_NULL)
    rules = models.JSONField(default=dict, blank=True)  # copied at the start, kept as played
    table_size = models.PositiveSmallIntegerField(default=4)
    rounds = models.PositiveSmallIntegerField(default=4)
    round_end = models.CharField(max_length=10, default="hands")
    round_length = models.PositiveSmallIntegerField(default=8)  # hands, or circles
    scoring = models.CharField(max_length=10, default="money")
    rank_points = models.JSONField(default=list, blank=True)  # e.g. [4, 2, 1, 0]
    public_token = models.CharField(max_length=64, default=token, db_index=True)
    version = models.PositiveIntegerField(default=0)
    # The evening ended ("结束今晚"): last round closed, tables archived, standings final.
    finished = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self) -> str:
        return self.name

    def bump(self) -> None:
        Event.objects.filter(pk=self.pk).update(version=F("version") + 1)

    @property
    def current_round(self) -> Round | None:
        return self.round_set.filter(started=True, finished=False).first()


class Entrant(models.Model):
    """A player on the roster. Withdrawn players keep their results."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(max_length=40)
    member_no = models.CharField(max_length=20, blank=True, default="")
    active = models.BooleanField(default=True)
    joined = models.PositiveSmallIntegerField(default=1)  # the first round they could play

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    method = models.CharField(max_length=12, default="fresh")
    started = models.BooleanField(default=False)
    finished = models.BooleanField(default=False)
    # Pairs at its tables who had sat together before, this evening or earlier
    # in the season: what the draw could not avoid (None: drawn before it was counted).
    repeats = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_a_number")
        ]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    session = models.OneToOneField(
        ClubSession, on_delete=models.CASCADE, related_name="event_table"
    )
    link_token = models.CharField(max_length=64, default=token, db_index=True)
    link_revoked = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]


class Seating(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE)
    seat = models.CharField(max_length=1)  # E S W N

    class Meta:
        # 东南西北, the order of play: the letters alone would sort E, N, S, W.
        ordering = [
            Case(*(When(seat=s, then=Value(i)) for i, s in enumerate("ESWN")), default=Value(4)),
            "pk",
        ]


class Penalty(models.Model):
    """A referee's adjustment to a player's money, with its reason."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL)
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE)
    amount = models.IntegerField()
    reason = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)


class RetiredLink(models.Model):
    """A table's link that was replaced or revoked: a phone still holding it is
    told so, in its own language, with its hand kept on screen, not a 404."""

    token = models.CharField(max_length=64, unique=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="retired_links")
    retired = models.DateTimeField(auto_now_add=True)
