"""The CJK font the pictures are drawn in: one the project installs (Debian's
fonts-noto-cjk, by make's serve and browser-deps), found on disk, never
fetched at run time. ``PICTURE_FONT_DIRS`` (a setting, or the environment
variable of that name, ':'-separated) adds places to look first."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from django.conf import settings
from PIL import ImageFont

# Where Debian (fonts-noto-cjk), Fedora and Homebrew put Noto Sans CJK.
DEFAULT_DIRS = (
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/noto-cjk",
    "/usr/share/fonts/google-noto-cjk",
    "/opt/homebrew/share/fonts",
    "/usr/local/share/fonts",
)
FILES = {"regular": "NotoSansCJK-Regular.ttc", "bold": "NotoSansCJK-Bold.ttc"}
# The face inside the collection: each script's own glyph shapes.
FAMILY = {"hans": "Noto Sans CJK SC", "hant": "Noto Sans CJK TC"}


class FontMissing(Exception):
    """No CJK font on this server: the picture cannot be drawn (said plainly,
    never a picture of empty boxes)."""


def _dirs() -> list[Path]:
    extra = getattr(settings, "PICTURE_FONT_DIRS", None) or os.environ.get("PICTURE_FONT_DIRS", "")
    listed = extra if isinstance(extra, list | tuple) else str(extra).split(":")
    return [Path(d) for d in (*listed, *DEFAULT_DIRS) if d]


@cache
def font_file(weight: str) -> Path:
    for directory in _dirs():
        found = directory / FILES[weight]
        if found.is_file():
            return found
    raise FontMissing(
        f"{FILES[weight]} (Noto Sans CJK) is not installed: install Debian's fonts-noto-cjk, "
        "or set PICTURE_FONT_DIRS to the folder that holds it"
    )


@cache
def _face_index(path: Path, family: str) -> int:
    for index in range(16):
        try:
            name = ImageFont.truetype(str(path), 12, index=index).getname()[0]
        except OSError:
            break
        if name == family:
            return index
    raise FontMissing(f"{path} holds no {family}")


@cache
def font(size: int, weight: str = "regular", script: str = "hans") -> ImageFont.FreeTypeFont:
    """The font at ``size`` px, in ``script``'s glyph shapes (简体 or 繁體)."""
    path = font_file(weight)
    return ImageFont.truetype(str(path), size, index=_face_index(path, FAMILY[script]))


def check() -> None:
    """Raise ``FontMissing`` now, before any drawing starts."""
    for weight in FILES:
        _face_index(font_file(weight), FAMILY["hans"])
