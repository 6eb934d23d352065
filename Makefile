# 算番 — set-up, serving and tests. `make run` and `make test` work on a fresh
# machine with nothing but Python >= 3.12, make and apt.

VENV    := .venv
BIN     := $(VENV)/bin
# Django 6 needs Python >= 3.12; the machine's default python3 may be older,
# so look for one (PYTHON=... overrides the search).
PYTHON  ?= $(shell for p in python3.13 python3.12 \
             $$HOME/.pyenv/versions/3.13*/bin/python3 $$HOME/.pyenv/versions/3.12*/bin/python3 \
             /usr/local/bin/python3.13 /usr/local/bin/python3.12 python3; do \
             command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null \
             && { command -v $$p; break; }; done)
STAMP   := $(VENV)/.installed
# What the environment holds besides the dependencies: the tests' tools here,
# only the engine's compiler for make serve (its own SERVE_VENV).
EXTRAS  ?= test,bench
HOST    ?= 127.0.0.1
# make run's port; make serve's default depends on TLS (deploy/serve.sh).
PORT    ?=
# The suite runs in this many processes (pytest-xdist), a test file to each:
# its module's set-up (a served stack, fixed ports) stays in one.
TEST_WORKERS ?= 2
PYTEST_ARGS  ?= -n $(TEST_WORKERS) --dist loadfile

.PHONY: compile run serve serve-here serve-env backup restore picture-font slow-clients stack-deps load fuzz test lint typecheck pytest pytest-postgres bench bench-page bench-event bench-season browser-deps clean messages

$(STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then \
	  echo "error: no Python >= 3.12 found (Django 6 needs it). Install one, or run make PYTHON=/path/to/python3.12" >&2; exit 1; fi
	@echo "using $(PYTHON)"
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

# The engine is plain Python; mypyc compiles the same sources, unchanged, to
# C, about 2× faster (make bench). Recompiled whenever a source changes;
# where no compiler is to be had, the plain Python runs (and a test checks
# nothing stale is loaded).
RULES_SRC := $(shell find rules -name '*.py')
COMPILED  := $(VENV)/.rules-compiled
$(COMPILED): $(STAMP) $(RULES_SRC) Makefile
	@find rules -name '*.so' -delete; rm -f rules__mypyc*.so
	@if $(BIN)/python -c "$$MYPYC_BUILD" > $(VENV)/mypyc.log 2>&1; then \
	  echo "compiled rules/ with mypyc"; \
	else \
	  echo "warning: mypyc could not compile rules/ (see $(VENV)/mypyc.log); it runs as plain Python" >&2; \
	  find rules -name '*.so' -delete; rm -f rules__mypyc*.so; \
	fi
	@rm -rf build
	@touch $@

compile: $(COMPILED)

# One library for the whole engine (rules/compiled__mypyc…so, beside the
# per-module shims): calls between modules stay inside it, and its code is
# half the size of one library per module. Under load that told on the
# clock: alternating runs of the two builds, /api/score over the bare view
# went from 75 % to 84 % (median of 10 rounds each), same instructions.
define MYPYC_BUILD
import glob
from setuptools import setup
from mypyc.build import mypycify
sources = [s for s in sorted(glob.glob("rules/**/*.py", recursive=True)) if s != "rules/__init__.py"]
setup(name="rules-compiled", script_args=["build_ext", "--inplace"],
      ext_modules=mypycify(["--config-file=/dev/null", "--ignore-missing-imports", *sources], group_name="rules.compiled"))
endef
export MYPYC_BUILD

run: $(STAMP) $(COMPILED) picture-font
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(or $(PORT),8000)

# The CJK font the pictures to share are drawn in on the server
# (calculator/pictures/fonts.py): Debian's fonts-noto-cjk, from the machine's
# own packages, never fetched at run time. Where it cannot be installed the
# pictures answer 503 saying so, and manage.py check warns.
NOTO_CJK := /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
picture-font:
	@test -f $(NOTO_CJK) || [ -n "$$PICTURE_FONT_DIRS" ] || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fonts-noto-cjk >/dev/null) \
	      || echo "warning: could not install fonts-noto-cjk; the pictures to share will not be drawn" >&2; \
	  else echo "warning: fonts-noto-cjk missing (apt-get install fonts-noto-cjk, or set PICTURE_FONT_DIRS); the pictures to share will not be drawn" >&2; fi; }

# Debian's chromium (and CJK fonts, so screenshots show the tiles' words) for
# the browser tests, and axe-core from the npm registry for their accessibility
# checks; they skip with a reason where these cannot be installed, but CI
# (root, apt and npm reachable) always gets them.
AXE := tests/browser/node_modules/axe-core/axe.min.js
browser-deps: $(AXE)
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk >/dev/null) \
	      || echo "warning: could not install chromium; browser tests will be skipped" >&2; \
	  else echo "warning: chromium missing and not installable here; browser tests will be skipped" >&2; fi; }

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  npm ci --prefix tests/browser --no-audit --no-fund --silent || echo "warning: could not install axe-core; its checks will be skipped" >&2; \
	else echo "warning: npm missing; the axe-core checks will be skipped" >&2; fi

lint: $(STAMP)
	$(BIN)/ruff check rules calculator tests
	$(BIN)/ruff format --check rules calculator tests
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) $(COMPILED)
	$(BIN)/python -m pytest

# The same suite on PostgreSQL (installed and started by the script where it can be).
pytest-postgres: $(STAMP) $(COMPILED)
	PY=$(BIN)/python tests/postgres.sh

