"""``makemessages`` that also finds the engine's sentences: each is written
``says("…", value=…)`` in ``rules/`` (see ``rules.text``), or handed to
``rules.validate._add`` as its fourth argument."""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=says",
        "--keyword=_add:4",
    ]
