#!/usr/bin/env bash
# make slow-clients: the README's serving (deploy/serve.sh: nginx in front of
# gunicorn) on loopback with a throwaway SQLite database, held by slow
# clients (tests/load/slow_clients.py) while / is timed; SLOW_BARE=1 times
# gunicorn alone as well, for comparison. Loopback only; stops by itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PY:-.venv/bin/python}
PORT=${SLOW_PORT:-18780}
HOLD=${SLOW_HOLD:-20}
DIR=$(mktemp -d /tmp/suanfan-slow.XXXXXX)
export SECRET_KEY="slow-clients-$(date +%s)-not-for-production-use-xxxxxxxx" SECURE=0 \
  ALLOWED_HOSTS=127.0.0.1 SQLITE_PATH="$DIR/db.sqlite3" SERVE_DIR="$DIR/serve" \
  ACCESS_LOG="$DIR/access.log" PORT APP_PORT=$((PORT + 1)) WORKERS=${WORKERS:-3}
unset DATABASE_URL CACHE_URL
PY=$PY deploy/serve.sh 2>"$DIR/serve.log" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DIR"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.3; done
curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null || { cat "$DIR/serve.log" >&2; exit 1; }
"$PY" tests/load/slow_clients.py 127.0.0.1 "$PORT" --hold "$HOLD" --label "nginx + gunicorn: "
if [ "${SLOW_BARE:-0}" = 1 ]; then
  "$PY" tests/load/slow_clients.py 127.0.0.1 "$((PORT + 1))" --hold "$HOLD" --label "gunicorn alone: "
fi
