"""How the page says an engine's sentence and a region's money."""

from __future__ import annotations

from django.utils.safestring import SafeData, mark_safe

from calculator.words.wording import MONEY_UNIT, unit_word


def unit_of(region_key: str) -> str:
    return unit_word(MONEY_UNIT.get(region_key, "分"))


def as_sentence(text: str) -> str:
    """An engine's sentence shown as a sentence of its own: the engine writes
    in lower case, as the API's messages are; on the page it starts with a
    capital (in Chinese nothing changes). Markup stays as it was."""
    if not text[:1].islower():
        return text
    capital = text[:1].upper() + text[1:]
    return mark_safe(capital) if isinstance(text, SafeData) else capital
