"""What practice keeps: a teacher's drill sets and their hands, and every
answer given (a learner's own progress, and a class's results per hand).

A hand is kept as the spec's hand JSON (``shared/spec/hand-format.md``), the
same the API scores; its score is worked out again when shown, so a drill
always agrees with the engine."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

LEVELS = ("items", "total", "payments")  # tick the items; the total; who pays whom


def share_token() -> str:
    return secrets.token_urlsafe(18)


class DrillSet(models.Model):
    """A teacher's set of hands, shared by link: learners answer under a name."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    title = models.CharField(max_length=120)
    region = models.CharField(max_length=20)
    level = models.CharField(max_length=10, default="items")
    token = models.CharField(max_length=64, default=share_token, db_index=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.title


class DrillHand(models.Model):
    drill_set = models.ForeignKey(DrillSet, on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField()
    hand = models.JSONField()  # the spec's hand JSON, region included
    source = models.CharField(max_length=10, default="dealt")  # dealt, or entered on the calculator

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["drill_set", "position"], name="one_drill_hand_a_position"
            )
        ]


class Answer(models.Model):
    """One answer to one dealt hand: what was asked, what was answered, how it
    was graded. A signed-in learner's answers are their progress; a class's
    answers to a drill set's hand are its results."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    learner = models.CharField(max_length=40, blank=True, default="")  # the name typed in a class
    drill_hand = models.ForeignKey(
        DrillHand, null=True, blank=True, on_delete=models.CASCADE, related_name="answers"
    )
    region = models.CharField(max_length=20)
    level = models.CharField(max_length=10)
    hand = models.JSONField()
    answer = models.JSONField()  # ticked items, or the total, or each seat's money
    graded = models.JSONField()  # item key → right/missed/wrong; total_right; seats_right
    right = models.BooleanField(default=False)  # the whole answer right
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
