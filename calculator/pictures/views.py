"""The hand's picture, at ``/picture/hand.png`` with the calculator page's
own query (the hand, its seats, its house rules) and ``lang``, the page's
language, so a preview fetched by a crawler is in the sharer's words."""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from calculator.page.public import page_context, page_state
from calculator.pictures.serving import picture_response
from calculator.pictures.verdict import hand_values, picture

LANGUAGES = {code for code, _name in settings.LANGUAGES}


def script_of(language: str) -> str:
    return "hant" if language == "zh-hant" else "hans"


def hand_picture_url(query: str, language: str | None = None) -> str:
    """Where the picture of the hand the page's ``query`` holds is drawn."""
    lang = language or translation.get_language() or settings.LANGUAGE_CODE
    return f"{reverse('picture-hand')}?{query}&{urlencode({'lang': lang})}"


def hand(request: HttpRequest) -> HttpResponse:
    lang = request.GET.get("lang", "")
    with translation.override(lang if lang in LANGUAGES else translation.get_language()):
        state, _notices = page_state(request)
        context = page_context(state, [])
        result = context["result"]
        if result is None or not result["ok"]:
            return HttpResponse(
                _(
                    "This hand cannot be scored yet, so it has no picture: open its link to see why."
                ),
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        link = request.build_absolute_uri(f"{reverse('index')}?{state.query()}")
        language = translation.get_language() or settings.LANGUAGE_CODE
        values = hand_values(context, link, script_of(language))
        return picture_response(request, values, picture, name=f"suanfan-{state.region}")
