"""A hand saved, corrected or deleted at any table of an event moves the
event's version, so every phone following it asks for the standings again."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from calculator.club.public import HandRecord
from calculator.events.models import Event, Table


@receiver(post_save, sender=HandRecord)
@receiver(post_delete, sender=HandRecord)
def hand_changed(sender: Any, instance: HandRecord, **kwargs: Any) -> None:
    event = Table.objects.filter(session_id=instance.session_id).values_list(
        "round__event_id", flat=True
    )
    for pk in event:
        Event(pk=pk).bump()
