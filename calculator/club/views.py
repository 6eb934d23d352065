"""Club sessions: a referee's ledger over a whole evening.

A session belongs to the referee who made it: other users get 404 and
anonymous visitors are sent to sign in; players read it through a share link
that can be revoked. Every write is one transaction guarded by the session's
version, so two devices editing at once cannot both win silently; nothing is
lost by a slip — a deleted or corrected hand comes back from the history.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import DatabaseError, transaction
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    QueryDict,
)
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control

from calculator.club import disputes, entry, ledger
from calculator.club.entry import CHANGED_ELSEWHERE, claim_version
from calculator.club.forms import (
    SessionForm,
    as_redrawn,
    changed_since_shown,
    choices_lost,
    profile_initial,
)
from calculator.club.models import ClubSession, HandChange, HandRecord, RuleProfile
from calculator.club.posted import back_on_get
from calculator.page.public import (
    digits,
    house_rules_read,
)
from calculator.words.wording import region_name
from rules.hand import seat_order
from rules.regions import REGIONS


def _referee(request: HttpRequest) -> User:
    """The signed-in referee (the views that call this require a sign-in)."""
    return cast(User, request.user)


def _owned(request: HttpRequest, pk: int) -> ClubSession:
    """The session, if it is this referee's; anyone else gets a 404."""
    return get_object_or_404(ClubSession, pk=pk, owner=_referee(request))


def _session_page(request: HttpRequest, pk: int) -> HttpResponse:
    return HttpResponseRedirect(reverse("session", args=[_owned(request, pk).pk]))


# A POST-only address of a session, opened with GET, leads to the session's page.
to_session_on_get = back_on_get(_session_page)


# --------------------------------------------------------------------------
# Finding a session, starting one
# --------------------------------------------------------------------------


@login_required
def session_list(request: HttpRequest) -> HttpResponse:
    """The referee's sessions, newest first: those in play, or the archive;
    ``q`` finds those a player of that name sat in."""
    archive = request.GET.get("archive") == "1"
    query = request.GET.get("q", "").strip()[:40]
    sessions = ClubSession.objects.filter(
        owner=_referee(request), finished__isnull=not archive
    ).select_related("event_table__round__event")
    found = []
    events: dict[int, dict[str, Any]] = {}
    for s in sessions:
        if query and not any(query.lower() in name.lower() for name in s.players.values()):
            continue
        line = {
            "session": s,
            "region": region_name(s.region),
            "players": [s.players[seat] for seat in s.seats],
        }
        table = getattr(s, "event_table", None)  # an event's table: listed under its event
        if table is None:
            found.append(line)
            continue
        event = table.round.event
        group = events.setdefault(event.pk, {"event": event, "tables": []})
        line.update(
            round=table.round.number,
            table=table.number,
            state=_("finished") if table.round.finished else _("in play"),
        )
        group["tables"].append(line)
    grouped = sorted(events.values(), key=lambda g: (g["event"].date, g["event"].pk), reverse=True)
    for group in grouped:
        group["tables"].sort(key=lambda line: (line["round"], line["table"]))
    return render(
        request,
        "club/list.html",
        {"sessions": found, "events": grouped, "archive": archive, "query": query},
    )


@login_required
def session_new(request: HttpRequest) -> HttpResponse:
    """A new session: players by seat, the first dealer beside their name, the
    house rules as the calculator's controls or from a profile. Sent with the
    controls of another region or profile than the one now picked, it is read
    as the redraw would have drawn it, and stops where a choice on screen
    would be lost (``forms.choices_lost``)."""
    referee = _referee(request)
    if request.method == "POST" and not _redrawn(request):
        sent: QueryDict = request.POST
        lost = ""
        changed = changed_since_shown(request.POST)
        if changed:
            starting = _starting(request, referee)
            region, rules = str(starting.get("region") or ""), starting["house_rules"]
            sent = as_redrawn(request.POST, region, rules)
            lost = changed if choices_lost(request.POST, region, rules) else ""
        form = SessionForm(sent, owner=referee, rules_changed=lost)
        if form.is_valid():
            data = form.cleaned_data
            session = ClubSession.objects.create(
                owner=referee,
                title=data["title"],
                region=data["region"],
                players={s: data[f"name_{s}"] for s in seat_order(data["players"])},
                rules=data["rules"],
                start={"dealer": data["dealer"]},
                profile=data.get("profile"),
            )
            return HttpResponseRedirect(reverse("session", args=[session.pk]))
    else:
        form = SessionForm(initial=_starting(request, referee), owner=referee)
    return render(request, "club/new.html", _form_context(form))


