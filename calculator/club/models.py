"""A referee's club session: players, rules, and the hands in order.

Hands store only what happened in them; the table state they start from is
replayed from the hands before (``rules.ledger``), so a correction anywhere
recomputes everything after it. Every change is kept in ``HandChange``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import models
from django.dispatch import Signal

from rules.hand import seat_order
from rules.ledger import CARRIED, Replay, replay

# Sent inside the write whenever a session's kept totals change, with the
# hands that changed them: ``steps`` the scored hands (a replay's, each with
# its request and result), ``appended`` True where one hand was added at the
# end (``steps`` is then that one hand) and False where every live hand was
# replayed (``steps`` is then all of them). What other apps keep from the
# hands (a club's season) is kept up to date from here, not replayed per page.
totals_kept = Signal()


class RuleProfile(models.Model):
    """A referee's named set of house rules for a region ("周五晚场"). A session
    started from it copies the rules, so editing the profile later changes no
    session; a share link lets another referee copy it, never edit it."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    name = models.CharField(max_length=60)
    region = models.CharField(max_length=20)
    rules = models.JSONField(default=dict, blank=True)
    share_token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "-updated"]

    def __str__(self) -> str:
        return self.name

    def new_share_token(self) -> str:
        self.share_token = secrets.token_urlsafe(24)
        return self.share_token


