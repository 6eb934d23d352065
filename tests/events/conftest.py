"""Settings for the events' tests."""

from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def _quick_polls(request: pytest.FixtureRequest, settings: Settings) -> None:
    """Phones at one table ask again every second rather than every eight:
    the tests wait for one phone to see what another did, and nothing else
    changes with the interval."""
    if request.node.get_closest_marker("several_phones"):
        settings.POLL_SECONDS = {"table": 1, "standings": 1}
