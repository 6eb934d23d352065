"""The project's URLs: each app's own, and Django's language switch and admin."""

from django.contrib import admin
from django.urls import include, path

from calculator import hygiene

urlpatterns = [
    path("", include("calculator.page.urls")),
    path("", include("calculator.pictures.urls")),
    path("", include("calculator.api.urls")),
    path("", include("calculator.teaching.urls")),
    path("", include("calculator.learn.urls")),
    path("", include("calculator.club.urls")),
    path("", include("calculator.events.urls")),
    path("", include("calculator.season.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("_refused/<int:status>/", hygiene.refused_by_the_proxy),
]

# A database that does not answer is a 503 with the app's page, not a bare 500.
handler500 = "calculator.hygiene.server_error"
