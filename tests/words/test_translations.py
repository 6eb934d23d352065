"""The message catalogs: complete in Chinese, compiled, and current with the engine."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest

from calculator.words.management.commands.engine_strings import TARGET, render

LOCALE = Path(__file__).resolve().parents[2] / "calculator" / "words" / "locale"


def read_po(path: Path) -> dict[tuple[str, str], str]:
    """(msgctxt, msgid) → msgstr for the active entries makemessages writes
    (obsolete ones are dropped; a fuzzy one is kept with an empty msgstr, as
    compilemessages leaves it out)."""
    entries: dict[tuple[str, str], str] = {}
    fields: dict[str, list[str]] = {}
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        if "msgid" in fields:
            key = ("".join(fields.get("msgctxt", [])), "".join(fields["msgid"]))
            entries[key] = "" if fuzzy else "".join(fields.get("msgstr", []))

    # makemessages writes one entry a paragraph: flags, msgctxt, msgid, msgstr.
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            flush()
            fields, current, fuzzy = {}, None, False
        elif line.startswith("#,"):
            fuzzy = "fuzzy" in line
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
        else:
            name, _, value = line.partition(" ")
            name = "msgstr" if name == "msgstr[0]" else name  # a plural's first form
            # A plural's other forms (msgid_plural, msgstr[1] …) are read into
            # nothing, so their wrapped lines never join the msgid.
            if name in ("msgctxt", "msgid", "msgstr"):
                current = fields[name] = [ast.literal_eval(value)]
            elif name.startswith("msg"):
                current = []
    flush()
    entries.pop(("", ""), None)
    return entries


@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant"])
def test_chinese_catalogs_are_complete(language: str) -> None:
    entries = read_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    assert entries
    missing = [k for k, v in entries.items() if not v]
    assert not missing, f"untranslated in {language}: {missing}"


@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant", "en"])
def test_compiled_catalogs_match_their_sources(language: str) -> None:
    folder = LOCALE / language / "LC_MESSAGES"
    with (folder / "django.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for (context, msgid), msgstr in read_po(folder / "django.po").items():
        if msgstr:
            got = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            assert got == msgstr, f"{language}: run make messages ({msgid!r})"


def test_engine_strings_are_current() -> None:
    assert TARGET.read_text(encoding="utf-8") == render(), "run manage.py engine_strings"


def test_every_template_string_is_in_the_catalog() -> None:
    entries = read_po(LOCALE / "zh_Hans" / "LC_MESSAGES" / "django.po")
    for s in ("Who pays whom", "House rules", "Hand", "Winning tile"):
        assert ("", s) in entries
    assert ("seat", "East") in entries and ("tile", "五万") in entries
