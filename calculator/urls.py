from django.urls import include, path

from calculator import api, teaching, views

urlpatterns = [
    path("", views.index, name="index"),
    path("api/score", api.score_view, name="api-score"),
    path("api/waits", api.waits_view, name="api-waits"),
    path("rules/", teaching.rules_index, name="rules-index"),
    path("rules/<str:region>/", teaching.rules_page, name="rules"),
    path("glossary/", teaching.glossary_page, name="glossary"),
    path("compare/", teaching.compare, name="compare"),
    path("i18n/", include("django.conf.urls.i18n")),
]
