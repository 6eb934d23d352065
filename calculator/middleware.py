"""Language: zh-Hans unless the player picked another with the switch.

Django's LocaleMiddleware follows the browser's Accept-Language; the page is
Chinese first, so only the remembered choice (the language cookie set by the
switch) overrides the default.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


class ChosenLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.known = {code for code, _ in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        language = chosen if chosen in self.known else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        response.headers["Vary"] = ", ".join(
            v for v in (response.headers.get("Vary"), "Cookie") if v
        )
        translation.deactivate()
        return response
