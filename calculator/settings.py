"""Django settings for 算番.

Everything that differs between a laptop and the open internet comes from
the environment, so one code base serves both:

- ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL``, ``CACHE_URL``;
- ``DEBUG=1`` for development only (``make run`` sets it; off otherwise);
- with ``DEBUG`` off the site is served over HTTPS: secure cookies, HSTS, a
  redirect to HTTPS, trusting the proxy's ``X-Forwarded-Proto`` — unless
  ``SECURE=0`` says it is a plain-HTTP test; and it will not start without a
  ``SECRET_KEY`` of its own.

No state lives in a process: sessions, data and sign-in failures are in the
database, rate limits in a store every worker shares (the database's
``rate_count`` table, or Redis through ``CACHE_URL``), so workers and
instances behind a load balancer act as one.
"""

import os
import warnings
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("DEBUG", "0") == "1"
# No public default for a served site: without a key of its own it refuses to
# start (calculator.wsgi), while the command line, which signs nothing, works.
SECRET_KEY = os.environ.get("SECRET_KEY") or (
    "dev-only-not-secret-suanfan-" + "x" * 24 if DEBUG else ""
)
HAS_SECRET_KEY = bool(SECRET_KEY)
NO_SECRET_KEY = (
    "SECRET_KEY is not set. A served site needs a secret key of its own: set SECRET_KEY "
    "(make serve makes one in .secret_key), or DEBUG=1 on a developer's machine."
)
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h]


def public_origin(url: str) -> str:
    """``PUBLIC_URL`` (``https://mahjong.example:8443``) → its origin, checked:
    every absolute link and QR code is written from it, so a typo in it
    would be printed on every table's card."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"PUBLIC_URL: {url!r} is not http(s)://host[:port]")
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError(f"PUBLIC_URL: {url!r} has a path; the site is served at its root")
    return f"{parts.scheme}://{parts.netloc.lower()}"


# Where players reach the site, when the proxies cannot say it (a NAT's port,
# a name the proxy does not pass): one setting, and the links, QR codes and
# CSRF's trusted origins follow it. Without it they follow each request's
# address as the trusted proxies pass it (below).
PUBLIC_URL = public_origin(os.environ["PUBLIC_URL"]) if os.environ.get("PUBLIC_URL") else ""
if PUBLIC_URL and (public_host := urlsplit(PUBLIC_URL).hostname) not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(str(public_host))
SECURE = os.environ.get("SECURE", "0" if DEBUG else "1") == "1"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "calculator.words",
    "calculator.page",
    "calculator.pictures",
    "calculator.api",
    "calculator.club",
    "calculator.teaching",
    "calculator.learn",
    "calculator.events",
    "calculator.season",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and JSON compressed for a client that asks (static files come
    # compressed from whitenoise, above, and never reach it). Outside every
    # middleware below that reads or writes a body, so it compresses last.
    # BREACH: a page's only secret is the CSRF token, which Django masks
    # afresh in every response; gzip adds Heal-the-Breach random bytes; the
    # session cookie is SameSite=Lax, so another site cannot make a signed-in
    # browser fetch the pages that show a share link's token; and the scoring
    # pages are rate-limited. Compressing is worth it: a rules page is 5× smaller.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before anything reads a body: NUL characters and oversized forms are
    # answered here, in the reader's language (so after the locale).
    "calculator.hygiene.RequestHygieneMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After the user is known: a signed-in referee is counted by account.
    "calculator.api.ratelimit.RateLimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

ROOT_URLCONF = "calculator.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "calculator.addresses.origin",
            ],
        },
    },
]

WSGI_APPLICATION = "calculator.wsgi.application"


def database_from_url(url: str) -> dict[str, object]:
    """``postgres://user:password@host:port/name`` → Django's DATABASES entry."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql"):
        raise ValueError(f"DATABASE_URL: unsupported scheme {parts.scheme!r}")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        # A worker keeps its connection from request to request: connecting
        # afresh (a process forked by PostgreSQL, a password check) cost more
        # than the query a rate-limited request makes.
        # The check before reuse (a SELECT 1 when a request first touches the
        # database) spares a 500 per worker after PostgreSQL restarts;
        # CONN_HEALTH_CHECKS=0 saves its round-trip (make load: a few points).
        "CONN_MAX_AGE": int(os.environ.get("CONN_MAX_AGE", "300")),
        "CONN_HEALTH_CHECKS": os.environ.get("CONN_HEALTH_CHECKS", "1") == "1",
    }


