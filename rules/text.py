"""Sentences for people: an English template and the values that fill it.

The engine speaks the spec's English: its JSON carries every message,
reason and payment detail formatted. The page words the same sentence in
its own language, looking the template up in its catalog (the template is
the msgid: ``manage.py makemessages`` finds every ``says("…")`` in the
engine) and showing each value its own way — a seat as 东家, a tile as 五万.
So a sentence is written once, where the engine knows it, and translated
without the engine knowing any language.

Values are named by what they are, so the page can word them: ``seat`` /
``seats``, ``tile`` / ``tiles`` (notation), ``region``, ``option``,
``flag``, ``meld``, ``egg``, ``table_key`` (a key of the hand's ``table``);
anything else (numbers, what was typed) is shown as it is.

A sentence is written in lower case and without a full stop, as the API's
messages are (``"5m appears 5 times; …"``); a page that shows it as a
sentence of its own starts it with a capital.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Text:
    template: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)

    def __str__(self) -> str:
        if not self.params:
            return self.template
        return self.template.format_map({k: _plain(v) for k, v in self.params})


def says(template: str, /, **params: Any) -> Text:
    """A sentence for people; ``template`` uses ``{name}`` for each value."""
    return Text(template, tuple((k, _frozen(v)) for k, v in params.items()))


def _frozen(value: Any) -> Any:
    # Texts are kept in frozen records and compared: lists become tuples.
    if isinstance(value, list | tuple):
        return tuple(value)
    return value


def _plain(value: Any) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
