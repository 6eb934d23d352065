"""A Score as the spec's JSON (plain dicts and lists)."""

from __future__ import annotations

from dataclasses import MISSING, fields
from types import MappingProxyType
from typing import Any

from rules.hand import ItemLine, Payment, Reading, Score


def _item(i: ItemLine) -> dict[str, Any]:
    out: dict[str, Any] = {
        "key": i.key,
        "name": i.name,
        "value": i.value,
        "unit": i.unit,
        "detail": i.detail,
        "rule": i.rule,
    }
    if i.times != 1:
        out["count"] = i.times
    if i.dropped_by:
        out["replaced_by"] = i.dropped_by
    return out


SCORE_FIELDS = tuple(f.name for f in fields(Score))
# A Score's fields that have a default (an outcome starts from these); its one
# made by a factory, ``net``, starts as an empty mapping nobody can change.
SCORE_DEFAULTS = {
    **{f.name: f.default for f in fields(Score) if f.default is not MISSING},
    "net": MappingProxyType({}),
}


def to_json(score: Score) -> dict[str, Any]:
    return outcome_json({name: getattr(score, name) for name in SCORE_FIELDS})


def outcome_json(score: dict[str, Any]) -> dict[str, Any]:
    """The spec's JSON for a ``Score``'s fields (``rules.engine.outcome``)."""
    if not score["ok"]:
        return {
            "ok": False,
            "region": score["region"],
            "errors": [
                {"field": e.field, "code": e.code, "message": e.message} for e in score["errors"]
            ],
        }
    next_table = score["next_table"]
    payments: tuple[Payment, ...] = score["payments"]
    out: dict[str, Any] = {
        "ok": True,
        "region": score["region"],
        "winning": score["winning"],
        "items": [_item(i) for i in score["items"]],
        "total": {"value": score["total"], "unit": score["unit"]},
        "payments": [
            {
                "from": p.payer,
                "to": p.payee,
                "amount": p.amount,
                "detail": str(p.detail),
                "kind": p.kind,
            }
            for p in payments
        ],
        "net": dict(score["net"]),
        "next_table": dict(next_table) if next_table is not None else None,
    }
    if score["how"]:
        out["how"] = str(score["how"])
    if score["split"]:
        out["split"] = list(score["split"])
        out["wait"] = score["wait"]
    if score["wilds"]:
        out["wilds"] = list(score["wilds"])
    if score["reasons"]:
        out["reasons"] = [str(r) for r in score["reasons"]]
    if score["readings_tried"] is not None:  # asked for: after the score, which stays as it is
        out["readings_tried"] = score["readings_tried"]
        out["readings"] = [_reading(r) for r in score["readings"]]
    return out


def _reading(r: Reading) -> dict[str, Any]:
    return {
        "option": r.option,
        "value": r.value,
        "winning": r.winning,
        "total": {"value": r.total, "unit": r.unit},
        "net": dict(r.net),
    }
