"""A hand entered on the calculator page and saved into a session: by the
referee on the session's hand page, or at the table through its link.

What is shown is what is saved. The page is pinned to what the session fixes
(its region, seats, house rules and the table state the deal carries into the
hand), so its preview is scored exactly as the save will be; only the dealer
may differ, when the table got out of step, and that hand keeps it and is
marked. A hand is saved only if the engine scores it as a win, or it is a
draw; a refusal or a conflict with another phone comes back on the same
page, next to the save button, with everything typed still there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.club import ledger
from calculator.club.models import ClubSession, HandChange, HandRecord, as_data
from calculator.page.public import PageState, Pin, digits, page_state, render_page
from rules.engine import score
from rules.ledger import CARRIED, Replay

CLOSED = {
    "archived": gettext_lazy(
        "This session is archived: nothing more is saved to it. Reopen it to enter or correct hands."
    ),
    "round_closed": gettext_lazy(
        "This round is over: nothing more is saved at this table. The hand stays on screen."
    ),
    "round_not_started": gettext_lazy(
        "This round has not started yet: hands are saved once the referee starts it."
    ),
}
NOT_SCORED = gettext_lazy("Not saved: this hand cannot be scored yet. Fix what the score says.")
NOT_WON = gettext_lazy(
    "Not saved: this is not a winning hand. If nobody won, enter it as a draw (流局)."
)
NO_CORRECTIONS = gettext_lazy(
    "Not saved: a table's link adds hands only. Corrections and deletions are the referee's."
)
CHANGED_ELSEWHERE = gettext_lazy(
    "This session was changed on another device; nothing was saved. Check it and try again."
)
KEPT = gettext_lazy(
    "Your hand is still here, scored for the table as it stands now: save it as the next "
    "hand, or discard it."
)


def dealt_to(played: Replay, edit: str) -> dict[str, Any]:
    """The table the deal hands a hand (dealer included): the next hand's, or
    that of hand ``edit`` being corrected."""
    if digits(edit) and 1 <= int(edit) <= len(played.steps):
        return dict(played.steps[int(edit) - 1].dealt)
    return dict(played.table)


def pin(
    session: ClubSession,
    dealt: Mapping[str, Any],
    may_correct: bool = True,
    dealer_given: bool = True,
) -> Pin:
    """Put back on the page what the session fixes, whatever the form said
    (and no correction where the page may only add hands). A form that names
    no dealer gets the one the deal came to."""

    def pinned(state: PageState) -> PageState:
        own = {k: v for k, v in state.table.items() if k not in CARRIED}
        return replace(
            state,
            dealer=state.dealer if dealer_given else str(dealt.get("dealer", "E")),
            region=session.region,
            players=session.seat_count,
            options=ledger.page_options(session.rules),
            table={**own, **ledger.carried_fields(dealt)},
            edit=state.edit if may_correct else "",
        )

    return pinned


def hand_context(
    session: ClubSession, played: Replay, state: PageState, dealt: Mapping[str, Any]
) -> dict[str, Any]:
    """What the page shows of the session around the calculator."""
    due = str(dealt.get("dealer", "E"))
    return {
        "club": session,
        "pinned": True,
        "pinned_rules": ledger.rules_in_words(session.region, session.rules),
        "pinned_table": ledger.carried_lines(dealt),
        "seen": len(played.steps),
        "dealer_due": ledger.who(session, due) if state.dealer != due else "",
        "closed": str(CLOSED.get(session.closed_because(), "")),
        "seat_names": session.players,
    }


def hand_page(
    request: HttpRequest,
    session: ClubSession,
    address: str,
    extra: dict[str, Any],
    *,
    may_correct: bool,
) -> HttpResponse:
    """The calculator entering a hand for ``session`` (or correcting one)."""
    played = session.replayed()
    data = request.POST if request.method == "POST" else request.GET
    edit = str(data.get("edit", "")) if may_correct else ""
    dealt = dealt_to(played, edit)
    state, notices = page_state(request, pin(session, dealt, may_correct, "d" in data))
    if request.method == "POST" and not getattr(request, "htmx", False):
        return HttpResponseRedirect(f"{address}?{state.query()}", status=303)
    context = {**hand_context(session, played, state, dealt), **extra}
    return render_page(request, address, state, notices, context)


def save(
    request: HttpRequest,
    session: ClubSession,
    user: Any,
    address: str,
    extra: dict[str, Any],
    *,
    may_correct: bool,
    refusal: str = "",
) -> HttpResponse | None:
    """Save the hand on the page into ``session``; None when it was saved (the
    caller says where to go next), else the page again, saying why not
    (``refusal``: a reason the caller already has, such as a table's round
    being played out)."""
    played = session.replayed()
    edit = str(request.POST.get("edit", ""))
    if not digits(edit):
        edit = ""
    dealt = dealt_to(played, edit if may_correct else "")
    state, _notices = page_state(request, pin(session, dealt, dealer_given="d" in request.POST))

    def again(problem: str, *more: str, status: int = 422) -> HttpResponse:
        context = {**hand_context(session, played, state, dealt), **extra}
        context.update(save_problem=problem, save_more=list(more))
        return render_page(request, address, state, [], context, status=status)

    closed = session.closed_because()
    if closed:
        return again(str(CLOSED[closed]))
    if refusal:
        return again(refusal)
    if edit and not may_correct:
        state = replace(state, edit="")
        return again(str(NO_CORRECTIONS))
    request_json = state.to_json()
    got = score(request_json)
    if not got.ok:
        return again(str(NOT_SCORED))
    if not got.winning and state.win_by != "draw":
        return again(str(NOT_WON))
    data = as_data(request_json, dealt=str(dealt.get("dealer", "E")))
    if save_hand(session, user, data, request.POST.get("version"), edit):
        return None
    # Another phone (or the referee) wrote first: say what, keep this hand,
    # and score it again for the table as it stands now.
    session.refresh_from_db()
    was_due = state.dealer == dealt.get("dealer", "E")
    played = session.replayed()
    dealt = dealt_to(played, edit)
    state = pin(session, dealt, dealer_given=not was_due)(state)
    since = _since(session, played, str(request.POST.get("seen", "")))
    return again(str(CHANGED_ELSEWHERE), *since, str(KEPT), status=409)


def claim_version(session: ClubSession, version: str | None) -> bool:
    """Claim the next version, or say the session changed under us."""
    if version is None or not digits(version):
        return False
    claimed = ClubSession.objects.filter(pk=session.pk, version=int(version)).update(
        version=F("version") + 1
    )
    return claimed == 1


def save_hand(
    session: ClubSession, user: Any, data: dict[str, Any], version: str | None, edit: str = ""
) -> bool:
    """Record a hand (or correct hand ``edit``) in one transaction; False if
    the session changed since ``version`` was read, or the hand to correct is gone."""
    with transaction.atomic():
        if not claim_version(session, version):
            return False
        if digits(edit):
            record = HandRecord.objects.filter(session=session, position=int(edit)).first()
            if record is None:
                transaction.set_rollback(True)
                return False
            HandChange.objects.create(
                session=session,
                user=user,
                action="edit",
                position=record.position,
                before=record.data,
                after=data,
            )
            record.data = data
            record.save(update_fields=["data"])
        else:
            position = session.hands.count() + 1
            HandRecord.objects.create(session=session, position=position, data=data)
            HandChange.objects.create(
                session=session, user=user, action="add", position=position, after=data
            )
        session.refresh()
    return True


def _since(session: ClubSession, played: Replay, seen: str) -> list[str]:
    """The hands entered elsewhere since the page was drawn, in words."""
    if not digits(seen) or int(seen) >= len(played.steps):
        return []
    rows = ledger.rows(session, played)[int(seen) :]
    return [
        _("Hand %(n)s was entered on another phone: %(what)s")
        % {"n": row["number"], "what": ledger.summary(row, session)}
        for row in rows
    ]
