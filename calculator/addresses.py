"""Who is asking, and where they are: the client's address, as the rate
limits and django-axes count it; the site's public address, as every
absolute link and QR code is written.

Behind ``TRUSTED_PROXIES`` proxies (nginx in front of gunicorn is one) the
connecting address is the nearest proxy's, the same for everyone, and the
client's is the one those proxies wrote into ``X-Forwarded-For``: each
appends the address it was connected from, so the client's is the
``TRUSTED_PROXIES``-th from the right. Whatever stands left of it was sent by
the client and proves nothing. With no trusted proxy the header is ignored
altogether: anyone can send one.

The public address is ``PUBLIC_URL`` where it is set, else the one the
browser asked for, as the trusted proxies pass it (settings:
``USE_X_FORWARDED_HOST``/``PORT``, ``SECURE_PROXY_SSL_HEADER``).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from django.utils.functional import lazy


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


def public_url(request: HttpRequest, path: str) -> str:
    """``path`` (``/t/…/``) as the absolute address a player opens."""
    return settings.PUBLIC_URL + path if settings.PUBLIC_URL else request.build_absolute_uri(path)


def public_origin(request: HttpRequest) -> str:
    return settings.PUBLIC_URL or f"{request.scheme}://{request.get_host()}"


def origin(request: HttpRequest) -> dict[str, object]:
    """Context processor: ``{{ public_origin }}`` before an address in a
    template, worked out only where a template writes it."""
    return {"public_origin": lazy(public_origin, str)(request)}
