"""A picture answered: drawn once for what it shows, kept by the hash of
those values (in the cache every worker shares), and sent with that hash as
its ETag, so a phone or a crawler asking again gets a 304 and a second
worker asked for the same picture does not draw it again."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from calculator.pictures.fonts import FontMissing, check

log = logging.getLogger(__name__)

# Moves with any change to how a picture is drawn, so no old drawing is kept.
DRAWING = "2"
KEPT = 7 * 24 * 3600


def content_hash(values: dict[str, Any]) -> str:
    text = json.dumps(values, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(f"{DRAWING}\n{text}".encode()).hexdigest()[:32]


def picture_response(
    request: HttpRequest,
    values: dict[str, Any],
    draw: Callable[[dict[str, Any]], bytes],
    name: str,
    public: bool = True,
) -> HttpResponse:
    """The PNG of ``values`` as ``draw`` makes it. ``public``: the same for
    anyone with the link (a hand), else for the signed-in reader alone."""
    tag = f'"{content_hash(values)}"'
    caching = "public, max-age=86400" if public else "private, no-cache"
    if tag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        key = f"picture:{tag.strip(chr(34))}"
        png = cache.get(key)
        if png is None:
            try:
                check()
            except FontMissing as missing:
                log.error("cannot draw a picture: %s", missing)
                return HttpResponse(
                    _(
                        "This server cannot draw pictures: it has no font for Chinese. Tell its keeper."
                    )
                    + f"\n\n{missing}\n",
                    status=503,
                    content_type="text/plain; charset=utf-8",
                )
            png = draw(values)
            cache.set(key, png, KEPT)
        response = HttpResponse(png, content_type="image/png")
        response["Content-Disposition"] = f'inline; filename="{name}.png"'
    response["ETag"] = tag
    response["Cache-Control"] = caching
    response["Vary"] = "Cookie" if not public else "Accept-Language, Cookie"
    return response
