"""Club sessions: a referee's ledger over a whole evening.

A session belongs to the referee who made it: other users get 404 and
anonymous visitors are sent to sign in; players read it through a share link
that can be revoked. Every write is one transaction guarded by the session's
version, so two devices editing at once cannot both win silently.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST

from calculator.club.forms import SessionForm
from calculator.club.models import ClubSession, HandChange, HandRecord, as_data
from calculator.page.public import PageState, calculator_page, digits, next_table_lines
from rules.hand import seat_order
from rules.ledger import CARRIED, settle_up
from rules.regions import REGIONS


def _referee(request: HttpRequest) -> User:
    """The signed-in referee (the views that call this require a sign-in)."""
    return cast(User, request.user)


def _owned(request: HttpRequest, pk: int) -> ClubSession:
    """The session, if it is this referee's; anyone else gets a 404."""
    return get_object_or_404(ClubSession, pk=pk, owner=_referee(request))


@login_required
def session_list(request: HttpRequest) -> HttpResponse:
    sessions = ClubSession.objects.filter(owner=_referee(request))
    return render(request, "club/list.html", {"sessions": sessions})


@login_required
def session_new(request: HttpRequest) -> HttpResponse:
    form = SessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seats = seat_order(data["players"])
        session = ClubSession.objects.create(
            owner=_referee(request),
            title=data["title"],
            region=data["region"],
            players={s: data[f"name_{s}"] for s in seats},
            rules=data["rules"],
            start={"dealer": data["dealer"]},
        )
        return HttpResponseRedirect(reverse("session", args=[session.pk]))
    return render(request, "club/new.html", {"form": form})


def _context(session: ClubSession, read_only: bool) -> dict[str, Any]:
    played = session.replayed()
    seats = session.seats
    rows = []
    for step in played.steps:
        result = step.result
        rows.append(
            {
                "number": step.number,
                "dealer": step.request.get("dealer"),
                "winner": step.request.get("seat") if result.get("winning") else None,
                "win_by": step.request.get("win_by"),
                "ok": result.get("ok"),
                "winning": result.get("winning"),
                "total": result.get("total"),
                "items": [i for i in result.get("items", []) if i.get("value")],
                "net": [result.get("net", {}).get(s, 0) for s in seats],
                "totals": [step.totals.get(s, 0) for s in seats],
                "errors": result.get("errors", []),
                "reasons": result.get("reasons", []),
            }
        )
    names = session.players
    transfers = [(names[a], names[b], amount) for a, b, amount in settle_up(played.totals)]
    return {
        "session": session,
        "region": REGIONS[session.region],
        "seats": [(s, names[s]) for s in seats],
        "rows": rows,
        "totals": [played.totals.get(s, 0) for s in seats],
        "transfers": transfers,
        "next_table": next_table_lines(dict(played.table)),
        "read_only": read_only,
        "changes": session.changes.all()[:30],
        "add_url": _calculator_url(session, played.table),
    }


def _calculator_url(
    session: ClubSession,
    table: Mapping[str, Any],
    edit: int | None = None,
    data: dict[str, Any] | None = None,
) -> str:
    """The calculator page set up for this session's next hand (or a hand to correct)."""
    carried = {k: v for k, v in table.items() if k in CARRIED}
    state = PageState(
        region=session.region,
        players=session.seat_count,
        dealer=str(table.get("dealer", "E")),
        seat=str(table.get("dealer", "E")),
        options={
            k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in session.rules.items()
        },
        table={
            k: ",".join(f"{s}:{n}" for s, n in v.items()) if isinstance(v, dict) else str(v)
            for k, v in carried.items()
            if v is not None
        },
        edit=str(edit or ""),
    )
    if data:
        state = replace(state, **PageState.fields_from_json(data))
    return f"{reverse('session-hand', args=[session.pk])}?{state.query()}"


@login_required
def session_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """The calculator page, entering a hand for this session (or correcting one)."""
    session = _owned(request, pk)
    address = reverse("session-hand", args=[pk])
    return calculator_page(request, address, {"club": session})


@login_required
def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    session = _owned(request, pk)
    return render(request, "club/detail.html", _context(session, read_only=False))


