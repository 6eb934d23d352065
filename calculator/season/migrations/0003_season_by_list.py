from django.db import migrations, models


def chosen_means_by_list(apps, schema_editor):  # type: ignore[no-untyped-def]
    Season = apps.get_model("season", "Season")
    Season.objects.filter(chosen__isnull=False).update(by_list=True)


class Migration(migrations.Migration):
    dependencies = [("season", "0002_ratings_replayed_from")]

    operations = [
        migrations.AddField(
            model_name="season", name="by_list", field=models.BooleanField(default=False)
        ),
        migrations.RunPython(chosen_means_by_list, migrations.RunPython.noop),
    ]
