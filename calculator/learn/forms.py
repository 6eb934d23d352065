"""What a drill form carries: the dealt hand, signed, and the answer typed so far.

The hand travels in the form as its JSON, signed (``django.core.signing``):
the page grades exactly the hand it showed, whatever ``rules.deal`` deals
later (a seed would deal another hand once the dealer changes), and a
learner who edits it is told so instead of being graded on another hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core import signing

from calculator.learn.models import LEVELS
from rules.deal import SEATS
from rules.regions import REGIONS

HAND_SALT = "learn.hand"
MAX_DIGITS = 6
KEYS = (*"0123456789", "del", "neg")


class Tampered(Exception):
    """The hand in the form is not the one this site signed."""


def sign_hand(hand: Mapping[str, Any]) -> str:
    return signing.dumps(dict(hand), salt=HAND_SALT, compress=True)


def read_hand(text: str) -> dict[str, Any]:
    try:
        hand = signing.loads(text, salt=HAND_SALT)
    except signing.BadSignature as e:
        raise Tampered from e
    if not isinstance(hand, dict) or hand.get("region") not in REGIONS:
        raise Tampered
    return hand


def level_of(text: str | None) -> str:
    return text if text in LEVELS else LEVELS[0]


def number(text: str | None) -> int | None:
    """A typed number (a leading minus allowed), or ``None`` for none."""
    text = (text or "").strip().replace("−", "-").replace("+", "")
    body = text.removeprefix("-")
    if not body.isdigit() or len(body) > MAX_DIGITS:
        return None
    return int(text)


def pressed(typed: str, key: str) -> str:
    """The typed number after one key of the on-page keypad."""
    typed = "".join(c for c in typed if c.isdigit() or c == "-")
    if key == "del":
        return typed[:-1] if typed != "-" else ""
    if key == "neg":
        return typed[1:] if typed.startswith("-") else "-" + typed
    if key.isdigit() and len(typed.removeprefix("-")) < MAX_DIGITS:
        if typed in ("0", "-0"):
            typed = typed[:-1]
        return typed + key
    return typed


def seats_of(hand: Mapping[str, Any]) -> str:
    return SEATS[: int(hand.get("players", 4))]
