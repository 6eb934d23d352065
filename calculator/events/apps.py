from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "calculator.events"
    label = "events"
    verbose_name = "Club evenings and leagues"

    def ready(self) -> None:
        from calculator.events import signals  # noqa: F401  (a saved hand bumps its event)
