"""A session's ledger as the referee reads it: every hand in words, the running
totals, the history, the settling up — for the session page, the print sheet
and the exports alike.

The engine replays the hands (``rules.ledger``); here each row is worded in
the page's language: seats by their names, the way of winning, the hand's
value, what went wrong where a hand does not score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _

from calculator.club.models import ClubSession, HandRecord
from calculator.page.public import PageState, next_table_lines
from calculator.words.wording import (
    WIN_BY,
    joined,
    label_of,
    option_label,
    option_value,
    player_at,
    region_name,
    term,
    word,
)
from rules.engine import score
from rules.ledger import CARRIED, Replay, settle_up
from rules.options import describe
from rules.regions import REGIONS

# Lazy: worded when a history line is, in that page's language (an eager
# pgettext here froze them in whatever language the module was imported under).
ACTIONS = {
    "add": pgettext_lazy("a hand was", "entered"),
    "edit": pgettext_lazy("a hand was", "corrected"),
    "delete": pgettext_lazy("a hand was", "deleted"),
    "restore": pgettext_lazy("a hand was", "restored"),
    "dispute": pgettext_lazy("a hand was", "disputed at the table"),
    "settle": pgettext_lazy("a hand was", "settled by the referee"),
}


def title_of(session: ClubSession) -> str:
    """The session's title in the page's language. An event's table is worded
    from its event, round and table now: the title stored when the round was
    drawn is in the language of the referee who drew it."""
    table = getattr(session, "event_table", None)
    if table is None:
        return session.title
    return _("%(event)s · round %(round)s · table %(table)s") % {
        "event": table.round.event.name,
        "round": table.round.number,
        "table": table.number,
    }


def who(session: ClubSession, seat: str | None) -> str:
    """A seat as the referee knows it: the player's name, and the seat ("张伟 · 东")."""
    if not seat:
        return ""
    return player_at(seat, session.players)


def rows(session: ClubSession, played: Replay) -> list[dict[str, Any]]:
    seats = session.seats
    records = session.live_hands()
    out = []
    for step, record in zip(played.steps, records, strict=False):
        result = step.result
        winning = bool(result.get("winning"))
        total = result.get("total") or {}
        problems: list[str] = []
        if not result.get("ok") or not winning:
            again = score(step.request)  # the typed score, to word what went wrong
            problems = [word(e.text) for e in again.errors] + [word(r) for r in again.reasons]
        seat = step.request.get("seat")
        discarder = (
            step.request.get("discarder") if step.request.get("win_by") != "self_draw" else ""
        )
        out.append(
            {
                "number": step.number,
                "dealer": who(session, step.request.get("dealer")),
                "dealer_set": step.dealer_set,
                "discarder": who(session, discarder) if winning else "",
                "discarder_seat": discarder if winning else "",
                "winner": who(session, seat) if winning else "",
                "winner_seat": seat if winning else "",
                "win_by": label_of(WIN_BY, str(step.request.get("win_by") or "")),
                "win_by_code": step.request.get("win_by"),
                "ok": bool(result.get("ok")),
                "winning": winning,
                "value": total.get("value"),
                "unit": term(total.get("unit", "")),
                "unit_code": total.get("unit", ""),
                "items": [
                    {"name": term(i["name"]), "value": i["value"], "unit": term(i["unit"])}
                    for i in result.get("items", [])
                    if i.get("value")
                ],
                "problems": problems,
                "net": [result.get("net", {}).get(s, 0) for s in seats],
                "totals": [step.totals.get(s, 0) for s in seats],
                "dispute": record.dispute,
            }
        )
    return out


def witnessed(session: ClubSession, newest: int | None = None) -> list[dict[str, Any]]:
    """The table's hands as every phone at it sees them, newest first (only
    the ``newest`` so many, if given): each with who won how, each player's
    money and the running totals. Each phone asks every few seconds: the
    words are kept while the session is unchanged (its version moves with
    every write, ``updated`` with every mark)."""
    key = (
        f"witnessed:{session.pk}:{session.version}:{session.updated.timestamp()}:{newest}"
        f":{get_language()}"
    )
    kept = cache.get(key)
    if kept is None:
        kept = [
            {
                "number": row["number"],
                "summary": summary(row, session),
                "running": [
                    (who(session, seat), total)
                    for seat, total in zip(session.seats, row["totals"], strict=True)
                ],
                "dispute": row["dispute"],
            }
            for row in reversed(_kept_rows(session, newest))
        ]
        cache.set(key, kept, 3600)
    return kept


