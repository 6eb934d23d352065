"""The engine's words in the page's language (zh-Hans, zh-Hant, English).

Holds the message catalogs (``locale/``), ``wording`` — the one place that
turns the engine's codes and sentences (``rules.text.Text``) into words, and
names seats, tiles, regions, melds, flags and house rules — the item glosses
for English pages, and the commands that keep the catalogs current with the
engine (``engine_strings``, ``makemessages``).

May use: ``rules`` and Django. Every other app words things through it.
"""
