"""What the calculator page offers the other apps: its state, a tile as drawn,
the words it uses for a rule and a table, and the page itself for a hand
entered elsewhere (a club session's)."""

from calculator.page.presentation import (
    TileView,
    dropped_text,
    next_table_lines,
    rule_name,
    tile_view,
)
from calculator.page.state import MeldEntry, PageState, change_region, digits
from calculator.page.views import calculator_page

__all__ = [
    "MeldEntry",
    "PageState",
    "TileView",
    "calculator_page",
    "change_region",
    "digits",
    "dropped_text",
    "next_table_lines",
    "rule_name",
    "tile_view",
]
