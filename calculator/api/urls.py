from django.urls import path

from calculator.api import views

urlpatterns = [
    path("api/score", views.score_view, name="api-score"),
    path("api/waits", views.waits_view, name="api-waits"),
    path("api/health", views.health, name="api-health"),
]
