#!/usr/bin/env bash
# Run the tests that reach the database again against a throwaway PostgreSQL
# server (Debian's postgresql package), as the club sessions must work on both
# databases.
# make test calls it; it installs PostgreSQL where it can (root with apt).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null) \
      || { echo "postgres: could not install PostgreSQL; the PostgreSQL run is skipped" >&2; exit 0; }
  else
    echo "postgres: PostgreSQL is not installed and cannot be here; the PostgreSQL run is skipped" >&2
    exit 0
  fi
fi
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
DIR=$(mktemp -d /tmp/suanfan-pg.XXXXXX)
PORT=${PGTEST_PORT:-54329}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DIR"

as_pg "$BIN/initdb" -D "$DIR/data" -A trust -U postgres -E UTF8 >/dev/null
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-k $DIR -p $PORT -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
trap 'as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$DIR"' EXIT

# Only the tests that reach a database (tests/conftest.py says which): the
# others ran on SQLite already and would run here the same.
echo "postgres: running the tests that reach the database against PostgreSQL on port $PORT"
DATABASE_TESTS_ONLY=${DATABASE_TESTS_ONLY-1} DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" "$PY" -m pytest "$@"
