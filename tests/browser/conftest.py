"""Headless Chromium (Debian's package) driven by Playwright, against a live server.

The tests skip with a reason where no chromium is installed; ``make test``
installs it first where it can (as root with apt), so CI always runs them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}

# Playwright's sync API keeps an event loop in this thread; Django's test
# database set-up is plain synchronous code and is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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


@pytest.fixture
def phone(browser, live_server):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
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


def shot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
