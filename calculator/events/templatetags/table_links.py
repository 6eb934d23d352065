"""The table link's address and QR code in a template (calculator.events.links)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from calculator.events import links
from calculator.events.models import Table

register = template.Library()


@register.simple_tag(takes_context=True)
def table_url(context: dict[str, Any], table: Table) -> str:
    return links.table_url(context["request"], table)


@register.simple_tag
def table_qr(url: str, label: str) -> SafeString:
    return links.qr_svg(url, label)
