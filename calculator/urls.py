from django.urls import include, path

from calculator import api, views

urlpatterns = [
    path("", views.index, name="index"),
    path("api/score", api.score_view, name="api-score"),
    path("i18n/", include("django.conf.urls.i18n")),
]
