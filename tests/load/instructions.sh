#!/usr/bin/env bash
# Instructions per request, bare view and /api/score, counted by valgrind
# (cachegrind) in one process: exact and repeatable where wall-clock rates
# on a shared machine are not. Two runs per kind (LOW and HIGH requests);
# their difference cancels start-up.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PY:-.venv/bin/python}
LOW=${LOW:-200} HIGH=${HIGH:-1200}
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
count() {  # requests, kind → instructions of the whole run
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$PY" tests/load/requests_loop.py "$1" "$2" 2>&1 | awk '/I *refs/ { gsub(",", "", $4); print $4 }'
}
declare -A per
for kind in bare-json api-score; do
  low=$(count "$LOW" "$kind") high=$(count "$HIGH" "$kind")
  per[$kind]=$(( (high - low) / (HIGH - LOW) ))
  printf '%-10s %9d instructions per request\n' "$kind" "${per[$kind]}"
done
awk -v a="${per[api-score]}" -v b="${per[bare-json]}" \
  'BEGIN { printf "bare-json / api-score instructions = %.1f%% (the throughput ratio if both ran at one speed)\n", 100 * b / a }'
