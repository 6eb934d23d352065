"""Feedback that points at the tiles (issues 34 and 43): for each item of a
graded drill, the sets the engine says earn it (``rules.evidence``: the
reading that won, so 姊妹付 points at its two runs and 门风花牌 at the
seat's own flower alone), and for an item ticked that the hand does not
count, what in this hand rules it out ("这手牌只有春、夏", "胡的是五筒").

Why an item is absent is read off the dealt hand: what each item looks at
is the engine's data (``rules.shows.POINTS``: the winning tile, the flowers,
the concealed kongs …, with a filter for the 大幺 items and their 其餘
partners), the same table its evidence is read by; the reason names the
hand's own flowers, sets, winning tile and wait, or its split."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from calculator.words.wording import MELDS, joined, label_of, seat_name, tile_name
from rules.evidence import Evidence
from rules.hand import Score
from rules.regions import REGIONS
from rules.shows import Points, points_of
from rules.tiles import NotationError, is_terminal_or_honor, parse, parse_one, tile_code

# What an item looks at is the engine's table (``rules.shows.POINTS``): the
# engine reads it off the winning reading, the feedback here off the dealt
# hand, to say what in it rules an item out.
Look = Points
WHOLE = Points("whole")
# The engine's kinds the dealt hand is read by another: a wait by its
# winning tile; a run pattern or 门清 by how the hand splits.
AS_READ = {
    "wait": Points("win"),
    "twins": WHOLE,
    "concealed": WHOLE,
    "sequences": WHOLE,
}
# An item an absence earns, ticked where the hand has the thing: what it has.
ABSENT_LOOKS = {"honors": Points("suits"), "flowers": Points("flowers")}


def look_of(region_key: str, key: str) -> Look | None:
    """What an item points at; a pattern of the whole hand (一条龙, 四合 …)
    points at the whole hand, an item every win counts at nothing."""
    points = points_of(region_key, key)
    if points is None:
        return WHOLE
    if points.kind == "none":
        return None
    if points.kind == "absent":
        return ABSENT_LOOKS.get(points.only, WHOLE)
    return AS_READ.get(points.kind, points)


def _codes(text: Any) -> list[str]:
    try:
        return [tile_code(t) for t in parse(str(text or ""))]
    except NotationError:
        return []


def _fits(code: str, only: str) -> bool:
    if not only:
        return True
    if only == "yao":
        return is_terminal_or_honor(parse_one(code))
    if only == "simple":
        return not is_terminal_or_honor(parse_one(code))
    if only == "honors":
        return code.endswith("z")
    if only == "winds":
        return code in ("1z", "2z", "3z", "4z")
    if only == "dragons":
        return code in ("5z", "6z", "7z")
    return code == only


@dataclass(frozen=True)
class Sets:
    """The dealt hand's sets as a learner reads them off the table."""

    concealed_kongs: list[str]
    exposed_kongs: list[tuple[str, str]]  # tile, giver's seat ("" unknown)
    pongs: list[tuple[str, str]]
    concealed_triplets: list[str]
    by_discard: str  # the triplet the winning discard completed ("" none)
    four_alike: list[str]


def sets_of(hand: dict[str, Any]) -> Sets:
    concealed = _codes(hand.get("hand"))
    win = (_codes(hand.get("win_tile")) or [""])[0]
    on_discard = hand.get("win_by") in ("discard", "robbing_kong")
    counts: dict[str, int] = {}
    for c in [*concealed, win]:
        if c:
            counts[c] = counts.get(c, 0) + 1
    # A triplet held in hand: three alike (a wild stands apart, so 白板 is read as it lies).
    triplets = [c for c, n in counts.items() if n >= 3]
    by_discard = win if on_discard and win in triplets and concealed.count(win) == 2 else ""
    melds = hand.get("melds") or []

    def first(m: dict[str, Any]) -> str:
        return (_codes(m.get("tiles")) or [""])[0]

    every = [*concealed, win, *(c for m in melds for c in _codes(m.get("tiles")))]
    return Sets(
        concealed_kongs=[first(m) for m in melds if m.get("type") == "concealed_kong"],
        exposed_kongs=[
            (first(m), str(m.get("from") or ""))
            for m in melds
            if m.get("type") in ("kong", "added_kong")
        ],
        pongs=[(first(m), str(m.get("from") or "")) for m in melds if m.get("type") == "pong"],
        concealed_triplets=[c for c in triplets if c != by_discard],
        by_discard=by_discard,
        four_alike=[
            c
            for c in dict.fromkeys(every)
            if c and every.count(c) == 4 and c not in [first(m) for m in melds]
        ],
    )


