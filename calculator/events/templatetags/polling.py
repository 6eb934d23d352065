"""How often a page asks again (settings.POLL_SECONDS), as htmx's trigger."""

from __future__ import annotations

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def every(what: str) -> str:
    """``hx-trigger="{% every 'table' %}"`` → ``every 8s``."""
    return f"every {settings.POLL_SECONDS[what]}s"