@cache_control(private=True)
def shared(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only page behind a share link: for whoever holds the link, so
    no shared cache may keep it (a revoked link must stop working)."""
    if not token:
        raise Http404
    session = get_object_or_404(ClubSession, share_token=token)
    return render(request, "club/detail.html", _context(session, read_only=True))


@login_required
@require_POST
def share(request: HttpRequest, pk: int) -> HttpResponse:
    session = _owned(request, pk)
    if request.POST.get("revoke"):
        session.share_token = ""
    else:
        session.new_share_token()
    session.save(update_fields=["share_token", "updated"])
    return HttpResponseRedirect(reverse("session", args=[pk]))


def _bump(session: ClubSession, version: str | None) -> bool:
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
    the session changed since ``version`` was read."""
    with transaction.atomic():
        if not _bump(session, version):
            return False
        if digits(edit):
            record = get_object_or_404(HandRecord, session=session, position=int(edit))
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
    return True


@login_required
@require_POST
def hand_save(request: HttpRequest, pk: int) -> HttpResponse:
    """Add the hand on the calculator page to the session, or correct a past one."""
    session = _owned(request, pk)
    data = as_data(PageState.from_query(request.POST).to_json())
    if not save_hand(
        session, request.user, data, request.POST.get("version"), request.POST.get("edit", "")
    ):
        messages.error(
            request,
            _(
                "This session was changed on another device; nothing was saved. Check it and enter the hand again."
            ),
        )
    return _back(request, session)


@login_required
@require_POST
def hand_delete(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    session = _owned(request, pk)
    with transaction.atomic():
        if not _bump(session, request.POST.get("version")):
            messages.error(
                request, _("This session was changed on another device; nothing was deleted.")
            )
            return _back(request, session)
        record = get_object_or_404(HandRecord, session=session, position=position)
        HandChange.objects.create(
            session=session,
            user=_referee(request),
            action="delete",
            position=position,
            before=record.data,
        )
        record.delete()
        for later in session.hands.filter(position__gt=position).order_by("position"):
            later.position -= 1
            later.save(update_fields=["position"])
    return _back(request, session)


@login_required
def hand_edit(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """Open a past hand on the calculator page, with the table it started from."""
    session = _owned(request, pk)
    record = get_object_or_404(HandRecord, session=session, position=position)
    played = session.replayed()
    table = dict(played.steps[position - 1].request.get("table", {}))
    table["dealer"] = played.steps[position - 1].request.get("dealer", "E")
    return HttpResponseRedirect(_calculator_url(session, table, edit=position, data=record.data))


def _back(request: HttpRequest, session: ClubSession) -> HttpResponse:
    url = reverse("session", args=[session.pk])
    if getattr(request, "htmx", False):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url)


# A cell a spreadsheet would run as a formula (OWASP's "CSV injection"): a
# name typed as =1+1 or @SUM(1) is written with a leading ' and shown as typed.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeCsvWriter:
    """``csv.writer`` whose every text cell is neutralised; numbers stay numbers."""

    def __init__(self, out: Any) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self._writer.writerow([safe_cell(v) for v in row])


@login_required
def export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = _owned(request, pk)
    context = _context(session, read_only=True)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.csv"'
    response.write("\ufeff")  # so spreadsheet programs read the Chinese as UTF-8
    writer = SafeCsvWriter(response)
    names = [name for _, name in context["seats"]]
    writer.writerow(
        ["#", "dealer", "winner", "win_by", "total", *names, *[f"Σ {n}" for n in names]]
    )
    for row in context["rows"]:
        total = row["total"] or {}
        writer.writerow(
            [
                row["number"],
                row["dealer"],
                row["winner"] or "",
                row["win_by"],
                f"{total.get('value', '')} {total.get('unit', '')}".strip(),
                *row["net"],
                *row["totals"],
            ]
        )
    writer.writerow([])
    for payer, payee, amount in context["transfers"]:
        writer.writerow(["settle", payer, payee, amount])
    return response


@login_required
def print_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    session = _owned(request, pk)
    return render(request, "club/print.html", _context(session, read_only=True))
