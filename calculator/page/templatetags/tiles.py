"""``{% tile "5p" %}``: one tile from the sprite, named in the page's language;
``{% pad_keys block.tiles %}``: a block of the tile pad's keys;
``{% take_back_keys hand "h" %}``: the hand's (or flowers') tiles, each a key that takes it back;
``errors|at:"hand-area"``: the list kept under a key a template cannot spell."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from calculator.page.present.tiles import TileView
from calculator.words.wording import is_english, tile_name

register = template.Library()


@register.simple_tag
def tile(code: str, size: str = "", down: bool = False) -> SafeString:
    return _drawn(get_language(), code, size, bool(down))


# A tile's markup is the same for its language every time it is drawn, and
# the calculator page draws about sixty (the pad, the hand, the melds, the
# waits): naming and escaping them afresh took a fifth of GET /'s time
# (profiled). Drawn once per worker instead; 43 faces × 3 languages × a few
# sizes stay far under the bound.
@lru_cache(maxsize=1024)
def _drawn(language: str | None, code: str, size: str, down: bool) -> SafeString:
    # ``language`` is the active one: it keys the cache, the body reads it.
    if down:
        # A tile's back: the sprite has no back, and a plain rounded block
        # reads as one at any size; its name stays for screen readers.
        return format_html(
            '<svg class="tile tile-down{}" viewBox="0 0 60 80" role="img" aria-label="{}">'
            '<rect x="2" y="2" width="56" height="76" rx="7"></rect></svg>',
            f" tile-{size}" if size else "",
            _("%(tile)s, face down") % {"tile": tile_name(code)},
        )
    # English pages show each tile's notation in its corner; Chinese ones the bare face.
    sprite = static(f"calculator/tiles/{'tiles-indexed' if is_english() else 'tiles'}.svg")
    return format_html(
        '<svg class="tile{}" viewBox="0 0 60 80" role="img" aria-label="{}">'
        '<use href="{}#t-{}"></use></svg>',
        f" tile-{size}" if size else "",
        tile_name(code),
        sprite,
        code,
    )


@register.simple_tag
def pad_keys(keys: Iterable[TileView]) -> SafeString:
    """The keys of one block of the tile pad, each the button that taps its tile."""
    language = get_language()
    return mark_safe("".join(_key(language, k.code, k.left, k.wild) for k in keys))


# The pad is about forty keys, each the same markup for its language, tile,
# copies left and wild label: drawn as a template loop (a tile tag, a
# translation, a number localised, three tests per key) it took a third of
# GET /'s rendering (profiled, tests/load/page_cost.py). Each key is drawn
# once per worker instead; 43 tiles × 5 counts × 3 languages bound it.
@lru_cache(maxsize=2048)
def _key(language: str | None, code: str, left: int, wild: str) -> str:
    # ``language`` keys the cache; the body reads the active one.
    used_up = left <= 0
    return format_html(
        '<button type="submit" class="key{}" name="tap" value="{}" id="tap-{}"{}>{}{}'
        ' <span class="left">{}</span><span class="sr-only">{}</span></button>',
        " used-up" if used_up else "",
        code,
        code,
        mark_safe(' aria-disabled="true"') if used_up else "",
        _drawn(language, code, "", False),
        format_html(' <span class="wild">{}</span>', wild) if wild else "",
        left,
        _("copies left"),
    )


@register.simple_tag
def take_back_keys(tiles: Iterable[TileView], where: str, size: str = "") -> SafeString:
    """Tiles entered (``where``: ``h`` the hand, ``f`` the flowers), each the
    button that takes it back."""
    language = get_language()
    return mark_safe(
        "".join(_take_back(language, t.code, t.name, where, t.index, size) for t in tiles)
    )


# The same per language, tile and place, as the pad's keys are.
@lru_cache(maxsize=2048)
def _take_back(
    language: str | None, code: str, name: str, where: str, index: int, size: str
) -> str:
    return format_html(
        '<button type="submit" class="t" name="rm" value="{}{}" id="rm-{}{}" aria-label="{}">{}</button>',
        where,
        index,
        where,
        index,
        mark_safe(_("Take back %(tile)s") % {"tile": conditional_escape(name)}),
        _drawn(language, code, size, False),
    )


@register.filter
def at(mapping: Mapping[str, Any] | None, key: str) -> Any:
    return (mapping or {}).get(key, ())
