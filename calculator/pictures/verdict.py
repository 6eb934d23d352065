"""A hand's verdict as one picture: the tiles as they lie, the region and its
house rules that are not the defaults, every item with its value, the total
with its unit, who pays whom, each seat's money, and the link (with its QR
code) that opens the hand again.

``hand_values`` takes what the calculator page shows (its context: the same
dict its template reads) and keeps the words and numbers to draw; ``draw``
draws those and nothing else. The picture never scores the hand itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from calculator.page.public import meld_face_json
from calculator.pictures.canvas import (
    ACCENT,
    BIG,
    MUTED,
    SMALL,
    TEXT,
    Canvas,
    TileGroup,
    TileMark,
    money_color,
    signed,
)
from rules.tiles import NotationError, parse, tile_code


def won_on() -> str:
    """The label over the winning tile: short, as it stands over one tile."""
    return pgettext("over the winning tile, in a picture", "Won on")


def _marks(tiles: Any, hui_word: str = "") -> list[list[Any]]:
    return [[t.code, bool(t.down), hui_word if t.hui else ""] for t in tiles]


def hand_values(context: dict[str, Any], link: str, script: str) -> dict[str, Any]:
    """What the picture of a scored hand shows, from the page's ``context``
    (``page.public.page_context``): plain words and numbers, in the page's
    language. ``link`` reopens the hand."""
    result = context["result"]
    state = context["state"]
    seats = {s["code"]: s["label"] for s in context["who"]["seats"]}
    how = next((w["label"] for w in context["win_types"] if w["checked"]), "")
    hui = context["hui_word"]
    groups: list[dict[str, Any]] = []
    win = context["win"]
    hand = _marks(context["hand"])
    groups.append({"label": _("Hand"), "tiles": hand})
    if win is not None:
        groups.append({"label": won_on(), "tiles": [[win.code, False, ""]], "win": True})
    for m in context["melds"]:
        # 会 only where the meld counts some (a 长春 egg): the page marks any 幺鸡 of a meld
        label = f"{m['label']} · {m['hui']} {hui}" if m["hui"] else str(m["label"])
        groups.append({"label": label, "tiles": _marks(m["tiles"], hui if m["hui"] else "")})
    if context["flowers"]:
        groups.append({"label": _("Flowers"), "tiles": _marks(context["flowers"])})
    for t in context["table"]:
        if t["tile"] is not None:
            groups.append({"label": str(t["label"]), "tiles": [[t["tile"].code, False, ""]]})
    others = [
        {"label": f"{m['seat']} · {m['label']}", "tiles": _marks(m["tiles"])}
        for m in context["other"]
    ]
    dealer = seats.get(state.dealer, "")
    return {
        "kind": "hand",
        "script": script,
        "english": bool(context["english"]),
        "title": f"{context['region_label']} · 算番",
        "who": " · ".join(
            x
            for x in (
                seats.get(state.seat, ""),
                str(how),
                _("dealer %(dealer)s") % {"dealer": dealer} if dealer else "",
                *(str(f["label"]) for f in context["flags"] if f["checked"]),
            )
            if x
        ),
        "rules": [
            _("%(region)s, %(n)s players")
            % {"region": context["region_label"], "n": state.players},
            *[a["rule"] for a in context["applied"]],
        ],
        "groups": groups,
        "others": others,
        "winning": bool(result["winning"]),
        "headline": str(result["headline"]["main"] or ""),
        "headline_sub": str(result["headline"]["sub"] or ""),
        "reasons": [str(r) for r in result["reasons"]],
        "value": str(result["value"]["text"]) if result["value"] else "",
        "how": str(result["how"] or ""),
        "wilds_label": str(result["wilds_label"]) if result["wilds"] else "",
        "wilds": [t.code for t in result["wilds"]],
        "rows": [
            {
                "name": str(r["name"]),
                "english": str(r["english"] or ""),
                "value": r["value"],
                "unit": str(r["unit"]),
                "dropped": bool(r["dropped"]),
                "why": str(r["why"] or ""),
            }
            for r in result["rows"]
        ],
        "also": str(result["also"] or ""),
        "total": result["total"],
        "unit": str(result["unit"]),
        "money": str(result["money"]),
        "payments": [
            {
                "from": str(p["from"]),
                "to": str(p["to"]),
                "amount": p["amount"],
                "detail": str(p["detail"] or ""),
            }
            for p in result["payments"]
        ],
        "net": [[str(seat), amount] for seat, amount in result["net"]],
        "link": link,
    }


def groups_of_hand(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The tiles of a hand kept in the spec's JSON (a saved hand), grouped as
    ``hand_values`` groups a page's: the hand, the winning tile, each meld, the flowers."""

    def codes(text: Any) -> list[str]:
        try:
            return [tile_code(t) for t in parse(str(text or ""))]
        except NotationError:
            return []

    groups: list[dict[str, Any]] = [
        {"label": _("Hand"), "tiles": [[c, False, ""] for c in codes(data.get("hand"))]},
        {
            "label": won_on(),
            "tiles": [[c, False, ""] for c in codes(data.get("win_tile"))],
            "win": True,
        },
    ]
    for meld in data.get("melds") or []:
        if isinstance(meld, Mapping):
            face = meld_face_json(meld)
            groups.append(
                {
                    "label": str(face["label"]),
                    "tiles": [[t.code, bool(t.down), ""] for t in face["tiles"]],
                }
            )
    groups.append(
        {"label": _("Flowers"), "tiles": [[c, False, ""] for c in codes(data.get("flowers"))]}
    )
    return [g for g in groups if g["tiles"]]


