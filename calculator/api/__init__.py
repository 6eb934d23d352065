"""The JSON API and the command line, for scripts and other programs.

``POST /api/score`` and ``POST /api/waits`` (``views``), the per-address rate
limit on them (``ratelimit``), and ``manage.py score`` / ``manage.py waits``.
They speak the spec's JSON (``shared/spec/hand-format.md``) in its English.

May use: ``rules`` and Django; no other app.
"""
