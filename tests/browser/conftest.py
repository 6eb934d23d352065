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


def shot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# axe-core from the npm registry (tests/browser/package.json; make installs it).
AXE_FILE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
AXE = AXE_FILE if AXE_FILE.exists() else None


def axe_violations(page) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    """axe-core's serious and critical findings on the page as it stands."""
    assert AXE is not None
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations
                .filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => ({id: v.id, impact: v.impact,
                            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
        }"""
    )
    return list(found)


# Everything a finger can press; a radio or checkbox drawn as a big choice is
# stretched over its label, so it is measured as drawn.
INTERACTIVE = (
    "a[href], button, input:not([type=hidden]), select, textarea, summary, "
    "[tabindex]:not([tabindex='-1'])"
)


def small_targets(page, minimum: int = 44) -> list[str]:  # type: ignore[no-untyped-def]
    """Every visible control smaller than ``minimum`` × ``minimum`` CSS px."""
    return list(
        page.evaluate(
            """([selector, minimum]) => {
                const out = [];
                for (const el of document.querySelectorAll(selector)) {
                    const r = el.getBoundingClientRect();
                    if (r.width === 0 && r.height === 0) continue;  // not drawn
                    if (getComputedStyle(el).visibility === 'hidden') continue;
                    if (r.width + 0.5 < minimum || r.height + 0.5 < minimum) {
                        const what = el.id || el.getAttribute('name') || el.textContent.trim().slice(0, 20);
                        out.push(`${el.tagName.toLowerCase()} ${what} ${Math.round(r.width)}×${Math.round(r.height)}`);
                    }
                }
                return out;
            }""",
            [INTERACTIVE, minimum],
        )
    )
