"""Slow phones against a server: N connections trickling their headers and N
their bodies, a byte a second, held for a while (a closed one is opened
again), while ``/`` is asked for every half second. Prints how ``/``
answered. Loopback only; stops by itself.

    python tests/load/slow_clients.py 127.0.0.1 8000 [--hold 20] [--each 8]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import threading
import time
import urllib.request


def trickle(host: str, port: int, body: bool, until: float, opened: list[int]) -> None:
    head = (
        f"POST /api/score HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        "Content-Length: 20000\r\n\r\n{"
        if body
        else f"GET / HTTP/1.1\r\nHost: {host}\r\nUser-Agent: slow\r\n"
    )
    while time.monotonic() < until:
        try:
            with socket.create_connection((host, port), timeout=5) as s:
                opened.append(1)
                s.sendall(head.encode())
                while time.monotonic() < until:
                    time.sleep(1)
                    s.sendall(b" " if body else b"X-Slow: 1\r\n")
        except OSError:
            time.sleep(0.2)  # closed by the server: open another


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("--hold", type=float, default=20)
    parser.add_argument("--each", type=int, default=8)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    until = time.monotonic() + args.hold
    opened: list[int] = []
    threads = [
        threading.Thread(
            target=trickle, args=(args.host, args.port, body, until, opened), daemon=True
        )
        for body in (False, True)
        for _ in range(args.each)
    ]
    for t in threads:
        t.start()
    time.sleep(1)  # let them take hold
    times: list[float] = []
    failed = 0
    url = f"http://{args.host}:{args.port}/"
    while time.monotonic() < until:
        start = time.monotonic()
        try:
            with urllib.request.urlopen(url, timeout=max(1.0, until - start + 5)) as r:
                r.read()
            times.append(time.monotonic() - start)
        except OSError:
            failed += 1
        time.sleep(max(0.0, 0.5 - (time.monotonic() - start)))
    late = sum(1 for t in times if t > 2)
    slowest = max(times, default=float("nan"))
    print(
        f"{args.label}{args.each} slow-header + {args.each} slow-body connections held "
        f"{args.hold:.0f} s ({len(opened)} opened): / answered {len(times)} times, "
        f"median {statistics.median(times) if times else float('nan'):.3f} s, "
        f"slowest {slowest:.3f} s, over 2 s {late}, failed {failed}"
    )


if __name__ == "__main__":
    main()
