"""A club's roster kept: members added, renamed and merged, an evening's
players tied to members (or left guests), an old evening attached. Every
change that can move a rating moves the club's version."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db import transaction

from calculator.events.models import Entrant, Event
from calculator.season.kept import rebuild
from calculator.season.models import Club, Evening, Member, Player
from calculator.season.names import key


def add_member(club: Club, name: str) -> Member:
    return Member.objects.create(club=club, name=name, key=key(name))


def rename(member: Member, name: str) -> None:
    member.name, member.key = name, key(name)
    member.save(update_fields=["name", "key"])


def merge(member: Member, into: Member) -> int:
    """Every evening ``member`` played becomes ``into``'s; ``member`` goes. The
    hands are untouched: they belong to the evenings' rosters. Returns the
    number of evenings' places moved."""
    if member.pk == into.pk or member.club_id != into.club_id:
        raise ValueError("a member merges into another member of the same club")
    with transaction.atomic():
        moved = Player.objects.filter(member=member).update(member=into)
        member.delete()
        into.club.bump()
    return moved


def enrol(
    event: Event,
    club: Club,
    members: Iterable[Member],
    newcomers: Iterable[str],
    guests: Iterable[str],
    picks: Mapping[str, Member],
) -> None:
    """The evening's roster: the members chosen, the new names (each as a new
    member, or as the member ``picks`` says it means), and the guests."""
    Evening.objects.get_or_create(event=event, defaults={"club": club})
    playing: list[Member] = list(members)
    for name in newcomers:
        chosen = picks.get(name)
        playing.append(chosen if chosen is not None else add_member(club, name))
    seen: set[int] = set()
    for member in playing:
        if member.pk in seen:
            continue
        seen.add(member.pk)
        entrant = Entrant.objects.create(event=event, name=member.name)
        Player.objects.create(entrant=entrant, member=member)
    for name in guests:
        entrant = Entrant.objects.create(event=event, name=name)
        Player.objects.create(entrant=entrant, member=None)
    event.bump()
    club.bump(event.date)


def attach(club: Club, event: Event) -> None:
    """An evening played before joins the club; its results are kept from its hands."""
    with transaction.atomic():
        Evening.objects.update_or_create(event=event, defaults={"club": club})
        rebuild(event)
        club.bump(event.date)


def detach(club: Club, event: Event) -> None:
    with transaction.atomic():
        Evening.objects.filter(club=club, event=event).delete()
        Player.objects.filter(entrant__event=event).delete()
        club.bump(event.date)


def match(club: Club, event: Event, chosen: Mapping[int, str]) -> None:
    """Tie each entrant of ``event`` to what was chosen for them: "m<id>" a
    member, "new" a new member of that name, "guest" nobody."""
    members = {m.pk: m for m in Member.objects.filter(club=club)}
    with transaction.atomic():
        for entrant in Entrant.objects.filter(event=event):
            choice = chosen.get(entrant.pk, "")
            member: Member | None = None
            if choice.startswith("m") and choice[1:].isdigit():
                member = members.get(int(choice[1:]))
            elif choice == "new":
                member = add_member(club, entrant.name)
                members[member.pk] = member
            elif choice != "guest":
                continue
            Player.objects.update_or_create(entrant=entrant, defaults={"member": member})
        club.bump(event.date)
