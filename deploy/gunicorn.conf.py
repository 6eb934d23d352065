"""gunicorn's settings for deploy/serve.sh (which passes the address, the
workers and the per-instance files on the command line)."""

import time
from datetime import UTC, datetime

from gunicorn.glogging import Logger


class UtcLogger(Logger):
    """gunicorn's own lines in UTC, as the app's JSON lines and nginx's are.
    Left alone it stamps local time, and a worker's local time is Django's
    TIME_ZONE (Django sets the process's TZ) while the arbiter's is the
    machine's: two zones in one stream."""

    def now(self):
        return datetime.now(UTC).strftime("[%d/%b/%Y:%H:%M:%S +0000]")

    def setup(self, cfg):
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                if handler.formatter is not None:
                    handler.formatter.converter = time.gmtime


logger_class = UtcLogger
# Requests reach the workers whole, through nginx: no slow client holds one,
# so a worker busy longer than this is stuck, and is replaced.
timeout = 30
