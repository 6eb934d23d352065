"""What one calculator page and one /api/score cost the server, in process.

``make load`` measures throughput, which a shared machine moves by a quarter
from minute to minute; the CPU time one request takes moves far less, so a
change to the page is judged here first. The settings are the served
stack's (DEBUG off, the rate limits counting in the database), on a
throwaway SQLite database unless DATABASE_URL names another.

    python tests/load/page_cost.py time [-n 200]    median CPU ms per request
    python tests/load/page_cost.py profile [-n 50]  cProfile of the page and the API
    python tests/load/page_cost.py dump DIR         the HTML of STATES × languages

``dump`` twice (before and after a change) and ``diff -r`` the two
directories: a change meant to cost less must render the same bytes (the
CSRF token, different in every response, is masked).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PAGE = "/?r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw"
SCORE = (ROOT / "tests/load/score.json").read_bytes()
LANGUAGES = ("zh-hans", "zh-hant", "en")
# Every region, empty and scored; a hand short of its tile (the waits), too
# many tiles, errors, an egg being built, other seats' kongs, flowers, 包.
STATES = (
    PAGE,
    "/",
    "/?r=laosanfan&h=123m456m789m12p777z&s=S&d=E&b=self_draw",
    "/?r=laosanfan&h=1357m2468p13579s&w=1z",
    "/?r=laosanfan&h=13s66m888mx&w=2s",
    "/?r=laosanfan&m=k9999m+p555m+p111p+c123s&f=1f2f&s=S",
    "/?r=jinhu",
    "/?r=jinhu&h=123m456m789m1p&w=1p&m=p999s&s=S&d=E&b=discard&dc=W",
    "/?r=chuzhou&h=234m567m345p79s11z&w=8s&s=E&d=E&b=discard&dc=S&g=ready_declared",
    "/?r=chuzhou&s=S&d=E&h=2345p&m=c123m,x9999s,p111z&f=1f2f3f5f",
    "/?r=sanmen&h=4556p234789s&w=5p&m=c123m&s=S&d=E&b=discard&dc=W",
    "/?r=sanmen&h=123m456p789s11z22z&w=2z&s=E&d=E&b=self_draw&om=Wx8888m",
    "/?r=sanmen&n=3",
    "/?r=changchun&h=123m456m&s=S&d=E&e=egg.xuanfeng&pm=12z",
    "/?r=changchun&h=123m456p789s1155z&w=5z&s=E&d=E&g=ready_declared&t.bao_tile=9p",
    "/?r=guobiao&h=123m456m789m123p5p&w=5p&s=S&d=E&b=discard&dc=W&f=1f2f&t.round_wind=S",
    "/?r=guobiao&h=19m19p19s1234567z&s=S&d=E&b=self_draw",
)


def set_up() -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="calculator.settings",
        SECRET_KEY="page-cost-" + "x" * 40,
        DEBUG="0",
        SECURE="0",
        API_RATE_LIMIT="1000000000",
        PAGE_RATE_LIMIT="1000000000",
        LINK_RATE_LIMIT="1000000000",
        ALLOWED_HOSTS="127.0.0.1,testserver",
    )
    if not os.environ.get("DATABASE_URL"):
        os.environ["SQLITE_PATH"] = os.path.join(tempfile.mkdtemp(), "db.sqlite3")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def client():  # type: ignore[no-untyped-def]
    from django.test import Client

    return Client()


def page(c, path: str = PAGE, language: str = "zh-hans"):  # type: ignore[no-untyped-def]
    response = c.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (path, response.status_code)
    return response


def api(c, language: str = "zh-hans"):  # type: ignore[no-untyped-def]
    response = c.post(
        "/api/score", SCORE, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200, response.status_code
    return response


def bare(c):  # type: ignore[no-untyped-def]
    return c.get("/api/health")


def cpu_ms(call, n: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(n):
        start = time.process_time()
        call()
        out.append(1000 * (time.process_time() - start))
    return out


def timed(n: int) -> None:
    c = client()
    for language in LANGUAGES:  # the first of each language words what it caches
        page(c, language=language)
        api(c, language)
    for name, call in (
        ("bare /api/health", lambda: bare(c)),
        ("POST /api/score", lambda: api(c)),
        ("GET / (load's)", lambda: page(c)),
        ("GET / en", lambda: page(c, language="en")),
    ):
        got = cpu_ms(call, n)
        q = statistics.quantiles(got, n=10)
        print(
            f"{name:18} median {statistics.median(got):6.2f} ms CPU"
            f"   (p10 {q[0]:.2f}, p90 {q[-1]:.2f}, n={n})"
        )


def profiled(n: int) -> None:
    c = client()
    page(c)
    api(c)
    for name, call in (("GET /", lambda: page(c)), ("POST /api/score", lambda: api(c))):
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(n):
            call()
        prof.disable()
        print(f"===== {name} × {n}")
        stats = pstats.Stats(prof)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)


CSRF = re.compile(rb'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[A-Za-z0-9]*(")')


def dump(to: Path) -> None:
    to.mkdir(parents=True, exist_ok=True)
    c = client()
    for language in LANGUAGES:
        for i, path in enumerate(STATES):
            html = CSRF.sub(rb"\1-\2", page(c, path, language).content)
            (to / f"{language}-{i:02}.html").write_bytes(html)
        (to / f"{language}-api.json").write_bytes(api(c, language).content)
    print(f"{len(STATES)} pages and the API's answer in {len(LANGUAGES)} languages in {to}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("time", "profile", "dump"))
    parser.add_argument("dir", nargs="?", type=Path)
    parser.add_argument("-n", type=int, default=0)
    args = parser.parse_args()
    set_up()
    if args.what == "time":
        timed(args.n or 200)
    elif args.what == "profile":
        profiled(args.n or 50)
    else:
        if args.dir is None:
            parser.error("dump needs a directory")
        dump(args.dir)


if __name__ == "__main__":
    main()
