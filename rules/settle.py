"""Payment helpers shared by the regions: integers, and nets that sum to zero."""

from __future__ import annotations

from rules.hand import Payment


def net_of(payments: tuple[Payment, ...], seats: tuple[str, ...]) -> dict[str, int]:
    """Each seat's gain (or loss): every payment moves its amount from payer
    to payee, so the nets sum to zero by construction."""
    net = {seat: 0 for seat in seats}
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return net


def round_up(amount: int, step: int) -> int:
    """超一進十: anything over a multiple of ``step`` goes up to the next one."""
    return -(-amount // step) * step
