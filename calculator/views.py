"""The pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from rules.regions import REGIONS


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "calculator/index.html", {"regions": REGIONS.values()})
