"""What readings cost: a hand scored with ``"readings": true`` beside scored alone.

    .venv/bin/python tests/bench/readings.py [ROUNDS]

For each region, two hands: its golden readings case (``tests/cases/<region>/
readings.toml``) and the golden case slowest to score with readings. Each is
timed through ``score_json`` alone and with readings, interleaved round by
round, warm (the engine's caches as a running server keeps them) and cold
(every cache cleared before each call). Printed: the median time of each, the
ratio, and how many option values were tried. Reported, not asserted. Runs
the engine as it is on the machine: compiled when ``make compile`` has built it.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

from calculator.teaching.cases import load_cases
from rules import engine
from rules.engine import score_json
from rules.regions import REGIONS, guobiao, laosanfan


def clear() -> None:
    engine.clear_caches()
    laosanfan._worked_out.cache_clear()
    guobiao.fans_of.cache_clear()


def once(call: Callable[[], Any], cold: bool) -> float:
    if cold:
        clear()
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def measure(hand: dict[str, Any], rounds: int, cold: bool) -> tuple[float, float]:
    asked = {**hand, "readings": True}
    alone: list[float] = []
    with_readings: list[float] = []
    for _ in range(rounds):
        alone.append(once(lambda: score_json(hand), cold))
        with_readings.append(once(lambda: score_json(asked), cold))
    return statistics.median(alone), statistics.median(with_readings)


def slowest(region: str) -> tuple[str, dict[str, Any]]:
    found = []
    for name, case in load_cases():
        if name.startswith(f"{region}/") and score_json(case["hand"])["ok"]:
            call = lambda asked={**case["hand"], "readings": True}: score_json(asked)  # noqa: E731
            found.append((min(once(call, True) for _ in range(3)), name))
    _t, name = max(found)
    return name, dict(load_cases())[name]["hand"]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"engine: {engine.__file__}")
    print(f"{'hand':58} {'tried':>5} {'alone µs':>9} {'readings µs':>11} {'ratio':>6}")
    for region in sorted(REGIONS):
        own = next(n for n, _c in load_cases() if n.startswith(f"{region}/readings::"))
        hands = [(own, dict(load_cases())[own]["hand"]), slowest(region)]
        for name, hand in hands:
            tried = score_json({**hand, "readings": True})["readings_tried"]
            for cold in (False, True):
                alone, readings = measure(hand, rounds, cold)
                label = f"{name} ({'cold' if cold else 'warm'})"
                print(
                    f"{label[:58]:58} {tried:>5} {alone * 1e6:>9.0f} {readings * 1e6:>11.0f}"
                    f" {readings / alone:>6.1f}"
                )


if __name__ == "__main__":
    main()
