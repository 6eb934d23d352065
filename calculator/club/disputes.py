"""A table's doubt about a saved hand ("有异议"), and the referee's answer.

A phone at the table may mark a hand with a short reason; it changes nothing
in the hand. The mark shows on the ledger and the event page until the
referee settles it: by correcting the hand, or with a word. Both are kept in
the session's history.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from calculator.club.models import ClubSession, HandChange, HandRecord

LONGEST = 200


def _reason(text: str) -> str:
    reason = " ".join(text.split())
    if not reason:
        raise ValueError(_("Reason: say in a few words what is wrong with the hand."))
    if len(reason) > LONGEST:
        raise ValueError(
            _("Reason: at most %(n)s characters (this one has %(m)s).")
            % {"n": LONGEST, "m": len(reason)}
        )
    return reason


def _hand(session: ClubSession, number: int) -> HandRecord:
    live = session.live_hands()
    if not 1 <= number <= len(live):
        raise ValueError(_("Hand %(n)s is not on the record.") % {"n": number})
    return live[number - 1]


def _touch(session: ClubSession) -> None:
    """The phones' lists of the table's hands ask again when this moves."""
    ClubSession.objects.filter(pk=session.pk).update(updated=timezone.now())


def mark_disputed(session: ClubSession, number: int, text: str) -> HandRecord:
    """Mark hand ``number`` disputed with a reason (ValueError: why not)."""
    return _write(session, None, number, text, action="dispute")


def settle(session: ClubSession, user: Any, number: int, text: str) -> HandRecord:
    """The referee answers a dispute with a word, leaving the hand as it is."""
    return _write(session, user, number, text, action="settle")


def _write(session: ClubSession, user: Any, number: int, text: str, action: str) -> HandRecord:
    """Set or clear hand ``number``'s mark, with the reason in the history."""
    reason = _reason(text)
    with transaction.atomic():
        record = _hand(session, number)
        if action == "settle" and not record.dispute:
            raise ValueError(_("Hand %(n)s is not disputed.") % {"n": number})
        record.dispute = reason if action == "dispute" else ""
        record.save(update_fields=["dispute"])
        HandChange.objects.create(
            session=session,
            record=record,
            user=user,
            action=action,
            position=number,
            after={"reason": reason},
        )
        _touch(session)
    return record
