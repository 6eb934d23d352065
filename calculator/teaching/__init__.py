"""The teaching pages: each region's rules (``/rules/…``), each item's
example hands scored by the engine and fetched when opened
(``/rules/<region>/<item>/examples/``), the glossary (``/glossary/``), and
one hand compared across every region (``/compare/``). ``cases`` reads the
golden cases (``tests/cases``), which are the rules pages' example hands;
``terms`` is the glossary.

May use: ``page.public``, ``words``, ``rules`` and Django.
"""
