"""A Score as the spec's JSON (plain dicts and lists)."""

from __future__ import annotations

from typing import Any

from rules.hand import Score


def to_json(score: Score) -> dict[str, Any]:
    if not score.ok:
        return {
            "ok": False,
            "region": score.region,
            "errors": [
                {"field": e.field, "code": e.code, "message": e.message} for e in score.errors
            ],
        }
    out: dict[str, Any] = {
        "ok": True,
        "region": score.region,
        "winning": score.winning,
        "items": [
            {
                "key": i.key,
                "name": i.name,
                "value": i.value,
                "unit": i.unit,
                "detail": i.detail,
                "rule": i.rule,
                **({"count": i.times} if i.times != 1 else {}),
                **({"replaced_by": i.dropped_by} if i.dropped_by else {}),
            }
            for i in score.items
        ],
        "total": {"value": score.total, "unit": score.unit},
        "payments": [
            {"from": p.payer, "to": p.payee, "amount": p.amount, "detail": p.detail, "kind": p.kind}
            for p in score.payments
        ],
        "net": dict(score.net),
        "next_table": dict(score.next_table) if score.next_table is not None else None,
    }
    if score.how:
        out["how"] = score.how
    if score.split:
        out["split"] = list(score.split)
        out["wait"] = score.wait
    if score.wilds:
        out["wilds"] = list(score.wilds)
    if score.reasons:
        out["reasons"] = list(score.reasons)
    return out
