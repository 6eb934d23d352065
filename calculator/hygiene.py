"""Requests no person sends, answered plainly before any view sees them.

- A NUL character in the address: 400, as nginx in front says too (it
  refuses one before the app sees it). No link of ours holds one, and
  PostgreSQL refuses NUL in text, so a token or name looked up with one in
  it would otherwise fail in the database (a 500).
- A NUL character in a query or form value: 400, naming the field. It is not
  text anyone typed, and could not be stored.
- A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``: 413, as the README says, from
  the declared length, before a byte of it is read (Django's own check says
  400, and only once a view reads the form).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.template import loader
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.defaults import server_error as plain_server_error

# Our forms post urlencoded; a script may post the same fields as multipart.
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


class RequestHygieneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info:
            return _nul(request, "")
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length > limit:
            return _too_large(request, limit)
        query = request.META.get("QUERY_STRING", "")
        if ("%00" in query or "\x00" in query) and (field := _holding_nul(request.GET)):
            return _nul(request, field)
        if length and request.content_type in FORMS:
            body = request.body
            if (b"%00" in body or b"\x00" in body) and (field := _holding_nul(request.POST)):
                return _nul(request, field)
        return self.get_response(request)


def _holding_nul(data: QueryDict) -> str | None:
    """The first field whose name or value holds a NUL, shown with the NUL visible."""
    for key, values in data.lists():
        if any("\x00" in v for v in [key, *values]):
            return key.replace("\x00", "\u2400")
    return None


def _wants_json(request: HttpRequest) -> bool:
    # A request nginx refused comes to refused_by_the_proxy with its own
    # address in a header (deploy/nginx.conf).
    path = request.headers.get("X-Refused-URI") or request.path_info
    return path.startswith("/api/") and "text/html" not in request.headers.get("Accept", "")


def _too_large(request: HttpRequest, limit: int, **context: str) -> HttpResponse:
    if _wants_json(request):
        error = {"field": "", "code": "too_large", "message": f"a request is under {limit} bytes"}
        return JsonResponse({"ok": False, "errors": [error]}, status=413)
    problem = _(
        "That was more than %(kb)s KB, far more than any form here sends. Nothing was changed."
    ) % {"kb": limit // 1024}
    return render(request, "413.html", {"problem": problem, **context}, status=413)


def _nul(request: HttpRequest, field: str) -> HttpResponse:
    """A NUL in ``field``, or in the address itself where ``field`` is empty."""
    if _wants_json(request):
        message = f"{field or 'the address'}: a NUL is not text"
        error = {"field": field, "code": "nul_character", "message": message}
        return JsonResponse({"ok": False, "errors": [error]}, status=400)
    if field:
        problem = _(
            "“%(field)s” holds a NUL character, which is not text. Nothing was changed."
        ) % {"field": field}
    else:
        problem = _(
            "The address holds a NUL character, which no link here has. Nothing was changed."
        )
    return render(request, "400.html", {"problem": problem}, status=400)


# deploy/nginx.conf's client_max_body_size: what nginx refuses before the app.
PROXY_BODY_LIMIT = 1024 * 1024


# What nginx answers when the app does not (restarting, stuck): these pages
# cannot be asked of the app then, so deploy/serve.sh has them written to
# files when the site starts (manage.py proxy_pages) and nginx serves those.
UNAVAILABLE = (502, 503, 504)


def refused_by_the_proxy(request: HttpRequest, status: int) -> HttpResponse:
    """The answer to a request nginx refused itself (a body over its limit, a
    line it could not read) or could not pass on (no app answering): the
    app's own page, in the reader's language, in place of nginx's English
    one. nginx keeps the status it decided."""
    # The language switch leads to the calculator: this address is nginx's alone.
    if status == 413:
        return _too_large(request, PROXY_BODY_LIMIT, language_next="/")
    if status in UNAVAILABLE:
        if _wants_json(request):
            message = "the server is not answering just now; try again in a few seconds"
            error = {"field": "", "code": "unavailable", "message": message}
            return JsonResponse({"ok": False, "errors": [error]}, status=status)
        return render(request, "502.html", {"status": status}, status=status)
    if status not in (400, 414):
        raise Http404
    if _wants_json(request):
        error = {"field": "", "code": "bad_request", "message": "the request could not be read"}
        return JsonResponse({"ok": False, "errors": [error]}, status=status)
    return render(request, "400.html", {"language_next": "/"}, status=status)


def server_error(request: HttpRequest) -> HttpResponse:
    """Any uncaught failure (Django calls this inside its ``except``): where it
    is the database not answering, a 503 that says so and asks for a retry
    (a table's phone sends its hand again by itself); anything else, the
    plain 500 page. Nothing here touches the database: the page is drawn
    without the request's context (no user, no session)."""
    fault = sys.exc_info()[1]
    if not isinstance(fault, (OperationalError, InterfaceError)):
        return plain_server_error(request)
    if _wants_json(request):
        message = "the database is not answering just now; nothing was saved; try again"
        error = {"field": "", "code": "unavailable", "message": message}
        response: HttpResponse = JsonResponse({"ok": False, "errors": [error]}, status=503)
    else:
        page = loader.render_to_string("503.html", {"LANGUAGE_CODE": get_language()})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = "5"
    response["Cache-Control"] = "no-store"
    return response
