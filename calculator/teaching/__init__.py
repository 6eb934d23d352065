"""The teaching pages: each region's rules with hands scored live
(``/rules/…``), the glossary (``/glossary/``), and one hand compared across
every region (``/compare/``). ``cases`` reads the golden cases
(``tests/cases``), which are the rules pages' example hands; ``terms`` is
the glossary.

May use: ``page.public``, ``words``, ``rules`` and Django.
"""