def _groups(found: list[dict[str, Any]]) -> list[TileGroup]:
    return [
        TileGroup(
            tuple(
                TileMark(code, down=down, mark=mark, winning=bool(g.get("win")))
                for code, down, mark in g["tiles"]
            ),
            g["label"],
        )
        for g in found
        if g["tiles"]
    ]


def draw(values: dict[str, Any]) -> Canvas:
    c = Canvas(values["script"], indexed=values["english"])
    c.band(values["title"], values["who"])
    c.tile_groups(_groups(values["groups"]))
    if values["others"]:
        c.text(_("Other players' kongs"), SMALL, color=MUTED)
        c.tile_groups(_groups(values["others"]))
    for line in values["rules"]:
        c.text(line, SMALL, color=MUTED)
    c.rule()
    if values["winning"]:
        c.text(values["headline"], BIG, "bold", color=ACCENT)
        if values["headline_sub"]:
            c.text(values["headline_sub"], TEXT)
    else:
        c.text(_("Not a winning hand"), BIG, "bold", color=ACCENT)
        for reason in values["reasons"]:
            c.text(reason, TEXT)
    if values["wilds"]:
        c.gap(12)
        c.text(values["wilds_label"], SMALL, color=MUTED)
        c.tile_groups(_groups([{"label": "", "tiles": [[t, False, ""] for t in values["wilds"]]}]))
    if values["rows"]:
        c.rule()
        for row in values["rows"]:
            name = f"{row['name']}  {row['english']}" if row["english"] else row["name"]
            c.line(
                name,
                f"{row['value']} {row['unit']}",
                color=MUTED if row["dropped"] else "#1d2330",
                struck=row["dropped"],
                note=row["why"] if row["dropped"] else "",
            )
        if values["also"]:
            c.text(values["also"], SMALL, color=MUTED)
        c.rule()
        c.line(_("Total"), f"{values['total']} {values['unit']}", BIG, "bold")
        if values["value"]:
            c.text(values["value"], SMALL, color=MUTED)
        if values["how"]:
            c.text(values["how"], SMALL, color=MUTED)
    if values["payments"]:
        c.rule()
        c.text(_("Who pays whom"), TEXT, "bold")
        for p in values["payments"]:
            c.line(
                _("%(payer)s → %(payee)s") % {"payer": p["from"], "payee": p["to"]},
                str(p["amount"]),
                note=p["detail"],
            )
    c.rule()
    c.text(_("Each seat, in %(unit)s") % {"unit": values["money"]}, TEXT, "bold")
    for seat, amount in values["net"]:
        c.line(seat, signed(amount), right_color=money_color(amount))
    c.rule()
    c.qr(values["link"], _("Scan to open this hand"))
    return c


def picture(values: dict[str, Any]) -> bytes:
    return draw(values).finish(values)
