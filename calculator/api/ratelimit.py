"""A per-address rate limit on ``/api/*``: 429 with a clear body past it.

Counts live in the cache (Redis through ``CACHE_URL`` when several
instances serve), in fixed one-minute windows.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


class ApiRateLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.API_RATE_LIMIT
        if limit > 0 and request.path.startswith("/api/") and request.path != "/api/health":
            window = int(time.time() // 60)
            key = f"api-rate:{request.META.get('REMOTE_ADDR', '')}:{window}"
            if cache.add(key, 1, 61):
                count = 1
            else:
                try:
                    count = cache.incr(key)
                except ValueError:  # expired between add and incr
                    cache.add(key, 1, 61)
                    count = 1
            if count > limit:
                retry = 60 - int(time.time() % 60)
                body = {
                    "ok": False,
                    "errors": [
                        {
                            "field": "",
                            "code": "rate_limited",
                            "message": f"more than {limit} requests a minute from this address; "
                            f"try again in {retry} s",
                        }
                    ],
                }
                if "text/html" in request.headers.get("Accept", ""):
                    response: HttpResponse = render(request, "429.html", status=429)
                else:
                    response = JsonResponse(body, status=429)
                response["Retry-After"] = str(retry)
                return response
        return self.get_response(request)
