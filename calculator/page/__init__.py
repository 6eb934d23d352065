"""The calculator page (``/``): a hand tapped in on a phone, scored as it grows.

``state`` is what the player entered (the URL's query ⇄ the engine's hand, and
what a tap does), ``present`` builds everything the template shows (a module per part),
``views`` answers a full page or the htmx fragment, ``tile_art`` draws the
tiles (``static/calculator/tiles``) and ``templatetags.tiles`` puts them on a
page. Other apps use only ``page.public``.

May use: ``words``, ``rules`` and Django.
"""