# nginx and Redis (Debian's) for the production-stack tests
# (tests/project/test_production_stack.py, test_two_instances.py); they
# skip with a reason where these cannot be installed, but CI always gets them.
stack-deps:
	@command -v redis-server >/dev/null 2>&1 && { command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx; } || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light redis-server >/dev/null) \
	      || echo "warning: could not install nginx and redis-server; the production-stack tests will be skipped" >&2; \
	  else echo "warning: nginx or redis-server missing and not installable here; the production-stack tests will be skipped" >&2; fi; }

test: $(STAMP) browser-deps picture-font stack-deps lint typecheck pytest pytest-postgres

# Times our splitting, scoring and waits beside the mahjong package on the
# shared corpus, interleaved in one run (shared/bench/anchors.py).
SHARED    ?= ../shared
BENCH_OUT ?= .bench/anchors_result.json
bench: $(STAMP) $(COMPILED)
	@mkdir -p $(dir $(BENCH_OUT))
	$(BIN)/python $(SHARED)/bench/anchors.py --plugin tests/bench/anchors_plugin.py --out $(BENCH_OUT) $(BENCH_ARGS)

# The calculator page in headless Chromium: time from tap to updated screen,
# bytes per tap, server time (tests/bench/taps.py).
bench-page: $(STAMP) $(COMPILED) browser-deps
	$(BIN)/python tests/bench/taps.py
	$(BIN)/python tests/bench/readings.py

# An event at scale: 64 players, 16 tables, 1,280 hands; the standings pages
# timed and 16 tables saving at once over HTTP (tests/bench/event_scale.py).
# SQLite by default; DATABASE_URL=postgres://... for PostgreSQL.
bench-event: $(STAMP) $(COMPILED)
	$(BIN)/python tests/bench/event_scale.py

# A club's season at scale: 30 evenings × 64 members × 16 tables × 2 rounds ×
# 8 hands; the season table, a player page and a head-to-head timed, and a
# correction to an old hand with the first read after it
# (tests/bench/season_scale.py). SQLite by default; DATABASE_URL=postgres://...
# (an empty database) for PostgreSQL.
bench-season: $(STAMP) $(COMPILED)
	$(BIN)/python tests/bench/season_scale.py

# After changing a translatable string: refresh the catalogs, translate the
# new entries in calculator/locale/*/LC_MESSAGES/django.po, then compile.
messages: $(STAMP)
	$(BIN)/python manage.py engine_strings
	$(BIN)/python manage.py makemessages -l zh_Hans -l zh_Hant -l en --ignore=.venv --ignore=tests --ignore=staticfiles
	$(BIN)/python manage.py compilemessages --ignore=.venv

# Production serving: nginx (Debian's) in front of gunicorn (deploy/serve.sh),
# settings from the environment (SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL,
# CACHE_URL), in an environment of its own without the tests' packages.
# SERVE_DIR holds what an instance writes (key, static files, pids, sockets).
WORKERS    ?= 3
SERVE_VENV ?= .venv-serve
SERVE_DIR  ?= .serve
# It supervises: gunicorn or nginx killed is back within seconds (the same
# under systemd, deploy/suanfan.service, which runs deploy/serve.sh).
# make serve-env builds that environment alone (an upgrade, before a restart).
serve:
	@$(MAKE) --no-print-directory VENV=$(SERVE_VENV) EXTRAS=build serve-here

serve-env:
	@$(MAKE) --no-print-directory VENV=$(SERVE_VENV) EXTRAS=build compile

serve-here: $(STAMP) $(COMPILED) picture-font
	PY=$(BIN)/python HOST=$(HOST) PORT=$(PORT) WORKERS=$(WORKERS) SERVE_DIR=$(SERVE_DIR) deploy/serve.sh

# A consistent copy of the database while the site serves (pg_dump, or
# SQLite's online backup) into BACKUP_DIR, older than BACKUP_KEEP_DAYS
# removed; make restore FILE=… brings one back (then migrates). The same
# settings as make serve (DATABASE_URL, SQLITE_PATH); PY= another Python.
BACKUP_DIR       ?= backups
BACKUP_KEEP_DAYS ?= 30
SERVE_PY          = $(or $(PY),$(wildcard $(SERVE_VENV)/bin/python),$(BIN)/python)
backup:
	$(SERVE_PY) manage.py backup --to "$(BACKUP_DIR)" --keep-days $(BACKUP_KEEP_DAYS)

restore:
	@test -n "$(FILE)" || { echo "make restore FILE=backups/suanfan-….dump (or .sqlite3)" >&2; exit 1; }
	$(SERVE_PY) manage.py restore "$(FILE)"

# 8 connections trickling their headers and 8 their bodies, held 20 s,
# while / is timed: through nginx as make serve runs it, and straight at
# gunicorn for comparison (tests/load/slow_clients.py).
slow-clients: $(STAMP) $(COMPILED)
	PY=$(BIN)/python tests/load/slow_clients.sh

# Drives /api/score and the page with wrk (Debian's) at 32 connections,
# beside a bare JSON view on the same server, and prints the figures.
load: $(STAMP) $(COMPILED)
	PY=$(BIN)/python tests/load/run.sh

# A long fuzzing run (>= 100,000 inputs); make test runs a short one.
fuzz: $(STAMP) $(COMPILED)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-34000} DEAL_WALL_HANDS=$${DEAL_WALL_HANDS:-10000} \
	  $(BIN)/python -m pytest tests/api/test_fuzz.py tests/rules/test_deal_wall.py -q -p no:cacheprovider

clean:
	rm -rf $(VENV) $(SERVE_VENV) .pytest_cache .mypy_cache .ruff_cache build
	find rules -name '*.so' -delete; rm -f rules__mypyc*.so
