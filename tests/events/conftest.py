"""Settings for the events' tests."""

from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def _quick_polls(request: pytest.FixtureRequest, settings: Settings) -> None:
    """Phones in Chromium ask again every second rather than every five or
    eight: the tests wait for one phone to see what another did, and nothing
    else changes with the interval."""
    if request.node.get_closest_marker("browser"):
        settings.POLL_SECONDS = {"table": 1, "standings": 1}
