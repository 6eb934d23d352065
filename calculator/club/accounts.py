"""A referee's account: sign in, sign up, change the password.

Sign-in failures are django-axes's to count and lock out (settings: per name
and address together, every sign-in form, the admin's included). Signing up costs
a password hash, so an address may open only a few accounts an hour.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, PasswordChangeDoneView, PasswordChangeView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme

from calculator.addresses import client_address

SIGNUP_WINDOW = 60 * 60


class SignInView(LoginView):
    template_name = "club/login.html"


class PasswordChange(PasswordChangeView):
    template_name = "club/password_change.html"
    success_url = reverse_lazy("password-change-done")


class PasswordChangeDone(PasswordChangeDoneView):
    template_name = "club/password_change_done.html"


def _signups_from(address: str) -> int:
    """Count one more sign-up attempt from this address in the current hour."""
    key = f"signups:{address}:{int(time.time() // SIGNUP_WINDOW)}"
    if cache.add(key, 1, SIGNUP_WINDOW + 60):
        return 1
    return int(cache.incr(key))


def _next_of(request: HttpRequest) -> str:
    """Where the sign-up was asked from (a teacher from the drill sets goes
    back there), if it is a page of this site; else the referee's sessions."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return ""


def signup(request: HttpRequest) -> HttpResponse:
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    next_url = _next_of(request)
    if request.method == "POST":
        if _signups_from(client_address(request)) > settings.SIGNUP_LIMIT:
            return render(request, "429.html", status=429)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return HttpResponseRedirect(next_url or reverse("sessions"))
    return render(request, "club/signup.html", {"form": form, "next": next_url})