def _redrawn(request: HttpRequest) -> bool:
    """The form came back to be drawn for another region or profile, not to be
    saved (with JavaScript the choice redraws it at once; without, a button
    does)."""
    return "redraw" in request.POST


def _starting(request: HttpRequest, referee: User) -> dict[str, Any]:
    """The form's values: what was typed when it is redrawn, a profile's rules
    when one was picked, or a fresh table."""
    if request.method != "POST":
        initial: dict[str, Any] = {"players": 4, "dealer": "E"}
        picked = request.GET.get("profile", "")
    else:
        post = request.POST
        fields = ("title", "players", "dealer", "region", "profile", *_NAME_FIELDS)
        initial = {k: post.get(k) for k in fields if post.get(k) is not None}
        region = str(post.get("region") or "")
        initial["house_rules"] = house_rules_read(region, post) if region in REGIONS else {}
        picked = post.get("profile", "") if post.get("profile") != post.get("shown_profile") else ""
    profile = (
        RuleProfile.objects.filter(owner=referee, pk=int(picked)).first()
        if digits(picked)
        else None
    )
    if profile is not None:
        initial.update(profile_initial(profile))
    return initial


_NAME_FIELDS = ("name_E", "name_S", "name_W", "name_N")


def _form_context(form: SessionForm) -> dict[str, Any]:
    return {
        "form": form,
        "house_rules": form.house_rule_fields(),
        "shown_region": form.region_key,
        "shown_profile": form["profile"].value() or "",
    }


@login_required
def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    session = _owned(request, pk)
    return render(request, "club/detail.html", ledger.context(session, read_only=False))


@cache_control(private=True)
def shared(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only page behind a share link: for whoever holds the link, so
    no shared cache may keep it (a revoked link must stop working)."""
    if not token:
        raise Http404
    session = get_object_or_404(ClubSession, share_token=token)
    return render(request, "club/detail.html", ledger.context(session, read_only=True))


@login_required
@to_session_on_get
def share(request: HttpRequest, pk: int) -> HttpResponse:
    session = _owned(request, pk)
    if request.POST.get("revoke"):
        session.share_token = ""
    else:
        session.new_share_token()
    session.save(update_fields=["share_token", "updated"])
    return HttpResponseRedirect(reverse("session", args=[pk]))


@login_required
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    """The evening is over: the session goes to the archive, once asked (a
    table still playing is named; its phones save nothing more), or comes back."""
    session = _owned(request, pk)
    reopen = request.method == "POST" and request.POST.get("reopen")
    if not reopen and (request.method != "POST" or not request.POST.get("confirm")):
        return render(request, "club/archive.html", {"session": session, **_still_playing(session)})
    session.finished = None if reopen else timezone.now()
    session.save(update_fields=["finished", "updated"])
    table = getattr(session, "event_table", None)
    if table is not None:
        table.round.event.bump()  # the event page and the table's phones show it
    return HttpResponseRedirect(reverse("session", args=[pk]))


def _still_playing(session: ClubSession) -> dict[str, Any]:
    """An event's table whose round is still in play (the events app's, where
    the session is one of its tables)."""
    table = getattr(session, "event_table", None)
    playing = table is not None and table.round.started and not table.round.finished
    return {"table": table, "playing": playing, "done": session.hands_played}


# --------------------------------------------------------------------------
# Hands: entered, corrected, deleted, restored
# --------------------------------------------------------------------------


@login_required
def session_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """The calculator page, entering a hand for this session (or correcting one)."""
    session = _owned(request, pk)
    address = reverse("session-hand", args=[pk])
    if request.method == "GET" and not request.GET:
        return HttpResponseRedirect(ledger.calculator_url(session, session.replayed().table))
    save = reverse("hand-save", args=[pk])
    return entry.hand_page(request, session, address, {"save_url": save}, may_correct=True)


@login_required
@to_session_on_get
def hand_save(request: HttpRequest, pk: int) -> HttpResponse:
    """Add the hand on the calculator page to the session, or correct a past
    one: saved as previewed, or the page again saying why not."""
    session = _owned(request, pk)
    address = reverse("session-hand", args=[pk])
    extra = {"save_url": reverse("hand-save", args=[pk])}
    outcome = entry.save(request, session, request.user, address, extra, may_correct=True)
    if isinstance(outcome, HttpResponse):
        return outcome
    try:
        messages.info(request, entry.saved_words(session, outcome.record))
    except DatabaseError:  # the hand is stored: the answer must not say otherwise
        messages.info(request, _("Saved."))
    return _back(request, session)


def _closed(request: HttpRequest, session: ClubSession) -> bool:
    """Say so, where the session's hands may not be corrected now."""
    reason = session.uncorrectable_because()
    if reason:
        messages.error(request, entry.CLOSED[reason])
    return bool(reason)


