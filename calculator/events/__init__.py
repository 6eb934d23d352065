"""Club evenings and leagues: an event of several tables over several rounds.

``models`` the event, its roster, rounds, tables and penalties; ``draw`` who
sits where each round (plain Python); ``standings`` the table of players
across rounds; ``views`` the referee's pages, ``public`` what every player's
phone follows (their seat, the standings, live) and each table's own link to
enter its hands. Each table of a round keeps its hands in a club session
(``club.public``), so its ledger is the one a referee already knows.

May use: ``club.public``, ``page.public``, ``words``, ``rules`` and Django.
"""
