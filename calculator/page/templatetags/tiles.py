"""``{% tile "5p" %}``: one tile from the sprite, named in the page's language;
``errors|at:"hand-area"``: the list kept under a key a template cannot spell."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from calculator.words.wording import is_english, tile_name

register = template.Library()


@register.simple_tag
def tile(code: str, size: str = "") -> SafeString:
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
