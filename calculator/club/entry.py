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

import hashlib
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cached_property
from typing import Any, NamedTuple

from django.contrib import messages
from django.db import DatabaseError, transaction
from django.db.models import F, Max
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.club import ledger
from calculator.club.models import ClubSession, HandChange, HandRecord, as_data
from calculator.page.public import PageState, Pin, digits, follow, page_state, render_page
from calculator.words.wording import word
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
    # Said on the page of a table that has played its round, whether or not a
    # save was tried: a state, not "not saved" (a phone whose last save was
    # the round's last hand is told it was saved, and nothing else).
    "played_out": gettext_lazy(
        "This table has played its round's hands: nothing more is saved here. A hand more "
        "needs the round's length changed."
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
UNSURE = gettext_lazy(
    "The server could not confirm the save (the database did not answer). Your hand is "
    "still here: save again — the same hand is never stored twice."
)
DEALER_UNCONFIRMED = gettext_lazy(
    "Not saved yet: the deal came to %(due)s, and %(chosen)s is picked as dealer here. Save "
    "with %(chosen)s as dealer (the ledger marks it as chosen), or with the deal's dealer."
)
UNCHANGED = gettext_lazy("Nothing to save: the correction changes nothing in the hand.")
SAVED_THEN_DELETED = gettext_lazy("This hand was saved, and the referee has since deleted it.")
KEPT = gettext_lazy(
    "Your hand is still here, scored for the table as it stands now: save it as the next "
    "hand, or discard it."
)


# The event a save's answer raises where another phone's write came first.
TABLE_CHANGED = "table-changed"


class Played:
    """A session's hands as a page needs them. The next deal's table and how
    many hands were played are what the session keeps with every write, so
    entering a hand costs the same late in the evening as early; the hands
    are replayed only where a past one is read (a correction, a summary)."""

    def __init__(self, session: ClubSession) -> None:
        self.session = session

    @cached_property
    def full(self) -> Replay:
        return self.session.replayed()

    @property
    def count(self) -> int:
        return self.session.hands_played

    @property
    def table(self) -> dict[str, Any]:
        kept = self.session.table
        return dict(kept) if kept else dict(self.full.table)  # a session with no write yet


def nothing_entered(state: PageState) -> bool:
    """A hand entry not begun: no tile anywhere, and not a draw."""
    return state.win_by != "draw" and not (
        state.hand or state.win or state.melds or state.other or state.flowers
    )


def _missing(state: PageState) -> list[str]:
    """What a hand still lacks, said plainly (the engine's words for an empty
    winning tile quote an empty notation)."""
    out = []
    if not state.hand:
        out.append(_("Enter the tiles of the hand."))
    if not state.win:
        out.append(_("Enter the winning tile."))
    return out


def dealt_to(played: Played, edit: str) -> dict[str, Any]:
    """The table the deal hands a hand (dealer included): the next hand's, or
    that of hand ``edit`` being corrected."""
    if digits(edit) and 1 <= int(edit) <= played.count:
        return dict(played.full.steps[int(edit) - 1].dealt)
    return played.table


# What a hand inherits from the table the deal hands it: the dealer and the
# table state carried between hands (针, 老庄, the 包五家 streak, the round
# wind …). Of these a person may set only the dealer on a session's page: the
# ledger keeps a hand's own dealer, and replays the rest from the hands before.
INHERITED = ("d", *(f"t.{k}" for k in CARRIED))
SETTABLE = frozenset({"d"})


def inherited(dealt: Mapping[str, Any]) -> dict[str, str]:
    """The values the table gives a hand's inherited fields now."""
    values = {f"t.{k}": v for k, v in ledger.carried_fields(dealt).items()}
    return {"d": str(dealt.get("dealer", "E")), **values}


def pin(session: ClubSession, dealt: Mapping[str, Any], may_correct: bool = True) -> Pin:
    """Put back on the page what the session fixes, whatever the form said
    (and no correction where the page may only add hands); what the deal
    carries follows the table ``dealt``, except a dealer a person set here."""

    def pinned(state: PageState) -> PageState:
        state = follow(replace(state, own=state.own & SETTABLE), inherited(dealt), INHERITED)
        return replace(
            state,
            region=session.region,
            players=session.seat_count,
            options=ledger.page_options(session.rules),
            edit=state.edit if may_correct else "",
        )

    return pinned


def dealer_pair(chosen: str, due: str) -> str:
    """The confirmation a phone sends for a dealer chosen against the deal: it
    names both, so it confirms nothing once the deal has moved on."""
    return f"{chosen}>{due}"


def mint(played: Played, state: PageState) -> PageState:
    """A new hand's entry gets its identity at its first tap: a key, and the
    deal it is for (the table's next). A correction is named by its hand."""
    if state.edit or (state.key and state.deal):
        return state
    return replace(state, key=state.key or secrets.token_urlsafe(12), deal=str(played.count + 1))


def table_mark(table: Mapping[str, Any]) -> str:
    """A short mark of the table a deal hands on (dealer, 针, 老庄 …): the page
    carries the one it was scored for, so a save can tell the table changed."""
    text = json.dumps(table, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2s(text.encode(), digest_size=8).hexdigest()


def saved_record(session: ClubSession, key: str) -> HandRecord | None:
    """The hand a saved entry became, if it was saved."""
    if not key:
        return None
    return HandRecord.objects.filter(session=session, key=key).first()


def hand_context(
    session: ClubSession, played: Played, state: PageState, dealt: Mapping[str, Any]
) -> dict[str, Any]:
    """What the page shows of the session around the calculator: the table's
    hands so far, and what became of this entry when it was already saved
    (back, reload, a retry that was answered late)."""
    due = str(dealt.get("dealer", "E"))
    done = saved_record(session, state.key) if not state.edit else None
    # Until this entry is answered, the page says what became of the one
    # before it (a phone's one account of its last save).
    before = saved_record(session, state.after) if state.after and not state.edit else None
    context = {
        "club": session,
        "pinned": True,
        "pinned_rules": ledger.rules_in_words(session.region, session.rules),
        "pinned_table": ledger.carried_lines(dealt),
        "table_mark": table_mark(dealt),
        "dealer_due": ledger.who(session, due) if state.dealer != due else "",
        "dealer_chosen": ledger.who(session, state.dealer),
        "dealer_pair": dealer_pair(state.dealer, due),
        "closed": str(
            CLOSED.get(
                session.uncorrectable_because() if state.edit else session.closed_because(), ""
            )
        ),
        "seat_names": session.players,
        "saved_as": saved_words(session, done) if done is not None else "",
        "saved_before": [saved_words(session, before)] if before is not None else [],
        "taken": [] if done is not None else taken(session, played, state),
        "next_deal": played.count + 1,
    }
    return context


def hand_page(
    request: HttpRequest,
    session: ClubSession,
    address: str,
    extra: dict[str, Any],
    *,
    may_correct: bool,
) -> HttpResponse:
    """The calculator entering a hand for ``session`` (or correcting one). An
    entry without an identity gets one here; the form carries it from then
    on, and so does the address (each edit's answer, or the page's script)."""
    played = Played(session)
    data = request.POST if request.method == "POST" else request.GET
    edit = str(data.get("edit", "")) if may_correct else ""
    dealt = dealt_to(played, edit)
    state, notices = page_state(request, pin(session, dealt, may_correct))
    state = mint(played, state)
    if request.method == "POST" and not getattr(request, "htmx", False):
        return HttpResponseRedirect(f"{address}?{state.query()}", status=303)
    context = {**hand_context(session, played, state, dealt), **extra}
    # A word carried over a redirect is said in the same place, by the save
    # button (the page draws no list of them at its top).
    context["saved_before"] += [str(m) for m in messages.get_messages(request)]
    return render_page(request, address, state, notices, context)


class Saved(NamedTuple):
    """A hand on the record: just stored, or stored before by the same entry."""

    record: HandRecord
    fresh: bool


def save(
    request: HttpRequest,
    session: ClubSession,
    user: Any,
    address: str,
    extra: dict[str, Any],
    *,
    may_correct: bool,
    refusal: str = "",
    extra_now: Callable[[], dict[str, Any]] | None = None,
) -> Saved | HttpResponse:
    """Save the hand on the page into ``session``: the record it is now (also
    when this entry was saved before: a double tap, a retry, the back
    button), else the page again saying why not (``refusal``: a reason the
    caller already has, such as a table's round being played out;
    ``extra_now``: ``extra`` drawn again, for an answer after another phone's
    write). What the deal carries is the table's as it stands at the save,
    read under the session's lock; only a dealer a person chose on the page,
    and confirmed against the deal's, is the hand's own."""
    played = Played(session)
    edit = str(request.POST.get("edit", ""))
    if not digits(edit):
        edit = ""
    dealt = dealt_to(played, edit if may_correct else "")
    state, _notices = page_state(request, pin(session, dealt))
    if not state.edit:
        done = saved_record(session, state.key)
        if done is not None:
            return Saved(done, fresh=False)
        state = mint(played, state)
    confirmed = str(request.POST.get("dealer_ok", ""))

    def again(
        problem: str,
        *more: str,
        status: int = 422,
        missing: list[str] | None = None,
        confirm: bool = False,
    ) -> HttpResponse:
        context = {**hand_context(session, played, state, dealt), **extra}
        context.update(
            save_problem=problem,
            save_more=list(more),
            save_missing=missing or [],
            dealer_confirm=confirm,
        )
        return render_page(request, address, state, [], context, status=status)

    def table_moved(answer: HttpResponse) -> HttpResponse:
        # The page's list of the table's hands asks again at once (htmx), so a
        # phone told that hand N was entered lists hand N.
        answer["HX-Trigger"] = TABLE_CHANGED
        return answer

    closed = session.uncorrectable_because() if state.edit else session.closed_because()
    if refusal or closed:
        # Said with the hands other phones entered since this one began (the
        # round's last among them, often): one account of what became of it.
        before = taken(session, played, state)
        answer = again(*before, refusal or str(CLOSED[closed]))
        return table_moved(answer) if before else answer
    if not state.edit and state.after and nothing_entered(state):
        # A tap on save before anything is entered on the page that follows a
        # save (a double tap's second): nothing to save, and the answer is
        # still what became of the hand just saved, not a refusal beside it.
        return render_page(
            request, address, state, [], {**hand_context(session, played, state, dealt), **extra}
        )
    if edit and not may_correct:
        state = replace(state, edit="")
        return again(str(NO_CORRECTIONS))
    got = score(state.to_json())
    if not got.ok:
        # What the engine found missing or wrong, said under "Not saved": a
        # blank hand draws no score on the page, so nothing else would say it.
        return again(str(NOT_SCORED), missing=_missing(state) or [word(e.text) for e in got.errors])
    if not got.winning and state.win_by != "draw":
        return again(str(NOT_WON))
    kept = str(played.full.steps[int(edit) - 1].request.get("dealer")) if state.edit else ""

    def unconfirmed(now: PageState, due: str) -> bool:
        """A dealer chosen against the deal, not yet confirmed for this deal
        (a correction keeping the dealer its hand was saved with needs none)."""
        return (
            now.dealer != due and confirmed != dealer_pair(now.dealer, due) and now.dealer != kept
        )

    def answer_dealer() -> HttpResponse:
        due = ledger.who(session, str(dealt.get("dealer", "E")))
        problem = DEALER_UNCONFIRMED % {"due": due, "chosen": ledger.who(session, state.dealer)}
        return again(str(problem), status=409, confirm=True)

    if unconfirmed(state, str(dealt.get("dealer", "E"))):
        return answer_dealer()

    def hand_for(table: Mapping[str, Any]) -> dict[str, Any] | str:
        """The hand to store, for the table the deal hands on as the lock
        shows it: its inherited fields are that table's, never the page's."""
        now = pin(session, table)(state)
        due = str(table.get("dealer", "E"))
        if unconfirmed(now, due):
            return "confirm"
        return as_data(now.to_json(), dealt=due)

    try:
        if state.edit:
            data = hand_for(dealt)
            if isinstance(data, str):
                return answer_dealer()
            outcome = save_correction(
                session, user, data, request.POST.get("version"), int(state.edit)
            )
        else:
            seen = str(request.POST.get("table_mark") or table_mark(dealt))
            outcome = save_entry(session, user, hand_for, state.key, int(state.deal), seen)
    except DatabaseError:
        # The commit may have gone through: where the database can say so, the
        # answer is what happened; where it cannot, the entry's key makes the
        # retry safe either way, and the page says that, with the hand kept.
        try:
            done = None if state.edit else saved_record(session, state.key)
        except DatabaseError:
            done = None
        if done is not None:
            return Saved(done, fresh=True)
        try:
            return again(str(UNSURE), status=503)
        except DatabaseError:  # nothing more to be had from it: the hand as it was sent
            fields = [(k, v) for k in request.POST for v in request.POST.getlist(k)]
            context = {"problem": UNSURE, "fields": fields, "save_url": extra.get("save_url")}
            return render(request, "club/unsure.html", context, status=503)
    if isinstance(outcome, HandRecord):
        return Saved(outcome, fresh=True)
    if outcome == "unchanged":
        return again(str(UNCHANGED), status=200)
    # Another phone (or the referee) wrote first: say what, keep this hand,
    # and score it again, as an entry for the table's next deal, with what
    # the deal carries as the table now has it.
    session.refresh_from_db()
    if extra_now is not None:
        extra = extra_now()
    played = Played(session)
    taken_before = taken(session, played, state)
    dealt = dealt_to(played, edit)
    state = pin(session, dealt)(state)
    if not state.edit:
        state = replace(state, deal=str(played.count + 1))
    closed = session.closed_because() if not state.edit else ""
    if outcome == "confirm":
        answer = answer_dealer()
    elif closed:  # the other phone's hand was this table's last: nothing more is saved here
        answer = again(*taken_before, str(CLOSED[closed]), status=409)
    elif outcome == "taken" and taken_before:
        answer = again(*taken_before, str(KEPT), status=409)
    else:
        answer = again(str(CHANGED_ELSEWHERE), str(KEPT), status=409)
    return table_moved(answer)


def save_entry(
    session: ClubSession,
    user: Any,
    data: Mapping[str, Any] | Callable[[Mapping[str, Any]], dict[str, Any] | str],
    key: str,
    deal: int,
    seen: str,
) -> HandRecord | str:
    """Record a new hand in one transaction, once per entry: the record, or
    why not — "taken" (deal ``deal`` is on the record from another entry),
    "changed" (the table it was scored for, ``seen``, is no longer the one
    the deal hands on) or what ``data`` says. ``data`` is the hand to store,
    or makes it from the table the deal hands on, read here under the lock.
    The session's row is locked first, so saves to one table queue up and
    each sees the one before."""
    with transaction.atomic():
        ClubSession.objects.filter(pk=session.pk).update(version=F("version") + 1)
        now = ClubSession.objects.get(pk=session.pk)
        done = saved_record(session, key)
        if done is not None:
            transaction.set_rollback(True)
            return done
        if deal <= now.hands_played:
            transaction.set_rollback(True)
            return "taken"
        table = dict(now.table) if now.table else dict(now.replayed().table)
        if deal != now.hands_played + 1 or (
            seen != table_mark(table)
            and seen != table_mark(now.replayed().table)  # a kept copy from before its first hand
        ):
            transaction.set_rollback(True)
            return "changed"
        hand = data(table) if callable(data) else dict(data)
        if isinstance(hand, str):
            transaction.set_rollback(True)
            return hand
        last = session.hands.aggregate(last=Max("position"))["last"] or 0
        record = HandRecord.objects.create(session=session, position=last + 1, key=key, data=hand)
        HandChange.objects.create(
            session=session, record=record, user=user, action="add", position=deal, after=hand
        )
        now.append_kept(record)
    return record


def save_correction(
    session: ClubSession, user: Any, data: dict[str, Any], version: str | None, number: int
) -> HandRecord | str:
    """Correct hand ``number`` in one transaction: the record, or "unchanged"
    (nothing to correct: nothing saved, nothing logged) or "changed" (the
    session changed since ``version`` was read, or the hand is gone). A
    correction settles a dispute over the hand."""
    with transaction.atomic():
        if not claim_version(session, version):
            return "changed"
        live = session.live_hands()
        if not 1 <= number <= len(live):
            transaction.set_rollback(True)
            return "changed"
        record = live[number - 1]
        if record.data == data:
            transaction.set_rollback(True)
            return "unchanged"
        HandChange.objects.create(
            session=session,
            record=record,
            user=user,
            action="edit",
            position=number,
            before=record.data,
            after=data,
        )
        record.data, record.dispute = data, ""
        record.save(update_fields=["data", "dispute"])
        session.refresh()
    return record


def claim_version(session: ClubSession, version: str | None) -> bool:
    """Claim the next version, or say the session changed under us (the
    referee's corrections, deletes and restores; a new hand is guarded by
    its entry instead)."""
    if version is None or not digits(version):
        return False
    claimed = ClubSession.objects.filter(pk=session.pk, version=int(version)).update(
        version=F("version") + 1
    )
    return claimed == 1


def saved_words(session: ClubSession, record: HandRecord) -> str:
    """What a saved entry became: "已保存为第 3 局：张伟 · 南 · 点炮 · 20 番：…"."""
    number = record.number()
    if number is None:
        return str(SAVED_THEN_DELETED)
    row = ledger.kept_row(session, record, number)
    return _("Saved as hand %(n)s: %(what)s") % {
        "n": number,
        "what": ledger.summary(row, session),
    }


def taken(session: ClubSession, played: Played, state: PageState) -> list[str]:
    """The hands recorded from other entries since this one began, in words:
    the deal it was for is already on the record."""
    if state.edit or not digits(state.deal):
        return []
    deal = int(state.deal)
    if deal > played.count:
        return []
    rows = ledger.rows(session, played.full)[deal - 1 :]
    return [
        _("Hand %(n)s was entered on another phone: %(what)s")
        % {"n": row["number"], "what": ledger.summary(row, session)}
        for row in rows
    ]
