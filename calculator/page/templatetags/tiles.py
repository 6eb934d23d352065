"""``{% tile "5p" %}``: one tile from the sprite, named in the page's language;
``errors|at:"hand-area"``: the list kept under a key a template cannot spell."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from calculator.words.wording import is_english, tile_name

register = template.Library()


@register.simple_tag
def tile(code: str, size: str = "", down: bool = False) -> SafeString:
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
