"""A night's results as pictures: the standings (place, name, the columns the
evening keeps — rank points, 标准分 where a season is kept — and money), the
night's top hand, and who pays whom in the fewest transfers.

A long list continues on a second picture rather than shrinking: each
picture is at most 1080 × 1920 (a phone's screen, 9:16), its rows at full
size. ``pages`` splits the values; ``picture`` draws one page.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from calculator.pictures.canvas import (
    INK,
    MARGIN,
    MUTED,
    SMALL,
    TEXT,
    Canvas,
    TileGroup,
    TileMark,
    money_color,
    shortened,
    signed,
)

ROW = 62  # a standings or transfer line at TEXT size
HEAD = 170  # a section's title, its column heads and the rule under it
TOP = 560  # the top hand: its lines and two rows of tiles (canvas.TILE_H 96 each)
BUDGET = 1920 - 230 - 110  # under the band, above the footer


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    money: int
    tied: bool = False
    columns: tuple[str, ...] = ()  # one per ``Night.columns``


@dataclass(frozen=True)
class TopHand:
    who: str  # the winner and how ("张伟 · 自摸")
    where: str  # "Round 2 · Table 3", "Hand 7"
    value: str  # "88 番"
    money: int  # what the winner collected
    items: tuple[str, ...] = ()
    groups: tuple[dict[str, Any], ...] = ()  # the tiles, as ``verdict`` keeps them


@dataclass(frozen=True)
class Night:
    title: str
    subtitle: str
    unit: str  # the money's unit
    standings: tuple[Standing, ...]
    transfers: tuple[tuple[str, str, int], ...]
    top: TopHand | None = None
    columns: tuple[str, ...] = field(default=())  # labels of the columns between name and money


def pages(night: Night, script: str, english: bool) -> list[dict[str, Any]]:
    """The values of each picture, in order: the sections that fit on it."""
    common = {
        "kind": "night",
        "script": script,
        "english": english,
        "title": night.title,
        "subtitle": night.subtitle,
        "unit": night.unit,
        "columns": list(night.columns),
    }
    sections: list[tuple[str, list[Any], int]] = [
        ("standings", [asdict(s) for s in night.standings], ROW),
        ("top", [asdict(night.top)] if night.top else [], TOP),
        ("transfers", [list(t) for t in night.transfers] or [None], ROW),
    ]
    out: list[list[dict[str, Any]]] = [[]]
    used = 0
    for kind, rows, cost in sections:
        for row in rows:
            head = not out[-1] or out[-1][-1]["kind"] != kind
            need = cost + (HEAD if head else 0)
            if used + need > BUDGET and out[-1]:
                out.append([])
                used, head, need = 0, True, cost + HEAD
            if head:
                out[-1].append({"kind": kind, "rows": []})
            out[-1][-1]["rows"].append(row)
            used += need
    return [
        {**common, "page": n, "pages": len(out), "sections": found}
        for n, found in enumerate(out, start=1)
    ]


def _standings(c: Canvas, values: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    face, bold, small = c.face(TEXT), c.face(TEXT, "bold"), c.face(SMALL)
    columns = values["columns"]
    # money at the right edge, the other columns to its left, 190 px each
    right = c.width - MARGIN
    edges = [right - 190 * (len(columns) - i) for i in range(len(columns))]
    name_x = MARGIN + 96
    name_w = (edges[0] if edges else right - 190) - name_x - 24
    y = c.y
    c.put((MARGIN, y), _("Place"), font=small, fill=MUTED)
    c.put((name_x, y), _("Player"), font=small, fill=MUTED)
    for label, x in zip(columns, edges, strict=True):
        c.put((x, y), shortened(label, small, 180), font=small, fill=MUTED, anchor="ra")
    c.put((right, y), _("Money"), font=small, fill=MUTED, anchor="ra")
    y += 54
    for row in rows:
        place = f"{row['place']}{'=' if row['tied'] else ''}"
        c.put((MARGIN, y), place, font=bold, fill=INK)
        c.put((name_x, y), shortened(row["name"], face, name_w), font=face, fill=INK)
        for text, x in zip(row["columns"], edges, strict=True):
            c.put((x, y), text, font=face, fill=INK, anchor="ra")
        c.put(
            (right, y), signed(row["money"]), font=bold, fill=money_color(row["money"]), anchor="ra"
        )
        y += ROW
    c.y = y + 12


def _top(c: Canvas, values: dict[str, Any], top: dict[str, Any]) -> None:
    c.text(_("The night's top hand"), TEXT, "bold")
    c.line(
        f"{top['who']} · {top['value']}",
        signed(top["money"]),
        right_color=money_color(top["money"]),
    )
    c.text(top["where"], SMALL, color=MUTED)
    if top["items"]:
        c.text(_(", ").join(top["items"]), SMALL, color=MUTED)
    groups = [
        TileGroup(
            tuple(
                TileMark(code, down=down, mark=mark, winning=bool(g.get("win")))
                for code, down, mark in g["tiles"]
            ),
            g["label"],
        )
        for g in top["groups"]
        if g["tiles"]
    ]
    if groups:
        c.gap(8)
        c.tile_groups(groups)


def _transfers(c: Canvas, values: dict[str, Any], rows: list[Any]) -> None:
    c.text(_("Who pays whom, in the fewest transfers"), TEXT, "bold")
    for row in rows:
        if row is None:
            c.text(_("Nobody owes anything."), TEXT, color=MUTED)
            continue
        payer, payee, amount = row
        c.line(_("%(payer)s → %(payee)s") % {"payer": payer, "payee": payee}, str(amount))


def draw(values: dict[str, Any]) -> Canvas:
    c = Canvas(values["script"], indexed=values["english"])
    subtitle = values["subtitle"]
    if values["pages"] > 1:
        subtitle += " · " + _("picture %(n)s of %(total)s") % {
            "n": values["page"],
            "total": values["pages"],
        }
    c.band(values["title"], subtitle)
    for section in values["sections"]:
        if section["kind"] == "standings":
            c.text(_("Standings, in %(unit)s") % {"unit": values["unit"]}, TEXT, "bold")
            _standings(c, values, section["rows"])
        elif section["kind"] == "top":
            _top(c, values, section["rows"][0])
        else:
            _transfers(c, values, section["rows"])
        c.rule()
    c.text("算番", SMALL, "bold", color=MUTED)
    return c


def picture(values: dict[str, Any]) -> bytes:
    return draw(values).finish(values)
