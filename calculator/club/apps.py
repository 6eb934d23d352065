from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "calculator.club"
    label = "club"
    verbose_name = "Club sessions"