class ClubSession(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    title = models.CharField(max_length=120)
    region = models.CharField(max_length=20)
    players = models.JSONField(default=dict)  # seat → player name
    rules = models.JSONField(default=dict, blank=True)
    start = models.JSONField(default=dict, blank=True)  # first hand's dealer and table (针 …)
    version = models.PositiveIntegerField(default=0)  # bumped on every write
    share_token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # The profile the rules were copied from, for the referee's reference only.
    profile = models.ForeignKey(RuleProfile, null=True, blank=True, on_delete=models.SET_NULL)
    finished = models.DateTimeField(null=True, blank=True)  # archived once the evening is over
    # Each seat's total so far and the table the next hand starts from, kept
    # with every write (``refresh``), so standings over many tables need no replay.
    totals = models.JSONField(default=dict, blank=True)
    table = models.JSONField(default=dict, blank=True)
    hands_played = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.title

    @property
    def seat_count(self) -> int:
        return len(self.players)

    @property
    def seats(self) -> list[str]:
        """The seats in play order (PostgreSQL's jsonb does not keep key order)."""
        return [s for s in seat_order(4) if s in self.players]

    def live_hands(self) -> list[HandRecord]:
        """The hands that count, in play order (a deleted hand is kept, aside)."""
        return list(self.hands.filter(deleted__isnull=True))

    def replayed(self) -> Replay:
        hands = [h.data for h in self.live_hands()]
        return replay(self.region, self.seat_count, self.rules, self.start, hands)

    def new_share_token(self) -> str:
        self.share_token = secrets.token_urlsafe(24)
        return self.share_token

    def closed_because(self) -> str:
        """Why this session takes no new hand now ("" if it takes them):
        archived, or an event table whose round is closed, not started yet, or
        played out (its hands all played, where the round is a number of hands). A redrawn
        round's tables are deleted with their sessions, so none is left over."""
        if self.finished is not None:
            return "archived"
        table = getattr(self, "event_table", None)  # the events app's, where it is one
        if table is not None:
            if table.round.finished:
                return "round_closed"
            if not table.round.started:
                return "round_not_started"
            event = table.round.event
            if event.round_end == "hands" and self.hands_played >= event.round_length:
                return "played_out"  # the round's length holds for the referee's ledger too
        return ""

    def uncorrectable_because(self) -> str:
        """Why the referee may not correct or delete this session's hands now
        ("" if they may): archived, or a round not started. A finished round's
        hands can still be corrected in place; new hands wait for a reopen."""
        reason = self.closed_because()
        return "" if reason in ("round_closed", "played_out") else reason

    def append_kept(self, record: HandRecord) -> None:
        """Keep what the hands come to after ``hand`` is added at the end (call
        inside the write, on the row as it stands): one hand scored from the
        kept table, not the whole evening again, so a save late in the evening
        costs what one early did. The replay from scratch is the same (the
        ledger's state machine holds them equal)."""
        if not self.table:
            self.refresh()
            return
        one = replay(self.region, self.seat_count, self.rules, self.table, [record.data])
        totals = {s: int(self.totals.get(s, 0)) + one.totals.get(s, 0) for s in self.seats}
        record.scored = kept_score(one.steps[0].result, totals)
        record.save(update_fields=["scored"])
        ClubSession.objects.filter(pk=self.pk).update(
            totals=totals, table=dict(one.table), hands_played=self.hands_played + 1
        )
        self.totals, self.table, self.hands_played = totals, dict(one.table), self.hands_played + 1
        totals_kept.send(ClubSession, session=self, steps=one.steps, appended=True)

    def refresh(self) -> Replay:
        """Replay the hands and keep what they come to (call inside the write)."""
        live = self.live_hands()
        played = replay(
            self.region, self.seat_count, self.rules, self.start, [h.data for h in live]
        )
        for record, step in zip(live, played.steps, strict=True):
            record.scored = kept_score(step.result, step.totals)
        HandRecord.objects.bulk_update(live, ["scored"])
        ClubSession.objects.filter(pk=self.pk).update(
            totals=dict(played.totals), table=dict(played.table), hands_played=len(played.steps)
        )
        self.totals, self.table, self.hands_played = (
            dict(played.totals),
            dict(played.table),
            len(played.steps),
        )
        totals_kept.send(ClubSession, session=self, steps=played.steps, appended=False)
        return played


class HandRecord(models.Model):
    """One deal as the table played it. A record is the hand's identity for
    life: ``position`` only orders it (it never moves), its number in the
    ledger is its place among the hands not deleted, and a deleted hand stays
    here, aside, to be restored in place. ``key`` is the entry it came from
    (minted on the phone's first tap and carried in its address), so the same
    entry saved twice — a double tap, a retry, the back button — is one hand."""

    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField()
    data = models.JSONField()  # the hand without region, dealer or carried table state
    key = models.CharField(max_length=40, blank=True, default="")
    deleted = models.DateTimeField(null=True, blank=True)
    # What the hand came to when the hands were last replayed (its value, each
    # seat's money and the running totals), for the table's phones to read
    # without replaying the evening; None for hands kept before it was.
    scored = models.JSONField(null=True, blank=True)
    # A table's "有异议": a phone's reason, until the referee settles it.
    dispute = models.CharField(max_length=200, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="one_hand_per_position"),
            models.UniqueConstraint(
                fields=["session", "key"],
                condition=~models.Q(key=""),
                name="one_hand_per_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.position}"

    def number(self) -> int | None:
        """The hand's number in the ledger now (None once deleted)."""
        if self.deleted is not None:
            return None
        return HandRecord.objects.filter(
            session_id=self.session_id, deleted__isnull=True, position__lte=self.position
        ).count()


class HandChange(models.Model):
    """The history of a session: who added, corrected or deleted which hand, and when."""

    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="changes")
    # The hand it changed (older lines, from before hands kept their records, have none).
    record = models.ForeignKey(
        HandRecord, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=10)  # add, edit, delete, restore, dispute, settle
    position = models.PositiveIntegerField()  # the hand's number when it changed
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} #{self.position}"


def kept_score(result: Mapping[str, Any], totals: Mapping[str, int]) -> dict[str, Any]:
    """What a hand's list line needs of its score."""
    total = result.get("total") or {}
    return {
        "ok": bool(result.get("ok")),
        "winning": bool(result.get("winning")),
        "value": total.get("value"),
        "unit": total.get("unit", ""),
        "net": dict(result.get("net") or {}),
        "totals": dict(totals),
    }


def as_data(request: dict[str, Any], dealt: str | None = None) -> dict[str, Any]:
    """What a hand record keeps of a score request: its dealer only where the
    referee set one other than ``dealt``, the dealer the deal came to."""
    keep = {k: v for k, v in request.items() if k not in ("region", "players", "rules", "dealer")}
    keep["table"] = {k: v for k, v in (keep.get("table") or {}).items() if k not in CARRIED}
    if dealt is not None and request.get("dealer") not in (None, dealt):
        keep["dealer"] = request["dealer"]
    return keep
