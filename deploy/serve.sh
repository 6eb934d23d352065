#!/usr/bin/env bash
# make serve, and the systemd unit (deploy/suanfan.service): nginx in front
# of gunicorn, in the foreground, kept running. Ctrl-C or TERM stops both.
#
# Supervision, the same with systemd or without: gunicorn starts first, and
# nginx only once gunicorn listens, so nginx never answers for an app that is
# not there yet. Whichever of the two exits (a crash, a kill -9) is started
# again at once, after what it left behind is stopped (a killed gunicorn
# master's workers, a killed nginx master's worker: they hold the port).
# Meanwhile nginx answers 502 with the app's own page in the reader's
# language, written to files at start (manage.py proxy_pages). Restarting
# more than 10 times in a minute will not mend it: the script exits 1 (and
# systemd, Restart=always, starts it all again a little later).
#
# Everything an instance writes lives in SERVE_DIR (default .serve in the
# checkout; give another to serve from a read-only tree): the generated
# secret key, the collected static files, nginx's pid, logs and temporary
# files, gunicorn's pid and control socket, the 502 pages. Two instances on
# one machine need two SERVE_DIRs and two PORTs.
#
#   HOST          where nginx listens (default 127.0.0.1; 0.0.0.0 for all)
#   TLS_CERT, TLS_KEY   nginx speaks HTTPS with these on PORT (default 443)
#                 and redirects plain HTTP on HTTP_PORT (default 80) to it;
#                 without them, plain HTTP on PORT (default 8000), for a TLS
#                 proxy in front (then TRUSTED_PROXIES=2) or a trial
#   PUBLIC_URL    where players reach the site (https://host:port), when the
#                 browser's own address is not what reaches nginx (a NAT's
#                 other port); links, QR codes and the redirect follow it
#   APP_PORT      gunicorn, on loopback only (default PORT + 1, or 8001
#                 when PORT is below 1024)
#   WORKERS       gunicorn workers (default 3)
#   MORE_APPS     other instances' gunicorn addresses (host:port ...) this
#                 nginx balances over besides its own (they share DATABASE_URL
#                 and CACHE_URL)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
HOST=${HOST:-127.0.0.1}
if [ -n "${TLS_CERT:-}" ]; then
  [ -r "$TLS_CERT" ] && [ -r "${TLS_KEY:-}" ] || { echo "serve: TLS_CERT and TLS_KEY must both be readable files" >&2; exit 1; }
  PORT=${PORT:-443}
  HTTP_PORT=${HTTP_PORT:-80}
else
  PORT=${PORT:-8000}
fi
if [ "$PORT" -ge 1024 ]; then APP_PORT=${APP_PORT:-$((PORT + 1))}; else APP_PORT=${APP_PORT:-8001}; fi
WORKERS=${WORKERS:-3}
SERVE_DIR=$(mkdir -p "${SERVE_DIR:-.serve}" && cd "${SERVE_DIR:-.serve}" && pwd)
KEY_FILE=${KEY_FILE:-$SERVE_DIR/secret_key}
ACCESS_LOG=${ACCESS_LOG:-/dev/stdout}
TRUSTED_PROXIES=${TRUSTED_PROXIES:-1}

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
export SECRET_KEY DEBUG=0 SECURE="${SECURE:-1}" TRUSTED_PROXIES
export STATIC_ROOT="${STATIC_ROOT:-$SERVE_DIR/static}"

# An upgrade is a new checkout and a restart: its migrations run here.
"$PY" manage.py collectstatic --noinput -v0
"$PY" manage.py migrate --noinput -v0
"$PY" manage.py proxy_pages "$SERVE_DIR/down"

listen() {  # host, port → nginx's listen argument
  case $1 in *:*) echo "[$1]:$2" ;; *) echo "$1:$2" ;; esac
}
LISTEN=$(listen "$HOST" "$PORT")
: > "$SERVE_DIR/redirect.conf"
if [ -n "${TLS_CERT:-}" ]; then
  LISTEN="$LISTEN ssl; ssl_certificate $TLS_CERT; ssl_certificate_key $TLS_KEY"
  # Plain HTTP only says where HTTPS is: the public address if given, else
  # the host the browser asked for, on PORT.
  if [ -n "${PUBLIC_URL:-}" ]; then
    HTTPS_ORIGIN=${PUBLIC_URL%/}
  elif [ "$PORT" = 443 ]; then
    HTTPS_ORIGIN='https://$host'
  else
    HTTPS_ORIGIN="https://\$host:$PORT"
  fi
  cat > "$SERVE_DIR/redirect.conf" <<EOF
server {
    listen $(listen "$HOST" "$HTTP_PORT");
    return 301 $HTTPS_ORIGIN\$request_uri;
}
EOF
fi
# The public address as the browser asked for it, passed to the app (which
# trusts it through TRUSTED_PROXIES): nginx's own when it is the outermost
# proxy, the outer proxy's when one stands in front (TRUSTED_PROXIES=2).
if [ "$TRUSTED_PROXIES" -ge 2 ]; then
  FORWARDED='$outer_proto $outer_host $outer_port'
