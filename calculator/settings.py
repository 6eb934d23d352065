"""Django settings for 算番.

Everything that differs between a laptop and the open internet comes from
the environment, so one code base serves both:

- ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL``, ``CACHE_URL``;
- ``DEBUG=1`` for development only (``make run`` sets it; off otherwise);
- ``SECURE=1`` behind HTTPS (``make serve`` sets it): secure cookies, HSTS,
  redirect to HTTPS, trusting the proxy's ``X-Forwarded-Proto``.

No state lives in a process: sessions and data are in the database, rate
limits in the cache (Redis through ``CACHE_URL`` when several instances
serve together), so instances behind a load balancer act as one.
"""

import os
import warnings
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("DEBUG", "0") == "1"
SECRET_KEY = os.environ.get("SECRET_KEY") or "dev-only-not-secret-suanfan-" + "x" * 24
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h]
SECURE = os.environ.get("SECURE", "0") == "1"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "calculator.words",
    "calculator.page",
    "calculator.api",
    "calculator.club",
    "calculator.teaching",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "calculator.api.ratelimit.ApiRateLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
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
    }


# SQLite by default (make run needs nothing else); PostgreSQL from DATABASE_URL.
DATABASES = {
    "default": database_from_url(os.environ["DATABASE_URL"])
    if os.environ.get("DATABASE_URL")
    else {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
    }
}

AUTH_PASSWORD_VALIDATORS = [
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
STATIC_ROOT = BASE_DIR / "staticfiles"
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

if SECURE:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_REDIRECT_EXEMPT = [r"^api/health$"]  # the load balancer's check, over plain HTTP

CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]


def cache_from_url(url: str) -> dict[str, object]:
    """``redis://host:port/db`` → Django's CACHES entry (shared by every instance)."""
    if not url.startswith(("redis://", "rediss://")):
        raise ValueError("CACHE_URL: only redis:// is supported")
    return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}


CACHES = {
    "default": cache_from_url(os.environ["CACHE_URL"])
    if os.environ.get("CACHE_URL")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

# /api/* requests per client address per minute before 429.
API_RATE_LIMIT = int(os.environ.get("API_RATE_LIMIT", "120"))

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
# Failed sign-ins allowed per user name and address before a pause.
LOGIN_FAILURE_LIMIT = 5
LOGIN_FAILURE_WINDOW = 15 * 60

# A score request is a few hundred bytes; anything near this is not a hand.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
