"""Settings every test shares."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.support import CHROMIUM, PHONE


@pytest.fixture(autouse=True)
def _no_rate_limits(settings: pytest.FixtureRequest) -> None:
    """Tests call the API and the page far faster than any person; the limits
    have their own tests."""
    settings.API_RATE_LIMIT = 0  # type: ignore[attr-defined]
    settings.PAGE_RATE_LIMIT = 0  # type: ignore[attr-defined]


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
