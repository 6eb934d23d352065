"""Addresses that act on POST alone, and what they answer when opened with GET
(a reload of the page the POST answered, the back button): the page they came
from, never a blank 405, and nothing changed."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed

View = Callable[..., HttpResponse]


def back_on_get(back: Callable[[HttpRequest, int], HttpResponse]) -> Callable[[View], View]:
    """Decorate a view of ``(request, pk, …)`` that acts on POST: a GET or HEAD
    answers ``back(request, pk)`` (which checks the pk's owner, as the view
    would), any other method 405."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST":
                return view(request, pk, *args, **kwargs)
            if request.method in ("GET", "HEAD"):
                return back(request, pk)
            return HttpResponseNotAllowed(["POST"])

        return wrapped

    return decorate
