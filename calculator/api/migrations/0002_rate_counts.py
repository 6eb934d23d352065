"""Rate-limit counts in a table of their own, one upsert a request
(``calculator.api.counting``). On PostgreSQL the table is unlogged: a count
lost in a crash costs nothing, and a write that skips the WAL does not wait
for the disk."""

from django.db import migrations, models


def unlogged(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE rate_count SET UNLOGGED")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("api", "0001_cache_table"),
    ]

    operations = [
        migrations.CreateModel(
            name="RateCount",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "who", "slot", blank=True, editable=False, primary_key=True, serialize=False
                    ),
                ),
                ("who", models.CharField(max_length=200)),
                ("slot", models.BigIntegerField()),
                ("count", models.IntegerField()),
                ("expires", models.BigIntegerField(db_index=True)),
            ],
            options={
                "db_table": "rate_count",
            },
        ),
        migrations.RunPython(unlogged, migrations.RunPython.noop),
    ]
