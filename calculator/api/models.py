"""Rate-limit counts when no Redis is configured (``calculator.api.counting``)."""

from django.db import models


class RateCount(models.Model):
    """Requests from one client (``who``: kind and address or account) in one
    window (``slot``); the row may go once ``expires`` (a Unix time) has passed."""

    pk = models.CompositePrimaryKey("who", "slot")
    who = models.CharField(max_length=200)
    slot = models.BigIntegerField()
    count = models.IntegerField()
    expires = models.BigIntegerField(db_index=True)

    class Meta:
        db_table = "rate_count"
