"""The Django side of 算番: the project (settings, URLs, WSGI, logs) and one app
per part a user meets. Each app says in its own docstring what it holds and
what it may use; the import-linter contracts in ``pyproject.toml`` hold them
to it (``make lint``).

- ``words``    the engine's words in the page's language: catalogs, wording
- ``page``     the calculator page: its state, what it shows, tile art
- ``api``      ``/api/score``, ``/api/waits`` and the ``score``/``waits`` commands
- ``club``     referees' sessions: accounts, the ledger, exports
- ``teaching`` the rules explained, the glossary, one hand in every region

The engine itself is ``rules/``, beside this package, and knows nothing of it.
"""
