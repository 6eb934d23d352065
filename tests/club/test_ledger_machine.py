"""The ledger under any sequence of what a referee and the tables do (issue 24).

A hypothesis state machine drives one club session and one event through
their views, as the pages would: hands added (scorable or not, by the referee
or a table's phone, some with a stale version as a second phone sends them),
corrections, deletes and restores, archive and unarchive, rounds closed,
reopened, drawn again and started. After every step:

- every stored hand is scored by the engine as a win, or is a draw;
- the totals kept with the session sum to zero and equal a replay from scratch;
- a step answered with a refusal or a conflict changed nothing;
- the standings equal the sum over the event's tables;
- no session is left outside a round's tables, and none but the tables of a
  round in play takes a hand.
"""

from __future__ import annotations

from typing import Any
from unittest import mock
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from calculator.club import entry, ledger
from calculator.club.models import ClubSession, HandChange
from calculator.events.models import Event, Round, Table
from calculator.events.standings import standings
from tests.club.test_one_record import _fail_after
from tests.club.test_what_is_saved import here

pytestmark = pytest.mark.django_db

SEATS = ("E", "S", "W", "N")
# The spec's 楚州 hand; won by any seat on another's discard, or 自摸.
WIN = {"h": "234m567m345p79s11z", "w": "8s", "g": "ready_declared"}
# Hands that must never be stored: nothing typed, a discard without its
# discarder, a hand that does not win.
UNSCORABLE = (
    {},
    {**WIN, "b": "discard"},
    {"h": "123m456m789p1357s", "w": "9s", "b": "self_draw"},
)
REFUSED = (404, 409, 422)


def _fields(url: str) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query).items()}


def _snapshot(session: ClubSession) -> tuple[Any, ...]:
    session.refresh_from_db()
    hands = list(session.hands.values_list("position", "data"))
    return (
        session.version,
        hands,
        session.finished,
        HandChange.objects.filter(session=session).count(),
    )


