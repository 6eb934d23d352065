"""The club's pages for its referees: the club and its roster, members added,
renamed and merged, evenings set up from the roster or attached and matched,
seasons and their tables, player pages and head-to-head. Only the club's own
referees see them; ``shared`` serves the read-only links."""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from calculator.club.public import back_on_get
from calculator.events.links import qr_svg
from calculator.events.models import Entrant, Event
from calculator.season import exports, roster
from calculator.season.forms import (
    AttachForm,
    ClubForm,
    EveningForm,
    KeeperForm,
    MembersForm,
    MergeForm,
    RenameForm,
    SeasonForm,
)
from calculator.season.models import Club, Evening, Member, Player, Season, token
from calculator.season.names import key, near
from calculator.season.pages import member_context, pair_context, season_context
from calculator.words.wording import region_name


def _referee(request: HttpRequest) -> User:
    return cast(User, request.user)


def _club(request: HttpRequest, pk: int) -> Club:
    return get_object_or_404(Club, pk=pk, keepers=_referee(request))


def _member(club: Club, pk: int) -> Member:
    return get_object_or_404(Member, pk=pk, club=club)


def _back(club: Club, anchor: str = "") -> HttpResponse:
    return HttpResponseRedirect(reverse("club", args=[club.pk]) + anchor)


def _to_club(request: HttpRequest, pk: int, *rest: Any) -> HttpResponse:
    return _back(_club(request, pk))


# A POST-only address of a club, opened with GET, leads to the club's page.
to_club_on_get = back_on_get(_to_club)


@login_required
def club_list(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = form.save()
        club.keepers.add(_referee(request))
        return _back(club)
    clubs = Club.objects.filter(keepers=_referee(request))
    return render(request, "season/clubs.html", {"clubs": clubs, "form": form})


@login_required
def club_detail(request: HttpRequest, pk: int) -> HttpResponse:
    club = _club(request, pk)
    evenings = [
        {"event": e, "region": region_name(e.region)}
        for e in Event.objects.filter(club_evening__club=club).order_by("-date", "-pk")
    ]
    context = {
        "club": club,
        "members": club.members.all(),
        "keepers": club.keepers.order_by("username"),
        "seasons": club.seasons.all(),
        "evenings": evenings,
        "member_form": MembersForm(),
        "keeper_form": KeeperForm(),
        "season_form": SeasonForm(club=club),
        "attach_form": AttachForm(owner=_referee(request)),
    }
    return render(request, "season/club.html", context)


@login_required
@to_club_on_get
def keeper_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Another referee keeps the club too, signed in as themselves."""
    club = _club(request, pk)
    form = KeeperForm(request.POST)
    if form.is_valid():
        club.keepers.add(form.cleaned_data["username"])
        messages.info(request, _("They keep this club with you now."))
    else:
        messages.error(request, " ".join(str(e) for e in form.errors["username"]))
    return _back(club, "#keepers")


def _asks(club: Club, names: list[str], data: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """For each typed name like a member's: the question (its near matches),
    unless the form already answers it; and the answers given ("new" or a member)."""
    members = list(club.members.all())
    asks, picks = [], {}
    for i, name in enumerate(names):
        close = near(name, members)
        if not close:
            continue
        answer = str(data.get(f"pick-{i}", ""))
        chosen = next((m for m in close if f"m{m.pk}" == answer), None)
        if chosen is not None:
            picks[name] = chosen
        elif answer != "new":
            asks.append({"index": i, "name": name, "near": close})
    return asks, picks


@login_required
def members_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add members; a name like a member's is asked about first (张 伟, 張偉)."""
    club = _club(request, pk)
    form = MembersForm(request.POST or None)
    if request.method != "POST":
        return _back(club, "#members")
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors["names"]))
        return _back(club, "#members")
    names = form.cleaned_data["names"]
    asks, picks = _asks(club, names, request.POST)
    if asks:
        context = {"club": club, "form": form, "asks": asks, "action": request.path}
        return render(request, "season/near.html", context)
    added = 0
    with transaction.atomic():
        for name in names:
            if name not in picks:
                roster.add_member(club, name)
                added += 1
    messages.info(request, _("Members added: %(n)s.") % {"n": added})
    return _back(club, "#members")


