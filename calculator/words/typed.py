"""Names people type (players, sessions): shown as typed, but never able to
reorder the page around them. Bidi overrides and zero-width characters are
dropped on the way in, and every name is drawn inside its own ``<bdi>``."""

from __future__ import annotations

import unicodedata

# Format characters (bidi embeddings, overrides and isolates, zero-width
# spaces and joiners, the byte-order mark) and control characters.
_INVISIBLE = {"Cf", "Cc"}


def without_controls(text: str) -> str:
    return "".join(ch for ch in text if unicodedata.category(ch) not in _INVISIBLE).strip()
