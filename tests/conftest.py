"""Settings every test shares."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.browser.support import CHROMIUM, PHONE

# What the PostgreSQL pass (tests/postgres.sh) runs: the tests that reach the
# database. The rest (the engine, notation, wording …) read none and ran once
# already on SQLite; so did the browser tests, whose database is incidental,
# but for those with several phones at one table at once.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def _reaches_the_database(item: pytest.Item) -> bool:
    if item.get_closest_marker("browser"):
        return item.get_closest_marker("several_phones") is not None
    return bool(
        item.get_closest_marker("django_db")
        or item.get_closest_marker("served")
        or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not os.environ.get("DATABASE_TESTS_ONLY"):
        return
    kept, dropped = [], []
    for item in items:
        (kept if _reaches_the_database(item) else dropped).append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept


@pytest.fixture(autouse=True)
def _no_rate_limits(settings: pytest.FixtureRequest) -> None:
    """Tests call the API and the page far faster than any person; the limits
    have their own tests."""
    settings.API_RATE_LIMIT = 0  # type: ignore[attr-defined]
    settings.PAGE_RATE_LIMIT = 0  # type: ignore[attr-defined]
    settings.LINK_RATE_LIMIT = 0  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (make test installs it where apt can)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _no_page_outlives_its_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A table's page asks the server again every few seconds: one left open
    after its test would keep asking the live server while later tests run
    (and Django's test client re-raises any request's failure in whichever
    test is running). Every browser context a test opened is closed after it."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture
def phone(browser, live_server):  # type: ignore[no-untyped-def]
    # A player in mainland China: the browser asks for simplified Chinese.
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, has_touch=True, locale="zh-CN"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base_url = live_server.url  # type: ignore[attr-defined]
    # Our own pages must never trip the Content-Security-Policy.
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    yield page
    context.close()
    assert not violations, violations
