"""WSGI entry point for 算番."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.settings")

application = get_wsgi_application()
