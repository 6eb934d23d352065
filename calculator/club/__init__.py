"""Referees' club sessions: a ledger of hand after hand over an evening.

``models`` the sessions, their hands and every change, ``views`` the pages
(``/sessions/…`` and the read-only share link), ``forms`` what a referee
fills in, ``accounts`` sign-in and sign-up, ``admin`` the staff's view,
``migrations`` the schema. A hand is entered on the calculator page, which
``views.session_hand`` serves for the session.

May use: ``page.public``, ``words``, ``rules`` and Django.
"""
