from django.apps import AppConfig


class SeasonConfig(AppConfig):
    name = "calculator.season"
    label = "season"
    verbose_name = "A club's members and seasons"

    def ready(self) -> None:
        from calculator.events import season_hooks
        from calculator.season import kept  # noqa: F401  (a session's totals kept keep its results)
        from calculator.season.public import met_before, standard_texts

        # The evening asks its season through events' hooks (events may not import season).
        season_hooks.register(
            season_hooks.SeasonHooks(standard=standard_texts, met_before=met_before)
        )
