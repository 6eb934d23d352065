"""``make bench-page``: how fast the calculator answers a tap, in a real browser.

Serves the app with gunicorn on loopback (production settings, one worker),
then enters the seed's 老三番 example in headless Chromium at 390×844 — the
14 taps a player makes — and reports for each: the time from the tap to the
updated screen (the click, the request, the morph, the next frame), the bytes
of HTML that came back and the server's time to first byte. Then again with
Chromium's CPU throttled 4× (a mid-range phone), and the first view's size
compressed. Reported, never asserted: machines differ; the targets are a
median ≤ 100 ms, ≤ 250 ms throttled, and a first view ≤ 100 KB.

Then the rules pages (``/rules/`` and each region's), in each language: the
time a request takes on loopback (the median of several, and the first, which
words the page's items once for the process), the HTML as sent compressed,
the first view compressed (the HTML and the files it loads), and opening one
item's example hands (the first fetch scores and draws them; later ones are
cached). Targets: ≤ 100 ms and a first view ≤ 60 KB compressed.
``python tests/bench/taps.py --rules`` measures the rules pages alone.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
PORT = int(os.environ.get("BENCH_PORT", "8766"))
BASE = f"http://127.0.0.1:{PORT}"
TAPS = [
    "#stake input[value=yao_ban_liu]",
    "#who input[name=s][value=S]",
    "#entry-kong",
    "#tap-9m",
    "#entry-pong",
    "#tap-5m",
    *(f"#tap-{code}" for code in ["1s", "3s", "6m", "6m", "8m", "8m", "8m", "2s"]),
]

# Times each tap in the page itself: from the click to the frame after htmx settles.
PROBE = """
window.__taps = [];
document.addEventListener('click', () => { window.__t0 = performance.now(); }, true);
document.addEventListener('htmx:afterSettle', () => {
  requestAnimationFrame(() => setTimeout(() => {
    window.__taps.push(performance.now() - window.__t0);
  }, 0));
});
"""


def serve(directory: str) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "SECRET_KEY": "bench-only-" + "x" * 40,
        "DEBUG": "0",
        "SECURE": "0",
        "API_RATE_LIMIT": "0",
        "PAGE_RATE_LIMIT": "0",
        "LINK_RATE_LIMIT": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SQLITE_PATH": f"{directory}/db.sqlite3",
    }
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    server = subprocess.Popen(
        [python, "-m", "gunicorn", "calculator.wsgi", "-b", f"127.0.0.1:{PORT}", "-w", "1"],
        cwd=ROOT,
        env=env,
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(f"{BASE}/api/health", timeout=1)
            return server
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def run(page: Page) -> dict[str, list[float]]:
    sizes: list[float] = []
    ttfb: list[float] = []

    def seen(response) -> None:  # type: ignore[no-untyped-def]
        if response.request.method == "POST":
            sizes.append(len(response.body()))
            timing = response.request.timing
            ttfb.append(timing["responseStart"] - timing["requestStart"])

    page.on("response", seen)
    page.goto(BASE + "/")
    page.evaluate(PROBE)
    for selector in TAPS:
        count = page.evaluate("window.__taps.length")
        page.tap(selector)
        deadline = time.monotonic() + 15
        while page.evaluate("window.__taps.length") <= count:
            if time.monotonic() > deadline:
                raise TimeoutError(selector)
            time.sleep(0.005)
    page.remove_listener("response", seen)
    return {"tap": page.evaluate("window.__taps"), "bytes": sizes, "ttfb": ttfb}


def first_view_bytes(page: Page) -> int:
    html = urllib.request.urlopen(BASE + "/").read()
    total = len(gzip.compress(html))
    for url in set(re.findall(rb'(?:src|href)="(/static/[^"#]+)', html)):
        total += len(gzip.compress(urllib.request.urlopen(BASE + url.decode()).read()))
    return total


RULES_REPEAT = 9
LANGUAGES = ("zh-hans", "zh-hant", "en")
_static_sizes: dict[str, int] = {}


def fetch(path: str, language: str) -> tuple[float, int, bytes]:
    """(milliseconds, bytes as sent, the HTML) of one GET that accepts gzip."""
    request = urllib.request.Request(
        BASE + path, headers={"Accept-Encoding": "gzip", "Cookie": f"django_language={language}"}
    )
    start = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        sent = response.read()
        packed = response.headers.get("Content-Encoding") == "gzip"
    elapsed = (time.perf_counter() - start) * 1000
    return elapsed, len(sent), gzip.decompress(sent) if packed else sent


def static_bytes(html: bytes) -> int:
    """The files a page loads, compressed as whitenoise serves them."""
    total = 0
    for url in set(re.findall(rb'(?:src|href)="(/static/[^"#]+)', html)):
        name = url.decode()
        if name not in _static_sizes:
            _static_sizes[name] = len(gzip.compress(urllib.request.urlopen(BASE + name).read()))
        total += _static_sizes[name]
    return total


def rules_pages() -> None:
    index = fetch("/rules/", "zh-hans")[2]
    paths = [
        "/rules/",
        *dict.fromkeys(p.decode() for p in re.findall(rb'href="(/rules/[a-z]+/)"', index)),
    ]
    print(
        f"rules pages: median of {RULES_REPEAT} requests (first request), HTML sent compressed"
        " (uncompressed), first view compressed; one item's examples, first fetch / median"
    )
    worst_time = worst_view = 0.0
    for language in LANGUAGES:
        for path in paths:
            first, sent, html = fetch(path, language)
            times = [fetch(path, language)[0] for _ in range(RULES_REPEAT)]
            median = statistics.median(times)
            view = (sent + static_bytes(html)) / 1024
            worst_time, worst_view = max(worst_time, median), max(worst_view, view)
            line = (
                f"  {language:<8}{path:<22}{median:6.1f} ms ({first:6.1f})"
                f"  HTML {sent / 1024:5.1f} KB ({len(html) / 1024:6.1f})  first view {view:5.1f} KB"
            )
            examples = re.search(rb'hx-get="(/rules/[^"]+/examples/)"', html)
            if examples:
                url = examples[1].decode()
                cold = fetch(url, language)[0]
                warm = statistics.median(fetch(url, language)[0] for _ in range(RULES_REPEAT))
                line += f"  examples {cold:5.1f} / {warm:4.1f} ms"
            print(line)
    print(
        f"rules pages, worst median {worst_time:.1f} ms (target ≤ 100),"
        f" worst first view {worst_view:.1f} KB compressed (target ≤ 60)"
    )


# The slowest hand to score with its readings: 三门, four wild 白板 (sanmen/hu_xing's
# si_cai_shen case), every house rule of the region tried once more.
SLOWEST = "/?r=sanmen&h=123m456p789s1s555z&w=5z&s=S&d=E&b=self_draw"


def readings_page() -> None:
    """The calculator page's server time for the slowest hand, which scores
    its other readings too (tests/bench/readings.py times them apart)."""
    fetch(SLOWEST, "zh-hans")
    times = [fetch(SLOWEST, "zh-hans")[0] for _ in range(RULES_REPEAT)]
    print(
        f"calculator page, slowest hand with its readings: median {statistics.median(times):.1f} ms"
        f" of {RULES_REPEAT} requests (python tests/bench/readings.py: what the readings add)"
    )


def report(name: str, got: dict[str, list[float]]) -> None:
    taps = got["tap"]
    print(
        f"{name:<22} tap→screen median {statistics.median(taps):6.1f} ms"
        f" (p90 {sorted(taps)[int(len(taps) * 0.9) - 1]:6.1f}, max {max(taps):6.1f});"
        f" server to first byte median {statistics.median(got['ttfb']):5.1f} ms;"
        f" HTML per tap median {statistics.median(got['bytes']) / 1024:5.1f} KB"
    )


def main() -> None:
    only_rules = "--rules" in sys.argv[1:]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None and not only_rules:
        sys.exit("bench-page: Debian's chromium is needed (apt-get install chromium)")
    directory = tempfile.mkdtemp()
    server = serve(directory)
    try:
        if only_rules:
            rules_pages()
            return
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            for throttle in (1, 4):
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, has_touch=True
                )
                page = context.new_page()
                if throttle > 1:
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                run(page)  # warm: the server's and the browser's caches
                report(f"CPU ×{throttle} ({len(TAPS)} taps)", run(page))
                context.close()
            page = browser.new_page()
            print(f"first view, compressed  {first_view_bytes(page) / 1024:.1f} KB")
            browser.close()
        readings_page()
        rules_pages()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
