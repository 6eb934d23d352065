"""House-rule options: each region declares a frozen dataclass of them.

Every field has a default (the rules file's default) and, in its metadata,
the allowed values or bounds and the rules file's wording, so the page can
draw a control for each and the validator can name what is wrong.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules.hand import ErrorInfo
from rules.text import Text, says


def choice(default: str, choices: Mapping[str, str], doc: str) -> Any:
    """One of ``choices``: each value with a few words that say what it means."""
    return field(
        default=default,
        metadata={"choices": tuple(choices), "labels": tuple(choices.values()), "doc": doc},
    )


def flag(default: bool, doc: str) -> Any:
    return field(default=default, metadata={"doc": doc})


def number(
    default: int,
    doc: str,
    minimum: int = 0,
    maximum: int = 1_000_000,
    variants: tuple[int, ...] = (),
) -> Any:
    """A whole number from ``minimum`` to ``maximum``. ``variants``: the values
    tables play, where the region's rules file names them (the default among
    them if a hand under another value is to be read at the default too); a
    hand's readings try the number at these alone, and at none where none are
    named, since a number has too many values to try them all."""
    if not all(minimum <= v <= maximum for v in variants):
        raise ValueError(f"variants {variants} outside {minimum}..{maximum}")
    return field(
        default=default,
        metadata={"doc": doc, "min": minimum, "max": maximum, "variants": tuple(variants)},
    )


def own_wind_mode() -> Any:
    """The spec's ``seat_wind_mode`` ("Seats and seat winds"), one field with one
    wording wherever it is declared: a region declares it where an item reads
    the player's own wind, and only there (elsewhere it would change nothing,
    and is refused as ``unknown_option``)."""
    return choice(
        "from_dealer",
        {"from_dealer": "counted from the dealer", "fixed": "fixed by place"},
        "own wind (门风)",
    )


@dataclass(frozen=True)
class OptionInfo:
    name: str
    default: Any
    kind: str  # "bool", "int", "choice"
    doc: str
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()  # each choice in words
    minimum: int | None = None
    maximum: int | None = None
    variants: tuple[int, ...] = ()  # a number's values that readings try (``number``)


@lru_cache(maxsize=64)  # a type's options never change: each type is described once
def describe(options_type: type) -> tuple[OptionInfo, ...]:
    out: list[OptionInfo] = []
    for f in dataclasses.fields(options_type):
        meta = f.metadata
        if "choices" in meta:
            kind = "choice"
        elif isinstance(f.default, bool):
            kind = "bool"
        else:
            kind = "int"
        out.append(
            OptionInfo(
                f.name,
                f.default,
                kind,
                meta.get("doc", ""),
                tuple(meta.get("choices", ())),
                tuple(meta.get("labels", ())),
                meta.get("min"),
                meta.get("max"),
                tuple(meta.get("variants", ())),
            )
        )
    return tuple(out)


@lru_cache(maxsize=64)  # most hands play a region's defaults: one object for them all
def defaults(options_type: type) -> Any:
    return options_type()


def build(options_type: type, raw: object) -> tuple[Any, list[ErrorInfo]]:
    """The options with ``raw`` applied over the defaults, or the errors."""
    errors: list[ErrorInfo] = []
    if raw is None or (isinstance(raw, Mapping) and not raw):
        return defaults(options_type), errors
    if not isinstance(raw, Mapping):
        return options_type(), [
            ErrorInfo("rules", "bad_option_value", says("rules must be an object"))
        ]
    infos = {i.name: i for i in describe(options_type)}
    values: dict[str, Any] = {}
    for name, value in raw.items():
        info = infos.get(name)
        where = f"rules.{name}"
        if info is None:
            known = tuple(sorted(infos)) or ("none",)
            errors.append(
                ErrorInfo(
                    where,
                    "unknown_option",
                    says("unknown option '{typed}' (known: {known})", typed=name, known=known),
                )
            )
            continue
        problem = _check(info, value)
        if problem is not None:
            errors.append(ErrorInfo(where, "bad_option_value", problem))
        else:
            values[name] = value
    return options_type(**values), errors


def _check(info: OptionInfo, value: object) -> Text | None:
    if info.kind == "bool":
        if isinstance(value, bool):
            return None
        return says("{option} must be true or false", option=info.name)
    if info.kind == "choice":
        if isinstance(value, str) and value in info.choices:
            return None
        return says(
            "{option} must be one of {known}; got '{typed}'",
            option=info.name,
            known=info.choices,
            typed=value,
        )
    if isinstance(value, bool) or not isinstance(value, int):
        return says("{option} must be a whole number; got '{typed}'", option=info.name, typed=value)
    lo = info.minimum if info.minimum is not None else value
    hi = info.maximum if info.maximum is not None else value
    if not lo <= value <= hi:
        return says(
            "{option} must be between {low} and {high}; got {typed}",
            option=info.name,
            low=lo,
            high=hi,
            typed=value,
        )
    return None
