from django.apps import AppConfig


class TeachingConfig(AppConfig):
    name = "calculator.teaching"
    label = "teaching"
    verbose_name = "Teaching pages"
