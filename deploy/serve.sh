#!/usr/bin/env bash
# make serve: nginx (Debian's) in front of gunicorn, both in the foreground;
# Ctrl-C or TERM stops both, and either one stopping stops the other.
#
# Everything an instance writes lives in SERVE_DIR (default .serve in the
# checkout; give another to serve from a read-only tree): the generated
# secret key, the collected static files, nginx's pid, logs and temporary
# files, gunicorn's pid and control socket. Two instances on one machine
# need two SERVE_DIRs and two PORTs.
#
#   HOST, PORT   where nginx listens (default 127.0.0.1:8000)
#   APP_PORT     gunicorn, on loopback only (default PORT + 1)
#   WORKERS      gunicorn workers (default 3)
#   TLS_CERT, TLS_KEY   nginx speaks HTTPS with these (else plain HTTP, for
#                a TLS proxy in front: then TRUSTED_PROXIES=2)
#   MORE_APPS    other instances' gunicorn addresses (host:port ...) this
#                nginx balances over besides its own (they share DATABASE_URL
#                and CACHE_URL)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
APP_PORT=${APP_PORT:-$((PORT + 1))}
WORKERS=${WORKERS:-3}
SERVE_DIR=$(mkdir -p "${SERVE_DIR:-.serve}" && cd "${SERVE_DIR:-.serve}" && pwd)
KEY_FILE=${KEY_FILE:-$SERVE_DIR/secret_key}
ACCESS_LOG=${ACCESS_LOG:-/dev/stdout}

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null) \
      || { echo "serve: could not install nginx" >&2; exit 1; }
  else
    echo "serve: nginx is not installed (apt-get install nginx-light): gunicorn's sync workers must not face the network alone" >&2
    exit 1
  fi
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

if [ -z "${SECRET_KEY:-}" ]; then
  # The key an older make serve kept in the checkout, else a new one.
  [ -s "$KEY_FILE" ] || [ ! -s .secret_key ] || (umask 077 && cp .secret_key "$KEY_FILE")
  [ -s "$KEY_FILE" ] || (umask 077 && "$PY" -c 'import secrets; print(secrets.token_urlsafe(50))' > "$KEY_FILE")
  SECRET_KEY=$(cat "$KEY_FILE")
fi
export SECRET_KEY DEBUG=0 SECURE="${SECURE:-1}" TRUSTED_PROXIES="${TRUSTED_PROXIES:-1}"
export STATIC_ROOT="${STATIC_ROOT:-$SERVE_DIR/static}"

"$PY" manage.py collectstatic --noinput -v0
"$PY" manage.py migrate --noinput -v0

LISTEN="$HOST:$PORT"
case $HOST in *:*) LISTEN="[$HOST]:$PORT" ;; esac
if [ -n "${TLS_CERT:-}" ]; then
  LISTEN="$LISTEN ssl; ssl_certificate $TLS_CERT; ssl_certificate_key $TLS_KEY"
fi
APPS="127.0.0.1:$APP_PORT"
for more in ${MORE_APPS:-}; do APPS="$APPS; server $more"; done
sed -e "s|@DIR@|$SERVE_DIR|g" -e "s|@ACCESS_LOG@|$ACCESS_LOG|g" \
  -e "s|@APP@|$APPS|g" -e "s|@LISTEN@|$LISTEN|g" \
  deploy/nginx.conf > "$SERVE_DIR/nginx.conf"

"$PY" -m gunicorn calculator.wsgi -c deploy/gunicorn.conf.py -b "127.0.0.1:$APP_PORT" \
  -w "$WORKERS" --pid "$SERVE_DIR/gunicorn.pid" --control-socket "$SERVE_DIR/gunicorn.ctl" &
APP=$!
TZ=UTC "$NGINX" -p "$SERVE_DIR" -c "$SERVE_DIR/nginx.conf" -e stderr -g "daemon off;" &
PROXY=$!
stop() {
  trap - EXIT INT TERM
  kill -TERM "$PROXY" "$APP" 2>/dev/null || true
  wait "$PROXY" "$APP" 2>/dev/null || true
}
trap stop EXIT INT TERM
echo "serve: nginx on $LISTEN in front of gunicorn on 127.0.0.1:$APP_PORT ($WORKERS workers); files in $SERVE_DIR" >&2
wait -n "$PROXY" "$APP" || true
