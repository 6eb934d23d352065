"""A table's link, to hand round at the table: its absolute address, and its
QR code drawn here as inline SVG by segno. Nothing is fetched from elsewhere
and no image is served: the page's Content-Security-Policy stays as it is,
and a printed card carries the code as sharp as the printer draws."""

from __future__ import annotations

from functools import lru_cache

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from calculator.addresses import public_url
from calculator.events.models import Table

ERROR = "m"  # at least 15 % recoverable (segno raises it where the symbol has room)
BORDER = 4  # the quiet zone the standard asks for, in modules


def table_url(request: HttpRequest, table: Table) -> str:
    """The address the players open: the table's link, with scheme and host."""
    return public_url(request, reverse("table-link", args=[table.link_token]))


def live(table: Table) -> bool:
    """The link works, or will once its round starts: not revoked, round not over."""
    return not table.link_revoked and not table.round.finished


@lru_cache(maxsize=512)
def _drawn(url: str) -> str:
    # A code takes segno ~25 ms to lay out and never changes for its address;
    # the referee's event page draws one a table each time it is shown
    # (16 tables: 0.4 s of its 0.6 s on PostgreSQL before this).
    return str(
        segno.make_qr(url, error=ERROR).svg_inline(
            omitsize=True, svgclass=None, lineclass=None, light="#fff", border=BORDER
        )
    )


def qr_svg(url: str, label: str) -> SafeString:
    """The QR code of ``url`` as an <svg> to write into the page, named
    ``label`` for a screen reader, with the address it holds beside it."""
    drawn = _drawn(url)
    opening = format_html('<svg class="qr" role="img" aria-label="{}" data-url="{}" ', label, url)
    return mark_safe(drawn.replace("<svg ", opening, 1))  # segno's own output holds no text of ours
