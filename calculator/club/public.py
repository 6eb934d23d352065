"""What the club app offers the other apps: its sessions and rule profiles, a
hand saved into a session, a session's ledger in words, and the calculator
address for its next hand, and ``totals_kept``, the signal sent whenever a
session's kept totals change. (Events keep each table's hands in a session.)"""

from calculator.club.disputes import mark_disputed
from calculator.club.entry import (
    CHANGED_ELSEWHERE,
    CLOSED,
    Played,
    Saved,
    hand_page,
    save,
    save_entry,
    saved_record,
    saved_words,
)
from calculator.club.exports import hand_cells, hand_headers
from calculator.club.ledger import calculator_url, context, rules_in_words, who, witnessed
from calculator.club.models import (
    ClubSession,
    HandChange,
    HandRecord,
    RuleProfile,
    as_data,
    totals_kept,
)
from calculator.club.picture import answer as night_picture_answer
from calculator.club.picture import night_of, ranked, top_hand
from calculator.club.posted import back_on_get

__all__ = [
    "CHANGED_ELSEWHERE",
    "CLOSED",
    "ClubSession",
    "HandChange",
    "HandRecord",
    "Played",
    "RuleProfile",
    "Saved",
    "as_data",
    "back_on_get",
    "calculator_url",
    "context",
    "hand_cells",
    "hand_headers",
    "hand_page",
    "mark_disputed",
    "night_of",
    "night_picture_answer",
    "ranked",
    "rules_in_words",
    "save",
    "save_entry",
    "saved_record",
    "saved_words",
    "top_hand",
    "totals_kept",
    "who",
    "witnessed",
]