def tiles_for(hand: dict[str, Any], look: Look) -> list[str]:
    """The tile codes of ``hand`` that ``look`` points at, one per set."""
    sets = sets_of(hand)
    kind = look.kind
    if kind == "win":
        found = _codes(hand.get("win_tile"))[:1]
    elif kind == "flowers":
        found = _codes(hand.get("flowers"))
    elif kind == "concealed_kong":
        found = sets.concealed_kongs
    elif kind == "exposed_kong":
        found = [t for t, _ in sets.exposed_kongs]
    elif kind == "kong":
        found = sets.concealed_kongs + [t for t, _ in sets.exposed_kongs]
    elif kind == "pong":
        found = [t for t, _ in sets.pongs] + ([sets.by_discard] if sets.by_discard else [])
    elif kind == "concealed_triplet":
        found = sets.concealed_triplets
    elif kind == "triplet":
        found = (
            sets.concealed_triplets
            + ([sets.by_discard] if sets.by_discard else [])
            + [t for t, _ in sets.pongs]
            + sets.concealed_kongs
            + [t for t, _ in sets.exposed_kongs]
        )
    elif kind == "four_alike":
        found = sets.four_alike
    elif kind == "pairs":
        every = _codes(hand.get("hand")) + _codes(hand.get("win_tile"))
        found = [c for c in dict.fromkeys(every) if every.count(c) >= 2]
    elif kind in ("whole", "suits"):
        every = _codes(hand.get("hand")) + _codes(hand.get("win_tile"))
        every += [c for m in hand.get("melds") or () for c in _codes(m.get("tiles"))]
        found = sorted(dict.fromkeys(every), key=lambda c: (c[-1], c))
    else:
        found = []
    if kind in ("win", "flowers"):
        return [c for c in found if _fits(c, look.only)]
    return [c for c in dict.fromkeys(found) if c and _fits(c, look.only)]


def named(codes: list[str]) -> str:
    return joined(tile_name(c) for c in codes)


SUIT_WORDS = {
    "m": pgettext_lazy("suit", "characters"),
    "p": pgettext_lazy("suit", "dots"),
    "s": pgettext_lazy("suit", "bamboo"),
    "z": pgettext_lazy("suit", "honors"),
}


def suits_named(codes: list[str]) -> str:
    return joined(str(SUIT_WORDS[s]) for s in "mpsz" if any(c.endswith(s) for c in codes))


# Items every win counts: said to be the base, not pointed at.
BASE = frozenset(["hu_di", "di_hu", "ping_hu"])
# Items an absence earns: what the hand lacks, said in place of tiles.
ABSENT = {
    "wu_cai_shen": pgettext_lazy("pointing", "No 白板 anywhere in the hand."),
    "wu_hua_guo": pgettext_lazy("pointing", "No flower beside the hand."),
    "no_honors": pgettext_lazy("pointing", "No honor tile in the hand."),
}


def set_named(tiles: tuple[str, ...]) -> str:
    """One set as a player names it: 中 × 3, 六筒–八筒, 春."""
    if len(tiles) > 1 and len(set(tiles)) == 1:
        return _("%(tile)s × %(n)s") % {"tile": tile_name(tiles[0]), "n": len(tiles)}
    if len(tiles) == 3:
        return _("%(first)s–%(last)s") % {
            "first": tile_name(tiles[0]),
            "last": tile_name(tiles[-1]),
        }
    return joined(tile_name(t) for t in tiles)


def pointer(evidence: Evidence, region_key: str, key: str) -> tuple[list[list[str]], str]:
    """The sets an item counted earns it by (the engine's own evidence,
    ``rules.evidence``), and the line that names them; a base item says it
    is the base, an item an absence earns says what is absent."""
    if key in BASE:
        return [], _("The base: every win counts it.")
    if key in ABSENT:
        return [], str(ABSENT[key])
    sets = evidence.get(key) or ()
    if not sets:
        return [], ""
    drawn = [list(s) for s in sets]
    look = look_of(region_key, key)
    if look is not None and look.kind == "suits":  # 清一色, 缺一门 …: what counts is the suits
        every = [c for s in sets for c in s]
        return drawn, _("Suits in the hand: %(suits)s") % {"suits": suits_named(every)}
    said = joined(set_named(s) for s in sets)
    return drawn, _("Tiles that earn it: %(tiles)s") % {"tiles": said}


# How the winning tile completed its set (the engine's ``Score.wait``).
WAITS = {
    "closed": pgettext_lazy("wait", "a closed wait (the middle of a run)"),
    "edge": pgettext_lazy("wait", "an edge wait (3 of 1-2-3, 7 of 7-8-9)"),
    "two_sided": pgettext_lazy("wait", "a two-sided wait (either end of a run)"),
    "single": pgettext_lazy("wait", "a single wait (the pair)"),
    "triplet": pgettext_lazy("wait", "a wait on a pair, making a triplet"),
}


def house_rule_off(hand: dict[str, Any], region_key: str, key: str) -> bool:
    """Is ``key`` an item only a house rule scores, with that rule off here?"""
    item = REGIONS[region_key].by_key.get(key)
    if item is None or not item.house_rule:
        return False
    return not (hand.get("rules") or {}).get(item.house_rule, False)


