"""Who is asking: the client's address, as the rate limits and django-axes
count it.

Behind ``TRUSTED_PROXIES`` proxies (nginx in front of gunicorn is one) the
connecting address is the nearest proxy's, the same for everyone, and the
client's is the one those proxies wrote into ``X-Forwarded-For``: each
appends the address it was connected from, so the client's is the
``TRUSTED_PROXIES``-th from the right. Whatever stands left of it was sent by
the client and proves nothing. With no trusted proxy the header is ignored
altogether: anyone can send one.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    remote = str(request.META.get("REMOTE_ADDR") or "")
    hops = settings.TRUSTED_PROXIES
    if hops <= 0:
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [a for a in forwarded if a]
    if not forwarded:
        return remote  # not through the proxies (a health check on loopback)
    written = forwarded[-hops] if len(forwarded) >= hops else forwarded[0]
    try:
        return str(ipaddress.ip_address(written))
    except ValueError:
        # Not an address our proxies would write: the header did not come
        # through them, so it counts as the connection's.
        return remote
