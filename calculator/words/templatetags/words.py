"""``{{ name|isolated }}``: a typed name inside its own ``<bdi>``, so that however
it is written it cannot reorder the page around it; ``{{ name|plain }}`` the
name without control characters, where no markup may go (a page's title)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from calculator.words.typed import without_controls

register = template.Library()


@register.filter
def isolated(name: object) -> SafeString:
    return format_html("<bdi>{}</bdi>", without_controls(str(name)))


@register.filter
def plain(name: object) -> str:
    return without_controls(str(name))
