"""What the calculator page shows, built from its state and the engine's score,
a module for each part of the page: ``controls``, ``taps`` (what the next tap
does), ``tiles`` and ``melds`` as drawn, ``notes`` beside the hand, the
``result`` with its ``value`` and ``citations``, the ``waits``, and
``context``, the whole page's.

Templates stay free of logic: every list they loop over is made here, every
word already in the page's language (``calculator.words.wording`` words what
the engine returns).
"""
