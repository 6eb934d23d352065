from django.apps import AppConfig


class PicturesConfig(AppConfig):
    name = "calculator.pictures"
    label = "pictures"
    verbose_name = "Pictures to share"
