"""What the pictures offer the other apps: a night's results drawn (the
standings, the top hand, the transfers), a hand's tiles from its saved JSON,
and a picture answered (cached by what it shows). The templates' part —
the share button and a link's Open Graph tags — is ``{% load pictures %}``."""

from calculator.pictures.night import Night, Standing, TopHand, pages
from calculator.pictures.night import picture as night_picture
from calculator.pictures.serving import picture_response
from calculator.pictures.verdict import groups_of_hand
from calculator.pictures.views import hand_picture_url, script_of

__all__ = [
    "Night",
    "Standing",
    "TopHand",
    "groups_of_hand",
    "hand_picture_url",
    "night_picture",
    "pages",
    "picture_response",
    "script_of",
]
