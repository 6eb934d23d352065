"""What the browser tests share: Debian's Chromium, screenshots, the tap-target
sweep, axe-core, and tapping with htmx. The fixtures (``browser``, ``phone``)
are in ``tests/conftest.py``; the tests skip with a reason where no chromium
is installed; ``make test`` installs it first where it can (as root with
apt), so CI always runs them.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}

# Playwright's sync API keeps an event loop in this thread; Django's test
# database set-up is plain synchronous code and is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def as_signed_in(context, base_url: str, client, language: str) -> None:  # type: ignore[no-untyped-def]
    """The browser ``context`` signed in as the test ``client`` is (its session
    cookie), reading the site at ``base_url`` in ``language``."""
    host = base_url.split("//", 1)[1].split(":")[0]
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "domain": host,
                "path": "/",
            },
            {"name": "django_language", "value": language, "domain": host, "path": "/"},
        ]
    )


def shot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# axe-core from the npm registry (tests/browser/package.json; make installs it).
AXE_FILE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
AXE = AXE_FILE if AXE_FILE.exists() else None


SERIOUS = ("serious", "critical")
ABOVE_MINOR = ("moderate", "serious", "critical")


def axe_violations(page, impacts: tuple[str, ...] = SERIOUS) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    """axe-core's findings of these ``impacts`` on the page as it stands
    (serious and critical unless asked for more)."""
    assert AXE is not None
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (impacts) => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations
                .filter(v => impacts.includes(v.impact))
                .map(v => ({id: v.id, impact: v.impact,
                            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
        }""",
        list(impacts),
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


def tap(page, selector: str, force: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Tap and wait for htmx to finish swapping (``force``: a control marked
    aria-disabled, which a finger still taps)."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.tap(selector, force=force)
    settle(page)


def settle(page) -> None:  # type: ignore[no-untyped-def]
    until(page, "() => !document.querySelector('.htmx-request')")


def until(page, condition: str, seconds: float = 10) -> None:  # type: ignore[no-untyped-def]
    """Wait for a condition in the page (Playwright's wait_for_function evaluates
    a string, which the page's Content-Security-Policy refuses)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(condition):
        if time.monotonic() > deadline:
            raise TimeoutError(condition)
        time.sleep(0.01)
