"""The suite's settings: the project's own, with a throwaway key and over
plain HTTP (the test client speaks HTTP; serving mode has tests of its own)."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret-" + "t" * 32)
os.environ.setdefault("SECURE", "0")

from calculator.settings import *  # noqa: F403

# The browser tests' live server answers several requests at once (a table
# saving while a phone polls). An in-memory SQLite database shares one cache
# whose table locks do not wait their turn; a file, as in production, does.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(
            os.environ.get("TMPDIR", "/tmp"), f"suanfan-test-{os.getpid()}.sqlite3"
        )
    }

# Django's own hasher takes most of a second per password on a CI core, and
# the suite creates and signs in users by the hundred; what is tested is who
# may sign in, not the hash. The served stack (tests/project) runs the
# project's settings and hashes as production does.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
