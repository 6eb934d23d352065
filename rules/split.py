"""Hand splitting: every way a hand makes sets and a pair, seven pairs, wild
tiles, the role the winning tile played, and the waits of a 13-tile hand.

Shared by every region. A *block* is one set or the pair; a *split* is the
blocks of the concealed part (the winning tile included) plus the declared
melds, with the block the winning tile completed.

Without wild tiles each suit is split on its own and the results are kept
by the suit's nine counts: a table of suit shapes, the usual way mahjong
engines make "all splits" cheap. With wild tiles a direct search runs.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import NamedTuple

from rules.hand import Meld
from rules.tiles import N_KINDS

SEQ = "seq"
TRIP = "trip"
PAIR = "pair"
KONG = "kong"
EGG = "egg"
LOOSE = "loose"  # a tile in no set: only in a hand that wins without a shape (四财神)

# How the winning tile completed its block.
CLOSED = "closed"
EDGE = "edge"
TWO_SIDED = "two_sided"
SINGLE = "single"
TRIPLET = "triplet"


# Blocks are keyed, sliced and sorted as tuples.
class Block(NamedTuple):
    """A set or the pair. ``tile`` is the lowest tile (a sequence's first)."""

    kind: str
    tile: int
    concealed: bool = True
    meld: Meld | None = None
    wild: tuple[int, ...] = ()  # the tiles that wild tiles stood for in this block

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.meld is not None and self.kind == EGG:
            return self.meld.tiles
        if self.kind == SEQ:
            return (self.tile, self.tile + 1, self.tile + 2)
        if self.kind == PAIR:
            return (self.tile, self.tile)
        if self.kind == LOOSE:
            return (self.tile,)
        if self.kind == KONG:
            return (self.tile,) * 4
        return (self.tile,) * 3

    @property
    def is_set_of_same(self) -> bool:
        """A triplet or a kong (刻子/坎/杠)."""
        return self.kind in (TRIP, KONG)


# Made by the hundred for a hand with wild tiles: a named tuple, like Block.
class Split(NamedTuple):
    """One reading of a complete hand."""

    blocks: tuple[Block, ...]  # hand blocks first (the pair among them), then the melds
    win_index: int | None  # which block the winning tile completed (None: seven pairs / none)
    wait: str  # CLOSED, EDGE, TWO_SIDED, SINGLE, TRIPLET ('' when there is no winning tile)
    seven_pairs: bool = False

    @property
    def pair(self) -> Block | None:
        for b in self.blocks:
            if b.kind == PAIR:
                return b
        return None

    @property
    def sets(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.kind != PAIR)

    @property
    def win_block(self) -> Block | None:
        return None if self.win_index is None else self.blocks[self.win_index]

    @property
    def wild_assignments(self) -> tuple[int, ...]:
        return tuple(t for b in self.blocks for t in b.wild)


# --------------------------------------------------------------------------
# Decomposition without wild tiles
# --------------------------------------------------------------------------

Shape = tuple[tuple[str, int], ...]  # (kind, tile) blocks


# The per-suit tables (this one and ``_suit_waits``): the same counts of one
# suit come back hand after hand, so each suit is split once, and the tiles
# that would complete it are found once. Bounded, so random input cannot grow
# them without end.
@lru_cache(maxsize=100_000)
def _suit_shapes(counts: tuple[int, ...], base: int, honors: bool) -> tuple[Shape, ...]:
    """Every split of one suit's tiles into sets and at most one pair.

    A pair is used exactly when the suit's tile count is 2 mod 3.
    """
    total = sum(counts)
    if total % 3 == 1:
        return ()
    need_pair = total % 3 == 2
    found: list[Shape] = []
    c = list(counts)
    size = len(c)

    def walk(i: int, pair_left: bool, blocks: list[tuple[str, int]]) -> None:
        while i < size and c[i] == 0:
            i += 1
        if i == size:
            if not pair_left:
                found.append(tuple(sorted(blocks)))
            return
        if pair_left and c[i] >= 2:
            c[i] -= 2
            blocks.append((PAIR, base + i))
            walk(i, False, blocks)
            blocks.pop()
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            blocks.append((TRIP, base + i))
            walk(i, pair_left, blocks)
            blocks.pop()
            c[i] += 3
        if not honors and i + 2 < size and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            blocks.append((SEQ, base + i))
            walk(i, pair_left, blocks)
            blocks.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    walk(0, need_pair, [])
    return tuple(dict.fromkeys(found))


def _honor_shapes(counts: list[int]) -> tuple[Shape, ...] | None:
    """Honors split one way only: each kind a pair or a triplet."""
    blocks: list[tuple[str, int]] = []
    pairs = 0
    for i in range(27, 34):
        n = counts[i]
        if n == 0:
            continue
        if n == 3:
            blocks.append((TRIP, i))
        elif n == 2:
            blocks.append((PAIR, i))
            pairs += 1
        else:
            return None
    if pairs > 1:
        return None
    return (tuple(blocks),)


def shapes(counts: list[int]) -> list[Shape]:
    """Every split of these 34 counts into sets and exactly one pair."""
    parts: list[tuple[Shape, ...]] = []
    pairs = 0
    for lo in (0, 9, 18):
        suit = tuple(counts[lo : lo + 9])
        n = sum(suit)
        if n == 0:
            continue
        if n % 3 == 1:
            return []
        pairs += n % 3 == 2
        got = _suit_shapes(suit, lo, False)
        if not got:
            return []
        parts.append(got)
    honors = _honor_shapes(counts)
    if honors is None:
        return []
    pairs += sum(1 for kind, _ in honors[0] if kind == PAIR)
    if pairs != 1:
        return []
    parts.append(honors)
    if len(parts) == 1:
        return list(parts[0])
    return [tuple(b for part in combo for b in part) for combo in product(*parts)]


def is_complete(counts: list[int]) -> bool:
    """Sets and one pair (no seven pairs), fast: no splits are built."""
    classes = [_suit_class(suit, lo, honors) for suit, lo, honors in _suits(counts)]
    return min(classes) >= 0 and sum(classes) == 1


# --------------------------------------------------------------------------
# Decomposition with wild tiles
# --------------------------------------------------------------------------

WildShape = tuple[tuple[str, int, tuple[int, ...]], ...]  # (kind, tile, stood-for tiles)


# Which tiles a block made only of wild tiles may stand for: (pairs and
# triplets, sequence starts). Every tile by default; a region whose items
# never look at a wild run's numbers may narrow it (三门: one run per suit).
WildChoices = tuple[tuple[int, ...], tuple[int, ...]]
ALL_WILD_CHOICES: WildChoices = (
    tuple(range(N_KINDS)),
    tuple(t for t in range(27) if t % 9 <= 6),
)


# Asked at every end of the search below, for a few (sets, pair) at most:
# each answer is made once.
@lru_cache(maxsize=1024)
def _all_wild_blocks(sets: int, pair: bool, choices: WildChoices) -> tuple[WildShape, ...]:
    """Blocks made of wild tiles only: a pair, triplets and sequences they may stand for."""
    alike, starts = choices
    pair_opts = [((PAIR, t, (t, t)),) for t in alike] if pair else [()]
    set_opts: list[tuple[str, int, tuple[int, ...]]] = [(TRIP, t, (t, t, t)) for t in alike]
    set_opts += [(SEQ, t, (t, t + 1, t + 2)) for t in starts]
    out: list[WildShape] = []
    for p in pair_opts:
        for combo in product(set_opts, repeat=sets):
            out.append(p + tuple(sorted(combo)))
    return tuple(out)


def wild_shapes(
    counts: list[int], wilds: int, choices: WildChoices = ALL_WILD_CHOICES
) -> list[WildShape]:
    """Every split of ``counts`` plus ``wilds`` wild tiles into sets and one pair.

    A wild fills a place in a block; real tiles are used first wherever one
    is at hand, since swapping a real tile with a wild standing for the same
    tile gives the same blocks. Sets made only of wild tiles take every tile
    they could stand for, so a region can score the best one.
    """
    total = sum(counts) + wilds
    if total % 3 != 2:
        return []
    c = list(counts)
    found: set[WildShape] = set()
    blocks: list[tuple[str, int, tuple[int, ...]]] = []

    def take(tiles: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """Take these tiles, real where one is left; return (wild-filled, real)."""
        filled: list[int] = []
        used: list[int] = []
        for t in tiles:
            if c[t] > 0:
                c[t] -= 1
                used.append(t)
            else:
                filled.append(t)
        return filled, used

    def walk(i: int, w: int, pair_left: bool) -> None:
        while i < N_KINDS and c[i] == 0:
            i += 1
        if i == N_KINDS:
            sets, rem = divmod(w - (2 if pair_left else 0), 3)
            if w < (2 if pair_left else 0) or rem:
                return
            base = sorted(blocks)
            for tail in _all_wild_blocks(sets, pair_left, choices):
                found.add(tuple(sorted(base + list(tail))) if tail else tuple(base))
            return
        suited = i < 27
        r = i % 9 if suited else 0
        options: list[tuple[str, int, tuple[int, ...]]] = []
        if pair_left:
            options.append((PAIR, i, (i, i)))
        options.append((TRIP, i, (i, i, i)))
        if suited:
            if r <= 6:
                options.append((SEQ, i, (i, i + 1, i + 2)))
            if 1 <= r <= 7:
                options.append((SEQ, i - 1, (i - 1, i, i + 1)))
            if r >= 2:
                options.append((SEQ, i - 2, (i - 2, i - 1, i)))
        for kind, tile, tiles in options:
            # Tiles below i are all used up, so those places fall to wilds.
            filled, used = take(tiles)
            if len(filled) <= w:
                blocks.append((kind, tile, tuple(filled)))
                walk(i, w - len(filled), pair_left and kind != PAIR)
                blocks.pop()
            for t in used:
                c[t] += 1

    walk(0, wilds, True)
    return sorted(found)


# --------------------------------------------------------------------------
# Seven pairs
# --------------------------------------------------------------------------


def seven_pairs(
    counts: list[int], wilds: int = 0, four_as_two: bool = True
) -> tuple[int, ...] | None:
    """The seven pairs' tiles (a four-of-a-kind gives its tile twice), or None.

    Wild tiles pair up the odd tiles first; any left over pair among
    themselves, standing for the tile they complete most usefully, which
    the caller decides: here they are given as -1.
    """
    if sum(counts) + wilds != 14:
        return None
    pairs: list[int] = []
    singles = 0
    for t, n in enumerate(counts):
        if n == 0:
            continue
        if n > 2 and not four_as_two:
            return None
        pairs += [t] * (n // 2)
        if n % 2:
            singles += 1
            pairs.append(t)
    if singles > wilds or (wilds - singles) % 2:
        return None
    pairs += [-1] * ((wilds - singles) // 2)
    if not four_as_two and len(set(pairs)) != len(pairs):
        return None
    return tuple(sorted(pairs))


# --------------------------------------------------------------------------
# The winning tile's role
# --------------------------------------------------------------------------


def wait_of(kind: str, tile: int, win: int) -> str:
    """How ``win`` completed a (kind, tile) block."""
    if kind == PAIR:
        return SINGLE
    if kind in (TRIP, KONG):
        return TRIPLET
    pos = win - tile
    if pos == 1:
        return CLOSED
    if (pos == 2 and tile % 9 == 0) or (pos == 0 and tile % 9 == 6):
        return EDGE
    return TWO_SIDED


def counts_and_wilds(tiles: tuple[int, ...], wild_tile: int | None) -> tuple[list[int], int]:
    """The 34 counts of the tiles that are not wild, and how many are."""
    counts = [0] * N_KINDS
    wilds = 0
    for t in tiles:
        if t == wild_tile:
            wilds += 1
        else:
            counts[t] += 1
    return counts, wilds


def meld_block(m: Meld) -> Block:
    first = m.tiles[0]
    if m.type == "chi":
        return Block(SEQ, min(m.tiles), concealed=False, meld=m)
    if m.type == "egg":
        return Block(EGG, first, concealed=False, meld=m)
    if m.is_kong:
        return Block(KONG, first, concealed=m.is_concealed, meld=m)
    return Block(TRIP, first, concealed=False, meld=m)


def splits(
    concealed: tuple[int, ...],
    win_tile: int | None,
    melds: tuple[Meld, ...] = (),
    *,
    self_drawn: bool = True,
    wild_tile: int | None = None,
    allow_seven_pairs: bool = False,
    four_as_two_pairs: bool = True,
    seven_pairs_with_pongs: bool = False,
    wild_choices: WildChoices = ALL_WILD_CHOICES,
) -> list[Split]:
    """Every split of a complete hand, once per role of the winning tile.

    A triplet completed by a discarded winning tile is exposed. ``wild_tile``
    names the tile kind that stands for any tile (三门 白板, 长春 宝); the
    wilds among the concealed tiles and the winning tile are counted out.
    """
    tiles = (*concealed, win_tile) if win_tile is not None else concealed
    counts, wilds = counts_and_wilds(tiles, wild_tile)
    meld_blocks = tuple(meld_block(m) for m in melds)
    win_is_wild = win_tile is not None and win_tile == wild_tile
    out: list[Split] = []
    if wilds == 0:
        for shape in shapes(counts):
            blocks = _hand_blocks(shape)
            if win_tile is None:
                out.append(Split(blocks + meld_blocks, None, ""))
                continue
            for idx, wait in _roles(shape, win_tile):
                if not self_drawn and shape[idx][0] == TRIP:
                    exposed = list(blocks)
                    exposed[idx] = Block(TRIP, shape[idx][1], concealed=False)
                    out.append(Split((*exposed, *meld_blocks), idx, wait))
                else:
                    out.append(Split(blocks + meld_blocks, idx, wait))
    else:
        for wshape in wild_shapes(counts, wilds, wild_choices):
            out += _wild_readings(wshape, win_tile, win_is_wild, self_drawn, meld_blocks)
        out = _distinct(out)

    pongs_fit = seven_pairs_with_pongs and all(m.type == "pong" for m in melds)
    if allow_seven_pairs and (not melds or pongs_fit):
        # 金湖: a pong with its fourth tile held counts as two pairs.
        sp_counts = list(counts)
        for m in melds:
            for t in m.tiles:
                sp_counts[t] += 1
        held_fourth = all(sp_counts[m.tiles[0]] == 4 for m in melds)
        pairs = seven_pairs(sp_counts, wilds, four_as_two_pairs) if held_fourth else None
        if pairs is not None:
            blocks7 = tuple(Block(PAIR, t) for t in pairs)
            win_index = None
            if win_tile is not None:
                target = win_tile if not win_is_wild else -1
                win_index = next((i for i, b in enumerate(blocks7) if b.tile == target), 0)
            out.append(Split(blocks7, win_index, SINGLE if win_tile is not None else "", True))
    return out


def _wild_readings(
    wshape: WildShape,
    win_tile: int | None,
    win_is_wild: bool,
    self_drawn: bool,
    meld_blocks: tuple[Block, ...],
) -> list[Split]:
    """The splits of one shape with wild tiles, once per block the winning
    tile (or, when it is wild itself, each tile it stood for) completed."""
    blocks = [Block(k, t, wild=f) for k, t, f in wshape]
    if win_tile is None:
        return [Split((*blocks, *meld_blocks), None, "")]
    out: list[Split] = []
    seen: set[tuple[str, int, tuple[int, ...]]] = set()
    for idx, (kind, tile, filled) in enumerate(wshape):
        key = (kind, tile, filled)
        if key in seen:
            continue
        if win_is_wild:
            if not filled:
                continue
            stands = sorted(set(filled))
        else:
            real = list(_block_tiles(kind, tile))
            for f in filled:
                real.remove(f)
            if win_tile not in real:
                continue
            stands = [win_tile]
        seen.add(key)
        for as_tile in stands:
            wait = wait_of(kind, tile, as_tile)
            if kind == TRIP and not self_drawn:
                bl = list(blocks)
                bl[idx] = Block(kind, tile, concealed=False, wild=filled)
                out.append(Split((*bl, *meld_blocks), idx, wait))
            else:
                out.append(Split((*blocks, *meld_blocks), idx, wait))
    return out


# A hand's blocks and the winning tile's roles in them follow from its shape
# alone, and shapes recur from hand to hand: each is worked out once.
@lru_cache(maxsize=100_000)
def _hand_blocks(shape: Shape) -> tuple[Block, ...]:
    return tuple(Block(k, t) for k, t in shape)


@lru_cache(maxsize=100_000)
def _roles(shape: Shape, win: int) -> tuple[tuple[int, str], ...]:
    """Each distinct block the winning tile can have completed, and how."""
    out: list[tuple[int, str]] = []
    seen: set[tuple[str, int]] = set()
    for idx, (kind, tile) in enumerate(shape):
        if (kind, tile) not in seen and win in _block_tiles(kind, tile):
            seen.add((kind, tile))
            out.append((idx, wait_of(kind, tile, win)))
    return tuple(out)


def _distinct(found: list[Split]) -> list[Split]:
    """One split per reading: the same sets and the same winning block, however
    the wild tiles were spread among them."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for sp in found:
        win = sp.blocks[sp.win_index][:3] if sp.win_index is not None else None
        key = (tuple(sorted(b[:3] for b in sp.blocks)), win, sp.wait)
        if key not in seen:
            seen.add(key)
            out.append(sp)
    return out


def _block_tiles(kind: str, tile: int) -> tuple[int, ...]:
    if kind == SEQ:
        return (tile, tile + 1, tile + 2)
    if kind == PAIR:
        return (tile, tile)
    return (tile, tile, tile)


# --------------------------------------------------------------------------
# Waits
# --------------------------------------------------------------------------


def waits(
    concealed: tuple[int, ...],
    melds: tuple[Meld, ...] = (),
    *,
    wild_tile: int | None = None,
    allow_seven_pairs: bool = False,
    four_as_two_pairs: bool = True,
    candidates: tuple[int, ...] = tuple(range(N_KINDS)),
) -> list[int]:
    """Every tile that completes a hand short of one tile.

    A tile of which the hand and melds already hold four is no wait: there
    is no fifth copy to win on.
    """
    counts, wilds = counts_and_wilds(concealed, wild_tile)
    held = list(counts)
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    if wild_tile is not None:
        held[wild_tile] += wilds
    found: list[int] = []
    if not wilds:
        plain = set(_plain_waits(counts))
        if allow_seven_pairs and not melds:
            plain.update(_seven_pairs_waits(counts, four_as_two_pairs))
        if wild_tile is None:  # the usual case: a few tiles to look at, not every candidate
            return sorted(t for t in plain if held[t] < 4 and t in candidates)
    for t in candidates:
        if held[t] >= 4:
            continue
        if t == wild_tile:
            ok = _complete_with_wilds(counts, wilds + 1, allow_seven_pairs, four_as_two_pairs)
        elif not wilds:
            ok = t in plain
        else:
            counts[t] += 1
            ok = _complete_with_wilds(counts, wilds, allow_seven_pairs, four_as_two_pairs)
            counts[t] -= 1
        if ok:
            found.append(t)
    return found


_SUITS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))


def _suits(counts: list[int]) -> list[tuple[tuple[int, ...], int, bool]]:
    """Each suit's counts (honors last), with its first tile and whether it is honors."""
    return [(tuple(counts[lo:hi]), lo, honors) for lo, hi, honors in _SUITS]


def _suit_class(suit: tuple[int, ...], lo: int, honors: bool) -> int:
    """0: whole sets; 1: whole sets and one pair; -1: neither."""
    r = sum(suit) % 3
    return -1 if r == 1 or not _suit_shapes(suit, lo, honors) else r // 2


@lru_cache(maxsize=100_000)  # a per-suit table (see _suit_shapes)
def _suit_waits(
    suit: tuple[int, ...], lo: int, honors: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tiles one more of which makes this suit whole sets, and those
    that make it whole sets and a pair."""
    whole: list[int] = []
    with_pair: list[int] = []
    for i in range(len(suit)):
        grown = (*suit[:i], suit[i] + 1, *suit[i + 1 :])
        kind = _suit_class(grown, lo, honors)
        if kind == 0:
            whole.append(lo + i)
        elif kind == 1:
            with_pair.append(lo + i)
    return tuple(whole), tuple(with_pair)


def _plain_waits(counts: list[int]) -> list[int]:
    """Tiles completing sets and a pair, without wild tiles.

    The tile goes to one suit; every other suit must already be whole, with
    the pair in at most one of them.
    """
    suits = _suits(counts)
    classes = [_suit_class(*suit) for suit in suits]
    if sum(1 for k in classes if k < 0) > 1:
        return []
    out: list[int] = []
    for s, suit in enumerate(suits):
        others = classes[:s] + classes[s + 1 :]
        if min(others) < 0 or sum(others) > 1:
            continue
        whole, with_pair = _suit_waits(*suit)
        out.extend(whole if sum(others) else with_pair)  # the pair is elsewhere, or here
    return out


def _seven_pairs_waits(counts: list[int], four_as_two: bool) -> list[int]:
    out: list[int] = []
    for t, n in enumerate(counts):
        if n % 2:
            counts[t] += 1
            if seven_pairs(counts, 0, four_as_two) is not None:
                out.append(t)
            counts[t] -= 1
    return out


def _complete_with_wilds(counts: list[int], wilds: int, sp: bool, four: bool) -> bool:
    if wild_shapes_exist(counts, wilds):
        return True
    return sp and seven_pairs(counts, wilds, four) is not None


def wild_shapes_exist(counts: list[int], wilds: int) -> bool:
    """Whether some assignment of the wilds completes sets and a pair.

    Each suit's fewest wilds to make it whole (with the pair or without) is a
    function of its nine counts (``_min_wilds``); the hand is complete when, with the
    pair in one suit or made of wilds alone, the suits need no more wilds
    than there are (any left over make sets of their own).
    """
    if wilds == 0:
        return is_complete(counts)
    if (sum(counts) + wilds) % 3 != 2:
        return False
    chunks = [
        (tuple(counts[0:9]), False),
        (tuple(counts[9:18]), False),
        (tuple(counts[18:27]), False),
        (tuple(counts[27:34]), True),
    ]
    without = [_min_wilds(c, h, False) for c, h in chunks]
    base = sum(without)
    if base + 2 <= wilds:  # the pair made of two wilds
        return True
    for (c, h), w in zip(chunks, without, strict=True):
        if base - w + _min_wilds(c, h, True) <= wilds:
            return True
    return False


_FAR = 99


# Memoized: the search below meets the same remainders of a suit again and
# again, within a hand and across hands. Bounded, as the shape table is.
@lru_cache(maxsize=200_000)
def _min_wilds(counts: tuple[int, ...], honors: bool, pair: bool) -> int:
    """Fewest wilds that make these tiles of one suit whole sets (and a pair)."""
    c = list(counts)
    i = next((k for k, n in enumerate(c) if n), -1)
    if i < 0:
        return 2 if pair else 0
    best = _FAR
    n = c[i]
    # The lowest tile i is in a triplet, the pair, or a sequence.
    use = min(n, 3)
    c[i] -= use
    best = min(best, 3 - use + _min_wilds(tuple(c), honors, pair))
    c[i] += use
    if pair:
        use = min(n, 2)
        c[i] -= use
        best = min(best, 2 - use + _min_wilds(tuple(c), honors, False))
        c[i] += use
    if not honors:
        for start in (i, i - 1, i - 2):
            if start < 0 or start + 2 > 8:
                continue
            need = 0
            taken = []
            for t in (start, start + 1, start + 2):
                if t >= i and c[t] > 0:
                    c[t] -= 1
                    taken.append(t)
                else:
                    need += 1
            if i in taken:
                best = min(best, need + _min_wilds(tuple(c), honors, pair))
            for t in taken:
                c[t] += 1
    return best