def why_not(hand: dict[str, Any], region_key: str, key: str, got: Score | None = None) -> str:
    """For an item ticked that the hand does not count: what in this hand
    rules it out, said from the hand (its flowers, its sets, its winning
    tile and wait, how it splits), never the item's definition again."""
    if house_rule_off(hand, region_key, key):
        return _("This table plays without that house rule, so the hand cannot count it.")
    look = look_of(region_key, key) or WHOLE
    said = _specific(hand, look, key)
    if said:
        return said
    return _facts(hand, look, got)


def _specific(hand: dict[str, Any], look: Look, key: str) -> str:
    sets = sets_of(hand)
    discarder = seat_name(str(hand.get("discarder", "")))
    if look.kind == "win" and key in ("zi_mo", "self_drawn") and hand.get("win_by") != "self_draw":
        if hand.get("win_by") == "robbing_kong":
            return _("%(tile)s was robbed from %(seat)s's kong, not drawn from the wall.") % {
                "tile": tile_name(_codes(hand.get("win_tile"))[0]),
                "seat": discarder,
            }
        return _("%(tile)s was won on %(seat)s's discard, not drawn from the wall.") % {
            "tile": tile_name(_codes(hand.get("win_tile"))[0]),
            "seat": discarder,
        }
    if look.kind == "concealed_triplet" and sets.by_discard and _fits(sets.by_discard, look.only):
        return _(
            "The triplet of %(tile)s was completed by %(seat)s's discard: it counts as exposed."
        ) % {"tile": tile_name(sets.by_discard), "seat": discarder}
    if look.kind == "concealed_kong" and sets.exposed_kongs:
        tile, giver = sets.exposed_kongs[0]
        if giver:
            return _("The kong of %(tile)s is exposed: it was made on %(seat)s's tile.") % {
                "tile": tile_name(tile),
                "seat": seat_name(giver),
            }
        return _("The kong of %(tile)s is exposed, not concealed.") % {"tile": tile_name(tile)}
    if look.kind == "exposed_kong" and sets.concealed_kongs and not sets.exposed_kongs:
        return _("The kong of %(tile)s is concealed: its end tiles lie face down.") % {
            "tile": tile_name(sets.concealed_kongs[0])
        }
    if look.only in ("yao", "simple"):
        other = tiles_for(hand, Look(look.kind))
        if other and not tiles_for(hand, look):
            if look.only == "yao":
                return _("%(tiles)s: not 1, 9 or an honor.") % {"tiles": named(other)}
            return _("%(tiles)s: 1, 9 or an honor, counted as 大幺.") % {"tiles": named(other)}
    return ""


def _shown_melds(hand: dict[str, Any]) -> str:
    """The melds laid down, as the table sees them: 碰 八条、吃 三万–五万."""
    out = []
    for m in hand.get("melds") or ():
        codes = tuple(_codes(m.get("tiles")))
        if codes:
            out.append(f"{label_of(MELDS, str(m.get('type')))} {set_named(codes)}")
    return joined(out)


def _facts(hand: dict[str, Any], look: Look, got: Score | None) -> str:
    """The hand's facts the item reads: its flowers, its triplets, its winning
    tile and wait, or how it splits."""
    win = _codes(hand.get("win_tile"))
    if look.kind == "flowers":
        flowers = _codes(hand.get("flowers"))
        if not flowers:
            return _("The hand has no flowers.")
        return _("This hand has only %(tiles)s.") % {"tiles": named(flowers)}
    if look.kind == "win" and win:
        melds = _shown_melds(hand)
        wait = WAITS.get(got.wait, "") if got is not None else ""
        if wait:
            line = _("The winning tile is %(tile)s, on %(wait)s.") % {
                "tile": tile_name(win[0]),
                "wait": wait,
            }
        else:
            line = _("The winning tile is %(tile)s.") % {"tile": tile_name(win[0])}
        if melds:
            return _("Shown: %(melds)s. %(rest)s") % {"melds": melds, "rest": line}
        return line
    if look.kind in (
        "concealed_kong",
        "exposed_kong",
        "kong",
        "pong",
        "concealed_triplet",
        "triplet",
        "four_alike",
    ):
        found = tiles_for(hand, Look("triplet"))
        if not found:
            return _("The hand has no triplet or kong.")
        return _("The hand's triplets and kongs: %(tiles)s.") % {"tiles": named(found)}
    if look.kind == "suits":
        return _("Suits in the hand: %(suits)s") % {"suits": suits_named(tiles_for(hand, look))}
    if got is not None and got.split:
        parts = []
        for notation in got.split:
            try:
                parts.append(set_named(tuple(tile_code(t) for t in parse(notation))))
            except NotationError:
                continue
        melds = _shown_melds(hand)
        line = _("The hand splits as %(sets)s.") % {"sets": joined(parts)}
        if look.kind == "whole" and melds:
            return _("Shown: %(melds)s. %(rest)s") % {"melds": melds, "rest": line}
        return line
    return ""