# SQLite by default (make run needs nothing else); PostgreSQL from DATABASE_URL.
DATABASES = {
    "default": database_from_url(os.environ["DATABASE_URL"])
    if os.environ.get("DATABASE_URL")
    else {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
        # Several workers write at once (hands, limits): each write takes the
        # lock as it begins and waits its turn rather than failing, and
        # readers do not block the writer (WAL).
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "calculator.club.passwords.VisibleCharactersValidator"},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [
    ("zh-hans", "简体中文"),
    ("zh-hant", "繁體中文"),
    ("en", "English"),
]
LOCALE_PATHS = [BASE_DIR / "calculator" / "words" / "locale"]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Outside the checkout where STATIC_ROOT says (make serve: in SERVE_DIR), so
# a read-only tree can serve.
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
# Served by whitenoise, compressed; in development straight from the finders.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if SECURE
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not SECURE
# Before the first collectstatic there is no STATIC_ROOT; development serves
# from the finders, so whitenoise's warning about it says nothing useful.
warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)

# No inline script or style anywhere: the page's behaviour is htmx and one file.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

# How many proxies of ours stand in front of the app (nginx: 1). The client's
# address is read from X-Forwarded-For through them (calculator.addresses);
# with 0 the header is ignored, as anyone can send one.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))

# Behind our proxies the public address is what they pass: the scheme
# (X-Forwarded-Proto), the host and port the browser asked for (Host,
# X-Forwarded-Host, X-Forwarded-Port; deploy/nginx.conf sets each, so a
# client's own are overwritten). Request.build_absolute_uri and CSRF's
# same-origin check then see the address the browser is on, on any port.
# Without a proxy of ours these headers are anyone's, and are not read.
USE_X_FORWARDED_HOST = USE_X_FORWARDED_PORT = TRUSTED_PROXIES > 0

if SECURE:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_REDIRECT_EXEMPT = [r"^api/health$"]  # the load balancer's check, over plain HTTP

if TRUSTED_PROXIES > 0:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# The request's own origin is trusted already (Django compares it with the
# Origin header); PUBLIC_URL's is added for a proxy that does not pass it.
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]
if PUBLIC_URL:
    CSRF_TRUSTED_ORIGINS.append(PUBLIC_URL)


def cache_from_url(url: str) -> dict[str, object]:
    """``redis://host:port/db`` → Django's CACHES entry (shared by every instance)."""
    if not url.startswith(("redis://", "rediss://")):
        raise ValueError("CACHE_URL: only redis:// is supported")
    return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}


# Without Redis, the database's own cache table (made by migrate), which every
# worker and instance sees (the sign-up throttle counts there; the rate
# limits count in a table of their own, calculator.api.counting).
CACHES = {
    "default": cache_from_url(os.environ["CACHE_URL"])
    if os.environ.get("CACHE_URL")
    else {"BACKEND": "calculator.api.counting.SharedDatabaseCache", "LOCATION": "cache"}
}

# Requests per client (a signed-in referee's account, else the address) a
# minute before 429: /api/*, and the pages that score (a table of four
# tapping away stays well under it).
API_RATE_LIMIT = int(os.environ.get("API_RATE_LIMIT", "120"))
PAGE_RATE_LIMIT = int(os.environ.get("PAGE_RATE_LIMIT", "600"))
# Requests a minute per client to the links holding a token (/t/…, /e/…):
# a table's four phones make about 40 (each polls every POLL_SECONDS); a
# club's 16 tables behind one router about 500; a client guessing tokens is
# stopped long before it finds one.
LINK_RATE_LIMIT = int(os.environ.get("LINK_RATE_LIMIT", "1200"))

# How often a phone asks again, in seconds: a table's phones for its saved
# hands and what the referee did, a player following the standings. Each ask
# that finds nothing new is a 304 (ETag).
POLL_SECONDS = {"table": 8, "standings": 5}

# Errors are logged as one JSON object a line, for whatever collects logs.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "calculator.logs.JsonFormatter"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json"}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "calculator": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "sessions"
LOGOUT_REDIRECT_URL = "index"

# Sign-in failures (every sign-in form, the admin's too), counted by
# django-axes in the database: five for one name from one address, and that
# name waits a quarter of an hour there. Per name and address together, so a
# player's typos lock neither the club's other accounts behind the same
# address nor their own account elsewhere. A good sign-in clears its count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "calculator.addresses.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "club/locked_out.html"
AXES_HTTP_RESPONSE_CODE = 429
# New accounts per address an hour (each costs a password hash).
SIGNUP_LIMIT = int(os.environ.get("SIGNUP_LIMIT", "5"))

# A score request is a few hundred bytes; anything near this is not a hand.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
