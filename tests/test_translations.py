"""The message catalogs: complete in Chinese, compiled, and current with the engine."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest

from calculator.management.commands.engine_strings import TARGET, render

LOCALE = Path(__file__).resolve().parents[1] / "calculator" / "locale"


def read_po(path: Path) -> dict[str, str]:
    """msgid → msgstr, for the simple catalogs makemessages writes."""
    entries: dict[str, str] = {}
    msgid: list[str] = []
    msgstr: list[str] = []
    current: list[str] | None = None

    def flush() -> None:
        if msgid or msgstr:
            entries["".join(msgid)] = "".join(msgstr)

    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [ast.literal_eval(line[6:])], []
            current = msgid
        elif line.startswith("msgstr "):
            msgstr = [ast.literal_eval(line[7:])]
            current = msgstr
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
    flush()
    entries.pop("", None)
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
    for msgid, msgstr in read_po(folder / "django.po").items():
        if msgstr:
            assert compiled.gettext(msgid) == msgstr, f"{language}: run make messages ({msgid!r})"


def test_engine_strings_are_current() -> None:
    assert TARGET.read_text(encoding="utf-8") == render(), "run manage.py engine_strings"


def test_every_template_string_is_in_the_catalog() -> None:
    entries = read_po(LOCALE / "zh_Hans" / "LC_MESSAGES" / "django.po")
    for s in ("Who pays whom", "House rules", "Hand", "Winning tile"):
        assert s in entries
