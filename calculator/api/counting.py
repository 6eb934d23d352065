"""Counting requests for the rate limits, in one round-trip to a store every
worker and instance shares.

- With Redis (``CACHE_URL``): ``INCR`` and ``EXPIRE`` in one pipeline.
- Without: one ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` into the
  ``rate_count`` table (unlogged on PostgreSQL), in autocommit: one
  statement, one transaction. Counting through Django's database cache took
  five (an add, a read, a locked read, a write, each with its cull).
  Expired rows go now and then, one request in ``SWEEP_EVERY`` sweeping.

A count kept in each worker's memory would cost nothing, but the limit would
then be per worker (per instance, times the workers) rather than per client;
both stores above count once for the whole site.

``SharedDatabaseCache``, below, is the cache Django and the sign-up throttle
use without Redis: Django's database cache with counting made safe across
workers.

Django's database cache adds to a count by reading it and writing it back,
so two workers that read together both write the same next number and one
request goes uncounted. Here the read and the write are one transaction that
holds the row (``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite the settings
open every transaction with the write lock), so each request counts once.
"""

from __future__ import annotations

import random
import time
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.core.cache.backends.redis import RedisCache
from django.db import connections, router, transaction

from calculator.api.models import RateCount

SWEEP_EVERY = 1000


def counted(who: str, window: int) -> int:
    """This request counted for ``who`` in the current ``window`` seconds: the
    count so far, this one included."""
    slot = int(time.time() // window)
    expires = (slot + 1) * window + 60
    store = caches["default"]
    if isinstance(store, RedisCache):
        return _counted_in_redis(store, f"rate:{who}:{slot}", expires)
    return _counted_in_table(who, slot, expires)


def _counted_in_redis(store: Any, key: str, expires: int) -> int:
    key = store.make_and_validate_key(key)
    pipe = store._cache.get_client(key, write=True).pipeline(transaction=False)
    pipe.incr(key)
    pipe.expireat(key, expires)
    count, _ = pipe.execute()
    return int(count)


def _counted_in_table(who: str, slot: int, expires: int) -> int:
    db = router.db_for_write(RateCount)
    connection = connections[db]
    with connection.cursor() as cursor:
        cursor.execute(UPSERT, [who[:200], slot, expires])
        (count,) = cursor.fetchone()
        if random.randrange(SWEEP_EVERY) == 0:
            cursor.execute("DELETE FROM rate_count WHERE expires < %s", [int(time.time())])
    return int(count)


UPSERT = (
    "INSERT INTO rate_count (who, slot, count, expires) VALUES (%s, %s, 1, %s) "
    "ON CONFLICT (who, slot) DO UPDATE SET count = rate_count.count + 1 RETURNING count"
)


class SharedDatabaseCache(DatabaseCache):
    """Django's database cache, an increment counted once however many
    workers add at the same moment."""

    def __init__(self, table: str, params: dict[str, Any]) -> None:
        super().__init__(table, params)
        self.table = table

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        db = router.db_for_write(self.cache_model_class)
        with transaction.atomic(using=db):
            connection = connections[db]
            if connection.features.has_select_for_update:
                table = connection.ops.quote_name(self.table)
                with connection.cursor() as cursor:
                    cursor.execute(
                        f"SELECT cache_key FROM {table} WHERE cache_key = %s FOR UPDATE",
                        [self.make_and_validate_key(key, version=version)],
                    )
            return super().incr(key, delta, version)
