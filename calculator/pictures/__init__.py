"""The pictures a player sends to a group chat (战绩海报): a hand's verdict and
a night's results, as PNG.

Drawn on this server: a shared link's preview image is fetched by crawlers
that run no script, so it cannot be drawn on the phone, and one drawing
serves both. Drawn from the values the page shows (the calculator page's
context, the standings), never from a second score. ``fonts`` finds the CJK
font the project installs, ``tiles`` rasterises the page's own tile art,
``canvas`` lays out text and tiles, ``verdict`` and ``night`` draw the two
pictures, ``serving`` answers them (cached by what they show), ``views`` the
hand's picture. Other apps use only ``pictures.public``.

May use: ``page.public``, ``words``, ``rules``, Django, Pillow and segno.
"""
