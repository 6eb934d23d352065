"""The suite's settings: the project's own, with a throwaway key and over
plain HTTP (the test client speaks HTTP; serving mode has tests of its own)."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret-" + "t" * 32)
os.environ.setdefault("SECURE", "0")

from calculator.settings import *  # noqa: F403