class Ledger(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        Ledger.count = getattr(Ledger, "count", 0) + 1
        self.user = User.objects.create_user(f"ref{Ledger.count}", password="mahjong-night-2026")
        self.referee = Client()
        self.referee.force_login(self.user)
        self.phones = (Client(), Client())
        self.entries: list[tuple[Client, ClubSession, str, str, dict[str, str]]] = []
        data = {
            "title": "Friday",
            "region": "chuzhou",
            "players": 4,
            **{f"name_{s}": f"P{s}" for s in SEATS},
            "dealer": "E",
            "shown_region": "chuzhou",
        }
        assert self.referee.post(reverse("session-new"), data).status_code == 302
        self.session = ClubSession.objects.filter(owner=self.user).latest("id")
        event = {
            "name": "Club night",
            "date": "2026-12-04",
            "region": "chuzhou",
            "table_size": "4",
            "rounds": "6",
            "round_end": "hands",
            "round_length": "3",
            "scoring": "money",
            "rank_points": "4, 2, 1, 0",
        }
        assert self.referee.post(reverse("event-new"), event).status_code == 302
        self.event = Event.objects.filter(owner=self.user).latest("pk")
        names = "\n".join(f"Q{n}" for n in range(1, 5))
        self.referee.post(reverse("event-roster", args=[self.event.pk]), {"names": names})
        self.referee.post(reverse("round-draw", args=[self.event.pk]), {"method": "fresh"})
        self.referee.post(reverse("round-state", args=[self.event.pk, 1]))

    # --- where a hand goes ----------------------------------------------------

    def _tables(self) -> list[Table]:
        return list(Table.objects.filter(round__event=self.event).select_related("round"))

    def _round(self) -> Round:
        return Round.objects.filter(event=self.event).latest("number")

    def _post_hand(self, target: str, fields: dict[str, str], stale: bool) -> tuple[int, Any]:
        """Post a hand to the session's page or to the newest table's link;
        ``stale`` sends it with the version before the last write, as a second
        phone would. Returns the status and the session written to."""
        if target == "session":
            session = self.session
            address = reverse("session-hand", args=[session.pk])
            save = reverse("hand-save", args=[session.pk])
            client = self.referee
        else:
            table = self._tables()[-1]
            session = table.session
            address = reverse("table-link", args=[table.link_token])
            save = reverse("table-save", args=[table.link_token])
            client = self.phones[stale]
        opened = client.get(address)
        if opened.status_code == 404:
            return 404, session
        start = _fields(opened["Location"]) if opened.status_code == 302 else {}
        session.refresh_from_db()
        version = session.version - 1 if stale and session.version else session.version
        data = {**start, **fields, "version": version, "seen": session.hands_played}
        return client.post(save, data).status_code, session

    @rule(
        where=st.sampled_from(["session", "table"]),
        winner=st.sampled_from(SEATS),
        discarder=st.sampled_from(SEATS),
        way=st.sampled_from(["discard", "self_draw", "draw"]),
        stale=st.booleans(),
    )
    def add_a_winning_hand(
        self, where: str, winner: str, discarder: str, way: str, stale: bool
    ) -> None:
        fields = {**WIN, "s": winner, "b": way}
        if way == "discard":
            fields["dc"] = discarder if discarder != winner else SEATS[SEATS.index(winner) - 1]
        self._check_refusal_changes_nothing(where, fields, stale)

    @rule(where=st.sampled_from(["session", "table"]), hand=st.sampled_from(UNSCORABLE))
    def add_an_unscorable_hand(self, where: str, hand: dict[str, str]) -> None:
        before = _snapshot(self.session), _snapshot(self._tables()[-1].session)
        status, _session = self._post_hand(where, dict(hand), stale=False)
        assert status in REFUSED
        assert (_snapshot(self.session), _snapshot(self._tables()[-1].session)) == before

    def _check_refusal_changes_nothing(
        self, target: str, fields: dict[str, str], stale: bool
    ) -> None:
        session = self.session if target == "session" else self._tables()[-1].session
        before = _snapshot(session)
        status, session = self._post_hand(target, fields, stale)
        if status in (*REFUSED, 200):  # 200: a correction that changes nothing, not saved
            assert _snapshot(session) == before
        else:
            assert status == 302

    @precondition(lambda self: self.session.hands.exists())
    @rule(data=st.data(), winner=st.sampled_from(SEATS))
    def correct_a_hand(self, data: st.DataObject, winner: str) -> None:
        self.session.refresh_from_db()
        position = data.draw(st.integers(1, self.session.hands.count()))
        fields = {**WIN, "s": winner, "b": "self_draw", "edit": str(position)}
        self._check_refusal_changes_nothing("session", fields, stale=False)

    @precondition(lambda self: self.session.hands.exists())
    @rule(data=st.data())
    def delete_a_hand(self, data: st.DataObject) -> None:
        self.session.refresh_from_db()
        position = data.draw(st.integers(1, self.session.hands.count()))
        before = _snapshot(self.session)
        url = reverse("hand-delete", args=[self.session.pk, position])
        self.referee.post(url, {"version": self.session.version})
        if self.session.finished:
            assert _snapshot(self.session) == before

    @precondition(lambda self: self.session.changes.exists())
    @rule(data=st.data())
    def restore_a_change(self, data: st.DataObject) -> None:
        change = data.draw(st.sampled_from(list(self.session.changes.all())))
        self.session.refresh_from_db()
        before = _snapshot(self.session)
        url = reverse("change-restore", args=[self.session.pk, change.pk])
        self.referee.post(url, {"version": self.session.version})
        if self.session.finished:
            assert _snapshot(self.session) == before

    @rule()
    def archive_or_unarchive(self) -> None:
        self.session.refresh_from_db()
        back = {"reopen": "1"} if self.session.finished else {"confirm": "1"}
        self.referee.post(reverse("session-finish", args=[self.session.pk]), back)

    @rule()
    def close_the_round(self) -> None:
        rnd = self._round()
        url = reverse("round-state", args=[self.event.pk, rnd.number])
        self.referee.post(url, {"finish": "1", "confirm": "1"})

    @rule()
    def reopen_the_round(self) -> None:
        rnd = self._round()
        self.referee.post(reverse("round-state", args=[self.event.pk, rnd.number]), {"reopen": "1"})

    @rule()
    def draw_the_next_round(self) -> None:
        self.referee.post(reverse("round-draw", args=[self.event.pk]), {"method": "fresh"})

    @rule()
    def start_the_drawn_round(self) -> None:
        rnd = self._round()
        if not rnd.started:
            self.referee.post(reverse("round-state", args=[self.event.pk, rnd.number]))

    # --- entries: a phone's hand from its first tap (issue 30) -------------------

    def _where(self, target: str, phone: int) -> tuple[Client, ClubSession, str, str]:
        if target == "session":
            session = self.session
            return (
                self.referee,
                session,
                reverse("session-hand", args=[session.pk]),
                reverse("hand-save", args=[session.pk]),
            )
        table = self._tables()[-1]
        return (
            self.phones[phone],
            table.session,
            reverse("table-link", args=[table.link_token]),
            reverse("table-save", args=[table.link_token]),
        )

    @rule(where=st.sampled_from(["session", "table"]), phone=st.sampled_from([0, 1]))
    def open_an_entry(self, where: str, phone: int) -> None:
        """A page drawn: the entry it begins, kept to be saved later (or twice)."""
        client, session, address, save = self._where(where, phone)
        opened = client.get(address, follow=True)
        if opened.status_code == 200 and 'data-here="' in opened.content.decode():
            self.entries.append((client, session, address, save, here(opened)))

    @precondition(lambda self: self.entries)
    @rule(
        data=st.data(),
        winner=st.sampled_from(SEATS),
        redraw=st.booleans(),
        fault=st.sampled_from(["", "", "after the commit"]),
    )
    def save_an_entry(self, data: st.DataObject, winner: str, redraw: bool, fault: str) -> None:
        """Save an entry, perhaps after a redraw (a tap, once others saved) or
        with the database failing right after the commit; then again, as a
        retry, a double tap or the back button would."""
        client, session, address, save, fields = data.draw(st.sampled_from(self.entries))
        hand = {**fields, **WIN, "s": winner, "b": "self_draw"}
        if redraw:
            tapped = client.post(address, hand, HTTP_HX_REQUEST="true")
            if tapped.status_code == 200:
                moved = here(tapped)
                assert moved["key"] == fields["key"] and moved["deal"] == fields["deal"]
        before = _snapshot(session)
        if fault:
            with mock.patch.object(entry, "save_entry", _fail_after(entry.save_entry)):
                status = client.post(save, hand).status_code
            assert status in (302, *REFUSED, 503)
        else:
            status = client.post(save, hand).status_code
            if status in REFUSED:
                assert _snapshot(session) == before
        stored = session.hands.filter(key=fields["key"]).count()
        assert stored <= 1
        if stored:
            after = _snapshot(session)
            assert client.post(save, hand).status_code == 302  # the same entry again
            assert client.get(address, fields).status_code == 200  # back to it
            assert client.post(save, hand).status_code == 302
            assert _snapshot(session)[1:] == after[1:]  # stored once, whatever came after

    # --- what must always hold ---------------------------------------------------

    @invariant()
    def every_entry_is_one_hand_and_the_numbers_run_on(self) -> None:
        for session in [self.session, *(t.session for t in self._tables())]:
            keys = [k for k in session.hands.values_list("key", flat=True) if k]
            assert len(keys) == len(set(keys))
            numbers = [row["number"] for row in ledger.rows(session, session.replayed())]
            assert numbers == list(range(1, len(session.live_hands()) + 1))
            with translation.override("en"):
                lines = [h["line"] for h in ledger.history(session)]
            live = {r.pk: n for n, r in enumerate(session.live_hands(), start=1)}
            for change, line in zip(session.changes.all()[:50], lines, strict=True):
                if change.record_id in live:
                    assert line.startswith(f"Hand {live[change.record_id]} (")
                elif change.record_id is not None:
                    assert line.startswith("A deleted hand (")

    @invariant()
    def stored_hands_score_and_totals_replay(self) -> None:
        sessions = [self.session, *(t.session for t in self._tables())]
        for session in sessions:
            session.refresh_from_db()
            played = session.replayed()
            for step in played.steps:
                assert step.result["ok"], step.result
                assert step.result["winning"] or step.request["win_by"] == "draw"
            assert dict(session.totals or dict.fromkeys(session.seats, 0)) == dict(played.totals)
            assert sum(played.totals.values()) == 0
            assert session.hands_played == len(played.steps)
            # the table the next deal starts from, kept one hand at a time, is the replay's
            assert not session.table or dict(session.table) == dict(played.table)
            # and each hand's kept score, read by the table's phones, is the replay's
            kept = [h.scored for h in session.live_hands()]
            if all(k is not None for k in kept):
                for score, step in zip(kept, played.steps, strict=True):
                    assert score["net"] == dict(step.result.get("net") or {})
                    assert score["totals"] == dict(step.totals)

    @invariant()
    def standings_sum_the_tables(self) -> None:
        money: dict[int, int] = {}
        for table in self._tables():
            totals = table.session.totals or {}
            for seat in table.seats.all():
                money[seat.entrant_id] = money.get(seat.entrant_id, 0) + int(
                    totals.get(seat.seat, 0)
                )
        lines = {line.entrant.pk: line.money for line in standings(self.event)["lines"]}
        assert all(lines[pk] == amount for pk, amount in money.items())
        assert sum(lines.values()) == 0

    @invariant()
    def no_session_outside_the_rounds_tables(self) -> None:
        tables = self._tables()
        event_sessions = ClubSession.objects.filter(owner=self.user).exclude(pk=self.session.pk)
        assert event_sessions.count() == len(tables)
        for table in tables:
            takes = table.round.started and not table.round.finished
            assert (table.session.closed_because() in ("", "played_out")) == takes


Ledger.TestCase.settings = settings(
    max_examples=16,
    stateful_step_count=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def test_the_ledger_holds_under_any_sequence(db: None) -> None:
    Ledger.TestCase().runTest()