def _kept_rows(session: ClubSession, newest: int | None = None) -> list[dict[str, Any]]:
    """Each hand's line (of the ``newest`` so many, if given) from what its
    record kept of its score: a table's page late in the evening reads its
    last few records, not the whole evening. The full replay only for hands
    kept before records kept their score."""
    live = session.hands.filter(deleted__isnull=True)
    records = list(live) if newest is None else list(live.order_by("-position")[:newest])[::-1]
    if any(r.scored is None for r in records):
        every = rows(session, session.replayed())
        return every if newest is None else every[len(every) - len(records) :]
    # a hand's number is its place among the live hands, read with the records
    first = live.filter(position__lt=records[0].position).count() + 1 if records else 1
    return [_kept_row(session, record, n) for n, record in enumerate(records, start=first)]


def kept_row(session: ClubSession, record: HandRecord, number: int) -> dict[str, Any]:
    """Hand ``number``'s line from what its record kept of its score (a
    replay of the session where it kept none)."""
    if record.scored is None:
        return rows(session, session.replayed())[number - 1]
    return _kept_row(session, record, number)


def _kept_row(session: ClubSession, record: HandRecord, number: int) -> dict[str, Any]:
    scored, data = record.scored or {}, record.data
    winning = bool(scored.get("ok") and scored.get("winning"))
    return {
        "number": number,
        "winning": winning,
        "winner": who(session, data.get("seat")) if winning else "",
        "win_by": label_of(WIN_BY, str(data.get("win_by") or "")),
        "value": scored.get("value"),
        "unit": term(scored.get("unit", "")),
        "net": [scored.get("net", {}).get(s, 0) for s in session.seats],
        "totals": [scored.get("totals", {}).get(s, 0) for s in session.seats],
        "dispute": record.dispute,
    }


def summary(row: Mapping[str, Any], session: ClubSession) -> str:
    """One hand in a line: who won how, for how much, and each seat's money
    ("张伟 · 东 · 自摸 · 90 胡：张伟 · 东 +360、…")."""
    nets = joined(
        f"{who(session, seat)} {'+' if n > 0 else ''}{n}"
        for seat, n in zip(session.seats, row["net"], strict=True)
    )
    if row["winning"]:
        head = " · ".join(
            str(x) for x in (row["winner"], row["win_by"], f"{row['value']} {row['unit']}")
        )
    else:
        head = str(row["win_by"])
    return _("%(hand)s: %(money)s") % {"hand": head, "money": nets}


def hand_label(session: ClubSession, data: Mapping[str, Any] | None) -> str:
    """A recorded hand named by what happened in it ("张伟 · 东 · 自摸"), so a
    line of the history still says which hand it was once positions move."""
    if not data:
        return ""
    how = label_of(WIN_BY, str(data.get("win_by") or ""))
    if data.get("win_by") == "draw":
        return str(how)
    return f"{who(session, str(data.get('seat') or 'E'))} · {how}"


# What a correction can change, each with its name in the history.
CHANGED_FIELDS = {
    "seat": pgettext_lazy("what a correction changed", "winner"),
    "win_by": pgettext_lazy("what a correction changed", "how it was won"),
    "discarder": pgettext_lazy("what a correction changed", "discarder"),
    "dealer": pgettext_lazy("what a correction changed", "dealer"),
}
SEAT_FIELDS = ("seat", "discarder", "dealer")


