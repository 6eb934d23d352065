"""Signing in and up: a referee's account. Sign-in pauses a name (and address)
after repeated failures."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _


class RateLimitedAuthenticationForm(AuthenticationForm):
    """Sign-in that pauses a user name (and address) after repeated failures."""

    def _key(self) -> str:
        request = self.request
        address = request.META.get("REMOTE_ADDR", "") if request is not None else ""
        name = (self.data.get("username") or "").lower()
        return f"login-failures:{name}:{address}"

    def clean(self) -> dict[str, Any]:
        key = self._key()
        if cache.get(key, 0) >= settings.LOGIN_FAILURE_LIMIT:
            raise forms.ValidationError(
                _("Too many failed sign-ins. Wait a quarter of an hour and try again."),
                code="rate_limited",
            )
        try:
            return super().clean()
        except forms.ValidationError:
            cache.set(key, cache.get(key, 0) + 1, settings.LOGIN_FAILURE_WINDOW)
            raise


class SignInView(LoginView):
    form_class = RateLimitedAuthenticationForm
    template_name = "club/login.html"


def signup(request: HttpRequest) -> HttpResponse:
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return HttpResponseRedirect(reverse("sessions"))
    return render(request, "club/signup.html", {"form": form})
