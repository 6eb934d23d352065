"""``{% tile "5p" %}``: one tile from the sprite, named in the page's language;
``errors|at:"hand-area"``: the list kept under a key a template cannot spell."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

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


@register.filter
def at(mapping: Mapping[str, Any] | None, key: str) -> Any:
    return (mapping or {}).get(key, ())
