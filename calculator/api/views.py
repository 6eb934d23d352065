"""The JSON API: ``POST /api/score`` answers a hand's score (with
``"readings": true``, also the house rules that would change it); ``POST
/api/waits`` what would win a hand short of one tile, and for how much."""

from __future__ import annotations

from typing import Any

import orjson
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from rules.engine import score_json
from rules.waits import waits

# An answer lists at most this many errors and says how many more there were,
# so that no answer is much larger than the request that asked it.
MAX_ERRORS = 20


def answer(result: dict[str, Any]) -> HttpResponse:
    """An engine answer: 200 when ok, else 400. orjson writes UTF-8 as is (the
    breakdown is Chinese) and several times faster than json, which the
    scoring endpoints feel under load."""
    errors = result.get("errors") or []
    if len(errors) > MAX_ERRORS:
        result = {**result, "errors": errors[:MAX_ERRORS], "more_errors": len(errors) - MAX_ERRORS}
    return HttpResponse(
        orjson.dumps(result),
        content_type="application/json",
        status=200 if result["ok"] else 400,
    )


def _bad_json(message: str) -> JsonResponse:
    body = {"ok": False, "errors": [{"field": "", "code": "bad_json", "message": message}]}
    return JsonResponse(body, status=400, json_dumps_params={"ensure_ascii": False})


def decode(request: HttpRequest) -> tuple[Any, JsonResponse | None]:
    try:
        body = request.body
    except RequestDataTooBig:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        error = {"field": "", "code": "too_large", "message": f"a hand is under {limit} bytes"}
        return None, JsonResponse({"ok": False, "errors": [error]}, status=413)
    try:
        return orjson.loads(body), None
    except orjson.JSONDecodeError as e:
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            return None, _bad_json("the body must be UTF-8 JSON")
        return None, _bad_json(f"the body is not JSON: {e.msg} at line {e.lineno} column {e.colno}")


# The API is called by scripts and other sites' pages, which hold no CSRF
# cookie; it changes nothing stored, so there is nothing to forge.
@csrf_exempt
@require_POST
def score_view(request: HttpRequest) -> HttpResponse:
    raw, error = decode(request)
    if error is not None:
        return error
    return answer(score_json(raw))


@csrf_exempt
@require_POST
def waits_view(request: HttpRequest) -> HttpResponse:
    raw, error = decode(request)
    if error is not None:
        return error
    return answer(waits(raw))


def health(request: HttpRequest) -> JsonResponse:
    """For load balancers, and the bare view ``make load`` compares against."""
    return JsonResponse({"ok": True})
