from django.apps import AppConfig


class WordsConfig(AppConfig):
    name = "calculator.words"
    label = "words"
    verbose_name = "Words"
