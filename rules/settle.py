"""Payment helpers shared by the regions: integers, and nets that sum to zero."""

from __future__ import annotations

from rules.hand import Payment

# JSON readers other than Python's (JavaScript's first) hold whole numbers
# exactly only up to 2**53 - 1: an amount beyond it is refused, never rounded.
MAX_EXACT = 2**53 - 1


class AmountTooLarge(Exception):
    """A streak doubles the money past ``MAX_EXACT``: found before the amount
    is computed, which for a long enough streak could not be done at all."""


def doubling(times: int) -> int:
    """``2 ** times``, the factor a streak doubles every amount by.

    Raises ``AmountTooLarge``, without computing it, when the factor alone
    is past ``MAX_EXACT``: for a factor of amounts that are whole numbers
    ≥ 1, whose products are past it too.
    """
    if times >= MAX_EXACT.bit_length():
        raise AmountTooLarge
    return 1 << times


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
