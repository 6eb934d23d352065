from django.apps import AppConfig


class LearnConfig(AppConfig):
    name = "calculator.learn"
    label = "learn"
    verbose_name = "Practice"
    default_auto_field = "django.db.models.BigAutoField"
