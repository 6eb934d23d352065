"""What a tap does: the hint for the next one, and why one was refused."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from calculator.page.state import PageState, Refusal
from calculator.words.wording import EGGS, MELDS, label_of, seat_name, tile_name

REFUSALS = {
    "used_up": gettext_lazy("All four copies of %(tile)s are already in sight."),
    "too_few": gettext_lazy("Too few copies of %(tile)s are left for this set."),
    "chi_start": gettext_lazy("A chi starts from its lowest tile: %(tile)s cannot start one."),
    "hand_full": gettext_lazy(
        "The hand is full. Tap a tile in the hand to take it back, or the winning tile to change it."
    ),
    "not_in_egg": gettext_lazy(
        "%(tile)s is not a tile of this egg. Tap 完成 when the egg is whole."
    ),
}


# A flower tile is one of a kind: "all four" is not said of it.
USED_UP_ONE = gettext_lazy("%(tile)s is already in sight: there is only one.")


def too_many_text(n: int) -> str:
    """The hand holds ``n`` tiles more than its melds leave room for."""
    return ngettext(
        "%(n)s tile too many: tap one in the hand to take it back.",
        "%(n)s tiles too many: tap one in the hand to take it back.",
        n,
    ) % {"n": n}


def refusal_text(refusal: Refusal | None) -> str:
    if refusal is None:
        return ""
    if refusal.reason == "too_many":
        return too_many_text(refusal.n)
    said = REFUSALS[refusal.reason]
    if refusal.reason == "used_up" and refusal.tile.endswith("f"):
        said = USED_UP_ONE
    return str(said) % {"tile": tile_name(refusal.tile)}


def mode_hint(state: PageState) -> str:
    """One line: what the next tap on a tile does."""
    entry = state.entry
    if entry == "hand":
        count = state.count
        if count.short:
            return _("Tap tiles to add them to the hand: %(n)s more, then the winning tile.") % {
                "n": count.short
            }
        if count.over:
            return too_many_text(count.over)
        if not state.win:
            return _("The hand is full: tap the winning tile.")
        return _("Tap a tile in the hand to take it back.")
    if entry == "win":
        return _("Tap the tile that completed the hand.")
    if entry == "chi":
        return _("Chi: tap the lowest tile of the run (for 3-4-5, tap 3).")
    if entry == "pong":
        return _("Pong: tap the tile; three of it go in.")
    if entry in ("kong", "added_kong", "concealed_kong"):
        return _("%(meld)s: tap the tile; four of it go in.") % {"meld": label_of(MELDS, entry)}
    if entry.startswith("egg."):
        egg = EGGS[entry.partition(".")[2]]
        return _("%(egg)s: tap its tiles (%(tiles)s; 幺鸡 may stand in), then 完成.") % {
            "egg": egg.label,
            "tiles": egg.hint,
        }
    if entry == "bao":
        return _("Tap the tile that is the 宝.")
    if entry == "maima":
        return _("Tap the 买码 tile that was flipped.")
    if entry.startswith("other."):
        _other, seat, kind = [*entry.split("."), "", ""][:3]
        return _("%(seat)s's %(meld)s: tap the tile.") % {
            "seat": seat_name(seat),
            "meld": label_of(MELDS, kind),
        }
    return ""
