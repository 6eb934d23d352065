"""What a tap did, said in a few words to a screen reader (issue 43, point 5).

The page's live region reads this line after each edit ("三万，手牌 5/13"),
not the whole breakdown, which a reader reaches by its heading when wanted.
It is worked out from the state before the edit and after it: what grew or
shrank, and the hand's count.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from calculator.page.state import PageState
from calculator.words.wording import MELDS, joined, label_of, tile_name
from rules.tiles import tile_code


def _names(tiles: tuple[int, ...]) -> str:
    return joined(tile_name(tile_code(t)) for t in tiles)


def announcement(before: PageState, after: PageState) -> str:
    """One short line for what changed between ``before`` and ``after``."""
    count = _("hand %(n)s/%(need)s") % {"n": len(after.hand.tiles), "need": after.need_in_hand}
    grown = [t for t in after.hand.tiles]
    for t in before.hand.tiles:
        if t in grown:
            grown.remove(t)
    if len(after.hand.tiles) > len(before.hand.tiles) and grown:
        return _("%(tile)s, %(count)s") % {"tile": _names(tuple(grown)), "count": count}
    if len(after.hand.tiles) < len(before.hand.tiles):
        gone = list(before.hand.tiles)
        for t in after.hand.tiles:
            gone.remove(t)
        return _("Taken back: %(tile)s, %(count)s") % {"tile": _names(tuple(gone)), "count": count}
    if after.win != before.win:
        if after.win.tiles:
            return _("Winning tile %(tile)s") % {"tile": _names(after.win.tiles)}
        return _("Winning tile taken back, %(count)s") % {"count": count}
    if len(after.melds) != len(before.melds):
        changed = after.melds[-1] if len(after.melds) > len(before.melds) else None
        if changed is not None:
            return _("%(meld)s: %(tiles)s, %(count)s") % {
                "meld": label_of(MELDS, changed.type),
                "tiles": _names(changed.tiles.tiles),
                "count": count,
            }
        return _("Meld taken back, %(count)s") % {"count": count}
    if len(after.flowers.tiles) != len(before.flowers.tiles):
        return _("Flowers: %(tiles)s") % {"tiles": _names(after.flowers.tiles) or "—"}
    if not (after.hand.tiles or after.melds or after.win.tiles) and (
        before.hand.tiles or before.melds or before.win.tiles
    ):
        return _("Cleared, %(count)s") % {"count": count}
    return ""
