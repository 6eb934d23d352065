"""Rate limits per client: 429 with a clear answer past them.

``/api/*`` (``API_RATE_LIMIT`` a minute), the pages that score a hand
(``PAGE_RATE_LIMIT``: the calculator, a session's hand, the comparison, the
pictures to share), whose waits search costs tens of milliseconds, and the
links that hold a token (``LINK_RATE_LIMIT``: a table's, an event's …), which
a client could guess at. A signed-in referee is counted by
account, apart from whatever else comes from the same address (a club's
phones behind one router); everyone else by address, as
``calculator.addresses`` reads it behind the trusted proxies. Counts live in
the store every worker shares (``calculator.api.counting``), in fixed
one-minute windows.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from calculator.addresses import client_address
from calculator.api.counting import counted

# The pictures to share count as pages that score: a hand's picture scores it
# (and draws), a night's replays its sessions.
SCORING_PAGES = re.compile(
    r"^/(?:$|compare/$|sessions/\d+/hand/$|picture/hand\.png$|.+/results-picture/$)"
)
# The addresses that hold a secret token (a table's, an event's, a shared
# session's, profile's or drill set's): a client trying tokens one after
# another is refused like any other flood, while a table's four phones
# (a page, a poll every few seconds, a save) stay far below the limit.
TOKEN_LINKS = re.compile(r"^/(?:t|e|s|p|learn/s)/[^/]+/")


def _who(request: HttpRequest) -> str:
    # The user is read from the session only where a session cookie was
    # sent: a script calling /api/score without one costs no query.
    if settings.SESSION_COOKIE_NAME in request.COOKIES and request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"addr:{client_address(request)}"


class RateLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path
        if path.startswith("/api/") and path != "/api/health":
            kind, limit = "api", settings.API_RATE_LIMIT
        elif SCORING_PAGES.match(path):
            kind, limit = "page", settings.PAGE_RATE_LIMIT
        elif TOKEN_LINKS.match(path):
            kind, limit = "link", settings.LINK_RATE_LIMIT
        else:
            return self.get_response(request)
        if limit > 0 and counted(f"{kind}:{_who(request)}", 60) > limit:
            return _too_many(request, limit, kind != "api")
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
            "message": f"more than {limit} requests a minute from this client; "
            f"try again in {retry} s",
        }
        response = JsonResponse({"ok": False, "errors": [error]}, status=429)
    response["Retry-After"] = str(retry)
    return response
