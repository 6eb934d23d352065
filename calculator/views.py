"""The calculator page: one function view, a full page or the htmx fragment.

Every edit (a tile tapped, a meld removed, an option changed) is a form
submission. With JavaScript, htmx posts it and swaps ``#calc``; without, the
post redirects to the page's canonical URL (so the address bar always holds
the whole situation) and the browser shows the full page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import replace_url
from django_htmx.middleware import HtmxDetails

from calculator.models import ClubSession
from calculator.presentation import page_context
from calculator.state import PageState, change_region, finish_egg, remove, tap


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _edited(data: Any) -> tuple[PageState, list[str]]:
    """The state the submitted form describes, with its one action applied."""
    state = PageState.from_query(data)
    notices: list[str] = []
    previous = data.get("cur_r")
    if previous and previous != state.region:
        state, dropped = change_region(replace(state, region=previous), state.region)
        if dropped:
            notices.append(_("Not in this region, so dropped: %s") % "; ".join(dropped))
    if "set_e" in data:
        entry = data.get("set_e", "hand")
        state = replace(state, entry=entry, pending="" if entry != state.entry else state.pending)
    if "tap" in data:
        state = tap(state, data.get("tap", ""))
    if "rm" in data:
        state = remove(state, data.get("rm", ""))
    if "egg_done" in data:
        state = finish_egg(state)
    if "clear" in data:
        state = PageState(
            region=state.region,
            seat=state.seat,
            dealer=state.dealer,
            options=state.options,
            table=state.table,
            players=state.players,
        )
    return state, notices


def _club_of(request: HttpRequest, state: PageState) -> ClubSession | None:
    """The referee's session this hand is entered for, if it is theirs."""
    if not state.club or not request.user.is_authenticated:
        return None
    return ClubSession.objects.filter(pk=int(state.club), owner=request.user).first()


def index(request: HtmxHttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    state, notices = _edited(data)
    url = f"{reverse('index')}?{state.query()}"
    if request.method == "POST" and not request.htmx:
        for notice in notices:
            messages.info(request, notice)
        return HttpResponseRedirect(url, status=303)
    context = page_context(request, state, notices)
    context["share_url"] = request.build_absolute_uri(url)
    context["club"] = _club_of(request, state)
    if request.htmx:
        response = render(request, "calculator/index.html#calc", context)
        return replace_url(response, url)
    return render(request, "calculator/index.html", context)
