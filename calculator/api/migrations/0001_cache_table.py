"""The database cache's table, where rate limits and sign-in failures are
counted when no Redis is configured (``settings.CACHES``), made by migrate so
that every way of setting up (make run, make serve, the tests) has it."""

from django.core.management import call_command
from django.db import migrations


def make_cache_table(apps, schema_editor):  # type: ignore[no-untyped-def]
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    operations = [migrations.RunPython(make_cache_table, migrations.RunPython.noop)]
