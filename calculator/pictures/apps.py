from typing import Any

from django.apps import AppConfig
from django.core import checks


class PicturesConfig(AppConfig):
    name = "calculator.pictures"
    label = "pictures"
    verbose_name = "Pictures to share"

    def ready(self) -> None:
        checks.register(font_installed)


def font_installed(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Said when the server starts (runserver, migrate, check): without the
    font, the share buttons answer 503 until it is installed."""
    from calculator.pictures.fonts import FontMissing, check

    try:
        check()
    except FontMissing as missing:
        return [
            checks.Warning(
                f"The pictures to share cannot be drawn: {missing}.",
                hint="make picture-font (as root) installs Debian's fonts-noto-cjk.",
                id="pictures.W001",
            )
        ]
    return []
