from django.contrib import admin
from django.contrib.auth.views import LogoutView
from django.urls import include, path

from calculator import api, club, teaching, views

urlpatterns = [
    path("", views.index, name="index"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("favicon.ico", views.favicon),
    path("api/score", api.score_view, name="api-score"),
    path("api/waits", api.waits_view, name="api-waits"),
    path("api/health", api.health, name="api-health"),
    path("rules/", teaching.rules_index, name="rules-index"),
    path("rules/<str:region>/", teaching.rules_page, name="rules"),
    path("glossary/", teaching.glossary_page, name="glossary"),
    path("compare/", teaching.compare, name="compare"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", club.SignInView.as_view(), name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    path("accounts/signup/", club.signup, name="signup"),
    path("sessions/", club.session_list, name="sessions"),
    path("sessions/new/", club.session_new, name="session-new"),
    path("sessions/<int:pk>/", club.session_detail, name="session"),
    path("sessions/<int:pk>/hands/", club.hand_save, name="hand-save"),
    path("sessions/<int:pk>/hands/<int:position>/edit/", club.hand_edit, name="hand-edit"),
    path("sessions/<int:pk>/hands/<int:position>/delete/", club.hand_delete, name="hand-delete"),
    path("sessions/<int:pk>/share/", club.share, name="session-share"),
    path("sessions/<int:pk>/export.csv", club.export_csv, name="session-csv"),
    path("sessions/<int:pk>/print/", club.print_sheet, name="session-print"),
    path("s/<str:token>/", club.shared, name="session-shared"),
    path("admin/", admin.site.urls),
]
