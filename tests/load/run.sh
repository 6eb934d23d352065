#!/usr/bin/env bash
# make load: gunicorn on loopback, wrk (Debian's) at 32 connections for a
# bounded time against /api/score, the page, and the bare /api/health view;
# prints requests/s, latency percentiles and errors for each. Loopback only.
# The database is a throwaway PostgreSQL (DATABASE_URL=... to use another).
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PY:-.venv/bin/python}
PORT=${LOAD_PORT:-8765}
SECONDS_EACH=${LOAD_SECONDS:-15}
WORKERS=${LOAD_WORKERS:-3}

if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "load: wrk is not installed (apt-get install wrk)" >&2; exit 1
  fi
fi

DIR=$(mktemp -d /tmp/suanfan-load.XXXXXX)
# The README's set-up: PostgreSQL, the rate limits counting every request
# (set too high to refuse any: wrk is one address), in the database or, with
# CACHE_URL=redis://…, in Redis, as a served site would count them.
export SECRET_KEY="load-test-$(date +%s)-not-for-production-use-xxxxxxxx" DEBUG=0 SECURE=0 \
  API_RATE_LIMIT=1000000000 PAGE_RATE_LIMIT=1000000000 LINK_RATE_LIMIT=1000000000 ALLOWED_HOSTS=127.0.0.1
PG=""
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ -z "${DATABASE_URL:-}" ]; then
  if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null || true
  fi
  if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    PG=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    PGPORT=${LOAD_PG_PORT:-54331}
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_pg "$PG/initdb" -D "$DIR/data" -A trust -U postgres -E UTF8 >/dev/null
    # The server's own defaults (fsync and all), as a club would run it.
    as_pg "$PG/pg_ctl" -D "$DIR/data" -l "$DIR/pg.log" -w \
      -o "-k $DIR -p $PGPORT -c listen_addresses=127.0.0.1" start >/dev/null
    export DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
  else
    echo "load: PostgreSQL is not installed; measuring on SQLite instead (not the README's set-up)" >&2
    export SQLITE_PATH="$DIR/db.sqlite3"
  fi
fi
stop() {
  kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null
  [ -n "$PG" ] && as_pg "$PG/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1
  rm -rf "$DIR"
}
SERVER=""
trap stop EXIT
"$PY" manage.py migrate --noinput -v0
"$PY" -m gunicorn calculator.wsgi -b "127.0.0.1:$PORT" -w "$WORKERS" --log-level warning &
SERVER=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.2; done

run() {  # name, seconds, then wrk's arguments
  local name=$1 secs=$2; shift 2
  local out
  out=$(wrk -t2 -c32 -d"${secs}s" --latency "$@")
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out" | tr '\n' ' ')
  printf '%-14s %10s req/s   p50 %-9s p99 %-9s errors: %s\n' "$name" "$rps" "$p50" "$p99" "${errors:-0}"
  echo "$rps" >> "$DIR/$name.rps"
}

# This machine's speed drifts by a quarter from minute to minute, so the bare
# view and each endpoint take turns in short rounds: a slow minute then
# lands on all of them instead of on whichever ran in it.
ROUNDS=${LOAD_ROUNDS:-3}
PER_ROUND=$(( (SECONDS_EACH + ROUNDS - 1) / ROUNDS ))
PAGE="/?r=laosanfan&h=13s66m888m&w=2s&m=k9999m+p555m&s=S&d=E&b=self_draw"
COUNTING="database"; [ -n "${CACHE_URL:-}" ] && COUNTING="Redis (CACHE_URL)"
echo "load: ${SECONDS_EACH}s each in $ROUNDS rounds, 32 connections, $WORKERS gunicorn workers, 127.0.0.1:$PORT, ${DATABASE_URL:+PostgreSQL}${SQLITE_PATH:+SQLite}, rate limits counting in the $COUNTING"
echo "machine: $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), load average $(cut -d' ' -f1-3 /proc/loadavg) before"
for round in $(seq "$ROUNDS"); do
  echo "round $round"
  run bare-json "$PER_ROUND" "http://127.0.0.1:$PORT/api/health"
  run api-score "$PER_ROUND" -s tests/load/score.lua "http://127.0.0.1:$PORT/api/score"
  run page "$PER_ROUND" "http://127.0.0.1:$PORT$PAGE"
done
mean() { awk '{ s += $1 } END { printf "%.0f", s / NR }' "$1"; }
# Each round's runs were side by side in time: the median of the rounds'
# ratios to the bare view is the figure least moved by the machine's drift.
echo "each endpoint against the bare view of the same rounds (median of $ROUNDS rounds; lowest, highest):"
printf '  %-10s %8s req/s\n' bare-json "$(mean "$DIR/bare-json.rps")"
for name in api-score page; do
  paste "$DIR/$name.rps" "$DIR/bare-json.rps" | awk '{ print 100 * $1 / $2 }' | sort -n |
    awk -v name="$name" -v rps="$(mean "$DIR/$name.rps")" '{ r[NR] = $1 } END {
      m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
      printf "  %-10s %8s req/s   %s / bare-json = %.1f%% (lowest %.1f%%, highest %.1f%%)\n", name, rps, name, m, r[1], r[NR] }'
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) after"
