"""A database made before the apps were split migrates with everything in it.

Until then the club's tables were the ``calculator`` app's. The test takes the
database back to that layout — the very tables that app's only migration made
(``old_layout/<vendor>.sql``, from ``sqlmigrate`` on SQLite and PostgreSQL),
its record in ``django_migrations``, its content types and a permission — fills
them with a referee's evening, and migrates: every session, hand, change and
account must come through, and the ledger must add up as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from calculator.club.models import ClubSession

OLD = Path(__file__).with_name("old_layout")
HAND_1 = {
    "hand": "234m567m345p79s11z",
    "win_tile": "8s",
    "melds": [],
    "seat": "S",
    "win_by": "discard",
    "discarder": "E",
    "flags": ["ready_declared"],
    "table": {},
}
HAND_2 = {"win_by": "draw", "flags": [], "table": {}}


def _migrate(target: list[tuple[str, str | None]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)


def _old_layout(owner: int) -> int:
    """The old app's tables and records, holding one session of two hands."""
    with connection.cursor() as cursor:
        for statement in (OLD / f"{connection.vendor}.sql").read_text().split(";\n"):
            if statement.strip():
                cursor.execute(statement)
        now = "2026-11-30 20:00:00+00:00"
        cursor.execute(
            "INSERT INTO calculator_clubsession (title, region, players, rules, start, version,"
            " share_token, created, updated, owner_id) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [
                "周五晚",
                "chuzhou",
                json.dumps({"E": "阿东", "S": "小南", "W": "老西", "N": "北北"}),
                json.dumps({}),
                json.dumps({"dealer": "E"}),
                3,
                "shared-token",
                now,
                now,
                owner,
            ],
        )
        cursor.execute("SELECT id FROM calculator_clubsession")
        session = int(cursor.fetchone()[0])
        for position, data in ((1, HAND_1), (2, HAND_2)):
            cursor.execute(
                "INSERT INTO calculator_handrecord (position, data, created, session_id)"
                " VALUES (%s, %s, %s, %s)",
                [position, json.dumps(data), now, session],
            )
            cursor.execute(
                "INSERT INTO calculator_handchange (at, action, position, before, after,"
                " session_id, user_id) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [now, "add", position, None, json.dumps(data), session, owner],
            )
    MigrationRecorder(connection).record_applied("calculator", "0001_club_sessions")
    for model in ("clubsession", "handrecord", "handchange"):
        ContentType.objects.filter(app_label="club", model=model).update(app_label="calculator")
    return session


@pytest.mark.django_db(transaction=True)
def test_a_database_of_the_old_layout_migrates_with_everything_in_it() -> None:
    owner = User.objects.create_user("ref", password="a-good-long-password")
    _migrate([("club", None)])  # the club app's tables gone, as before the split
    assert "club_clubsession" not in connection.introspection.table_names()
    ContentType.objects.get_or_create(app_label="club", model="clubsession")
    session_id = _old_layout(owner.pk)
    kept_permission = Permission.objects.get(codename="change_clubsession")
    owner.user_permissions.add(kept_permission)

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # every app, to today

    tables = set(connection.introspection.table_names())
    assert {"club_clubsession", "club_handrecord", "club_handchange"} <= tables
    assert not {t for t in tables if t.startswith("calculator_")}
    assert not MigrationRecorder(connection).migration_qs.filter(app="calculator").exists()
    session = ClubSession.objects.get(pk=session_id)
    assert (session.title, session.owner, session.region, session.version) == (
        "周五晚",
        owner,
        "chuzhou",
        3,
    )
    assert session.players["N"] == "北北" and session.share_token == "shared-token"
    assert [h.data for h in session.hands.all()] == [HAND_1, HAND_2]
    assert [(c.action, c.position, c.user) for c in session.changes.order_by("position")] == [
        ("add", 1, owner),
        ("add", 2, owner),
    ]
    played = session.replayed()
    assert dict(played.totals) == {"E": -60, "S": 140, "W": -40, "N": -40}
    # Permissions hang on content types: the referee's stays theirs, now the club app's.
    assert Permission.objects.get(pk=kept_permission.pk).content_type.app_label == "club"
    assert User.objects.get(pk=owner.pk).has_perm("club.change_clubsession")
    # New sessions keep numbering after the old ones.
    later = ClubSession.objects.create(owner=owner, title="周六", region="chuzhou")
    assert later.pk > session_id
    session.hands.create(position=3, data=HAND_2)  # the hands' key still finds its session
    assert session.hands.count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_new_database_gets_the_club_tables() -> None:
    tables = set(connection.introspection.table_names())
    assert {"club_clubsession", "club_handrecord", "club_handchange"} <= tables
    assert not {t for t in tables if t.startswith("calculator_")}
