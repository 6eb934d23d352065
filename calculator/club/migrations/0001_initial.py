"""Club sessions, now the ``club`` app's (they were the ``calculator`` app's).

One migration serves both kinds of database. A new one gets the three tables.
One made before the apps were split already holds them, as
``calculator_clubsession``, ``calculator_handrecord`` and
``calculator_handchange``, with every session, hand and change: those tables
are renamed to the ``club`` app's, their content types (which permissions
hang on) move to ``club``, and the old app's migration records are dropped.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.migrations.recorder import MigrationRecorder

MODELS = ("ClubSession", "HandRecord", "HandChange")


def adopt_or_create(apps, schema_editor):  # type: ignore[no-untyped-def]
    connection = schema_editor.connection
    existing = set(connection.introspection.table_names())
    for name in MODELS:
        model = apps.get_model("club", name)
        old_table = f"calculator_{name.lower()}"
        if old_table in existing:
            schema_editor.alter_db_table(model, old_table, model._meta.db_table)
        else:
            schema_editor.create_model(model)
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.using(connection.alias).filter(
        app_label="calculator", model__in=[m.lower() for m in MODELS]
    ).update(app_label="club")
    MigrationRecorder(connection).migration_qs.filter(app="calculator").delete()


def drop(apps, schema_editor):  # type: ignore[no-untyped-def]
    for name in reversed(MODELS):
        schema_editor.delete_model(apps.get_model("club", name))


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ClubSession",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("title", models.CharField(max_length=120)),
                        ("region", models.CharField(max_length=20)),
                        ("players", models.JSONField(default=dict)),
                        ("rules", models.JSONField(blank=True, default=dict)),
                        ("start", models.JSONField(blank=True, default=dict)),
                        ("version", models.PositiveIntegerField(default=0)),
                        (
                            "share_token",
                            models.CharField(blank=True, db_index=True, default="", max_length=64),
                        ),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("updated", models.DateTimeField(auto_now=True)),
                        (
                            "owner",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["-updated"],
                    },
                ),
                migrations.CreateModel(
                    name="HandChange",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("at", models.DateTimeField(auto_now_add=True)),
                        ("action", models.CharField(max_length=10)),
                        ("position", models.PositiveIntegerField()),
                        ("before", models.JSONField(blank=True, null=True)),
                        ("after", models.JSONField(blank=True, null=True)),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="changes",
                                to="club.clubsession",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["-at", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="HandRecord",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("position", models.PositiveIntegerField()),
                        ("data", models.JSONField()),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="hands",
                                to="club.clubsession",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["position"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("session", "position"), name="one_hand_per_position"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(adopt_or_create, drop),
    ]
