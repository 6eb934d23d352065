"""The calculator page's state: what the player has entered so far.

The whole state lives in the URL's query string (so a copied link opens the
same hand on another phone) and in the page's form fields (so the page works
as a plain form without JavaScript). Taps on tiles are small edits of this
state, made here once for both ways in.

Query keys: ``r`` region, ``h`` concealed tiles, ``w`` winning tile, ``m``
melds (``p555m k9999m`` — c chi, p pong, k kong, a added kong, x concealed
kong), ``f`` flowers, ``s`` seat, ``d`` dealer, ``b`` win type, ``dc``
discarder, ``g`` flags, ``o.<name>`` house rules, ``t.<key>`` table state,
``e`` what a tile tap enters (``hand``, ``win``, ``flower`` or a meld type)
and ``pm`` the meld being built.

A page entering a hand for a table inherits some fields from the table (the
dealer, 针, 老庄 …): they follow the table until a person changes them on
the page. ``own`` names the inherited fields a person set (``own=d``); the
form draws each inherited field's value beside it as ``was.<name>``, so a
field posted with another value than it was drawn with was set by a person,
and ``inherit=<name>`` hands a field back to the table. ``follow`` puts the
table's values on the rest.

A switch of region loses nothing. What the new region cannot use is set
aside under the same keys behind ``x.`` (``x.m=0k9999m``: a meld with the
place it had, ``x.h``, ``x.w``, ``x.f``, ``x.om``, ``x.g``, ``x.b`` with
``x.dc``, ``x.n``, ``x.t.<key>``, ``x.ev.<key>``) and comes back with a
region that can; the house rules changed in the other regions stay as
``o.<region>.<name>``; ``pr`` is the region switched from, which one tap
goes back to. Only the current region's part ever reaches the engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple
from urllib.parse import urlencode

from rules.hand import EGG_TILES, SEATS, YAOJI, seat_order
from rules.options import describe
from rules.region import Region
from rules.regions import REGIONS
from rules.sight import tally
from rules.tiles import N_KINDS, NotationError, format_tiles, parse, tile_code
from rules.validate import egg_problem

DEFAULT_REGION = "laosanfan"
MELD_LETTERS = {"c": "chi", "p": "pong", "k": "kong", "a": "added_kong", "x": "concealed_kong"}
LETTER_OF = {v: k for k, v in MELD_LETTERS.items()}
EGG_CODES = {"x": "xuanfeng", "i": "xi", "y": "yao", "j": "jiu"}
EGG_CODE_OF = {v: k for k, v in EGG_CODES.items()}


def digits(text: str) -> bool:
    """ASCII digits only: str.isdigit() also takes '²', which int() refuses."""
    return text.isascii() and text.isdigit()


@dataclass(frozen=True)
class Tiles:
    """Tiles as the page holds them, read from their notation once: sorted, or,
    where the text does not parse, the text as typed (for the engine to name
    what is wrong with it). ``notation`` writes them for the URL and the engine."""

    tiles: tuple[int, ...] = ()
    typed: str = ""  # only where the text did not parse

    @classmethod
    def read(cls, text: str) -> Tiles:
        try:
            return cls(tuple(sorted(parse(text))))
        except NotationError:
            return cls((), text)

    @classmethod
    def of(cls, tiles: Iterable[int]) -> Tiles:
        return cls(tuple(sorted(tiles)))

    def __bool__(self) -> bool:
        return bool(self.tiles or self.typed)

    @property
    def notation(self) -> str:
        return self.typed or format_tiles(self.tiles)

    @property
    def single(self) -> int | None:
        """The tile, where these are exactly one (a winning tile)."""
        return self.tiles[0] if len(self.tiles) == 1 and not self.typed else None

    def plus(self, tile: int) -> Tiles:
        return Tiles.of((*self.tiles, tile))

    def without(self, index: int) -> Tiles:
        return Tiles.of(t for i, t in enumerate(self.tiles) if i != index)


class MeldEntry(NamedTuple):
    """A meld as the page keeps it; ``token`` is its form in the URL."""

    type: str
    tiles: Tiles
    kind: str = ""  # 长春 egg kind
    hui: int = 0

    @property
    def token(self) -> str:
        if self.type == "egg":  # e + kind code + 会 count + - + tiles: ex1-123z1s
            return f"e{EGG_CODE_OF.get(self.kind, '?')}{self.hui}-{self.tiles.notation}"
        return LETTER_OF[self.type] + self.tiles.notation

    @classmethod
    def parse(cls, token: str) -> MeldEntry | None:
        if token.startswith("e") and "-" in token:
            head, _, tiles = token.partition("-")
            egg = EGG_CODES.get(head[1:2], "")
            hui = int(head[2:]) if digits(head[2:]) else 0
            return cls("egg", Tiles.read(tiles), egg, hui) if egg and tiles else None
        kind = MELD_LETTERS.get(token[:1])
        if kind is None or len(token) < 2:
            return None
        return cls(kind, Tiles.read(token[1:]))

    @classmethod
    def from_json(cls, m: Mapping[str, Any]) -> MeldEntry:
        return cls(m["type"], Tiles.read(m["tiles"]), m.get("kind") or "", int(m.get("hui") or 0))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "tiles": self.tiles.notation}
        if self.type == "egg":
            out.update(kind=self.kind, hui=self.hui)
        return out


MELD_SIZE = {"chi": 3, "pong": 3, "kong": 4, "added_kong": 4, "concealed_kong": 4}
WIN_TYPES = ("self_draw", "discard", "robbing_kong", "draw")
SEAT_NUMBER_KEYS = ("zhen", "loser_hu")  # table state entered as a number per seat


class HandCount(NamedTuple):
    """The concealed hand against what its melds leave room for: a meld
    entered after the tiles (a kong declared last) can leave more tiles in
    the hand than the hand holds, and then the hand is over, not full."""

    have: int
    need: int

    @property
    def short(self) -> int:
        return max(0, self.need - self.have)

    @property
    def over(self) -> int:
        return max(0, self.have - self.need)

    @property
    def full(self) -> bool:
        return self.have == self.need


class Dropped(NamedTuple):
    """A thing a region cannot use: ``tiles`` (notation), ``meld`` (its type
    and tiles), ``flag``, ``option``, ``event``, ``table`` (a key), ``win_by``
    or ``players``; or tiles it counts elsewhere and that were moved there,
    ``to_flowers`` or ``to_hand`` (notation)."""

    kind: str
    value: str
    tiles: str = ""


def _placed(token: str) -> tuple[int, str]:
    """``3k9999m`` → (3, ``k9999m``): a set-aside meld and the place it had."""
    rest = token.lstrip("0123456789")
    head = token[: len(token) - len(rest)][:3]
    return (int(head) if head else 999), rest


@dataclass(frozen=True)
class Aside:
    """What a switch of region set aside because the region switched to cannot
    use it, kept for one that can (the ``x.`` keys); melds keep their places."""

    hand: Tiles = Tiles()
    win: Tiles = Tiles()
    flowers: Tiles = Tiles()
    melds: tuple[tuple[int, MeldEntry], ...] = ()
    other: tuple[tuple[int, str, MeldEntry], ...] = ()
    flags: tuple[str, ...] = ()
    win_by: str = ""
    discarder: str = ""
    players: int = 0
    table: Mapping[str, str] = field(default_factory=dict)
    events: Mapping[str, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return any((self.hand, self.win, self.flowers, self.melds, self.other, self.flags)) or any(
            (self.win_by, self.players, self.table, self.events)
        )

    @classmethod
    def read(
        cls, data: Mapping[str, Any], one: Callable[[str], str], many: Callable[[str], list[str]]
    ) -> Aside:
        """From the query's ``x.`` keys (``one`` and ``many`` read a key's value
        and values as ``PageState.from_query`` does)."""
        melds = []
        for token in one("x.m").split():
            index, text = _placed(token)
            if (meld := MeldEntry.parse(text)) is not None:
                melds.append((index, meld))
        other = []
        for token in one("x.om").split():
            index, text = _placed(token)
            if text[:1] in "ESWN" and (meld := MeldEntry.parse(text[1:])) is not None:
                other.append((index, text[:1], meld))
        players = one("x.n")
        win_by = one("x.b")
        return cls(
            hand=Tiles.read(one("x.h")),
            win=Tiles.read(one("x.w")),
            flowers=Tiles.read(one("x.f")),
            melds=tuple(melds),
            other=tuple(other),
            flags=tuple(f for f in many("x.g") if f),
            win_by=win_by if win_by in WIN_TYPES else "",
            discarder=one("x.dc") if win_by in WIN_TYPES and one("x.dc") in SEATS else "",
            players=int(players) if players in ("2", "3", "4") else 0,
            table={k[4:]: one(k) for k in data if k.startswith("x.t.") and one(k) != ""},
            events={
                k[5:]: min(int(one(k)), 9)
                for k in data
                if k.startswith("x.ev.") and digits(one(k)) and int(one(k)) > 0
            },
        )

    def pairs(self) -> list[tuple[str, str]]:
        """Its query keys (and the form's hidden fields)."""
        pairs = [
            (f"x.{key}", value)
            for key, value in (
                ("h", self.hand.notation),
                ("w", self.win.notation),
                ("f", self.flowers.notation),
                ("m", " ".join(f"{i}{m.token}" for i, m in self.melds)),
                ("om", " ".join(f"{i}{seat}{m.token}" for i, seat, m in self.other)),
                ("b", self.win_by),
                ("dc", self.discarder),
                ("n", str(self.players) if self.players else ""),
            )
            if value
        ]
        pairs += [("x.g", f) for f in self.flags]
        pairs += [(f"x.t.{k}", v) for k, v in sorted(self.table.items())]
        pairs += [(f"x.ev.{k}", str(n)) for k, n in sorted(self.events.items())]
        return pairs

    def dropped(self) -> list[Dropped]:
        """Each thing set aside, as the page names it."""
        out = [Dropped("tiles", t.notation) for t in (self.hand, self.win, self.flowers) if t]
        melds = [m for _, m in self.melds] + [m for _, _, m in self.other]
        out += [Dropped("meld", m.type, m.tiles.notation) for m in melds]
        out += [Dropped("flag", f) for f in self.flags]
        if self.win_by:
            out.append(Dropped("win_by", self.win_by))
        if self.players:
            out.append(Dropped("players", str(self.players)))
        out += [
            Dropped("event", e) for e in dict.fromkeys(k.partition(".")[0] for k in self.events)
        ]
        out += [Dropped("table", k) for k in self.table]
        return out


_ENTRY_KEY = re.compile(r"[A-Za-z0-9_-]{8,40}")
_OWNABLE = re.compile(r"d|t\.[a-z_]{1,30}")  # the fields a page may inherit from a table


@dataclass(frozen=True)
class PageState:
    region: str = DEFAULT_REGION
    hand: Tiles = Tiles()
    win: Tiles = Tiles()
    melds: tuple[MeldEntry, ...] = ()
    other: tuple[tuple[str, MeldEntry], ...] = ()  # other players' kongs and eggs
    flowers: Tiles = Tiles()
    seat: str = "E"
    dealer: str = "E"
    win_by: str = "self_draw"
    discarder: str = ""
    flags: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    table: Mapping[str, str] = field(default_factory=dict)
    entry: str = "hand"
    pending: Tiles = Tiles()  # tiles of the egg being built
    players: int = 4
    events: Mapping[str, int] = field(default_factory=dict)  # "type.seat" → how many
    edit: str = ""  # the club session's hand being corrected (the session is in the address)
    # A hand entered for a session: the entry's identity from its first tap
    # (a redraw, a reload, the back button and a resent POST all carry it)
    # and the deal it is for, as the table counted when the entry began.
    key: str = ""
    deal: str = ""
    # The entry this phone saved just before this one: what became of it is
    # what the page says by its save button until this entry has an answer.
    after: str = ""
    kept: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # other regions' rules
    aside: Aside = field(default_factory=Aside)
    undo: str = ""  # the region switched from: one tap goes back to it
    # The inherited fields a person set on this page ("d", "t.zhen" …); the
    # others follow the table the page enters a hand for.
    own: frozenset[str] = frozenset()

    @property
    def reg(self) -> Region:
        return REGIONS[self.region]

    # --- reading and writing the query string ------------------------------

    @classmethod
    def from_query(cls, data: Mapping[str, Any]) -> PageState:
        """Lenient: whatever does not parse stays as typed, for the engine to name."""

        def one(key: str, default: str = "") -> str:
            value = data.get(key, default)
            if isinstance(value, list):
                value = value[-1] if value else default
            return str(value).strip()[:200]

        def many(key: str) -> list[str]:
            getlist = getattr(data, "getlist", None)
            values = getlist(key) if getlist else data.get(key, [])
            if isinstance(values, str):
                values = [values]
            return [str(v)[:60] for v in values]

        region = one("r", DEFAULT_REGION)
        if region not in REGIONS:
            region = DEFAULT_REGION
        melds = [m for t in one("m").replace(",", " ").split() if (m := MeldEntry.parse(t))]
        other: list[tuple[str, MeldEntry]] = []
        for token in one("om").replace(",", " ").split():
            meld = MeldEntry.parse(token[1:])
            if token[:1] in "ESWN" and meld is not None:
                other.append((token[:1], meld))
        typed: dict[str, str] = {}
        kept_typed: dict[str, dict[str, str]] = {}
        for k in data:
            if not k.startswith("o."):
                continue
            head, dot, name = k[2:].partition(".")
            if dot and head in REGIONS:
                if head != region and name:  # another region's house rule, kept for it
                    kept_typed.setdefault(head, {})[name] = one(k)
            else:
                typed[k[2:]] = one(k)
        options = _non_default(region, typed)
        kept = {r: o for r, o in ((r, _non_default(r, o)) for r, o in kept_typed.items()) if o}
        table = {
            k[2:]: one(k) for k in data if k.startswith("t.") and k.count(".") == 1 and one(k) != ""
        }
        for key in ("ready", "fake_ready"):
            values = many(f"t.{key}")
            if len(values) > 1:
                table[key] = ",".join(values)
        for key in SEAT_NUMBER_KEYS:
            # One input per seat (t.zhen.E …) → the compact "E:2,S:1" form.
            per_seat = [(s, one(f"t.{key}.{s}")) for s in "ESWN" if one(f"t.{key}.{s}") != ""]
            if per_seat:
                table[key] = ",".join(f"{s}:{n}" for s, n in per_seat)
        events = {}
        for k in data:
            if k.startswith("ev.") and digits(one(k)) and int(one(k)) > 0:
                events[k[3:]] = min(int(one(k)), 9)
        own = {name for name in many("own") if _OWNABLE.fullmatch(name)}
        # a field posted other than it was drawn (``was.<name>``): a person set it
        for k in data:
            name = k[4:]
            if k.startswith("was.") and _OWNABLE.fullmatch(name) and one(k) != one(name, one(k)):
                own.add(name)
        own -= set(many("inherit"))
        players_text = one("n", "4")
        players = int(players_text) if players_text in ("2", "3", "4") else 4
        entry = one("e", "hand") or "hand"
        return cls(
            region=region,
            hand=Tiles.read(one("h")),
            win=Tiles.read(one("w")),
            melds=tuple(melds),
            other=tuple(other),
            flowers=Tiles.read(one("f")),
            seat=one("s", "E") or "E",
            dealer=one("d", "E") or "E",
            win_by=one("b", "self_draw") or "self_draw",
            discarder=one("dc"),
            flags=tuple(f for f in many("g") if f),
            options=options,
            table=table,
            entry=entry,
            pending=Tiles.read(one("pm")),
            players=players,
            events=events,
            edit=one("edit") if digits(one("edit")) else "",
            key=one("key") if _ENTRY_KEY.fullmatch(one("key")) else "",
            deal=one("deal") if digits(one("deal")) and len(one("deal")) < 6 else "",
            after=one("after") if _ENTRY_KEY.fullmatch(one("after")) else "",
            kept=kept,
            aside=Aside.read(data, one, many),
            undo=one("pr") if one("pr") in REGIONS and one("pr") != region else "",
            own=frozenset(own),
        )

    def query(self) -> str:
        pairs: list[tuple[str, str]] = [("r", self.region)]
        for key, value in (
            ("h", self.hand.notation),
            ("w", self.win.notation),
            ("m", " ".join(m.token for m in self.melds)),
            ("om", " ".join(seat + m.token for seat, m in self.other)),
            ("f", self.flowers.notation),
            ("s", self.seat),
            ("d", self.dealer),
            ("b", self.win_by),
            ("dc", self.discarder if self.win_by in ("discard", "robbing_kong") else ""),
        ):
            if value:
                pairs.append((key, value))
        if self.players != 4:
            pairs.append(("n", str(self.players)))
        pairs += [("g", f) for f in self.flags]
        pairs += [(f"o.{k}", v) for k, v in sorted(self.options.items())]
        pairs += [(f"t.{k}", v) for k, v in sorted(self.table.items())]
        pairs += [(f"ev.{k}", str(n)) for k, n in sorted(self.events.items())]
        if self.entry != "hand":
            pairs.append(("e", self.entry))
        if self.pending:
            pairs.append(("pm", self.pending.notation))
        if self.edit:
            pairs.append(("edit", self.edit))
        return urlencode(pairs + self.kept_fields())

    def kept_fields(self) -> list[tuple[str, str]]:
        """What the page keeps but does not show as controls: the other regions'
        house rules, what was set aside, the region to go back to (the query's
        keys, and the form's hidden fields)."""
        pairs = [
            (f"o.{region}.{k}", v)
            for region, options in sorted(self.kept.items())
            for k, v in sorted(options.items())
        ]
        pairs += self.aside.pairs()
        if self.undo:
            pairs.append(("pr", self.undo))
        if self.key:
            pairs += [("key", self.key), ("deal", self.deal)]
        if self.after:
            pairs.append(("after", self.after))
        pairs += [("own", name) for name in sorted(self.own)]
        return pairs

    @staticmethod
    def fields_from_json(raw: Mapping[str, Any]) -> dict[str, Any]:
        """The page's fields for a spec hand (a session's recorded hand)."""
        table = {}
        for key, value in (raw.get("table") or {}).items():
            if isinstance(value, dict):
                table[key] = ",".join(f"{s}:{n}" for s, n in value.items())
            elif isinstance(value, list):
                table[key] = ",".join(value)
            elif value is not None:
                table[key] = str(value)
        events: dict[str, int] = {}
        for e in raw.get("events") or []:
            key = f"{e.get('type')}.{e.get('seat')}"
            events[key] = events.get(key, 0) + 1
        return {
            "hand": Tiles.read(str(raw.get("hand") or "")),
            "win": Tiles.read(str(raw.get("win_tile") or "")),
            "melds": tuple(MeldEntry.from_json(m) for m in raw.get("melds") or []),
            "other": tuple(
                (seat, MeldEntry.from_json(m))
                for seat, melds in (raw.get("other_melds") or {}).items()
                for m in melds
            ),
            "flowers": Tiles.read(str(raw.get("flowers") or "")),
            "seat": str(raw.get("seat") or "E"),
            "win_by": str(raw.get("win_by") or "self_draw"),
            "discarder": str(raw.get("discarder") or ""),
            "flags": tuple(raw.get("flags") or ()),
            "table": table,
            "events": events,
        }

    # --- what the page shows ------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return seat_order(self.players)

    @property
    def need_in_hand(self) -> int:
        """Concealed tiles a complete hand holds besides the winning tile."""
        return 13 - 3 * len(self.melds)

    @property
    def count(self) -> HandCount:
        return HandCount(len(self.hand.tiles), self.need_in_hand)

    @cached_property
    def used(self) -> list[int]:
        """How many of each tile kind (and flower) are on the table already:
        the engine's count (``rules.sight``) of what has been entered so far."""
        melds = (*self.melds, *(m for _, m in self.other))
        entered = (self.hand, self.win, self.flowers, self.pending, *(m.tiles for m in melds))
        return tally(tiles.tiles for tiles in entered)

    def left(self, tile: int) -> int:
        copies = 4 if tile in self.reg.tiles else self.reg.flower_limit(tile)
        return max(0, copies - self.used[tile])

    @property
    def complete(self) -> bool:
        """Enough is entered to ask the engine (it judges the rest)."""
        if self.win_by == "draw":
            return True
        return bool(self.hand or self.melds) and bool(self.win)

    def to_json(self) -> dict[str, Any]:
        """The spec's hand JSON for the engine."""
        raw: dict[str, Any] = {
            "region": self.region,
            "dealer": self.dealer,
            "win_by": self.win_by,
            "players": self.players,
            "rules": _typed_options(self.reg, self.options),
            "table": _typed_table(self.table),
        }
        # A drawn hand sends only what the spec settles for it (no winner's
        # seat, tiles, melds, flowers or flags).
        if self.win_by != "draw":
            if self.flowers:
                raw["flowers"] = self.flowers.notation
            raw.update(
                flags=list(self.flags),
                hand=self.hand.notation,
                win_tile=self.win.notation,
                seat=self.seat,
                melds=[m.to_json() for m in self.melds],
            )
        if self.win_by in ("discard", "robbing_kong") and self.discarder:
            raw["discarder"] = self.discarder
        if self.other:
            by_seat: dict[str, list[dict[str, Any]]] = {}
            for seat, m in self.other:
                by_seat.setdefault(seat, []).append(m.to_json())
            raw["other_melds"] = by_seat
        if self.events:
            raw["events"] = [
                {"type": key.partition(".")[0], "seat": key.partition(".")[2]}
                for key, n in sorted(self.events.items())
                for _ in range(n)
            ]
        return raw


def follow(state: PageState, inherited: Mapping[str, str], names: Iterable[str]) -> PageState:
    """The page's inherited fields ``names`` ("d", "t.zhen" …) with the values
    the table gives them now (``inherited``; a name missing there is not set),
    except those a person set on this page, which stay theirs."""
    names = set(names)
    own = state.own & names
    dealer = state.dealer if "d" in own else inherited.get("d", state.dealer)
    table = {k: v for k, v in state.table.items() if f"t.{k}" not in names or f"t.{k}" in own}
    for name, value in inherited.items():
        if name.startswith("t.") and name not in own:
            table[name[2:]] = value
    return replace(state, dealer=dealer, table=table, own=frozenset(own))


def house_rules_read(region_key: str, data: Mapping[str, Any]) -> dict[str, str]:
    """The house rules of this region a form posted (``o.<name>`` fields), only
    those changed."""
    names = {i.name for i in describe(REGIONS[region_key].options)}
    options = PageState.from_query({**_flat(data), "r": region_key}).options
    return {k: v for k, v in options.items() if k in names}


def house_rules_typed(region_key: str, options: Mapping[str, str]) -> dict[str, Any]:
    """Form text of house rules → the engine's ``rules`` object."""
    return _typed_options(REGIONS[region_key], options)


def house_rules_text(rules: Mapping[str, Any]) -> dict[str, str]:
    """The engine's ``rules`` object → form text, as ``o.<name>`` fields hold it."""
    return {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in rules.items()}


def _flat(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: data.get(k) for k in data if k.startswith("o.")}


def _non_default(region_key: str, options: dict[str, str]) -> dict[str, str]:
    """Only the options a player changed, so links stay short."""
    defaults = {i.name: i.default for i in describe(REGIONS[region_key].options)}
    out = {}
    for name, text in options.items():
        if text == "":
            continue
        default = defaults.get(name)
        if isinstance(default, bool):
            if (text.lower() in ("1", "true", "on") and default) or (
                text.lower() in ("0", "false", "off") and not default
            ):
                continue
        elif default is not None and text == str(default):
            continue
        out[name] = text
    return out


def _typed_options(region: Region, options: Mapping[str, str]) -> dict[str, Any]:
    """Form text → the option's type; what does not convert goes as typed."""
    infos = {i.name: i for i in describe(region.options)}
    out: dict[str, Any] = {}
    for name, text in options.items():
        info = infos.get(name)
        if info is None:
            out[name] = text
        elif info.kind == "bool":
            out[name] = {"1": True, "true": True, "on": True, "0": False, "false": False}.get(
                text.lower(), text
            )
        elif info.kind == "int":
            out[name] = int(text) if digits(text.lstrip("-")) else text
        else:
            out[name] = text
    return out


def _typed_table(table: Mapping[str, str]) -> dict[str, Any]:
    """Form text for table state → the spec's shapes."""
    out: dict[str, Any] = {}
    for key, text in table.items():
        if key in ("ready", "fake_ready"):
            out[key] = [s for s in text.replace(" ", ",").split(",") if s]
        elif key in ("zhen", "loser_hu"):
            out[key] = _seat_numbers(text)
        elif key in ("lao_zhuang", "baowu_streak_wins"):
            out[key] = int(text) if digits(text) else text
        else:
            out[key] = text
    return out


def _seat_numbers(text: str) -> dict[str, Any] | str:
    """``E:10,S:20`` → ``{"E": 10, "S": 20}``; anything else stays text."""
    out: dict[str, Any] = {}
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        seat, _, number = part.partition(":")
        if not digits(number.lstrip("-")):
            return text
        out[seat] = int(number)
    return out


# --------------------------------------------------------------------------
# Edits: what a tap does
# --------------------------------------------------------------------------


class Refusal(NamedTuple):
    """Why a tap changed nothing: a key of ``present.taps.REFUSALS`` and the tile."""

    reason: str
    tile: str = ""
    n: int = 0


Tapped = tuple[PageState, Refusal | None]
TILE_ENTRIES = {"bao": "bao_tile", "maima": "maima_tile"}  # a tap picks this table tile


def tap(state: PageState, code: str) -> Tapped:
    """A palette tile was tapped: it goes where the entry mode says, or the
    refusal says why it cannot."""
    tile = Tiles.read(code).single
    if tile is None:
        return state, None
    entry = state.entry
    if entry in TILE_ENTRIES and tile < N_KINDS:
        table = {**state.table, TILE_ENTRIES[entry]: tile_code(tile)}
        return replace(state, table=table, entry="hand"), None
    if state.left(tile) <= 0:
        return state, Refusal("used_up", tile_code(tile))
    if tile >= N_KINDS or (tile not in state.reg.tiles and tile in state.reg.flower_tiles):
        return replace(state, flowers=state.flowers.plus(tile)), None
    if entry == "win":
        return replace(state, win=Tiles.of([tile]), entry="hand"), None
    if entry in MELD_SIZE:
        return _meld_tap(state, tile)
    if entry.startswith("egg."):
        return _egg_tap(state, tile)
    if entry.startswith("other."):
        return _other_tap(state, tile)
    # Into the hand; once it is full, the next tile is the winning tile; a
    # hand holding more than its melds leave room for takes nothing more.
    count = state.count
    if count.over:
        return state, Refusal("too_many", tile_code(tile), count.over)
    if count.full:
        if not state.win:
            return replace(state, win=Tiles.of([tile])), None
        return state, Refusal("hand_full", tile_code(tile))
    return replace(state, hand=state.hand.plus(tile)), None


def _meld_tap(state: PageState, tile: int) -> Tapped:
    kind = state.entry
    code = tile_code(tile)
    if kind == "chi":
        if tile >= 27 or tile % 9 > 6:
            return state, Refusal("chi_start", code)
        run = [tile, tile + 1, tile + 2]  # a chi is entered by its lowest tile
        short = next((t for t in run if state.left(t) <= 0), None)
        if short is not None:
            return state, Refusal("used_up", tile_code(short))
        meld = MeldEntry(kind, Tiles.of(run))
    else:
        if state.left(tile) < MELD_SIZE[kind]:
            return state, Refusal("too_few", code)
        meld = MeldEntry(kind, Tiles.of([tile] * MELD_SIZE[kind]))  # one tap, the whole set
    return replace(state, melds=(*state.melds, meld), entry="hand"), None


def _egg_tap(state: PageState, tile: int) -> Tapped:
    """A tile into the egg being built: only its own tiles, or 幺鸡 as 会."""
    kind = state.entry.partition(".")[2]
    if tile not in EGG_TILES.get(kind, ()) and tile != YAOJI:
        return state, Refusal("not_in_egg", tile_code(tile))
    return replace(state, pending=state.pending.plus(tile)), None


def _other_tap(state: PageState, tile: int) -> Tapped:
    """Another player's kong (for kong money): ``other.S.concealed_kong`` then a tile."""
    _, seat, kind = [*state.entry.split("."), "", ""][:3]
    if seat not in state.seats or kind not in ("kong", "added_kong", "concealed_kong"):
        return state, None
    if state.left(tile) < 4:
        return state, Refusal("too_few", tile_code(tile))
    meld = MeldEntry(kind, Tiles.of([tile] * 4))
    return replace(state, other=(*state.other, (seat, meld)), entry="hand"), None


def finish_egg(state: PageState) -> PageState:
    """The egg being built is done: its 会 are the 幺鸡 it does not hold as itself."""
    kind = state.entry.partition(".")[2]
    tiles = state.pending.tiles
    if not tiles or not state.entry.startswith("egg."):
        return state
    meld = MeldEntry("egg", state.pending, kind, _hui(kind, tiles))
    return replace(state, melds=(*state.melds, meld), pending=Tiles(), entry="hand")


def _hui(kind: str, tiles: tuple[int, ...]) -> int:
    """How many 幺鸡 stand in as 会: all of them, but in a 幺蛋 one is itself."""
    ones = tiles.count(YAOJI)
    return max(0, ones - 1) if kind == "yao" else ones


def egg_ready(state: PageState) -> bool:
    """The egg being built is a whole egg (its 完成 would be accepted)."""
    kind = state.entry.partition(".")[2]
    tiles = state.pending.tiles
    return bool(tiles) and egg_problem(kind, tiles, _hui(kind, tiles)) is None


def remove(state: PageState, target: str) -> PageState:
    """Take back one thing: ``h3`` the 4th hand tile, ``w``, ``m0``, ``f1``, ``pm``."""
    where, index_text = target[:1], target[1:]
    index = int(index_text) if digits(index_text) else -1
    if target == "w":
        return replace(state, win=Tiles())
    if target == "pm":
        return replace(state, pending=Tiles())
    if where == "h" and 0 <= index < len(state.hand.tiles):
        return replace(state, hand=state.hand.without(index))
    if where == "m" and 0 <= index < len(state.melds):
        melds = list(state.melds)
        del melds[index]
        return replace(state, melds=tuple(melds))
    if where == "o" and 0 <= index < len(state.other):
        other = list(state.other)
        del other[index]
        return replace(state, other=tuple(other))
    if where == "f" and 0 <= index < len(state.flowers.tiles):
        return replace(state, flowers=state.flowers.without(index))
    return state


def change_region(state: PageState, key: str) -> tuple[PageState, list[Dropped]]:
    """Switch region: what was set aside and fits comes back, what does not fit
    is set aside, each region keeps its own house rules; say what this switch
    set aside (the house rules of the region left among it)."""
    if key not in REGIONS or key == state.region:
        return state, []
    whole = _with_aside(state)
    to_flowers, to_hand = moved_tiles(whole, REGIONS[key])
    switched, aside = _fitted(whole, REGIONS[key])
    kept = {r: o for r, o in state.kept.items() if r != key}
    if state.options:
        kept[state.region] = dict(state.options)
    before = state.aside.dropped()
    dropped = [d for d in aside.dropped() if d not in before]
    if to_flowers:
        dropped.append(Dropped("to_flowers", Tiles.of(to_flowers).notation))
    if to_hand:
        dropped.append(Dropped("to_hand", Tiles.of(to_hand).notation))
    dropped += [Dropped("option", name) for name in state.options]
    return (
        replace(
            switched,
            region=key,
            options=dict(state.kept.get(key, {})),
            kept=kept,
            aside=aside,
            undo=state.region,
        ),
        dropped,
    )


def _with_aside(state: PageState) -> PageState:
    """The state with everything set aside back in (each meld at its place)."""
    a = state.aside
    melds = list(state.melds)
    for index, meld in sorted(a.melds, key=lambda p: p[0]):
        melds.insert(min(index, len(melds)), meld)
    other = list(state.other)
    for index, seat, meld in sorted(a.other, key=lambda p: p[0]):
        other.insert(min(index, len(other)), (seat, meld))

    def both(tiles: Tiles, more: Tiles) -> Tiles:
        return tiles if tiles.typed or not more else Tiles.of((*tiles.tiles, *more.tiles))

    restore_win_by = bool(a.win_by) and state.win_by == "self_draw"
    return replace(
        state,
        hand=both(state.hand, a.hand),
        win=state.win or a.win,
        flowers=both(state.flowers, a.flowers),
        melds=tuple(melds),
        other=tuple(other),
        flags=(*state.flags, *(f for f in a.flags if f not in state.flags)),
        win_by=a.win_by if restore_win_by else state.win_by,
        discarder=a.discarder if restore_win_by else state.discarder,
        players=a.players or state.players,
        table={**a.table, **state.table},
        events={**a.events, **state.events},
        aside=Aside(),
    )


def counts_as_flower(tile: int, region: Region) -> bool:
    return tile not in region.tiles and tile in region.flower_tiles


def counts_in_hand(tile: int, region: Region) -> bool:
    return tile not in region.flower_tiles and tile in region.tiles


def moved_tiles(state: PageState, new: Region) -> tuple[list[int], list[int]]:
    """The hand's tiles ``new`` counts as flowers, and the flowers it holds in
    the hand (tapped tiles only: typed text stays as typed)."""
    if state.hand.typed or state.flowers.typed:
        return [], []
    return (
        [t for t in state.hand.tiles if counts_as_flower(t, new)],
        [t for t in state.flowers.tiles if counts_in_hand(t, new)],
    )


def _fitted(state: PageState, new: Region) -> tuple[PageState, Aside]:
    """What of ``state`` ``new`` can use, and the rest, set aside."""

    def part(tiles: Tiles, allowed: frozenset[int]) -> tuple[Tiles, Tiles]:
        gone = [t for t in tiles.tiles if t not in allowed]
        if not gone:
            return tiles, Tiles()
        return Tiles.of(t for t in tiles.tiles if t in allowed), Tiles.of(gone)

    def fits(m: MeldEntry) -> bool:
        return m.type in new.meld_types and all(t in new.tiles for t in m.tiles.tiles)

    # A tile the new region counts elsewhere goes there (金湖 counts 中发白 as
    # flowers; the other regions hold them in the hand), and back again.
    to_flowers, to_hand = moved_tiles(state, new)
    if to_flowers or to_hand:
        state = replace(
            state,
            hand=Tiles.of(
                (*(t for t in state.hand.tiles if not counts_as_flower(t, new)), *to_hand)
            ),
            flowers=Tiles.of(
                (*(t for t in state.flowers.tiles if not counts_in_hand(t, new)), *to_flowers)
            ),
        )
    hand, hand_aside = part(state.hand, new.tiles)
    win, win_aside = part(state.win, new.tiles)
    flowers, flowers_aside = part(state.flowers, new.flower_tiles)
    players = state.players if state.players in new.players else max(new.players)
    seats = seat_order(players)
    allowed_flags = set(new.common_flags) | set(new.flags)
    win_by = state.win_by if state.win_by in new.win_types else "self_draw"
    entry = state.entry if state.entry in ("hand", "win", *new.meld_types) else "hand"
    aside = Aside(
        hand=hand_aside,
        win=win_aside,
        flowers=flowers_aside,
        melds=tuple((i, m) for i, m in enumerate(state.melds) if not fits(m)),
        other=tuple(
            (i, s, m) for i, (s, m) in enumerate(state.other) if not (fits(m) and s in seats)
        ),
        flags=tuple(f for f in state.flags if f not in allowed_flags),
        win_by=state.win_by if win_by != state.win_by else "",
        discarder=state.discarder if win_by != state.win_by else "",
        players=state.players if players != state.players else 0,
        table={k: v for k, v in state.table.items() if k not in new.table_keys},
        events={
            k: n for k, n in state.events.items() if k.partition(".")[0] not in new.event_types
        },
    )
    fitted = replace(
        state,
        hand=hand,
        win=win,
        flowers=flowers,
        melds=tuple(m for m in state.melds if fits(m)),
        other=tuple((s, m) for s, m in state.other if fits(m) and s in seats),
        flags=tuple(f for f in state.flags if f in allowed_flags),
        table={k: v for k, v in state.table.items() if k in new.table_keys},
        events={k: n for k, n in state.events.items() if k.partition(".")[0] in new.event_types},
        players=players,
        win_by=win_by,
        entry=entry,
        pending=Tiles(),
    )
    return fitted, aside


def dui_bao_filled_in(state: PageState) -> PageState:
    """长春's 对宝 says the 宝 was the winning tile, self-drawn: where a 宝 is
    picked, the page fills in what the flag already says."""
    bao = Tiles.read(state.table.get("bao_tile", "")).single
    if "dui_bao" not in state.flags or bao is None:
        return state
    if state.win.single == bao and state.win_by == "self_draw":
        return state
    return replace(state, win=Tiles.of((bao,)), win_by="self_draw", discarder="")