def _live(session: ClubSession, number: int) -> HandRecord:
    """Hand ``number`` as the ledger numbers it now."""
    live = session.live_hands()
    if not 1 <= number <= len(live):
        raise Http404
    return live[number - 1]


@login_required
def hand_delete(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """Asks first, naming the hand; deletes on the answer. The hand is kept,
    aside, in its place: the history can bring it back there."""
    session = _owned(request, pk)
    record = _live(session, position)
    if _closed(request, session):
        return _back(request, session)
    if request.method != "POST":
        row = ledger.rows(session, session.replayed())[position - 1]
        return render(
            request, "club/delete.html", {"session": session, "row": row, "record": record}
        )
    with transaction.atomic():
        if not claim_version(session, request.POST.get("version")):
            messages.error(request, CHANGED_ELSEWHERE)
            return _back(request, session)
        HandChange.objects.create(
            session=session,
            record=record,
            user=_referee(request),
            action="delete",
            position=position,
            before=record.data,
        )
        record.deleted = timezone.now()
        record.save(update_fields=["deleted"])
        session.refresh()
    messages.info(
        request, _("Hand %(n)s was deleted. The history below can bring it back.") % {"n": position}
    )
    return _back(request, session)


@login_required
@to_session_on_get
def hand_settle(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """Answer a table's dispute with a word (a correction answers it too)."""
    session = _owned(request, pk)
    try:
        disputes.settle(session, _referee(request), position, str(request.POST.get("reason", "")))
    except ValueError as refused:
        messages.error(request, str(refused))
    else:
        messages.info(request, _("Hand %(n)s: the dispute is settled.") % {"n": position})
    return _back(request, session)


@login_required
@to_session_on_get
def change_restore(request: HttpRequest, pk: int, change: int) -> HttpResponse:
    """Undo one change from the history: a deleted hand goes back where it was,
    a corrected one back to what it was; everything after it is recomputed."""
    session = _owned(request, pk)
    undone = get_object_or_404(HandChange, session=session, pk=change)
    if _closed(request, session):
        return _back(request, session)
    with transaction.atomic():
        if not claim_version(session, request.POST.get("version")):
            messages.error(request, CHANGED_ELSEWHERE)
            return _back(request, session)
        record = undone.record
        if undone.action == "delete" and undone.before is not None:
            if record is None:  # deleted before hands kept their records: back at its number
                place = undone.position
                for later in session.hands.filter(position__gte=place).order_by("-position"):
                    later.position += 1
                    later.save(update_fields=["position"])
                record = HandRecord.objects.create(
                    session=session, position=place, data=undone.before, deleted=timezone.now()
                )
            elif record.deleted is None:
                transaction.set_rollback(True)
                return _back(request, session)
            record.deleted = None
            record.save(update_fields=["deleted"])
            after = record.data
        elif undone.action == "edit" and undone.before is not None:
            if record is None or record.deleted is not None or record.data != undone.after:
                messages.error(request, _("That hand has changed since; nothing was restored."))
                transaction.set_rollback(True)
                return _back(request, session)
            after = record.data = undone.before
            record.save(update_fields=["data"])
        else:
            transaction.set_rollback(True)
            return _back(request, session)
        number = record.number() or 0
        HandChange.objects.create(
            session=session,
            record=record,
            user=_referee(request),
            action="restore",
            position=number,
            before={"undoes": undone.pk},  # which change this undid, so it is undone once
            after=after,
        )
        session.refresh()
    messages.info(request, _("Hand %(n)s is back.") % {"n": number})
    return _back(request, session)


@login_required
def hand_edit(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """Open a past hand on the calculator page, with the table it started from."""
    session = _owned(request, pk)
    record = _live(session, position)
    played = session.replayed()
    started = played.steps[position - 1].request
    table = {**dict(started.get("table", {})), "dealer": started.get("dealer", "E")}
    return HttpResponseRedirect(
        ledger.calculator_url(session, table, edit=position, data=record.data)
    )


def _back(request: HttpRequest, session: ClubSession) -> HttpResponse:
    """Back to the session, its new totals in view."""
    url = reverse("session", args=[session.pk]) + "#totals"
    if getattr(request, "htmx", False):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url)
