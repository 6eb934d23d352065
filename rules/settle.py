"""Payment helpers shared by the regions: integers, and nets that sum to zero."""

from __future__ import annotations

from collections.abc import Iterable

from rules.hand import Payment


def net_of(payments: Iterable[Payment], seats: Iterable[str]) -> dict[str, int]:
    net = dict.fromkeys(seats, 0)
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    if sum(net.values()) != 0:  # pragma: no cover - payments move money, never make it
        raise AssertionError(f"net does not sum to zero: {net}")
    return net


def round_up(amount: int, step: int) -> int:
    """超一進十: anything over a multiple of ``step`` goes up to the next one."""
    return -(-amount // step) * step
