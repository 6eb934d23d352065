"""Rule profiles: a referee's named house rules for a region, to start sessions
from. Editing one later changes no session (each keeps the rules it was played
under). A share link shows it to another referee, who may copy it — never edit it.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from calculator.club.forms import ProfileForm, as_redrawn, choices_lost, profile_initial
from calculator.club.ledger import rules_in_words
from calculator.club.models import RuleProfile
from calculator.page.public import house_rules_read
from calculator.words.wording import region_name
from rules.regions import REGIONS


def _referee(request: HttpRequest) -> User:
    return cast(User, request.user)


def _own(request: HttpRequest, pk: int) -> RuleProfile:
    return get_object_or_404(RuleProfile, pk=pk, owner=_referee(request))


@login_required
def profile_list(request: HttpRequest) -> HttpResponse:
    profiles = [
        {"profile": p, "region": region_name(p.region), "rules": rules_in_words(p.region, p.rules)}
        for p in RuleProfile.objects.filter(owner=_referee(request))
    ]
    return render(request, "club/profiles.html", {"profiles": profiles})


def _redrawn(request: HttpRequest) -> bool:
    """The form came back to be drawn for another region, not to be saved."""
    return "redraw" in request.POST


def _sent(request: HttpRequest) -> ProfileForm:
    """The form as sent. Sent with the controls of another region than the one
    now picked (no script, or saved before the redraw came back), it is read as
    the redraw would have drawn it, and says at the region field that the rules
    below were just changed where a house rule set on screen would be lost."""
    post = request.POST
    if post.get("region") == post.get("shown_region"):
        return ProfileForm(post)
    typed = _typed(request)
    region, rules = typed["region"], typed["house_rules"]
    lost = choices_lost(post, region, rules)
    return ProfileForm(as_redrawn(post, region, rules), rules_changed="region" if lost else "")


def _form_page(
    request: HttpRequest, form: ProfileForm, profile: RuleProfile | None
) -> HttpResponse:
    context = {
        "form": form,
        "profile": profile,
        "house_rules": form.house_rule_fields(),
        "shown_region": form.region_key,
    }
    return render(request, "club/profile_form.html", context)


def _typed(request: HttpRequest) -> dict[str, Any]:
    region = str(request.POST.get("region") or "")
    return {
        "name": request.POST.get("name", ""),
        "region": region,
        "house_rules": house_rules_read(region, request.POST) if region in REGIONS else {},
    }


@login_required
def profile_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and not _redrawn(request):
        form = _sent(request)
        if form.is_valid():
            data = form.cleaned_data
            RuleProfile.objects.create(
                owner=_referee(request),
                name=data["name"],
                region=data["region"],
                rules=data["rules"],
            )
            return HttpResponseRedirect(reverse("profiles"))
        return _form_page(request, form, None)
    initial = _typed(request) if request.method == "POST" else {}
    return _form_page(request, ProfileForm(initial=initial), None)


@login_required
def profile_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Change a profile: the sessions already started from it keep their rules."""
    profile = _own(request, pk)
    if request.method == "POST" and not _redrawn(request):
        form = _sent(request)
        if form.is_valid():
            data = form.cleaned_data
            profile.name, profile.region, profile.rules = (
                data["name"],
                data["region"],
                data["rules"],
            )
            profile.save()
            return HttpResponseRedirect(reverse("profiles"))
        return _form_page(request, form, profile)
    initial = _typed(request) if request.method == "POST" else profile_initial(profile)
    return _form_page(request, ProfileForm(initial=initial), profile)


@login_required
@require_POST
def profile_delete(request: HttpRequest, pk: int) -> HttpResponse:
    _own(request, pk).delete()  # the sessions started from it keep their rules
    return HttpResponseRedirect(reverse("profiles"))


@login_required
@require_POST
def profile_share(request: HttpRequest, pk: int) -> HttpResponse:
    profile = _own(request, pk)
    if request.POST.get("revoke"):
        profile.share_token = ""
    else:
        profile.new_share_token()
    profile.save(update_fields=["share_token", "updated"])
    return HttpResponseRedirect(reverse("profiles"))


def _shared(token: str) -> RuleProfile:
    if not token:
        raise Http404
    return get_object_or_404(RuleProfile, share_token=token)


@login_required
def profile_shared(request: HttpRequest, token: str) -> HttpResponse:
    """Another referee's profile, read only, with a button to copy it."""
    profile = _shared(token)
    context = {
        "profile": profile,
        "region": region_name(profile.region),
        "rules": rules_in_words(profile.region, profile.rules),
        "mine": profile.owner_id == request.user.pk,
    }
    return render(request, "club/profile_shared.html", context)


@login_required
@require_POST
def profile_copy(request: HttpRequest, token: str) -> HttpResponse:
    profile = _shared(token)
    RuleProfile.objects.create(
        owner=_referee(request),
        name=profile.name,
        region=profile.region,
        rules=dict(profile.rules),
    )
    messages.info(request, _("The profile was copied to yours."))
    return HttpResponseRedirect(reverse("profiles"))
