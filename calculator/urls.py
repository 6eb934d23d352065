from django.urls import path

from calculator import api, views

urlpatterns = [
    path("", views.index, name="index"),
    path("api/score", api.score_view, name="api-score"),
]
