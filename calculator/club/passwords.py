"""A password a person could type back: not only spaces or invisible characters."""

from __future__ import annotations

import unicodedata

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Spaces, and characters that print nothing: controls, formats (zero-width
# spaces and joiners, bidi marks), separators and unassigned code points.
INVISIBLE = {"Zs", "Zl", "Zp", "Cc", "Cf", "Cn", "Co", "Cs"}


class VisibleCharactersValidator:
    def validate(self, password: str, user: AbstractBaseUser | None = None) -> None:
        if not any(unicodedata.category(ch) not in INVISIBLE for ch in password):
            raise ValidationError(
                _("A password needs characters you can see, not only spaces or invisible ones."),
                code="password_invisible",
            )

    def get_help_text(self) -> str:
        return _("Your password needs characters you can see.")
