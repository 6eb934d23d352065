"""What the calculator page shows, built from its state and the engine's score.

Templates stay free of logic: every list they loop over is made here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator import glossary
from calculator.state import MELD_SIZE, SEAT_NUMBER_KEYS, PageState
from calculator.tile_art import TILE_NAMES_ZH
from rules.engine import score_json
from rules.hand import COMMON_FLAGS, seat_wind
from rules.options import describe
from rules.regions import REGIONS
from rules.tiles import N_KINDS, tile_code
from rules.waits import waits

WIND_ZH = "东南西北"
SEAT_PLACE = {"E": "东", "S": "南", "W": "西", "N": "北"}

ENTRY_LABELS = {
    "hand": gettext_lazy("Hand"),
    "win": gettext_lazy("Winning tile"),
    "chi": gettext_lazy("Chi"),
    "pong": gettext_lazy("Pong"),
    "kong": gettext_lazy("Exposed kong"),
    "added_kong": gettext_lazy("Added kong"),
    "concealed_kong": gettext_lazy("Concealed kong"),
}
ENTRY_ZH = {
    "hand": "手牌",
    "win": "胡牌张",
    "chi": "吃",
    "pong": "碰",
    "kong": "明杠",
    "added_kong": "加杠",
    "concealed_kong": "暗杠",
}
EGG_ZH = {"xuanfeng": "旋风蛋", "xi": "喜蛋", "yao": "幺蛋", "jiu": "九蛋"}
EGG_LABEL = gettext_lazy("Egg: tap its tiles (幺鸡 stands in as 会), then Done")
# How a region's wild tile is called on the palette.
WILD_LABELS = {"sanmen": {"5z": "财神"}}

WIN_LABELS = {
    "self_draw": ("自摸", gettext_lazy("Self-drawn")),
    "discard": ("点炮", gettext_lazy("On a discard")),
    "robbing_kong": ("抢杠", gettext_lazy("Robbing a kong")),
    "draw": ("流局", gettext_lazy("Drawn hand: nobody won")),
}
FLAG_LABELS = {
    "ready_declared": ("报听", gettext_lazy("Declared ready")),
    "kong_replacement": ("杠上开花", gettext_lazy("Won on a kong replacement tile")),
    "last_tile": ("海底", gettext_lazy("Won on the last tile")),
    "heavenly": ("天胡", gettext_lazy("Heavenly hand (dealer's first draw)")),
    "earthly": ("地胡", gettext_lazy("Earthly hand (first discard)")),
    "jue_zhang": ("绝张", gettext_lazy("Ready on the last copy (the others ponged)")),
    "ying_zi": ("硬子", gettext_lazy("Ready from the deal or the first go-round")),
    "qing_bu_bao_qing": ("清不包清", gettext_lazy("The feeder's own hand is one suit: no 包庄")),
    "dui_bao": ("对宝", gettext_lazy("The 宝 was the winning tile at the look")),
}
TABLE_LABELS = {
    "ready": gettext_lazy("Seats that had declared ready"),
    "bao_seat": gettext_lazy("Seat that must pay for all (包)"),
    "loser_hu": gettext_lazy("Each loser's own 胡 (胡頭)"),
    "fake_ready": gettext_lazy("Seats whose ready was 假聽"),
    "baowu_streak_seat": gettext_lazy("包五家 payer whose wins double while dealing"),
    "baowu_streak_wins": gettext_lazy("Wins so far in that streak"),
    "zhen": gettext_lazy("针 of each seat"),
    "lao_zhuang": gettext_lazy("老庄 streak (0 = none)"),
    "maima_tile": gettext_lazy("买码 tile flipped, e.g. 5m"),
    "bao_tile": gettext_lazy("宝 tile, e.g. 5m"),
}


@dataclass(frozen=True)
class TileView:
    code: str
    name: str
    left: int = 4
    index: int = -1
    extra: str = ""

    @property
    def disabled(self) -> bool:
        return self.left <= 0


def _tile(code: str, **kw: Any) -> TileView:
    """A tile as the templates show it."""
    return TileView(code=code, name=TILE_NAMES_ZH.get(code, code), **kw)


def palette(state: PageState) -> list[list[TileView]]:
    region = state.reg
    rows: list[list[TileView]] = []
    for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        row = [
            _tile(tile_code(t), left=state.left(t))
            for t in range(base, base + size)
            if t in region.tiles or t in region.flower_tiles
        ]
        if row:
            rows.append(row)
    flowers = [_tile(tile_code(t), left=state.left(t)) for t in range(N_KINDS, 42)]
    flowers = [f for f in flowers if state.tiles(f.code)[0] in region.flower_tiles]
    if flowers:
        rows.append(flowers)
    return rows


def seats(state: PageState) -> list[dict[str, Any]]:
    out = []
    mode = state.options.get("seat_wind_mode", "from_dealer")
    for seat in state.seats:
        wind = seat_wind(
            seat, state.dealer if state.dealer in state.seats else "E", state.players, mode
        )
        out.append(
            {
                "code": seat,
                "place": SEAT_PLACE[seat],
                "wind": WIND_ZH[wind],
                "winner": seat == state.seat,
                "dealer": seat == state.dealer,
                "discarder": seat == state.discarder,
            }
        )
    return out


def option_controls(state: PageState) -> list[dict[str, Any]]:
    out = []
    for info in describe(state.reg.options):
        current = state.options.get(info.name)
        if info.kind == "bool":
            value: Any = (current or str(info.default)).lower() in ("1", "true", "on")
        else:
            value = current if current is not None else str(info.default)
        out.append(
            {
                "name": info.name,
                "kind": info.kind,
                "doc": info.doc,
                "default": info.default,
                "choices": info.choices,
                "value": value,
                "min": info.minimum,
                "max": info.maximum,
                "changed": current is not None and str(current) != str(info.default),
            }
        )
    return out


def table_controls(state: PageState) -> list[dict[str, Any]]:
    out = []
    for key in state.reg.table_keys:
        value = state.table.get(key, "")
        per_seat = dict(part.partition(":")[::2] for part in value.split(",") if ":" in part)
        default = "1" if key == "zhen" else ""
        out.append(
            {
                "key": key,
                "label": TABLE_LABELS.get(key, key),
                "value": value,
                "seat_list": key in ("ready", "fake_ready"),
                "one_seat": key in ("bao_seat", "baowu_streak_seat"),
                "per_seat": key in SEAT_NUMBER_KEYS,
                "tile": key in ("bao_tile", "maima_tile"),
                "seat_values": [(s, SEAT_PLACE[s], per_seat.get(s, default)) for s in state.seats],
                "checked": set(value.split(",")) if value else set(),
            }
        )
    return out


EVENT_LABELS = {
    "follow_discard": (
        "跟打",
        gettext_lazy("the other three followed this seat's discard: it pays 10 to each"),
    ),
    "four_of_a_discard": (
        "打出四张",
        gettext_lazy("this seat discarded four of one tile: each other pays it 10"),
    ),
}


def event_controls(state: PageState) -> list[dict[str, Any]]:
    return [
        {
            "type": kind,
            "zh": EVENT_LABELS.get(kind, (kind, kind))[0],
            "label": EVENT_LABELS.get(kind, (kind, kind))[1],
            "seats": [(s, SEAT_PLACE[s], state.events.get(f"{kind}.{s}", 0)) for s in state.seats],
        }
        for kind in state.reg.event_types
    ]


def _field_of(error_field: str) -> str:
    """Which part of the page an engine error belongs to."""
    head = error_field.split(".")[0].split("[")[0]
    return {
        "hand": "hand",
        "win_tile": "hand",
        "melds": "melds",
        "flowers": "flowers",
        "seat": "seats",
        "dealer": "seats",
        "discarder": "seats",
        "win_by": "win_by",
        "flags": "flags",
        "rules": "rules",
        "table": "table",
        "players": "seats",
    }.get(head, "hand")


def result_view(state: PageState) -> dict[str, Any] | None:
    if not state.complete:
        return None
    got = score_json(state.to_json())
    if not got["ok"]:
        errors: dict[str, list[str]] = {}
        for e in got["errors"]:
            errors.setdefault(_field_of(e["field"]), []).append(glossary.error_text(e))
        return {"ok": False, "errors": errors}
    region = REGIONS[state.region]
    items = {i.key: i for i in region.items}
    rows = []
    for line in got["items"]:
        item = items.get(line["key"])
        if line.get("replaced_by"):
            by = items[line["replaced_by"]].name
            why = _("replaced by %(name)s") % {"name": by}
        elif item is not None:
            why = _(item.why)
            if line.get("count", 1) > 1:
                why = f"{why} × {line['count']}"
        else:
            why = _(line["detail"])
        rows.append(
            {
                **line,
                "english": glossary.english_name(line["key"]),
                "why": why,
                "quote": item.quote if item else "",
                "dropped": bool(line.get("replaced_by")),
            }
        )
    return {
        "ok": True,
        "winning": got["winning"],
        "reasons": [_(r) for r in got.get("reasons", [])],
        "rows": rows,
        "total": got["total"],
        "how": got.get("how", ""),
        "payments": [
            {**p, "from_label": seat_label(p["from"]), "to_label": seat_label(p["to"])}
            for p in got["payments"]
        ],
        "net": [(seat_label(seat), got["net"][seat]) for seat in state.seats],
        "next_table": next_table_lines(got.get("next_table") or {}),
        "split": got.get("split", []),
        "wilds": [_tile(code) for code in got.get("wilds", [])],
        "wait": got.get("wait", ""),
    }


def waits_view(state: PageState) -> list[dict[str, Any]] | None:
    """The tiles that would complete a full hand short of its winning tile."""
    if state.win or state.win_by == "draw" or len(state.hand_tiles) != state.need_in_hand:
        return None
    raw = state.to_json()
    raw.pop("win_tile", None)
    got = waits(raw)
    if not got["ok"]:
        return None
    return [
        {
            **asdict(_tile(w["tile"])),
            "winning": bool(w["score"].get("winning")),
            "total": w["score"].get("total", {}),
            "left": w["left"],
        }
        for w in got["waits"]
    ]


def seat_label(seat: str) -> str:
    return f"{SEAT_PLACE.get(seat, seat)} {seat}"


NEXT_TABLE_LABELS = {
    "dealer": gettext_lazy("dealer"),
    "zhen": gettext_lazy("针 per seat"),
    "lao_zhuang": gettext_lazy("老庄 streak"),
    "baowu_streak_seat": gettext_lazy("包五家 streak seat"),
    "baowu_streak_wins": gettext_lazy("包五家 streak wins"),
}


def next_table_lines(table: dict[str, Any]) -> list[tuple[str, str]]:
    lines = []
    for key, value in table.items():
        if key == "dealer" or key.endswith("_seat"):
            text = seat_label(value) if value else "—"
        elif isinstance(value, dict):
            text = ", ".join(f"{seat_label(k)}: {v}" for k, v in value.items())
        else:
            text = str(value)
        lines.append((str(NEXT_TABLE_LABELS.get(key, key)), text))
    return lines


def page_context(request: HttpRequest, state: PageState, notices: list[str]) -> dict[str, Any]:
    region = state.reg
    hand = [_tile(tile_code(t), index=i) for i, t in enumerate(state.hand_tiles)]
    win = state.win_tile
    melds = [
        {
            "index": i,
            "type": m.type,
            "label": EGG_ZH.get(m.kind, "蛋") if m.type == "egg" else ENTRY_ZH.get(m.type, m.type),
            "tiles": [_tile(tile_code(t)) for t in state.tiles(m.tiles)],
            "hui": m.hui,
        }
        for i, m in enumerate(state.melds)
    ]
    other = [
        {
            "index": i,
            "seat": seat_label(seat),
            "label": ENTRY_ZH.get(m.type, m.type),
            "tiles": [_tile(tile_code(t)) for t in state.tiles(m.tiles)],
        }
        for i, (seat, m) in enumerate(state.other)
    ]
    entries = [
        {"key": k, "zh": ENTRY_ZH[k], "label": ENTRY_LABELS[k], "active": state.entry == k}
        for k in ("hand", "win", *[m for m in MELD_SIZE if m in region.meld_types])
    ]
    if "egg" in region.meld_types:
        entries += [
            {"key": f"egg.{k}", "zh": v, "label": EGG_LABEL, "active": state.entry == f"egg.{k}"}
            for k, v in EGG_ZH.items()
        ]
    kong_entries = [
        {
            "key": f"other.{seat}.{kind}",
            "seat": seat_label(seat),
            "zh": ENTRY_ZH[kind],
            "active": state.entry == f"other.{seat}.{kind}",
        }
        for seat in state.seats
        if seat != state.seat or state.win_by == "draw"
        for kind in ("kong", "added_kong", "concealed_kong")
        if kind in region.meld_types
    ]
    flags = [
        {
            "key": f,
            "zh": FLAG_LABELS.get(f, (f, f))[0],
            "label": FLAG_LABELS.get(f, (f, f))[1],
            "checked": f in state.flags,
        }
        for f in (*COMMON_FLAGS, *region.flags)
    ]
    win_types = [
        {"key": w, "zh": WIN_LABELS[w][0], "label": WIN_LABELS[w][1], "checked": state.win_by == w}
        for w in region.win_types
    ]
    return {
        "state": state,
        "region": region,
        "regions": list(REGIONS.values()),
        "palette": palette(state),
        "hand": hand,
        "need": state.need_in_hand,
        "win": _tile(tile_code(win)) if win is not None else None,
        "melds": melds,
        "other": other,
        "kong_entries": kong_entries,
        "building_egg": state.entry.startswith("egg."),
        "wild_label": WILD_LABELS.get(state.region, {}),
        "pending": [_tile(tile_code(t)) for t in state.tiles(state.pending)],
        "flowers": [_tile(tile_code(t), index=i) for i, t in enumerate(state.tiles(state.flowers))],
        "entries": entries,
        "seats": seats(state),
        "win_types": win_types,
        "flags": flags,
        "options": option_controls(state),
        "table": table_controls(state),
        "events": event_controls(state),
        "result": result_view(state),
        "waits": waits_view(state),
        "query": state.query(),
        "notices": notices,
        "melds_text": " ".join(m.token for m in state.melds),
        "other_text": " ".join(seat + m.token for seat, m in state.other),
    }
