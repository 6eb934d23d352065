from django.apps import AppConfig


class SeasonConfig(AppConfig):
    name = "calculator.season"
    label = "season"
    verbose_name = "A club's members and seasons"

    def ready(self) -> None:
        from calculator.season import kept  # noqa: F401  (a session's totals kept keep its results)
