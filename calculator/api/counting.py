"""The store rate limits count in when no Redis is configured: Django's
database cache, with counting made safe across workers.

Django's database cache adds to a count by reading it and writing it back,
so two workers that read together both write the same next number and one
request goes uncounted. Here the read and the write are one transaction that
holds the row (``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite the settings
open every transaction with the write lock), so each request counts once.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction


class SharedDatabaseCache(DatabaseCache):
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
