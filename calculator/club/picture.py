"""A session's results as pictures to send to the group chat: its players by
their money, its top hand, and who pays whom in the fewest transfers — the
ledger's own values (``ledger.context``), drawn by ``calculator.pictures``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from calculator.club.ledger import context
from calculator.club.models import ClubSession
from calculator.pictures.public import (
    Night,
    Standing,
    TopHand,
    groups_of_hand,
    night_picture,
    pages,
    picture_response,
    script_of,
)
from calculator.words.wording import MONEY_UNIT, is_english, term


def ranked(named_money: Iterable[tuple[str, int]]) -> tuple[Standing, ...]:
    """Players best first; players level on money share a place."""
    ordered = sorted(named_money, key=lambda found: -found[1])
    out: list[Standing] = []
    for i, (name, money) in enumerate(ordered):
        level = bool(out) and out[-1].money == money
        place = out[-1].place if level else i + 1
        out.append(Standing(place, name, money))
    tied = {s.place for s in out if sum(o.place == s.place for o in out) > 1}
    return tuple(Standing(s.place, s.name, s.money, s.place in tied) for s in out)


def top_hand(
    session: ClubSession, ledger: Mapping[str, Any], where: Callable[[int], str]
) -> TopHand | None:
    """The session's biggest win by what the winner collected (the first, of equals)."""
    records = session.live_hands()
    best: tuple[int, dict[str, Any], Any] | None = None
    for row, record in zip(ledger["rows"], records, strict=False):
        if not row["winning"] or not row["winner_seat"]:
            continue
        won = row["net"][session.seats.index(row["winner_seat"])]
        if best is None or won > best[0]:
            best = (won, row, record)
    if best is None:
        return None
    won, row, record = best
    return TopHand(
        who=f"{row['winner']} · {row['win_by']}",
        where=where(row["number"]),
        value=f"{row['value']} {row['unit']}",
        money=won,
        items=tuple(f"{i['name']} {i['value']}" for i in row["items"]),
        groups=tuple(groups_of_hand(record.data)),
    )


def night_of(session: ClubSession) -> tuple[Night, Mapping[str, Any]]:
    """The session's results as the ledger shows them."""
    ledger = context(session, read_only=True)
    names = dict(ledger["seats"])
    night = Night(
        title=str(ledger["title"]),
        subtitle=str(ledger["region_label"]),
        unit=term(MONEY_UNIT.get(session.region, "分")),
        standings=ranked(
            (names[s], total) for s, total in zip(session.seats, ledger["totals"], strict=True)
        ),
        transfers=tuple((a, b, n) for a, b, n in ledger["transfers"]),
        top=top_hand(session, ledger, lambda n: _("Hand %(n)s") % {"n": n}),
    )
    return night, ledger


def answer(request: HttpRequest, night: Night, name: str) -> HttpResponse:
    """Picture ``?page=n`` of ``night`` as PNG, saying how many there are
    (``X-Pictures``: the share button fetches the rest); without ``page``,
    a page showing them all, one under the other, to long-press and save."""
    found = pages(night, script_of(get_language() or ""), is_english())
    page = request.GET.get("page")
    if page is None:
        return render(
            request,
            "pictures/night.html",
            {
                "night": night,
                "pictures": [f"?page={n}" for n in range(1, len(found) + 1)],
                "first": "?page=1",
                "name": name,
            },
        )
    if not page.isdigit() or not 1 <= int(page) <= len(found):
        raise Http404
    response = picture_response(
        request, found[int(page) - 1], night_picture, name=f"{name}-{page}", public=False
    )
    response["X-Pictures"] = str(len(found))
    return response


@login_required
def session_picture(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(ClubSession, pk=pk, owner=request.user)
    return answer(request, night_of(session)[0], f"session-{session.pk}")


def shared_picture(request: HttpRequest, token: str) -> HttpResponse:
    """The picture behind a share link: for whoever holds the link."""
    if not token:
        raise Http404
    session = get_object_or_404(ClubSession, share_token=token)
    return answer(request, night_of(session)[0], f"session-{session.pk}")