else
  FORWARDED='$scheme $http_host $server_port'
fi
read -r PROTO FHOST FPORT <<<"$FORWARDED"
# Started as root (a trial: the service runs as a user of its own), nginx
# would run its worker as nobody, who may not read SERVE_DIR (the 502 pages,
# the static files): it runs as SERVE_DIR's owner instead.
WORKER_USER=""
[ "$(id -u)" != 0 ] || WORKER_USER="user $(stat -c %U "$SERVE_DIR");"
APPS="127.0.0.1:$APP_PORT"
for more in ${MORE_APPS:-}; do APPS="$APPS; server $more"; done
sed -e "s|@DIR@|$SERVE_DIR|g" -e "s|@ACCESS_LOG@|$ACCESS_LOG|g" \
  -e "s|@APP@|$APPS|g" -e "s|@LISTEN@|$LISTEN|g" -e "s|@STATIC@|$STATIC_ROOT|g" \
  -e "s|@USER@|$WORKER_USER|g" -e "s|@PROTO@|$PROTO|g" -e "s|@HOST@|$FHOST|g" -e "s|@PORT@|$FPORT|g" \
  deploy/nginx.conf > "$SERVE_DIR/nginx.conf"
TZ=UTC "$NGINX" -t -q -p "$SERVE_DIR" -c "$SERVE_DIR/nginx.conf" -e stderr -g "daemon off;"

# Each child in a process group of its own (job control), so what a killed
# master leaves behind can be stopped with it.
set -m
APP="" PROXY=""
start_app() {
  "$PY" -m gunicorn calculator.wsgi -c deploy/gunicorn.conf.py -b "127.0.0.1:$APP_PORT" \
    -w "$WORKERS" --pid "$SERVE_DIR/gunicorn.pid" --control-socket "$SERVE_DIR/gunicorn.ctl" &
  APP=$!
}
start_proxy() {
  TZ=UTC "$NGINX" -p "$SERVE_DIR" -c "$SERVE_DIR/nginx.conf" -e stderr -g "daemon off;" &
  PROXY=$!
}
app_listens() {
  (exec 3<>"/dev/tcp/127.0.0.1/$APP_PORT") 2>/dev/null
}
wait_for_app() {  # up to 60 s: a loaded machine's first start
  for _ in $(seq 600); do
    app_listens && return 0
    kill -0 "$APP" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
group_runs() {  # a process of the group still runs (not a zombie nobody reaped)
  local stat fields
  for stat in /proc/[0-9]*/stat; do
    read -r fields < "$stat" 2>/dev/null || continue
    fields=${fields##*) }  # state, parent, group, … after the command's name
    read -r -a fields <<<"$fields"
    [ "${fields[2]}" = "$1" ] && [ "${fields[0]}" != Z ] && return 0
  done
  return 1
}
stop_group() {  # a signal to a process group, KILL to what still runs of it after 5 s
  local group=$1 signal=${2:-TERM}
  kill "-$signal" -- "-$group" 2>/dev/null || return 0
  for _ in $(seq 50); do
    group_runs "$group" || return 0
    sleep 0.1
  done
  kill -KILL -- "-$group" 2>/dev/null || true
}
stop() {
  trap - EXIT INT TERM
  # nginx first (QUIT: it finishes what it is sending), then the app.
  [ -z "$PROXY" ] || stop_group "$PROXY" QUIT
  [ -z "$APP" ] || stop_group "$APP" TERM
  exit 0
}
trap stop EXIT INT TERM

RESTARTS=()
restarted() {  # name: count a restart; too many in a minute ends the script
  local now
  now=$(date +%s)
  RESTARTS+=("$now")
  local recent=0
  for t in "${RESTARTS[@]}"; do if [ $((now - t)) -lt 60 ]; then recent=$((recent + 1)); fi; done
  echo "serve: $1 exited; starting it again" >&2
  if [ "$recent" -gt 10 ]; then
    echo "serve: more than 10 restarts in a minute; giving up" >&2
    trap - EXIT
    stop_group "$PROXY" QUIT
    stop_group "$APP" TERM
    exit 1
  fi
}

start_app
wait_for_app || { echo "serve: gunicorn did not start" >&2; exit 1; }
start_proxy
echo "serve: nginx on $(listen "$HOST" "$PORT")${HTTP_PORT:+ (plain HTTP on $HTTP_PORT redirecting)} in front of gunicorn on 127.0.0.1:$APP_PORT ($WORKERS workers); files in $SERVE_DIR" >&2
while :; do
  wait -n "$APP" "$PROXY" 2>/dev/null || true
  if ! kill -0 "$APP" 2>/dev/null; then
    restarted gunicorn
    stop_group "$APP"
    start_app
    wait_for_app || true  # an app that cannot start exits, and comes round again
  fi
  if ! kill -0 "$PROXY" 2>/dev/null; then
    restarted nginx
    stop_group "$PROXY"
    wait_for_app || true
    start_proxy
  fi
done
