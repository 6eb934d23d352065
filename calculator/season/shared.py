"""The read-only links a referee hands out: a season's table and a player's
page, each with its CSV. A revoked link answers 404; nothing here changes
anything."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from calculator.season import exports
from calculator.season.models import Member, Season
from calculator.season.pages import member_context, season_context


def _season(token: str) -> Season:
    if not token:
        raise Http404
    return get_object_or_404(Season, share_token=token)


def _member(token: str) -> Member:
    if not token:
        raise Http404
    return get_object_or_404(Member, share_token=token)


def season_shared(request: HttpRequest, token: str) -> HttpResponse:
    context = {**season_context(_season(token)), "read_only": True, "token": token}
    return render(request, "season/season.html", context)


def season_shared_csv(request: HttpRequest, token: str) -> HttpResponse:
    return exports.season_csv(_season(token))


def member_shared(request: HttpRequest, token: str) -> HttpResponse:
    context = {**member_context(_member(token)), "read_only": True, "token": token}
    return render(request, "season/member.html", context)


def member_shared_csv(request: HttpRequest, token: str) -> HttpResponse:
    return exports.member_csv(_member(token))
