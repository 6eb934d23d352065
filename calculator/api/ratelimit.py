"""Per-address rate limits: 429 with a clear answer past them.

``/api/*`` (``API_RATE_LIMIT`` a minute) and the pages that score a hand
(``PAGE_RATE_LIMIT``: the calculator, a session's hand, the comparison), whose
waits search costs tens of milliseconds. Counts live in the store every worker
shares (``settings.CACHES``), in fixed one-minute windows.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

SCORING_PAGES = re.compile(r"^/(?:$|compare/$|sessions/\d+/hand/$)")


def _counted(kind: str, address: str) -> int:
    """This request counted in its address's current minute."""
    key = f"rate:{kind}:{address}:{int(time.time() // 60)}"
    if cache.add(key, 1, 61):
        return 1
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.add(key, 1, 61)
        return 1


class RateLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path
        if path.startswith("/api/") and path != "/api/health":
            kind, limit = "api", settings.API_RATE_LIMIT
        elif SCORING_PAGES.match(path):
            kind, limit = "page", settings.PAGE_RATE_LIMIT
        else:
            return self.get_response(request)
        if limit > 0 and _counted(kind, request.META.get("REMOTE_ADDR", "")) > limit:
            return _too_many(request, limit, kind == "page")
        return self.get_response(request)


def _too_many(request: HttpRequest, limit: int, page: bool) -> HttpResponse:
    retry = 60 - int(time.time() % 60)
    response: HttpResponse
    if page or "text/html" in request.headers.get("Accept", ""):
        response = render(request, "429.html", status=429)
    else:
        error = {
            "field": "",
            "code": "rate_limited",
            "message": f"more than {limit} requests a minute from this address; "
            f"try again in {retry} s",
        }
        response = JsonResponse({"ok": False, "errors": [error]}, status=429)
    response["Retry-After"] = str(retry)
    return response
