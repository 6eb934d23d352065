from django.apps import AppConfig


class PageConfig(AppConfig):
    name = "calculator.page"
    label = "page"
    verbose_name = "Calculator page"
