"""Tiles and the spec's notation (``123m456p789s11z``, honors also ``ESWNCFP``,
and the Chinese notation players write: ``123万东东``, ``一二三萬``).

A tile is an ``int``: 0–8 = 1m–9m, 9–17 = 1p–9p, 18–26 = 1s–9s,
27–33 = 1z–7z (东南西北白发中, Tenhou order), 34–41 = 1f–8f (春夏秋冬梅兰菊竹).
Plain ints keep splitting and counting cheap; the names live here only.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.text import Text, says

SUITS = "mpsz"
N_KINDS = 34  # the tiles that form sets
N_TILES = 42  # with the eight flowers

EAST = 27
SOUTH = 28
WEST = 29
NORTH = 30
WHITE = 31
GREEN = 32
RED = 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
FLOWERS = tuple(range(34, 42))
SEASONS = FLOWERS[:4]  # 春夏秋冬
PLANTS = FLOWERS[4:]  # 梅兰菊竹

_LETTER_HONORS = {
    "E": EAST,
    "S": SOUTH,
    "W": WEST,
    "N": NORTH,
    "P": WHITE,
    "F": GREEN,
    "C": RED,
}
_SUIT_SIZE = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}

NAMES_ZH = (
    [f"{n}万" for n in "一二三四五六七八九"]
    + [f"{n}筒" for n in "一二三四五六七八九"]
    + [f"{n}条" for n in "一二三四五六七八九"]
    + ["东", "南", "西", "北", "白", "发", "中"]
    + ["春", "夏", "秋", "冬", "梅", "兰", "菊", "竹"]
)


class NotationError(ValueError):
    """A notation string that does not parse; says which character and where
    (``position`` counts from 0; the words, for a reader, from 1)."""

    def __init__(self, code: str, text: Text, position: int, char: str) -> None:
        super().__init__(str(text))
        self.code = code
        self.text = text
        self.position = position
        self.char = char

    @property
    def message(self) -> str:
        return str(self.text)


def suit_of(tile: int) -> int:
    """0, 1, 2 for m, p, s; 3 for honors; 4 for flowers."""
    if tile < 27:
        return tile // 9
    return 3 if tile < 34 else 4


def rank(tile: int) -> int:
    """1–9 for suited tiles; 1–7 for honors; 1–8 for flowers."""
    return tile - _SUIT_BASE[code_suit(tile)] + 1


def code_suit(tile: int) -> str:
    return "mpszf"[suit_of(tile)]


def is_suited(tile: int) -> bool:
    return tile < 27


def is_honor(tile: int) -> bool:
    return 27 <= tile < 34


def is_flower(tile: int) -> bool:
    return tile >= 34


def is_terminal(tile: int) -> bool:
    return tile < 27 and tile % 9 in (0, 8)


def is_terminal_or_honor(tile: int) -> bool:
    """大麼: 1, 9 and every honor."""
    return is_honor(tile) or is_terminal(tile)


def tile_code(tile: int) -> str:
    """``5p`` for one tile."""
    return f"{rank(tile)}{code_suit(tile)}"


# Chinese notation (the spec's "Chinese notation", input only): players write
# 123万 or 一二三萬, 东东, 春 … in either script.
# What each digit or numeral stands for.
_NUMBERS = (
    {str(n): n for n in range(10)}
    | {ch: n for n, ch in enumerate("一二三四五六七八九", 1)}
    | {"幺": 1}
)
_SUIT_WORDS = {
    "万": "m",
    "萬": "m",
    "筒": "p",
    "饼": "p",
    "餅": "p",
    "条": "s",
    "條": "s",
    "索": "s",
}
_HONOR_CHARS = {
    "东": EAST,
    "東": EAST,
    "南": SOUTH,
    "西": WEST,
    "北": NORTH,
    "白": WHITE,
    "发": GREEN,
    "發": GREEN,
    "中": RED,
    "春": 34,
    "夏": 35,
    "秋": 36,
    "冬": 37,
    "梅": 38,
    "兰": 39,
    "蘭": 39,
    "菊": 40,
    "竹": 41,
}
_SEPARATORS = frozenset(",，、")


def parse(text: str) -> list[int]:
    """Parse notation into tiles, in the order written.

    Raises NotationError naming the offending character and its position
    (0-based) for anything that is not whitespace, a separator, a digit or
    numeral, a suit letter or word, or an honor letter or character.
    """
    tiles: list[int] = []
    pending: list[int] = []  # where the numbers waiting for their suit are
    for pos, ch in enumerate(text):
        if ch.isspace() or ch in _SEPARATORS:
            continue
        if ch in _NUMBERS:
            pending.append(pos)
        elif ch in _SUIT_SIZE or ch in _SUIT_WORDS:
            suit = _SUIT_WORDS.get(ch, ch)
            if not pending:
                raise NotationError(
                    "unknown_tile",
                    says(
                        "the '{char}' at position {position} has no number before it",
                        char=ch,
                        position=pos + 1,
                    ),
                    pos,
                    ch,
                )
            for p in pending:
                number = _NUMBERS[text[p]]
                if not 1 <= number <= _SUIT_SIZE[suit]:
                    raise NotationError(
                        "unknown_tile",
                        says(
                            "there is no tile '{char}{suit}' (the '{char}' at position {position})",
                            char=text[p],
                            suit=ch,
                            position=p + 1,
                        ),
                        p,
                        text[p],
                    )
                tiles.append(_SUIT_BASE[suit] + number - 1)
            pending = []
        elif ch in _LETTER_HONORS or ch in _HONOR_CHARS:
            if pending:
                raise _no_suit(text, pending[0])
            tiles.append(_LETTER_HONORS.get(ch, _HONOR_CHARS.get(ch, 0)))
        else:
            raise NotationError(
                "unknown_tile",
                says(
                    "the '{char}' at position {position} is not a tile", char=ch, position=pos + 1
                ),
                pos,
                ch,
            )
    if pending:
        raise _no_suit(text, pending[-1])
    return tiles


def _no_suit(text: str, pos: int) -> NotationError:
    return NotationError(
        "unknown_tile",
        says(
            "the '{char}' at position {position} has no suit after it",
            char=text[pos],
            position=pos + 1,
        ),
        pos,
        text[pos],
    )


def parse_one(text: str) -> int:
    """Exactly one tile, e.g. a win tile."""
    tiles = parse(text)
    if len(tiles) != 1:
        raise NotationError(
            "unknown_tile",
            says("expected one tile, found {count} in '{typed}'", count=len(tiles), typed=text),
            0,
            text[:1],
        )
    return tiles[0]


def format_tiles(tiles: Iterable[int]) -> str:
    """Canonical notation: sorted, grouped m p s z f, digits then the letter."""
    out: list[str] = []
    suit = ""
    for t in sorted(tiles):
        letter = code_suit(t)
        if letter != suit:
            out.append(suit)  # the letter that closes the group before ("" at first)
            suit = letter
        out.append(str(rank(t)))
    out.append(suit)
    return "".join(out)


def counts_of(tiles: Iterable[int], size: int = N_KINDS) -> list[int]:
    counts = [0] * size
    for t in tiles:
        counts[t] += 1
    return counts