@login_required
def member_page(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    club = _club(request, pk)
    found = _member(club, member)
    context = {
        **member_context(found),
        "rename_form": RenameForm(initial={"name": found.name}),
        "merge_form": MergeForm(member=found),
        **_link(request, "member-shared", found.share_token, _("Read-only player page")),
    }
    return render(request, "season/member.html", context)


@login_required
@to_club_on_get
def member_rename(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    club = _club(request, pk)
    found = _member(club, member)
    form = RenameForm(request.POST)
    if form.is_valid() and form.cleaned_data["name"]:
        roster.rename(found, form.cleaned_data["name"])
        messages.info(request, _("Renamed."))
    else:
        messages.error(request, _("Not renamed: type the new name."))
    return HttpResponseRedirect(reverse("member", args=[club.pk, found.pk]))


@login_required
@to_club_on_get
def member_merge(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    """Two records of one person become one, every hand kept."""
    club = _club(request, pk)
    found = _member(club, member)
    form = MergeForm(request.POST, member=found)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors.get("into", [])))
        return HttpResponseRedirect(reverse("member", args=[club.pk, found.pk]))
    into = form.cleaned_data["into"]
    name = found.name
    roster.merge(found, into)
    messages.info(request, _("%(old)s is merged into %(new)s.") % {"old": name, "new": into.name})
    return HttpResponseRedirect(reverse("member", args=[club.pk, into.pk]))


@login_required
def member_vs(request: HttpRequest, pk: int, member: int, other: int) -> HttpResponse:
    club = _club(request, pk)
    context = pair_context(_member(club, member), _member(club, other))
    return render(request, "season/pair.html", context)


@login_required
def member_csv(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    return exports.member_csv(_member(_club(request, pk), member))


@login_required
@to_club_on_get
def member_link(request: HttpRequest, pk: int, member: int) -> HttpResponse:
    """A read-only link to the player page, a new one, or none (revoked)."""
    found = _member(_club(request, pk), member)
    return _relinked(request, found, reverse("member", args=[pk, found.pk]))


def _relinked(request: HttpRequest, found: Member | Season, page: str) -> HttpResponse:
    """A shared page's link replaced by a new one, or revoked; back to the page."""
    found.share_token = "" if request.POST.get("revoke") else token()
    found.save(update_fields=["share_token"])
    return HttpResponseRedirect(page + "#link")


def _link(request: HttpRequest, name: str, shared: str, label: str) -> dict[str, Any]:
    if not shared:
        return {"link": "", "qr": ""}
    url = request.build_absolute_uri(reverse(name, args=[shared]))
    return {"link": url, "qr": qr_svg(url, label)}


@login_required
def evening_new(request: HttpRequest, pk: int) -> HttpResponse:
    """An evening set up from the club's roster: the event, and who plays."""
    club = _club(request, pk)
    form = EveningForm(request.POST or None, club=club, owner=_referee(request))
    asks: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        asks, picks = _asks(club, form.cleaned_data["newcomers"], request.POST)
        if not asks:
            with transaction.atomic():
                event = form.save(commit=False)
                event.owner = _referee(request)
                event.rank_points = form.cleaned_data["rank_points"]
                event.rules = dict(event.profile.rules) if event.profile else {}
                event.save()
                roster.enrol(
                    event,
                    club,
                    form.cleaned_data["members"],
                    form.cleaned_data["newcomers"],
                    form.cleaned_data["guests"],
                    picks,
                )
            return HttpResponseRedirect(reverse("event", args=[event.pk]))
    return render(request, "season/evening_new.html", {"club": club, "form": form, "asks": asks})


@login_required
@to_club_on_get
def evening_attach(request: HttpRequest, pk: int) -> HttpResponse:
    club = _club(request, pk)
    form = AttachForm(request.POST, owner=_referee(request))
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors.get("event", [])))
        return _back(club, "#evenings")
    event = form.cleaned_data["event"]
    roster.attach(club, event)
    return HttpResponseRedirect(reverse("evening-match", args=[club.pk, event.pk]))


def _club_event(request: HttpRequest, club: Club, event: int) -> Event:
    return get_object_or_404(Event, pk=event, club_evening__club=club)


