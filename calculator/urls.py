from django.urls import include, path

from calculator import api, views

urlpatterns = [
    path("", views.index, name="index"),
    path("api/score", api.score_view, name="api-score"),
    path("api/waits", api.waits_view, name="api-waits"),
    path("i18n/", include("django.conf.urls.i18n")),
]