def what_changed(session: ClubSession, before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """A correction in words: "胡家 丁 · 西 → 甲 · 东; 牌" — each field that changed."""
    parts = []
    for key, label in CHANGED_FIELDS.items():
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        if key in SEAT_FIELDS:
            old_text, new_text = who(session, old) or "—", who(session, new) or "—"
        else:
            old_text = label_of(WIN_BY, str(old or "")) or "—"
            new_text = label_of(WIN_BY, str(new or "")) or "—"
        parts.append(f"{label} {old_text} → {new_text}")
    rest = set(before) | set(after)
    if any(before.get(k) != after.get(k) for k in rest - set(CHANGED_FIELDS)):
        parts.append(str(pgettext_lazy("what a correction changed", "the tiles or the rest")))
    return _("; ").join(parts)


def history(session: ClubSession, limit: int = 50) -> list[dict[str, Any]]:
    """Each change in words ("第 4 局（张伟 · 东 · 自摸）已更正：胡家 … · 王 · 21:40"),
    newest first, and whether it can be undone in one tap. A hand is named
    by its number in the ledger now, whatever it was when it changed; a
    deleted one as deleted, so no two lines give one number to two hands."""
    records = list(session.hands.all())
    numbers: dict[int, int] = {}
    for kept in records:
        if kept.deleted is None:
            numbers[kept.pk] = len(numbers) + 1
    by_id = {r.pk: r for r in records}
    changes = list(session.changes.select_related("user").all()[:limit])
    undone = {
        c.before.get("undoes")
        for c in changes
        if c.action == "restore" and isinstance(c.before, dict)
    }
    out = []
    for change in changes:
        at = timezone.localtime(change.at).strftime("%H:%M")
        named = change.after if change.action in ("add", "restore") else change.before
        record = by_id.get(change.record_id) if change.record_id else None
        values = {
            "hand": hand_label(session, named if isinstance(named, dict) else None),
            "what": ACTIONS.get(change.action, change.action),
            "who": change.user.get_username() if change.user else _("a table's phone"),
            "at": at,
        }
        if record is not None and record.deleted is not None:
            line = _("A deleted hand (%(hand)s) %(what)s · %(who)s · %(at)s") % values
        else:
            number = numbers.get(record.pk, 0) if record is not None else change.position
            line = _("Hand %(n)s (%(hand)s) %(what)s · %(who)s · %(at)s") % {"n": number, **values}
        if change.action == "edit" and change.before and change.after:
            line += _(": %(changes)s") % {
                "changes": what_changed(session, change.before, change.after)
            }
        if change.action in ("dispute", "settle") and isinstance(change.after, dict):
            line += _(": %(reason)s") % {"reason": change.after.get("reason", "")}
        if record is None:
            restorable = change.action == "delete" and change.pk not in undone
        elif change.action == "delete":
            restorable = record.deleted is not None and change.pk not in undone
        else:
            restorable = (
                change.action == "edit"
                and change.pk not in undone
                and record.deleted is None
                and record.data == change.after
            )
        out.append(
            {"id": change.pk, "line": line, "restorable": restorable, "action": change.action}
        )
    return out


def rules_in_words(region_key: str, rules: Mapping[str, Any]) -> list[str]:
    """The house rules a session was played under, each in words."""
    lines = []
    for info in describe(REGIONS[region_key].options):
        value = rules.get(info.name, info.default)
        lines.append(f"{option_label(info.name, region_key)}: {option_value(info, value)}")
    return lines


def page_options(rules: Mapping[str, Any]) -> dict[str, str]:
    """A session's house rules as the page's form fields hold them."""
    return {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in rules.items()}


def carried_fields(table: Mapping[str, Any]) -> dict[str, str]:
    """The table state a deal carries (针, 老庄 …) as the page's form fields hold it."""
    return {
        k: ",".join(f"{s}:{n}" for s, n in v.items()) if isinstance(v, dict) else str(v)
        for k, v in table.items()
        if k in CARRIED and v is not None
    }


def carried_lines(table: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The table state a hand starts from, in words (the dealer is asked apart)."""
    return next_table_lines({k: v for k, v in table.items() if k in CARRIED and v is not None})


def calculator_url(
    session: ClubSession,
    table: Mapping[str, Any],
    edit: int | None = None,
    data: dict[str, Any] | None = None,
    address: str = "",
) -> str:
    """The calculator page set up for this session's next hand, or for hand
    ``edit`` to correct: the seats, the dealer and the table state carried
    into it, with the hand's own table state on top."""
    carried = carried_fields(table)
    dealer = str(table.get("dealer", "E"))
    state = PageState(
        region=session.region,
        players=session.seat_count,
        dealer=dealer,
        seat=dealer,
        options=page_options(session.rules),
        table=carried,
        edit=str(edit or ""),
    )
    if data:
        fields = PageState.fields_from_json(data)
        fields["table"] = {**carried, **fields["table"]}
        state = replace(state, **fields)
        if data.get("dealer"):  # a dealer chosen for this hand stays its own
            state = replace(state, dealer=str(data["dealer"]), own=frozenset({"d"}))
    return f"{address or reverse('session-hand', args=[session.pk])}?{state.query()}"


# Why the ledger takes no hand now, as its page says it.
CLOSED_LEDGER = {
    "archived": pgettext_lazy("ledger", "Archived: reopen the session to enter or correct hands."),
    "round_closed": pgettext_lazy(
        "ledger",
        "This table's round is finished: its hands can still be corrected or deleted here "
        "(the standings follow); a new hand needs the round reopened.",
    ),
    "round_not_started": pgettext_lazy("ledger", "This table's round has not started yet."),
    "played_out": pgettext_lazy(
        "ledger",
        "This table has played its round: its hands can still be corrected or deleted here.",
    ),
}


def context(session: ClubSession, read_only: bool) -> dict[str, Any]:
    played = session.replayed()
    names = session.players
    transfers = [(names[a], names[b], amount) for a, b, amount in settle_up(played.totals)]
    return {
        "session": session,
        "title": title_of(session),
        "region_label": region_name(session.region),
        "seats": [(s, names[s]) for s in session.seats],
        "rows": rows(session, played),
        "totals": [played.totals.get(s, 0) for s in session.seats],
        "transfers": transfers,
        "next_table": next_table_lines(dict(played.table)),
        "read_only": read_only,
        "history": [] if read_only else history(session),
        "rules": rules_in_words(session.region, session.rules),
        "add_url": calculator_url(session, played.table),
        "closed": CLOSED_LEDGER.get(session.closed_because(), ""),
        "correctable": not session.uncorrectable_because(),
    }
