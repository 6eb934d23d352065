"""``{% tile "5p" %}``: one tile from the sprite, with its name for screen readers."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from calculator.tile_art import TILE_NAMES_ZH

register = template.Library()


@register.simple_tag
def tile(code: str, size: str = "") -> SafeString:
    name = TILE_NAMES_ZH.get(code, code)
    sprite = static("calculator/tiles/tiles.svg")
    return format_html(
        '<svg class="tile{}" viewBox="0 0 60 80" role="img" aria-label="{} {}">'
        '<use href="{}#t-{}"></use></svg>',
        f" tile-{size}" if size else "",
        name,
        code,
        sprite,
        code,
    )
