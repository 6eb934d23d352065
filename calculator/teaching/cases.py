"""The golden cases (``tests/cases/<region>/*.toml``), read for the tests and
for the rule pages: a rule page's examples are these very hands, scored by
the engine, so a page can never show a score the engine does not give."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

CASES_DIR = Path(__file__).resolve().parents[2] / "tests" / "cases"


@lru_cache(maxsize=1)
def load_cases(directory: Path = CASES_DIR) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(``region/file::id``, case) for every case, in file order."""
    found = []
    for path in sorted(directory.glob("*/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for case in data.get("case", []):
            found.append((f"{path.parent.name}/{path.stem}::{case.get('id')}", case))
    return tuple(found)


@lru_cache(maxsize=16)
def _winning_by_item(region: str) -> dict[str, tuple[dict[str, Any], ...]]:
    """item key → the region's winning cases that count it, simplest first
    (the cases never change while a process runs: sorted once)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for name, case in load_cases():
        expect = case.get("expect", {})
        if not name.startswith(f"{region}/"):
            continue
        if expect.get("ok", True) is False or expect.get("winning") is False:
            continue
        for key, count in expect.get("items", {}).items():
            if count:
                found.setdefault(key, []).append({"name": name, **case})
    return {
        key: tuple(sorted(cases, key=lambda c: len(c["expect"].get("items", {}))))
        for key, cases in found.items()
    }


def examples_for(region: str, key: str, limit: int = 2) -> list[dict[str, Any]]:
    """Winning cases of a region that count this item, simplest first."""
    return list(_winning_by_item(region).get(key, ())[:limit])
