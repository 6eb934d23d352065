"""Spec JSON → a ``Hand`` and its region options, or every error found.

Malformed input never raises: each problem becomes an ``ErrorInfo`` naming
the field, a code from the spec and a plain message. All problems are
reported at once, so a player fixes the hand in one go.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules import options as options_mod
from rules.hand import (
    COMMON_FLAGS,
    EGG_NAMES,
    EGG_TILES,
    KONG_TYPES,
    MELD_TYPES,
    SEATS,
    WIN_TYPES,
    YAOJI,
    ErrorInfo,
    Event,
    Hand,
    Meld,
    seat_order,
)
from rules.region import Region
from rules.regions import REGIONS
from rules.sight import COPIES, ROBBED_SHOWN, TABLE_TILES, in_sight, robbed_fourth, robbed_tile
from rules.text import Text, says
from rules.tiles import (
    N_KINDS,
    NotationError,
    format_tiles,
    is_suited,
    parse,
    parse_one,
    tile_code,
)

# How each table key's value is checked: "seats" a list of seats, "seat" one
# seat, "seat_int_pos" seat → int ≥ 1, "seat_int" seat → int, "streak" a count
# of wins in a row (int ≥ 0), "tile" one tile.
TABLE_KEYS: dict[str, str] = {
    "ready": "seats",
    "fake_ready": "seats",
    "zhen": "seat_int_pos",
    "bao_seat": "seat",
    "baowu_streak_seat": "seat",
    "baowu_streak_wins": "streak",
    "lao_zhuang": "streak",
    "maima_tile": "tile",
    "bao_tile": "tile",
    "loser_hu": "seat_int",
    "round_wind": "seat",  # 国标's prevalent wind, E S W N as the seats
    "first_dealer": "seat",
}

Validated = tuple[Hand, Any]
OTHER_MELD_TYPES = (*KONG_TYPES, "egg")  # what other players' melds may be (for kong money)


_Errors = list[ErrorInfo]


def _add(errs: _Errors, at: str, code: str, template: str, /, **params: Any) -> None:
    # ``at``, not ``field``: a sentence may have a value named ``field``.
    errs.append(ErrorInfo(at, code, says(template, **params)))


def validate(raw: object, for_waits: bool = False) -> tuple[Validated | None, list[ErrorInfo]]:
    """The hand and its options, or None and the errors.

    ``for_waits``: the hand has no winning tile yet (``/api/waits``); the
    region's own checks, which judge a win, are left to each candidate.
    """
    errs: _Errors = []
    if not isinstance(raw, Mapping):
        _add(errs, "", "bad_json", "the hand must be a JSON object")
        return None, errs
    region_key = raw.get("region")
    region = REGIONS.get(region_key) if isinstance(region_key, str) else None
    if region_key is None:
        _add(
            errs,
            "region",
            "missing_field",
            "{field} is required: one of {seats}",
            field="region",
            seats=tuple(REGIONS),
        )
        return None, errs
    if region is None:
        known = ", ".join(REGIONS)
        _add(
            errs,
            "region",
            "unknown_region",
            "unknown region '{typed}' (known: {known})",
            typed=region_key,
            known=known,
        )
        return None, errs

    opts, opt_errors = options_mod.build(region.options, raw.get("rules"))
    errs.extend(opt_errors)
    asks = raw.get("readings")  # the same hand under the other house rules (rules.readings)
    if asks is not None and not isinstance(asks, bool):
        # The spec's code for a switch given something else, and the options' sentence.
        _add(
            errs,
            "readings",
            "bad_option_value",
            "{option} must be true or false",
            option="readings",
        )

    players = raw.get("players", 4)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        _add(errs, "players", "bad_players", "players must be 2, 3 or 4")
        players = 4
    elif players not in region.players:
        allowed = " or ".join(str(p) for p in region.players)
        _add(
            errs,
            "players",
            "bad_players",
            "{region} is played by {allowed} players",
            region=region.name,
            allowed=allowed,
        )
        players = 4
    seats = seat_order(players)

    win_by = raw.get("win_by")
    if win_by not in WIN_TYPES:
        _add(errs, "win_by", "bad_win_by", "win_by must be one of {known}", known=WIN_TYPES)
        win_by = "self_draw"
    elif win_by not in region.win_types:
        _add(
            errs,
            "win_by",
            "meld_not_allowed",
            "{region} has no {win_by}",
            region=region.name,
            win_by=win_by,
        )
    draw = win_by == "draw"

    dealer = _seat(raw, "dealer", seats, errs, required=True)
    # A drawn hand has no winner: the spec settles only kong money, events and
    # the next table, so what would describe a winner (seat, hand, winning
    # tile, melds, flowers, flags) is ignored rather than checked.
    seat = None if draw else _seat(raw, "seat", seats, errs, required=True)
    discarder = None
    if win_by in ("discard", "robbing_kong"):
        discarder = _seat(raw, "discarder", seats, errs, required=False)
        if raw.get("discarder") is None:
            if win_by == "discard":
                _add(
                    errs,
                    "discarder",
                    "missing_discarder",
                    "the seat that discarded the winning tile is missing",
                )
            else:
                _add(
                    errs,
                    "discarder",
                    "missing_discarder",
                    "the seat whose kong was robbed is missing",
                )
        elif discarder is not None and discarder == seat:
            _add(errs, "discarder", "discarder_is_winner", "the winner cannot be the discarder")

    concealed = [] if draw else _tiles(raw, "hand", errs, required=True)
    win_tile: int | None = None
    if not draw and not for_waits:
        win_tile = _one_tile(raw, "win_tile", errs)
    melds = [] if draw else _melds(raw.get("melds"), "melds", region, errs, own=True)
    other = _other_melds(raw.get("other_melds"), seats, region, errs)
    flowers = [] if draw else _tiles(raw, "flowers", errs, required=False)
    flags = [] if draw else _flags(raw.get("flags"), region, errs)
    events = _events(raw.get("events"), seats, region, errs)
    table = _table(raw.get("table"), seats, region, errs)

    # One error, one cause: each check below skips what an earlier one refused
    # (a meld refused leaves the tile count unknown; flowers refused are not
    # counted again as copies), so a mistake is named once, where it was made.
    for where, tiles in (
        ("hand", concealed),
        ("win_tile", [win_tile] if win_tile is not None else []),
    ):
        for t in sorted(set(tiles)):
            if t >= N_KINDS or t not in region.tiles:
                _add(
                    errs,
                    where,
                    "tile_not_in_region",
                    "{tile} is not played in {region}",
                    tile=tile_code(t),
                    region=region.name,
                )
    _flowers_checked(flowers, region, errs)

    refused = _refused(errs)
    # A count is only worth reporting for tiles that were read and kept.
    if (
        not draw
        and (win_tile is not None or for_waits)
        and not refused & {"hand", "win_tile", "melds"}
    ):
        expected = 13 - 3 * len(melds)
        if expected < 1:
            _add(
                errs,
                "melds",
                "bad_meld",
                "{count} melds are more than a hand holds",
                count=len(melds),
            )
        elif len(concealed) != expected:
            errs.append(ErrorInfo("hand", "wrong_tile_count", _wrong_count(melds, concealed)))

    rules = raw.get("rules")
    hand = Hand(
        region.key,
        tuple(concealed),
        win_tile,
        tuple(melds),
        tuple(flowers),
        seat,
        dealer or "E",
        win_by,
        discarder,
        frozenset(flags),
        tuple(events),
        players,
        dict(rules) if isinstance(rules, Mapping) else {},
        table,
        other,
    )
    errs.extend(copies_problems(_kept(hand, refused)))
    if errs:
        return None, errs
    if not for_waits:
        errs.extend(region.check_hand(hand, opts))
    if errs:
        return None, errs
    return (hand, opts), errs


def _refused(errs: _Errors) -> set[str]:
    """The fields an error already names (``melds[0].tiles`` → ``melds``)."""
    return {e.field.split(".")[0].split("[")[0] for e in errs}


def _kept(hand: Hand, refused: set[str]) -> Hand:
    """The hand without the fields a check refused: later checks count only
    what was read and kept (a refused meld or other meld is already left out)."""
    if not refused & {"hand", "win_tile", "flowers", "win_by"}:
        return hand
    return replace(
        hand,
        concealed=() if "hand" in refused else hand.concealed,
        win_tile=None if "win_tile" in refused else hand.win_tile,
        flowers=() if "flowers" in refused else hand.flowers,
        win_by="self_draw" if "win_by" in refused else hand.win_by,
    )


def _flowers_checked(flowers: list[int], region: Region, errs: _Errors) -> None:
    """Flowers where the region plays them; each a tile the region sets aside,
    no more copies of it than there are; then, where each is fine, no more
    of them than the region has."""
    values = {"region": region.name, "limit": region.max_flowers, "count": len(flowers)}
    if flowers and region.max_flowers == 0:
        many = says("{region} is played without flower tiles", **values)
        errs.append(ErrorInfo("flowers", "too_many_flowers", many))
        return
    before = len(errs)
    for t in sorted(set(flowers)):
        if t not in region.flower_tiles:
            _add(
                errs,
                "flowers",
                "tile_not_in_region",
                "{tile} is not a flower in {region}",
                tile=tile_code(t),
                region=region.name,
            )
        elif flowers.count(t) > region.flower_limit(t):
            again_values = {"tile": tile_code(t), "count": flowers.count(t)}
            limit = region.flower_limit(t)
            if limit == 1:
                again = says("{tile} appears {count} times; there is only one", **again_values)
            else:
                again = says(
                    "{tile} appears {count} times; there are only {limit}",
                    limit=limit,
                    **again_values,
                )
            errs.append(ErrorInfo("flowers", "too_many_flowers", again))
    if len(errs) == before and len(flowers) > region.max_flowers:
        many = says("{region} has {limit} flower tiles; {count} are entered", **values)
        errs.append(ErrorInfo("flowers", "too_many_flowers", many))


def copies_problems(hand: Hand) -> list[ErrorInfo]:
    """A tile of which the hand shows more than four (``rules.sight``), named
    where its copies were entered; a robbed kong's tile held elsewhere too is
    named at the way of winning, which is what makes it one copy too many."""
    counts = in_sight(hand)
    robbed = robbed_tile(hand)
    out: list[ErrorInfo] = []
    for t in range(N_KINDS):
        n = counts[t]
        if n <= COPIES:
            continue
        code = tile_code(t)
        entered = n - ROBBED_SHOWN if t == robbed else n
        if entered <= COPIES:
            out.append(ErrorInfo("win_by", "too_many_copies", robbed_fourth(code, entered - 1)))
            continue
        out.append(
            ErrorInfo(
                _where_copies_are(hand, t),
                "too_many_copies",
                says(
                    "{tile} appears {count} times; there are only four of each tile",
                    tile=code,
                    count=entered,
                ),
            )
        )
    return out


def _where_copies_are(hand: Hand, tile: int) -> str:
    """The field to name for too many copies of ``tile``: the hand where it
    holds any, else the first place that does."""
    if tile in hand.concealed or tile == hand.win_tile:
        return "hand"
    if any(tile in m.tiles for m in hand.melds):
        return "melds"
    if tile in hand.flowers:
        return "flowers"
    if any(tile in m.tiles for ms in hand.other_melds.values() for m in ms):
        return "other_melds"
    return next((f"table.{k}" for k in TABLE_TILES if hand.table.get(k) == tile), "hand")


def _wrong_count(melds: list[Meld], concealed: list[int]) -> Text:
    """A hand of the wrong size, said by how many melds are down: a sentence
    for each, so that "one meld" and "one tile" read as they should."""
    n = len(melds)
    values = {"melds": n, "expected": 13 - 3 * n, "count": len(concealed)}
    if n == 0:
        return says(
            "the hand needs {expected} tiles besides the winning tile and has {count}", **values
        )
    if n == 1:
        return says(
            "with one meld down, the hand needs {expected} tiles besides the winning tile"
            " and has {count}",
            **values,
        )
    if n < 4:
        return says(
            "with {melds} melds down, the hand needs {expected} tiles besides the winning tile"
            " and has {count}",
            **values,
        )
    return says(
        "with four melds down, the hand needs one tile besides the winning tile and has {count}",
        **values,
    )


def _seat(
    raw: Mapping[str, Any], key: str, seats: tuple[str, ...], errs: _Errors, required: bool
) -> str | None:
    value = raw.get(key)
    if value is None:
        if required:
            _add(
                errs,
                key,
                "missing_field",
                "{field} is required: one of {seats}",
                field=key,
                seats=seats,
            )
        return None
    if value not in seats:
        _add(
            errs,
            key,
            "bad_seat",
            "{field} must be one of {seats}; got '{typed}'",
            field=key,
            seats=seats,
            typed=value,
        )
        return None
    return str(value)


def _notation(value: object, where: str, errs: _Errors) -> list[int] | None:
    if not isinstance(value, str):
        _add(
            errs,
            where,
            "bad_field",
            "{field} must be a string of tiles, like '123m45p'",
            field=where,
        )
        return None
    try:
        return parse(value)
    except NotationError as e:
        errs.append(ErrorInfo(where, e.code, e.text))
        return None


def _tiles(raw: Mapping[str, Any], key: str, errs: _Errors, required: bool) -> list[int]:
    value = raw.get(key)
    if value is None:
        if required:
            _add(errs, key, "missing_field", "{field} is required", field=key)
        return []
    return _notation(value, key, errs) or []


def _one_tile(raw: Mapping[str, Any], key: str, errs: _Errors) -> int | None:
    value = raw.get(key)
    if value is None:
        _add(errs, key, "missing_field", "the tile that completed the hand is required")
        return None
    if not isinstance(value, str):
        _add(errs, key, "bad_field", "{field} must be one tile, like '5p'", field=key)
        return None
    try:
        return parse_one(value)
    except NotationError as e:
        errs.append(ErrorInfo(key, e.code, e.text))
        return None


def _meld(m: object, where: str, region: Region, errs: _Errors, own: bool) -> Meld | None:
    if not isinstance(m, Mapping):
        _add(errs, where, "bad_meld", "a meld is an object with a type and tiles")
        return None
    mtype = m.get("type")
    if mtype not in MELD_TYPES:
        _add(errs, where, "bad_meld", "meld type must be one of {known}", known=MELD_TYPES)
        return None
    if mtype not in region.meld_types:
        _add(
            errs,
            where,
            "meld_not_allowed",
            "{region} has no {meld}",
            region=region.name,
            meld=mtype,
        )
        return None
    if not own and mtype not in OTHER_MELD_TYPES:
        _add(errs, where, "bad_meld", "only kongs (and eggs) of other players are entered")
        return None
    tiles = _notation(m.get("tiles"), f"{where}.tiles", errs)
    if tiles is None:
        return None
    for t in tiles:
        if t >= N_KINDS or t not in region.tiles:
            _add(
                errs,
                f"{where}.tiles",
                "tile_not_in_region",
                "{tile} is not played in {region}",
                tile=tile_code(t),
                region=region.name,
            )
            return None
    from_seat = m.get("from")
    if isinstance(from_seat, str) and from_seat and from_seat not in SEATS:
        _add(
            errs,
            f"{where}.from",
            "bad_meld",
            "from is the seat that gave the tile: one of {seats}",
            seats=SEATS,
        )
        return None
    kind = m.get("kind") if mtype == "egg" else None
    hui = m.get("hui", 0) if mtype == "egg" else 0
    if mtype == "egg" and (not isinstance(hui, int) or isinstance(hui, bool) or hui < 0):
        _add(errs, where, "bad_meld", "hui is how many 幺鸡 (1s) stand in: a whole number ≥ 0")
        return None
    meld = Meld(
        str(mtype),
        tuple(sorted(tiles)),
        from_seat if isinstance(from_seat, str) else None,
        kind=kind if isinstance(kind, str) else None,
        hui=int(hui),
    )
    problem = _meld_shape(meld)
    if problem:
        errs.append(ErrorInfo(where, "bad_meld", problem))
        return None
    return meld


def _meld_shape(m: Meld) -> Text | None:
    t = m.tiles
    if m.type == "chi":
        if len(t) != 3 or not all(is_suited(x) for x in t):
            return says("a chi is three suited tiles in a row, like 345m")
        if t[0] // 9 != t[2] // 9 or t[1] != t[0] + 1 or t[2] != t[0] + 2:
            return says("{tiles} is not three tiles in a row of one suit", tiles=format_tiles(t))
        return None
    if m.type == "pong":
        if len(t) != 3 or len(set(t)) != 1:
            return says("a pong is three identical tiles, like 555p")
        return None
    if m.type in KONG_TYPES:
        if len(t) != 4 or len(set(t)) != 1:
            return says("a kong is four identical tiles, like 5555p")
        return None
    if m.type == "egg":
        return egg_problem(m.kind, m.tiles, m.hui)
    return None


def egg_problem(kind: str | None, tiles: tuple[int, ...], hui: int) -> Text | None:
    """What is wrong with an egg of these tiles, if anything (the page asks too)."""
    if kind not in EGG_TILES:
        return says("an egg needs its kind: one of {known}", known=tuple(EGG_TILES))
    base = EGG_TILES[kind]
    ones = tiles.count(YAOJI)
    if hui > ones:
        return says("hui {hui} is more than the 幺鸡 (1s) in the egg ({ones})", hui=hui, ones=ones)
    natural = list(tiles)
    for _ in range(hui):
        natural.remove(YAOJI)
    strays = sorted({t for t in natural if t not in base})
    if strays:
        return says(
            "a {egg} holds only {tiles} (and 幺鸡 as 会)",
            egg=EGG_NAMES[kind],
            tiles=format_tiles(base),
        )
    missing = [t for t in base if t not in natural]
    if len(missing) > 1 or (missing and hui < 1):
        return says(
            "a {egg} needs {tiles}; 幺鸡 may stand in for one",
            egg=EGG_NAMES[kind],
            tiles=format_tiles(base),
        )
    return None


def _melds(value: object, where: str, region: Region, errs: _Errors, own: bool) -> list[Meld]:
    if value is None:
        return []
    if not isinstance(value, list):
        _add(errs, where, "bad_meld", "{field} must be a list", field=where)
        return []
    out = []
    for i, m in enumerate(value):
        meld = _meld(m, f"{where}[{i}]", region, errs, own)
        if meld is not None:
            out.append(meld)
    return out


def _other_melds(
    value: object, seats: tuple[str, ...], region: Region, errs: _Errors
) -> dict[str, tuple[Meld, ...]]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        _add(errs, "other_melds", "bad_meld", "other_melds maps a seat to its kongs")
        return {}
    out: dict[str, tuple[Meld, ...]] = {}
    for seat, melds in value.items():
        if seat not in seats:
            _add(
                errs,
                "other_melds",
                "bad_seat",
                "there is no seat '{typed}' at this table",
                typed=seat,
            )
            continue
        out[seat] = tuple(_melds(melds, f"other_melds.{seat}", region, errs, own=False))
    return out


def _flags(value: object, region: Region, errs: _Errors) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(f, str) for f in value):
        _add(errs, "flags", "bad_field", "flags must be a list of names")
        return []
    allowed = set(COMMON_FLAGS) | set(region.flags)
    for f in value:
        if f not in allowed:
            _add(
                errs,
                "flags",
                "unknown_flag",
                "unknown flag '{typed}' for {region} (known: {known})",
                typed=f,
                region=region.name,
                known=tuple(sorted(allowed)),
            )
    return [f for f in value if f in allowed]


def _events(value: object, seats: tuple[str, ...], region: Region, errs: _Errors) -> list[Event]:
    if value is None:
        return []
    if not isinstance(value, list):
        _add(errs, "events", "bad_event", "events must be a list")
        return []
    out = []
    for i, e in enumerate(value):
        where = f"events[{i}]"
        if not isinstance(e, Mapping) or e.get("type") not in region.event_types:
            _add(
                errs,
                where,
                "bad_event",
                "events in {region}: {known}",
                region=region.name,
                known=region.event_types or ("none",),
            )
            continue
        if e.get("seat") not in seats:
            _add(
                errs,
                where,
                "bad_seat",
                "an event needs the seat it happened to ({seats})",
                seats=seats,
            )
            continue
        out.append(Event(str(e["type"]), str(e["seat"])))
    return out


def _table(value: object, seats: tuple[str, ...], region: Region, errs: _Errors) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        _add(errs, "table", "bad_table", "table must be an object")
        return {}
    out: dict[str, Any] = {}
    for key, v in value.items():
        where = f"table.{key}"
        kind = TABLE_KEYS.get(key)
        if kind is None or key not in region.table_keys:
            _add(
                errs,
                where,
                "bad_table",
                "there is no table state '{typed}' in {region} (known: {known})",
                typed=key,
                region=region.name,
                known=region.table_keys,
            )
            continue
        problem, clean = _table_value(kind, v, seats, key)
        if problem is not None:
            errs.append(ErrorInfo(where, "bad_table", problem))
        else:
            out[key] = clean
    return out


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _table_value(kind: str, v: object, seats: tuple[str, ...], key: str) -> tuple[Text | None, Any]:
    """A table value checked, or what is wrong with it, naming the key (``table_key``)."""
    if kind == "seats":
        if not isinstance(v, list) or any(s not in seats for s in v):
            return says(
                "“{table_key}” must be a list of seats ({seats})", table_key=key, seats=seats
            ), None
        return None, tuple(dict.fromkeys(v))
    if kind == "seat":
        if v is None:
            return None, None
        if v not in seats:
            return says(
                "“{table_key}” must be one seat ({seats})", table_key=key, seats=seats
            ), None
        return None, v
    if kind == "seat_int_pos":
        # No upper bound: 针 climb a hand at a time, and whatever a hand hands
        # on is taken back; an amount too large to write is refused when scored.
        if not isinstance(v, Mapping) or any(
            s not in seats or not _is_int(n) or n < 1 for s, n in v.items()
        ):
            return says(
                "“{table_key}” must give each seat ({seats}) a whole number ≥ 1",
                table_key=key,
                seats=seats,
            ), None
        return None, dict(v)
    if kind == "seat_int":
        if not isinstance(v, Mapping) or any(
            s not in seats or not _is_int(n) or not -1_000_000 <= n <= 1_000_000
            for s, n in v.items()
        ):
            return says(
                "“{table_key}” must give each seat ({seats}) a whole number",
                table_key=key,
                seats=seats,
            ), None
        return None, dict(v)
    if kind == "streak":
        # Any length: a streak goes on as long as the dealer wins. Where each
        # win doubles the money, amounts past what a score can write exactly
        # are refused when scored (amount_too_large), before they are computed.
        if not _is_int(v) or v < 0:  # type: ignore[operator]
            return says("“{table_key}” must be a whole number ≥ 0", table_key=key), None
        return None, v
    if kind == "tile":
        if not isinstance(v, str):
            return says("“{table_key}” must be one tile, like '5p'", table_key=key), None
        try:
            return None, parse_one(v)
        except NotationError as e:
            return e.text, None
    return says("“{table_key}” is not understood", table_key=key), None
