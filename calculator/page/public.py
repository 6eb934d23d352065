"""What the calculator page offers the other apps: its state, a tile as drawn,
the words it uses for a rule and a table, the house-rule controls and how
their form fields read, everything the page shows of a hand (its context:
the pictures draw from it), the tile art, and the page itself for a hand entered elsewhere (a
club session's)."""

from calculator.page.present.citations import rule_name
from calculator.page.present.context import page_context
from calculator.page.present.controls import house_rule_controls
from calculator.page.present.melds import meld_face_json
from calculator.page.present.notes import dropped_text
from calculator.page.present.result import line_why, next_table_lines
from calculator.page.present.tiles import TileView, tile_view
from calculator.page.present.value import value_line
from calculator.page.state import (
    MeldEntry,
    PageState,
    change_region,
    digits,
    follow,
    house_rules_read,
    house_rules_text,
    house_rules_typed,
)
from calculator.page.tile_art import sprite
from calculator.page.views import Pin, calculator_page, page_state, render_page

__all__ = [
    "MeldEntry",
    "PageState",
    "Pin",
    "TileView",
    "calculator_page",
    "change_region",
    "digits",
    "dropped_text",
    "follow",
    "house_rule_controls",
    "house_rules_read",
    "house_rules_text",
    "house_rules_typed",
    "line_why",
    "meld_face_json",
    "next_table_lines",
    "page_context",
    "page_state",
    "render_page",
    "rule_name",
    "sprite",
    "tile_view",
    "value_line",
]
