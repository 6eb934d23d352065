"""Names people type (players, sessions, events, drill sets, profiles): shown
as typed, but never able to reorder the page around them, never made only of
characters nobody can see, and never cut short behind the typist's back.

Bidi embeddings, overrides and isolates, zero-width spaces and control
characters are dropped on the way in, and every name is drawn inside its own
``<bdi>``. The zero-width joiner and non-joiner stay: emoji sequences (👨‍👩‍👧),
Persian (می‌خواهم) and Indic spellings need them, and they reorder nothing.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

# Format characters (bidi controls, zero-width spaces, the byte-order mark,
# soft hyphens) and control characters.
_DROPPED = {"Cf", "Cc"}
# Format characters a name needs: the joiners, and the tag characters of
# subdivision flags (🏴 + tags).
_KEPT = {"\u200c", "\u200d", *map(chr, range(0xE0020, 0xE0080))}
# What prints nothing: spaces, formats, controls, unassigned and private
# code points; and letters and symbols drawn blank (the Hangul fillers, the
# blank Braille pattern), a favourite for names that look empty.
_INVISIBLE = {"Zs", "Zl", "Zp", "Cc", "Cf", "Cn", "Co", "Cs"}
_BLANK = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}

INVISIBLE_NAME = gettext_lazy(
    "This name has no characters anyone can see: type one people can read."
)
TOO_LONG = gettext_lazy("A name has at most %(most)s characters; this one has %(count)s.")


def without_controls(text: str) -> str:
    """``text`` without the characters that could reorder or hide it, runs of
    spaces (tabs, line breaks) made one space."""
    kept = "".join(
        ch for ch in text if ch in _KEPT or ch.isspace() or unicodedata.category(ch) not in _DROPPED
    )
    return " ".join(kept.split())


def visible(text: str) -> bool:
    return any(unicodedata.category(ch) not in _INVISIBLE and ch not in _BLANK for ch in text)


def read_name(typed: str, most: int) -> tuple[str, str]:
    """A name typed outside a form: the name kept, and why it will not do as
    a name of at most ``most`` characters ("" when it will; an empty name is
    the caller's to judge)."""
    name = without_controls(typed)
    if typed.strip() and not visible(name):
        return name, str(INVISIBLE_NAME)
    if len(name) > most:
        return name, str(TOO_LONG % {"most": most, "count": len(name)})
    return name, ""


class NameField(forms.CharField):
    """A form's name: cleaned as above, refused when it is only invisible
    characters, and refused (not cut) past ``max_length``."""

    def to_python(self, value: Any) -> str:
        typed = super().to_python(value) or ""
        name = without_controls(typed)
        if typed and not visible(name):
            raise ValidationError(INVISIBLE_NAME, code="invisible")
        return name
