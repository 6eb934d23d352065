"""The practice pages (being built: the drill, progress, drill sets)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def drill(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/drill.html", {})
