from django.urls import path

from calculator.teaching import views

urlpatterns = [
    path("rules/", views.rules_index, name="rules-index"),
    path("rules/<str:region>/", views.rules_page, name="rules"),
    path("glossary/", views.glossary_page, name="glossary"),
    path("compare/", views.compare, name="compare"),
]
