"""The calculator page: one function view, a full page or the htmx fragment.

Every edit (a tile tapped, a meld removed, an option changed) is a form
submission. With JavaScript, htmx posts it and swaps ``#calc``; without, the
post redirects to the page's canonical URL (so the address bar always holds
the whole situation) and the browser shows the full page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from django.contrib import messages
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django_htmx.http import replace_url
from django_htmx.middleware import HtmxDetails

from calculator.addresses import public_url
from calculator.page.announce import announcement
from calculator.page.present.context import page_context
from calculator.page.present.notes import moved_notes
from calculator.page.present.taps import refusal_text
from calculator.page.state import (
    PageState,
    Tiles,
    change_region,
    dui_bao_filled_in,
    egg_ready,
    finish_egg,
    remove,
    tap,
)
from calculator.words.wording import seated, seed_lang
from rules.regions import REGIONS


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _edited(data: Any) -> tuple[PageState, list[str]]:
    """The state the submitted form describes, with its one action applied,
    and what the page should say about it (a refused tap, an egg not whole).
    What a switch of region set aside is part of the state, and the page
    shows it (with the way back) for as long as it is set aside."""
    state = PageState.from_query(data)
    notices: list[str] = []
    previous = data.get("cur_r")
    if previous in REGIONS and previous != state.region:
        # The form still holds the old region's house rules: read them as that
        # region's, so they are kept for it.
        before = PageState.from_query(_with(data, r=previous))
        state, dropped = change_region(before, state.region)
        notices += moved_notes(state.region, dropped)
    elif "undo" in data and state.undo:
        state, dropped = change_region(state, state.undo)
        notices += moved_notes(state.region, dropped)
        state = replace(state, undo="")
    if "set_e" in data:
        entry = data.get("set_e", "hand")
        if state.entry.startswith("egg.") and entry != state.entry and egg_ready(state):
            state = finish_egg(state)  # switching away keeps a whole egg
        state = replace(
            state, entry=entry, pending=Tiles() if entry != state.entry else state.pending
        )
    if "tap" in data:
        state, refusal = tap(state, data.get("tap", ""))
        if refusal is not None:
            notices.append(refusal_text(refusal))
    if "rm" in data:
        state = remove(state, data.get("rm", ""))
    if "egg_done" in data:
        if egg_ready(state):
            state = finish_egg(state)
        elif state.entry.startswith("egg."):
            notices.append(
                _("Not a whole egg yet: it needs each of its tiles (幺鸡 may stand in for one).")
            )
    if "clear" in data:
        state = PageState(
            region=state.region,
            seat=state.seat,
            dealer=state.dealer,
            options=state.options,
            table=state.table,
            players=state.players,
            kept=state.kept,
            own=state.own,
        )
    filled = dui_bao_filled_in(state)
    if filled != state:
        notices.append(_("对宝: the winning tile is the 宝, self-drawn; filled in."))
    return filled, notices


def _with(data: Any, **values: str) -> dict[str, Any]:
    """The submitted fields (every value of a repeated one) with some replaced."""
    getlist = getattr(data, "getlist", None)
    out: dict[str, Any] = {k: getlist(k) if getlist else data[k] for k in data}
    out.update(values)
    return out


def index(request: HtmxHttpRequest) -> HttpResponse:
    return calculator_page(request, reverse("index"))


def calculator_page(
    request: HttpRequest,
    address: str,
    extra: dict[str, Any] | None = None,
    pin: Pin | None = None,
) -> HttpResponse:
    """The calculator at ``address`` (``/``, or a club session's hand page),
    with ``extra`` for its template (the session a hand is saved to) and
    ``pin`` putting back what that session fixes, whatever the form said."""
    htmx = cast(HtmxHttpRequest, request).htmx
    state, notices = page_state(request, pin)
    url = f"{address}?{state.query()}"
    if request.method == "POST" and not htmx:
        for notice in notices:
            messages.info(request, notice)
        return HttpResponseRedirect(url, status=303)
    if request.method == "POST":
        before = PageState.from_query(request.POST)
        said = announcement(before, state) or " ".join(str(n) for n in notices)
        extra = {**(extra or {}), "announce": said}
    return render_page(request, address, state, notices, extra)


Pin = Callable[[PageState], PageState]


def page_state(request: HttpRequest, pin: Pin | None = None) -> tuple[PageState, list[str]]:
    """The state the request describes, its one edit applied, and what to say of it."""
    data = request.POST if request.method == "POST" else request.GET
    state, notices = _edited(data)
    return (pin(state) if pin else state), notices


def render_page(
    request: HttpRequest,
    address: str,
    state: PageState,
    notices: list[str],
    extra: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The page for ``state``: the whole page, or for htmx the calculator
    morphed in place (so an answer to a save keeps what was opened and typed)."""
    htmx = cast(HtmxHttpRequest, request).htmx
    with seated((extra or {}).get("seat_names", {})):
        context = page_context(state, notices)
    context["seed_lang"] = seed_lang(state.reg.seed)
    context["share_url"] = public_url(request, f"{reverse('index')}?{state.query()}")
    context["address"] = address
    context.update(extra or {})
    url = f"{address}?{state.query()}"
    if htmx:
        response = render(request, "page/index.html#calc", context)
        response["HX-Retarget"] = "#calc"
        response["HX-Reswap"] = "morph:outerHTML"
        return replace_url(response, url)
    return render(request, "page/index.html", context, status=status)


def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, so a phone can keep the calculator on its home screen."""
    return JsonResponse(
        {
            "name": _("算番 · mahjong scoring"),
            "short_name": "算番",
            "start_url": reverse("index"),
            "display": "standalone",
            "background_color": "#f6f3ea",
            "theme_color": "#b3261e",
            "lang": get_language(),
            "icons": [
                {"src": static("calculator/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("calculator/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {"src": static("calculator/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
        },
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on their own, before reading any page."""
    return HttpResponsePermanentRedirect(static("calculator/icon.svg"))
