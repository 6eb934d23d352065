"""Settings every test shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_api_rate_limit(settings: pytest.FixtureRequest) -> None:
    """Tests call the API far faster than any person; the limit has its own test."""
    settings.API_RATE_LIMIT = 0  # type: ignore[attr-defined]
