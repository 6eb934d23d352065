from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "calculator.api"
    label = "api"
    verbose_name = "JSON API"
