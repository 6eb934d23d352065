"""A club across evenings: its members, its seasons' tables, ratings and
player pages.

``models`` the club, its referees and members, the evenings it keeps, its
seasons, and each table-round's result kept from the hands (``kept``, sent by
the club app whenever a session's totals change); ``names`` near matches of a
typed name; ``placings`` 标准分 at one table; ``standing`` a season's table;
``rating`` the members' ratings replayed; ``player`` a member's page and
head-to-head; ``views`` the referees' pages, ``shared`` the read-only links,
``exports`` the CSV files; ``public`` what other apps may ask of it.

May use: ``events``, ``club.public``, ``page.public``, ``words``, ``rules`` and Django.
"""