@login_required
def evening_match(request: HttpRequest, pk: int, event: int) -> HttpResponse:
    """Each name of an evening tied to a member, a new member, or left a guest."""
    club = _club(request, pk)
    found = _club_event(request, club, event)
    if request.method == "POST":
        chosen = {
            entrant.pk: str(request.POST.get(f"e-{entrant.pk}", ""))
            for entrant in found.entrants.all()
        }
        roster.match(club, found, chosen)
        messages.info(request, _("The evening's names are matched."))
        return _back(club, "#evenings")
    members = list(club.members.all())
    tied = dict(Player.objects.filter(entrant__event=found).values_list("entrant", "member"))
    rows = []
    for entrant in found.entrants.all():
        close = near(entrant.name, members)
        if entrant.pk in tied:
            current = f"m{tied[entrant.pk]}" if tied[entrant.pk] else "guest"
        else:
            same = [m for m in close if m.key == key(entrant.name)]
            current = f"m{same[0].pk}" if same else "new"
        options = [
            *((f"m{m.pk}", m.name) for m in close),
            ("new", _("A new member of that name")),
            ("guest", _("A guest")),
            *((f"m{m.pk}", m.name) for m in members if m not in close),
        ]
        rows.append({"entrant": entrant, "options": options, "current": current})
    return render(request, "season/match.html", {"club": club, "event": found, "rows": rows})


@login_required
@to_club_on_get
def evening_detach(request: HttpRequest, pk: int, event: int) -> HttpResponse:
    club = _club(request, pk)
    roster.detach(club, _club_event(request, club, event))
    return _back(club, "#evenings")


@login_required
@to_club_on_get
def season_new(request: HttpRequest, pk: int) -> HttpResponse:
    club = _club(request, pk)
    form = SeasonForm(request.POST, club=club)
    if not form.is_valid():
        return render(request, "season/season_form.html", {"club": club, "form": form}, status=422)
    season = form.save(commit=False)
    season.club = club
    season.save()
    form.save_m2m()
    return HttpResponseRedirect(reverse("season", args=[club.pk, season.pk]))


def _season(club: Club, pk: int) -> Season:
    return get_object_or_404(Season, pk=pk, club=club)


@login_required
def season_detail(request: HttpRequest, pk: int, season: int) -> HttpResponse:
    club = _club(request, pk)
    found = _season(club, season)
    context = {
        **season_context(found),
        **_link(request, "season-shared", found.share_token, _("Read-only season table")),
    }
    return render(request, "season/season.html", context)


@login_required
def season_edit(request: HttpRequest, pk: int, season: int) -> HttpResponse:
    club = _club(request, pk)
    found = _season(club, season)
    form = SeasonForm(request.POST or None, instance=found, club=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        return HttpResponseRedirect(reverse("season", args=[club.pk, found.pk]))
    status = 422 if request.method == "POST" else 200
    return render(
        request,
        "season/season_form.html",
        {"club": club, "form": form, "season": found},
        status=status,
    )


@login_required
def season_csv(request: HttpRequest, pk: int, season: int) -> HttpResponse:
    return exports.season_csv(_season(_club(request, pk), season))


@login_required
@to_club_on_get
def season_link(request: HttpRequest, pk: int, season: int) -> HttpResponse:
    found = _season(_club(request, pk), season)
    return _relinked(request, found, reverse("season", args=[pk, found.pk]))


@login_required
def season_of_event(request: HttpRequest, event: int) -> HttpResponse:
    """From an evening's results into its club's season: the newest season
    that holds it, else the club's page; an evening of no club is offered one."""
    found = Event.objects.filter(pk=event).first()
    if found is None:
        raise Http404
    evening = Evening.objects.filter(event=found, club__keepers=_referee(request)).first()
    if evening is None:
        if found.owner_id != _referee(request).pk:
            raise Http404
        messages.info(request, _("This evening is kept by no club yet: attach it to one here."))
        return HttpResponseRedirect(reverse("clubs"))
    for season in evening.club.seasons.all():
        if season.events().filter(pk=found.pk).exists():
            return HttpResponseRedirect(reverse("season", args=[evening.club_id, season.pk]))
    messages.info(request, _("No season of the club holds this evening yet."))
    return _back(evening.club, "#seasons")


@login_required
def player_of_entrant(request: HttpRequest, entrant: int) -> HttpResponse:
    """From an evening's results to a player's page (a guest has none)."""
    player = (
        Player.objects.filter(
            entrant_id=entrant, entrant__event__club_evening__club__keepers=_referee(request)
        )
        .select_related("member")
        .first()
    )
    if player is None or player.member is None:
        found = Entrant.objects.filter(pk=entrant, event__owner=_referee(request)).first()
        if found is None:
            raise Http404
        messages.info(
            request,
            _("%(name)s played as a guest: a guest has no player page.") % {"name": found.name},
        )
        return HttpResponseRedirect(reverse("season-of-event", args=[found.event_id]))
    return HttpResponseRedirect(reverse("member", args=[player.member.club_id, player.member.pk]))
