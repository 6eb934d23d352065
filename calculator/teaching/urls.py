from django.urls import path

from calculator.teaching import views

urlpatterns = [
    path("rules/", views.rules_index, name="rules-index"),
    path("rules/<str:region>/", views.rules_page, name="rules"),
    path("rules/<str:region>/<str:key>/examples/", views.rule_examples, name="rule-examples"),
    path("glossary/", views.glossary_page, name="glossary"),
    path("compare/", views.compare, name="compare"),
]
